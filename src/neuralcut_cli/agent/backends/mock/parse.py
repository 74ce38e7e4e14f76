"""From a request to intents: ``parse(text, vocab) -> Parsed``.

Each row of the table (``rules.RULES``, in priority order) reads a copy of
the clause and takes the words it understands. A reading counts only when
nothing but filler words is left over; the first rule whose reading leaves
nothing wins. When no rule reads a clause whole, the request is refused, and
the refusal names the words the closest reading could not use.

A chained request ("split at 5s and mute the music", "add a title, then
make it last 5 seconds") is read whole first; failing that, it is cut at
"then", ";", "and", "," into parts that each read whole.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from neuralcut_cli.agent.backends.mock.clause import Clause, lift_quotes, prepare
from neuralcut_cli.agent.backends.mock.intents import Intent
from neuralcut_cli.agent.backends.mock.lexicon import KNOWN_WORDS
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.rules import RULES
from neuralcut_cli.agent.questions import QUESTION
from neuralcut_cli.values import Value, replace

# Separators; a run of spaces is one space by the time these run (``_pieces``), so none can backtrack far.
_HARD = r"(?:;|,? ?\b(?:and then|then|after that|afterwards|next)\b|\.\s)"
_SOFT = r" ?(?:, ?and\b|\band\b|,|\balso\b|\bplus\b) ?"
_CONTEXT = (
    r"\b(?:on|in|of|from|to|for)\s+(?:the|my|this|our)?\s*(?:timeline|video|edit|project|sequence|movie|film)"
    r"(?:\s+(?:timeline|project))?\b|\bfor me\b|\bif you can\b|\bif possible\b|\bthanks?(?: you)?\b"
)


#: Wordings refused on purpose whatever the request kind (each row adds its own, ``Rule.refusals``).
HINTS: tuple[tuple[str, str], ...] = (
    (
        r"^(?:delete|remove|mute|cut|clear)\b.*\b(?:whole|entire|everything|all of it)\b",
        "I don't delete or mute the whole project at once; name the elements or the time range.",
    ),
    (r"\b\d+:\d\d:\d\d\b|\b\d{5,}\b", "Times must lie within 24 hours."),
    (
        r"^(?:please\s+|can you\s+|now\s+)?(?:render|export|save as|make the video|make an? mp4)\b",
        "Rendering writes a file, a command rather than an edit: `neuralcut render -o out.mp4` (--preview for "
        "a quick one), or `neuralcut export -o edit.otio` for another editor.",
    ),
)


def hints() -> tuple[tuple[str, str], ...]:
    """Every refusal hint: the rows' in table order, then those of any kind."""
    return (*(hint for rule in RULES for hint in rule.refusals), *HINTS)


class Parsed(Value):
    """The intents of a request, in order; or why it was refused."""

    intents: tuple[Intent, ...] = ()
    refusal: str | None = None
    unused: tuple[str, ...] = field(default=(), compare=False)


@dataclass
class _Reading:
    rule: Rule
    intent: Intent | None
    leftover: list[str]


def read_clause(clause: Clause, vocab: Vocab) -> list[_Reading]:
    """Every rule's reading of ``clause``, in table order (a question only ever reads as one that looks)."""
    readings = []
    question = re.match(QUESTION, clause.text) is not None
    for rule in RULES:
        if question and not rule.looks:
            continue
        working = clause.copy()
        intent = rule.read(working, vocab)
        if intent is None:
            continue
        working.take_all(_CONTEXT)
        readings.append(_Reading(rule, intent, working.leftover()))
        if not readings[-1].leftover:
            break
    return readings


def _parse_part(text: str, vocab: Vocab) -> tuple[Intent | None, list[str], Clause]:
    clause = prepare(text)
    readings = read_clause(clause, vocab)
    whole = next((r for r in readings if not r.leftover), None)
    if whole is not None and whole.intent is not None:
        return replace(whole.intent, said=text.strip(), plan=whole.rule.planner), [], clause
    closest = min(readings, key=lambda r: len(r.leftover), default=None)
    return None, (closest.leftover if closest else clause.leftover()), clause


def _pieces(text: str) -> list[str]:
    """``text`` cut at the hard separators, never inside quotes."""
    lifted, quotes = lift_quotes(text)
    lifted = re.sub(r"\s+", " ", lifted)
    parts = [p for p in re.split(_HARD, lifted, flags=re.IGNORECASE) if p and p.strip(" ,.")]
    return [re.sub(r"\s*«q(\d+)»\s*", lambda m: f' "{quotes[int(m.group(1))]}" ', p).strip() for p in parts]


#: The most "and"/","-separated pieces one part may span ("fade in and out", "between 3s and 6s").
_SPAN = 4

_Read = tuple[Intent | None, list[str], Clause]


def _soft_atoms(text: str) -> list[tuple[int, int]]:
    """Where the pieces of ``text`` between every "and"/"," lie (never cut inside quotes)."""
    quoted = [m.span() for m in re.finditer(r"\"[^\"]*\"|“[^”]*”", text)]
    starts = [a for a, _ in quoted]
    marks = [m for m in re.finditer(_SOFT, text, flags=re.IGNORECASE) if not _inside(m.start(), quoted, starts)]
    edges = [0, *(x for m in marks for x in m.span()), len(text)]
    return [(edges[k], edges[k + 1]) for k in range(0, len(edges), 2)]


def _inside(at: int, quoted: list[tuple[int, int]], starts: list[int]) -> bool:
    k = bisect_right(starts, at) - 1
    return k >= 0 and quoted[k][0] <= at < quoted[k][1]


def _soft_split(text: str, vocab: Vocab) -> list[Intent] | None:
    """The fewest parts, cut at "and"/",", that each read whole; earliest cuts first.

    Each part spans at most ``_SPAN`` pieces, and each span is read once, so the
    work grows with the length of ``text``, not with the ways to cut it.
    """
    atoms = _soft_atoms(text)
    count = len(atoms)
    if count < 2:
        return None
    first = text[atoms[0][0] : atoms[0][1]].split()
    verb = first[0] if first else ""
    cache: dict[tuple[int, int], Intent | None] = {}

    def read(i: int, j: int) -> Intent | None:
        if (i, j) not in cache:
            part = text[atoms[i][0] : atoms[j - 1][1]]
            cache[(i, j)] = (
                _with_verb(part, verb, i == 0, _parse_part(part, vocab), vocab)[0] if part.strip(" ,.") else None
            )
        return cache[(i, j)]

    fewest: list[float] = [float("inf")] * count + [0.0]
    step: list[int] = [0] * (count + 1)
    for i in range(count - 1, -1, -1):
        for j in range(i + 1, min(count, i + _SPAN) + 1):
            if (i, j) == (0, count) or fewest[j] + 1 >= fewest[i] or read(i, j) is None:
                continue
            fewest[i], step[i] = fewest[j] + 1, j
    if fewest[0] == float("inf"):
        return None
    intents, i = [], 0
    while i < count:
        found = read(i, step[i])
        assert found is not None
        intents.append(found)
        i = step[i]
    return intents


def parse(text: str, vocab: Vocab) -> Parsed:
    """The intents of ``text`` or a refusal naming what could not be used."""
    intents: list[Intent] = []
    for piece in _pieces(text):
        intent, leftover, clause = _parse_part(piece, vocab)
        if intent is not None:
            intents.append(intent)
            continue
        parts = _soft_split(piece, vocab)
        if parts is None:
            return Parsed(refusal=refusal(piece, leftover, clause, vocab), unused=tuple(leftover))
        intents.extend(parts)
    if not intents:
        return Parsed(refusal=refusal(text, [], prepare(text), vocab))
    return Parsed(_without_complaints(intents))


#: "the music is too loud": a change on its own; the reason for the change said after it otherwise.
_COMPLAINT = re.compile(r"\b(?:is|are|'s|sounds?|seems?|feels?)\s+(?:\w+\s+)?too\s+(?:loud|quiet|soft|low)\b", re.I)


def _without_complaints(intents: list[Intent]) -> tuple[Intent, ...]:
    """A complaint followed by the change that answers it ("the music is too loud, drop it by 5 dB") is the
    change alone, not two."""
    kept = list(intents)
    for index, intent in reversed(list(enumerate(intents))):
        answer = next((k for k in range(index + 1, len(kept)) if type(kept[k]) is type(intent)), None)
        if not _COMPLAINT.search(intent.said) or answer is None:
            continue
        refs = getattr(kept[answer], "refs", ())
        if refs and all(ref.pronoun for ref in refs):  # "drop it by 5 dB": it is what the complaint named
            kept[answer] = replace(kept[answer], refs=getattr(intent, "refs", refs))
        del kept[index]
    return tuple(kept)


def _with_verb(part: str, verb: str, first: bool, reading: _Read, vocab: Vocab) -> _Read:
    """A part with no verb of its own borrows the first part's ("add a heart at 2s and a star at 4s")."""
    if reading[0] is not None or first:
        return reading
    if not re.fullmatch(r"[a-z]+", verb.lower()) or part.lower().startswith(verb.lower() + " "):
        return reading
    borrowed = _parse_part(f"{verb} {part}", vocab)
    return borrowed if borrowed[0] is not None else reading


def refusal(said: str, leftover: list[str], clause: Clause, vocab: Vocab | None = None) -> str:
    """I could not use '<words>' in '<request>'; what I can name; the closest examples."""
    shown = said.strip()
    shown = shown if len(shown) <= 80 else shown[:77] + "..."
    known_words = KNOWN_WORDS | {word for name in (vocab.names if vocab else ()) for word in name.split()}
    unknown = [w for w in leftover if w.strip(".,!?") not in known_words and not re.fullmatch(r"[\d.:]+\w{0,7}", w)]
    prefix = _id_prefix(unknown, vocab)
    if prefix:
        head = prefix
    elif unknown:
        head = f"I don't know what '{clause.show(' '.join(unknown))}' means in \"{shown}\", so I changed nothing."
    elif leftover:
        head = f"I don't know what to do with '{clause.show(' '.join(leftover))}' in \"{shown}\", so I changed nothing."
    else:
        head = f'I don\'t know how to do "{shown}" yet, so I changed nothing.'
    hint = next((f"\n{note}" for pattern, note in hints() if re.search(pattern, clause.text)), "")
    if hint and not unknown and not prefix:
        head = f'I need one more thing for "{shown}", so I changed nothing.'
    names = sorted({n for n in (vocab.names if vocab else ()) if "." not in n})
    known = f"\nThings here I can name: {', '.join(names)}, or 'the title', 'the second clip', an id." if names else ""
    readings = read_clause(clause, vocab) if vocab is not None and len(said) <= 300 else []
    near = [r.rule for r in sorted(readings, key=lambda r: len(r.leftover))]  # the rows that read the most of it
    examples = "\n".join(f"  {e}" for e in closest_examples(said, 3, near))
    return f"{head}{hint}{known}\nRequests I understand that come close:\n{examples}"


def _id_prefix(unknown: list[str], vocab: Vocab | None) -> str | None:
    """``'e-' could be e-intro, e-beach...``: a word that begins several ids, said with them (an id is never
    guessed)."""
    for word in unknown:
        start = word.strip(".,!?'\"").lower()
        matches = sorted(i for i in (vocab.ids if vocab else ()) if start and i.lower().startswith(start))
        if len(matches) > 1:
            shown = [i if len(i) <= 12 else i[:6] for i in matches[:8]]
            more = f" and {len(matches) - 8} more" if len(matches) > 8 else ""
            return (
                f"'{start}' could be {', '.join(shown[:-1])} or {shown[-1]}{more}: give more of the id, "
                "so I changed nothing."
                if not more
                else f"'{start}' could be {', '.join(shown)}{more}: give more of the id, so I changed nothing."
            )
    return None


def closest_examples(text: str, count: int = 4, near: Sequence[Rule] = ()) -> list[str]:
    """The ``count`` requests of the table closest to ``text``: first the best example of each row that read part
    of it (``near``: the rows whose reading came closest), then the examples most like it word for word."""
    lowered = text.lower()[:160]  # an example is short: comparing more costs time and tells nothing

    def likeness(example: str) -> float:
        return SequenceMatcher(None, lowered, example.lower()).ratio()

    chosen = [max(rule.examples, key=likeness) for rule in near[:2] if rule.examples]
    examples = sorted((e for rule in RULES for e in rule.examples), key=likeness, reverse=True)
    return list(dict.fromkeys([*chosen, *examples]))[:count]
