"""A request prepared for reading, and the bookkeeping of which words were used.

``prepare`` lowers the text, lifts quoted strings out (``"Day one"`` becomes
``«q0»``), spells numbers as digits (``two seconds`` -> ``2 seconds``) and
writes frames as ``120f``. A ``Clause`` then hands out matches of patterns
(``take``) and remembers which characters they used, so that whatever a
reading leaves unused (``leftover``) can be named in a refusal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from neuralcut_cli.agent.backends.mock import patterns
from neuralcut_cli.agent.backends.mock.lexicon import is_filler
from neuralcut_cli.english import spell_numbers

#: A pattern as the rows write it, or one compiled by its maker (made from the project's words: never cached).
Pattern = str | re.Pattern[str]

_QUOTES = re.compile(r"\"([^\"]*)\"|“([^”]*)”|«([^»]*)»|‘([^’]+)’|(?:(?<=\s)|^)'([^']+)'(?=[\s.,!?;:]|$)")
# Text typed without quotes: "add a title saying Hello world at the top".
_UNQUOTED = re.compile(
    r"(?i)\b(saying|that says|which says|that reads|reading|with the (?:text|words))\s+"
    r"(?!at\b|from\b|for\b|on\b)(.+?)(?=\s+(?:at|from|for|on|in|between|starting|until|till|"
    r"over|during)\s|\s+\d|[,;]|$)"
)
# "add text Welcome at 2s", "add a caption Good morning at the bottom"
_NAMED_TEXT = re.compile(
    r"(?i)^((?:please\s+)?(?:add|put|insert|write)\s+(?:a\s+|some\s+|the\s+)?(?:text|title|caption|"
    r"subtitle|label|hook)\s+)(?!(?:at|from|for|on|to|in|that|which|with|saying|reading|of)\b)"
    r"(\S.*?)(?=\s+(?:at|from|for|on|in|between|starting|until|till|over|during)\s|\s+\d|[,;]|$)"
)


@dataclass
class Clause:
    """A prepared request (or one part of a chained one) and the characters used so far."""

    text: str
    quotes: list[str] = field(default_factory=list)
    used: list[tuple[int, int]] = field(default_factory=list)
    _masked: tuple[tuple[tuple[int, int], ...], str] = field(default=((), ""), repr=False, compare=False)

    def __post_init__(self) -> None:
        self._masked = ((), self.text)

    def copy(self) -> Clause:
        return Clause(self.text, self.quotes, list(self.used))

    def free(self, start: int, end: int) -> bool:
        return "\x01" not in self.masked()[start:end]

    def use(self, start: int, end: int) -> None:
        if end > start:
            self.used.append((start, end))

    def find(self, pattern: Pattern, start: int = 0) -> re.Match[str] | None:
        """The first match of ``pattern`` at or after ``start`` over characters not used yet.

        Patterns run over ``masked()``, so an optional part never swallows a
        used word ("to full volume" with "volume" used still finds "to full"),
        and "down" is still found in "turn down" when "turn" is used. A pattern
        made from the project's words comes compiled (see ``patterns``).
        """
        compiled = pattern if isinstance(pattern, re.Pattern) else patterns.compiled(pattern)
        masked = self.masked()
        position = start
        while position <= len(masked):
            match = compiled.search(masked, position)
            if match is None:
                return None
            if match.end() > match.start() and self.free(match.start(), match.end()):
                return match
            position = match.start() + 1
        return None

    def take(self, pattern: Pattern, group: int | str = 0, start: int = 0) -> re.Match[str] | None:
        """Like ``find``, and mark the match (or one of its groups) as used."""
        match = self.find(pattern, start)
        if match is not None:
            self.use(match.start(group), match.end(group))
        return match

    def take_all(self, pattern: Pattern) -> list[re.Match[str]]:
        """Every match in order; each search starts where the last match began, so the work stays linear."""
        found: list[re.Match[str]] = []
        while (match := self.take(pattern, start=found[-1].start() if found else 0)) is not None:
            found.append(match)
        return found

    def has(self, pattern: Pattern) -> bool:
        return self.find(pattern) is not None

    def masked(self) -> str:
        """The text with used characters replaced by a control character no pattern matches or crosses."""
        key, (known, text) = tuple(self.used), self._masked
        if key != known:  # usually the same spans and a few more: mark only those
            added = key[len(known) :] if key[: len(known)] == known else key
            chars = list(text if added is not key else self.text)
            for a, b in added:
                chars[a:b] = "\x01" * (b - a)
            self._masked = (key, "".join(chars))
        return self._masked[1]

    def unused_text(self) -> str:
        """The text with used characters blanked out."""
        chars = list(self.text)
        for a, b in self.used:
            chars[a:b] = " " * (b - a)
        return "".join(chars)

    def leftover(self) -> list[str]:
        """The words nothing used that are not fillers: what a refusal must name."""
        return [w for w in re.findall(r"[^\s,]+", self.unused_text()) if not is_filler(w.strip(".!?"))]

    def show(self, text: str) -> str:
        """``text`` with quote placeholders put back."""
        return re.sub(r"«q(\d+)»", lambda m: f'"{self.quotes[int(m.group(1))]}"', text)


def lift_quotes(original: str) -> tuple[str, list[str]]:
    quotes: list[str] = []

    def lift(text: str) -> str:
        quotes.append(text)
        return f" «q{len(quotes) - 1}» "

    lifted = _QUOTES.sub(lambda m: lift(next(g for g in m.groups() if g is not None)), original)
    if not quotes:
        lifted = _UNQUOTED.sub(lambda m: m.group(1) + lift(m.group(2).strip()), lifted, count=1)
    if not quotes:
        named = _NAMED_TEXT.search(lifted)
        if named is not None and not _only_style(named.group(2)):  # "put the title top left" places, not adds
            lifted = _NAMED_TEXT.sub(lambda m: m.group(1) + lift(m.group(2).strip()), lifted, count=1)
    return lifted, quotes


#: Words that say where or how a text looks, never what it says.
_STYLE_WORDS = frozenset(
    "top bottom center centre middle upper lower left right corner third side back away here there first last "
    "before after between behind below above under over bold italic italics underlined underline bigger smaller "
    "larger big small bright dark light pale deep the a of screen frame".split()
)


def _only_style(text: str) -> bool:
    from neuralcut_cli.project.colors import NAMED

    words = re.findall(r"[a-z]+|#[0-9a-f]{3,6}", text.lower())
    return bool(words) and all(w in _STYLE_WORDS or w in NAMED or w.startswith("#") for w in words)


_CLOCK = r"\d{1,2}:\d{2}(?:\.\d+)?"
#: A review note led by its time, as editors leave them: "0:20 - add big text...", "@0:07 make this...",
#: "0:04-0:06 remove this section".
_NOTE = re.compile(
    rf"^(?:@\s*)?(?P<t>{_CLOCK})(?:\s*(?:-|–|—|to)\s*(?P<u>{_CLOCK}))?\s*(?:-|–|—|:)?\s+(?P<rest>[a-z].*)$"
)
_HERE = re.compile(r"\b(?:right )?here\b")
_THIS_PART = re.compile(r"\b(?:this|that) (?:part|section|bit|moment|spot|stretch|segment)\b")
_THIS_CLIP = re.compile(r"\b(?:this|that)(?: (?:clip|shot|video|footage|scene))?\b(?! (?:part|section|bit))")


def note_led(text: str) -> str:
    """A time-led review note as the request it is: the time goes where the note points ("here", "this part",
    "this clip") or, failing those, at its end ("0:05 - add big text" -> "add big text at 0:05")."""
    note = _NOTE.match(text)
    if note is None:
        return text
    at, until, rest = note.group("t"), note.group("u"), note.group("rest")
    said = f"from {at} to {until}" if until else f"at {at}"
    if _HERE.search(rest):
        return _HERE.sub(said, rest, count=1)
    if _THIS_PART.search(rest):
        return _THIS_PART.sub(f"from {at} to {until}" if until else f"from {at}", rest, count=1)
    if not until and _THIS_CLIP.search(rest):
        return _THIS_CLIP.sub(f"the clip playing at {at}", rest, count=1)
    return f"{rest} {said}"


_KIND_WORD = re.compile(r"\b(clip|video|shot|title|caption|sticker)s?\b")
_ORDINAL_ONE = re.compile(r"\b((?:first|second|third|fourth|fifth|last|\d+(?:st|nd|rd|th)) )one\b")


def _one_as_kind(text: str) -> str:
    """``put the 3rd clip before the 2nd one``: "one" is the kind said before it."""
    found = _ORDINAL_ONE.search(text)
    if found is None:
        return text
    kind = _KIND_WORD.search(text, 0, found.start())
    return text if kind is None else _ORDINAL_ONE.sub(lambda m: m.group(1) + kind.group(1), text)


def prepare(original: str) -> Clause:
    """The request lowered, quotes lifted, numbers as digits, frames as ``Nf``, punctuation tidied; a time-led
    review note turned round (``note_led``); "clip1" as "clip 1"."""
    lifted, quotes = lift_quotes(original.strip())
    text = lifted.lower().replace("’", "'").replace("‘", "'")
    text = note_led(text)
    text = re.sub(
        r"\b(clip|video|shot|scene|image|photo|sticker|caption|title|text|track)#?(\d{1,3})\b", r"\1 \2", text
    )
    text = _one_as_kind(text)
    text = re.sub(
        r"\b(?!(?:it|that|what|there|here|let|who|how|where|when)'s)(\w+)'s\b", r"\1", text
    )  # music's -> music
    text = spell_numbers(text)
    text = re.sub(r"\bframe (?:number |no\.? |#)?(\d+)\b", r"\1f", text)
    text = re.sub(r"\b(first|last|final|opening|closing) (second|minute|frame)\b", r"\1 1 \2", text)
    text = re.sub(
        r"\b(?:the\s+)?(\d+(?:\.\d+)?)[\s-]*(s|sec|second|m|min|minute)s?[\s-]+mark\b",
        lambda m: m.group(1) + m.group(2)[0],
        text,
    )  # "the 10 second mark"
    text = re.sub(
        r"(?<!\d )\bseconds? (\d+(?:\.\d+)?)\b(?!\s*(?:s|secs?|seconds?|%|m|minutes?)\b)", r"\1s", text
    )  # "seconds 4 through 6", "at second 5"
    text = re.sub(r"(\d)\s*(?:%|percent|per cent)", r"\1%", text)
    text = re.sub(r"(?<=\w)[?!.]+(?=\s|$)", " ", text)
    text = re.sub(r"([;,])", r" \1 ", text)
    return Clause(" ".join(text.split()), quotes)
