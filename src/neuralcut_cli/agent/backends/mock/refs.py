"""References: the words that name elements, found in a request and then
resolved against the timeline.

Found (``take_refs``): an id or a unique id prefix, a quoted text, a known
name ("the intro", "logo.png"), a kind word with an ordinal or a number
("the second clip", "clip 2"), a kind word alone ("the title", "the
stickers"), an effect ("the blur"), or a pronoun ("it", "them"), several
joined by "and". Words that are none of these are not a reference, so a
request about "the pizza" is refused rather than guessed.

Resolved (``resolve``): against ``list_timeline``'s answer; a singular
reference must name exactly one element, or the request is refused with
the candidates.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from neuralcut_cli.agent.backends.mock.clause import Clause, Pattern
from neuralcut_cli.agent.backends.mock.intents import Ref
from neuralcut_cli.agent.backends.mock.lexicon import (
    EFFECT_PATTERN,
    EFFECT_WORDS,
    KIND_OF_WORD,
    KIND_PATTERN,
    ORDINALS,
    PLURALS,
    REF_FILLERS,
)
from neuralcut_cli.agent.backends.mock.listing import Item, Vocab, stem

_DET = r"(?:(?:all|both|each|every)\s+(?:of\s+)?)?(?:the|a|an|my|this|that|these|those|our|your)?"
_ORD = "|".join(ORDINALS)
_FILL = "|".join(REF_FILLERS)


class Unresolved(Exception):
    """A reference names nothing, or too many things; the message says which."""


def _pattern(vocab: Vocab) -> re.Pattern[str]:
    names = vocab.name_pattern
    ids = "|".join(re.escape(i) for i in sorted(vocab.ids, key=len, reverse=True))
    name_part = rf"(?P<name>(?:{names}))(?:\.\w{{2,4}})?" if names else r"(?P<name>(?!x)x)"
    head = (
        rf"(?:(?P<ord>{_ORD})\s+)?(?:{name_part}\s+)?(?:(?P<effect>{EFFECT_PATTERN})\s+)?"
        rf"(?P<kind>{KIND_PATTERN})(?:\s+(?:number\s+|no\.?\s*|#)?(?P<num>\d{{1,3}})(?![\d.:%]|\s*(?:s|secs?|seconds?|f|frames?|ms|m|"
        rf"mins?|minutes?|h|hours?|x|times|db)\b))?"
    )
    by_name = rf"(?:(?P<ord2>{_ORD})\s+)?{name_part.replace('name', 'name2')}(?:\s+(?P<kind2>{KIND_PATTERN}))?"
    by_effect = rf"(?P<effect2>{EFFECT_PATTERN})(?:\s+(?P<kind3>effect|filter))?"
    effect_named = rf"(?P<effect3>{EFFECT_PATTERN})\s+(?P<kind5>effect|filter)"
    quoted = rf"(?:(?P<kind4>{KIND_PATTERN})\s+)?(?P<quote>«q\d+»)"
    by_id = rf"(?P<id>{ids})" if ids else r"(?P<id>(?!x)x)"
    any_id = r"(?P<rawid>(?=[\w-]*\d)[0-9a-f]{6,}(?:-[0-9a-f]+)*|e-[\w-]+)"
    return re.compile(  # the project's names and ids: compiled here, never kept in the patterns cache
        rf"(?<![\w«»-]){_DET}\s*(?:{quoted}|{head}|{by_name}|{by_id}|{any_id}|(?<=the\s){by_effect}|"
        rf"{effect_named})(?:\s+(?:{_FILL}))?(?=\s|$|,)"
    )


_HALF = (
    r"\bthe (?:(?P<second>second|right|later|last|end)|(?P<first>first|left|earlier|start))"
    r" (?:half|part|piece|bit|side)(?:\s+of\s+(?:it|them|that|the split|the cut))?\b"
    r"|\bthe (?:part|piece|bit) (?:(?P<after>after)|(?P<before>before)) the (?:cut|split)\b"
)
_PRONOUN = (
    rf"{_HALF}|"
    r"\bthe (?:new|newest|latest) (?:one|1|ones|copy|copies|clip|clips|text|title|element)(?!\s+(?:of|on|at))\b|"
    r"\bthe (?:copy|copies|duplicate|duplicates)\b|"
    r"\bits\b(?=\s+(?:colou?r|size|font|text|volume|speed|start|end|length|position|background|opacity|fade))|"
    r"\b(?:it|them)\b(?!')|\b(?:that one|this one|the same (?:one|ones|clip|part|element)|"
    r"those|these|that|this)\b(?=\s*$|\s+(?:to|at|by|on|in|from|for|with|and|,|a|an|the|\d|up|"
    r"down|louder|quieter|shorter|longer|last|black|stronger|weaker|softer|more|less|out|off|into|"
    r"onto|over|say|says|read|reads|start|end|begin|bold|italic|italics|bigger|larger|smaller|underlined|"
    r"red|blue|green|yellow|white|orange|pink|purple|grey|gray|slower|faster)\b)"
)


#: A pronoun right after "so" names the reference before it again.
_SAME = re.compile(r"\bso (?:that )?$")


_AT_CLIP = re.compile(
    r"(?:\bthe\s+|^)(?:clip|shot|video|footage|scene)\s+(?:that\s+)?(?:playing|plays|on screen|showing)"
    r"\s+at\s+"
    r"(?:(?P<m>\d{1,2}):(?P<s>\d{2}(?:\.\d+)?)|(?P<sec>\d+(?:\.\d+)?)\s?s\b)"
)


def at_clip(c: Clause) -> Ref | None:
    """``the clip at 0:07``: what plays on the main track at that time (a review note's "this")."""
    found = c.take(_AT_CLIP)
    if found is None:
        return None
    seconds = float(found.group("sec")) if found.group("sec") else int(found.group("m")) * 60 + float(found.group("s"))
    return Ref(found.group(0).strip(), at=seconds)


def take_ref(c: Clause, vocab: Vocab) -> Ref | None:
    """One reference (the first in the text), marked as used."""
    at = at_clip(c)
    if at is not None:
        return at
    refs = _scan(c, vocab, most=1)
    return refs[0] if refs else None


def take_refs(c: Clause, vocab: Vocab) -> tuple[Ref, ...]:
    """Every reference, in order ("the sticker and the caption" is two)."""
    at = at_clip(c)
    return (*([at] if at else []), *_scan(c, vocab))


def _scan(c: Clause, vocab: Vocab, most: int = 10_000) -> list[Ref]:
    """References from left to right, each marked as used.

    Each search starts where the last reference began, and a search that found
    something further on is kept until it is reached, so the work grows with
    the length of the text and not with the number of references in it.
    """
    pattern, start = _pattern(vocab), 0
    refs: list[Ref] = []
    pronoun, match = c.find(_PRONOUN), c.find(pattern)
    while len(refs) < most and (pronoun is not None or match is not None):
        if pronoun is not None and (match is None or pronoun.start() < match.start()):
            c.use(pronoun.start(), pronoun.end())
            if not (refs and _SAME.search(c.text, 0, pronoun.start())):  # "move the star so it starts at 2s"
                refs.append(_pronoun(pronoun))
            start = pronoun.start()
        else:
            assert match is not None
            c.use(match.start(), match.end())
            refs.append(_ref_of(match, c))
            start = match.start()
        pronoun = _still(c, pronoun, _PRONOUN, start)
        match = _still(c, match, pattern, start)
    return refs


def _pronoun(match: re.Match[str]) -> Ref:
    """ "it", "them", "the new one", "the second half": what the last request (or step) acted on."""
    said = match.group(0)
    groups = match.groupdict()
    half = "second" if groups.get("second") or groups.get("after") else "first" if groups.get("first") else None
    half = half or ("first" if groups.get("before") else None)
    plural = said in ("them", "those", "these") or said.endswith(("ones", "copies", "duplicates", "clips"))
    return Ref(said, pronoun=True, plural=plural, half=half)


def _still(c: Clause, found: re.Match[str] | None, pattern: Pattern, start: int) -> re.Match[str] | None:
    """``found`` while it is still unused, else the next match from ``start`` (none stays none)."""
    if found is None or c.free(found.start(), found.end()):
        return found
    return c.find(pattern, start)


def _ref_of(m: re.Match[str], c: Clause) -> Ref:
    said = c.show(m.group(0).strip())
    groups = {k: v for k, v in m.groupdict().items() if v}
    kind_word = (
        groups.get("kind") or groups.get("kind2") or groups.get("kind3") or groups.get("kind4") or groups.get("kind5")
    )
    kind = KIND_OF_WORD.get(kind_word) if kind_word else None
    ordinal = ORDINALS.get(groups.get("ord") or groups.get("ord2") or "")
    if "num" in groups:
        ordinal = int(groups["num"]) - 1
    effect = EFFECT_WORDS.get(groups.get("effect") or groups.get("effect2") or groups.get("effect3") or "")
    if effect:
        kind = "effect"
    names: tuple[str, ...] = ()
    if "quote" in groups:
        names = (c.quotes[int(groups["quote"][2:-1])].strip().lower(),)
    elif groups.get("name") or groups.get("name2"):
        names = ((groups.get("name") or groups.get("name2") or "").lower(),)
    ids = tuple(i.lower() for i in (groups.get("id"), groups.get("rawid")) if i)
    plural = bool(kind_word in PLURALS or re.match(r"(?:all|both|each|every)\b", m.group(0).strip()))
    if kind_word in ("track music",):
        kind = "audio"
    word = re.sub(r"s$", "", kind_word or "") if kind_word not in ("text", "words", "footage") else ""
    return Ref(said, kind=kind, names=names, ids=ids, ordinal=ordinal, effect=effect, plural=plural, word=word)


# -- resolving --------------------------------------------------------------------------------------


def resolve(
    ref: Ref, items: list[Item], memory: Iterable[str] = (), types: Iterable[str] = (), many: bool = False
) -> list[Item]:
    """The elements ``ref`` names, of ``types`` if given; ``Unresolved`` when none or too many."""
    allowed = set(types)
    pool = [i for i in items if not allowed or i.type in allowed]
    if ref.at is not None:
        playing = [i for i in pool if i.track_kind == "main" and i.start <= ref.at < i.end]
        if not playing:
            raise Unresolved(f"Nothing plays on the main track at {ref.at:g} s ('{ref.text}'). {inventory(items)}")
        return playing[:1]
    if ref.pronoun:
        found = [i for i in pool if i.id in set(memory)]
        if ref.half is not None:
            found = _half(ref, found)
        if not found:
            raise Unresolved(f"I don't know what '{ref.text}' refers to here; name it (e.g. 'the title' or its id).")
        if len(found) > 1 and not (many or ref.plural) and not pieces_of_one(found):  # "split at 5s", "delete it"
            listing = ", ".join(i.describe() for i in found[:6])
            raise Unresolved(f"'{ref.text}' could mean any of {listing}. Say which one (by id or by name).")
        return found
    found = _matches(ref, pool)
    if not found:
        elsewhere = _matches(ref, items) if allowed else []
        if elsewhere:
            kinds = " or ".join(sorted(allowed))
            raise Unresolved(
                f"'{ref.text}' is {', '.join(i.describe() for i in elsewhere[:3])}: this needs "
                f"{'an' if kinds[0] in 'aeiou' else 'a'} {kinds} element."
            )
        same_kind = [i for i in items if ref.kind and _kind_fits(i, ref.kind)] if not ref.names else []
        if same_kind and NARROW.get((ref.word or "").rstrip("s")):
            what = {"image": "images", "text": "texts"}.get(ref.kind or "", "elements")
            raise Unresolved(
                f"There is no {ref.word.rstrip('s')} on the timeline ({NARROW_MEANING[ref.word.rstrip('s')]})."
                f" The {what} here: {', '.join(i.describe() for i in same_kind[:6])}; name the one you "
                f"mean."
            )
        raise Unresolved(f"I could not find {_what(ref)} on the timeline. {inventory(items)}")
    if len(found) > 1 and not (many or ref.plural) and not pieces_of_one(found):
        listing = ", ".join(i.describe() for i in found[:6])
        raise Unresolved(f"'{ref.text}' could mean {listing}. Say which one (by id, or 'the first ...').")
    return found


def _half(ref: Ref, pieces: list[Item]) -> list[Item]:
    """The pieces on one side of the last split: those starting (second) or ending (first) where another of
    them ends or starts. Pieces on more than one track are refused: which did the person mean?"""
    if ref.half == "second":
        side = [i for i in pieces if any(abs(i.start - j.end) < 1e-6 and i.track_id == j.track_id for j in pieces)]
    else:
        side = [i for i in pieces if any(abs(i.end - j.start) < 1e-6 and i.track_id == j.track_id for j in pieces)]
    if not side:
        raise Unresolved(f"'{ref.text}' means a piece of what was just split, and nothing was; say which element.")
    if len({i.track_id for i in side}) > 1:
        listing = ", ".join(i.describe() for i in side[:6])
        raise Unresolved(
            f"'{ref.text}' could be any of {listing} (the split cut {len({i.track_id for i in side})} tracks); "
            f"name one, e.g. 'delete {side[0].id}'."
        )
    return side


def pieces_of_one(items: list[Item]) -> bool:
    """Several elements that are one thing cut in pieces (same kind, same media or text)."""
    keys = {(i.type, i.name.lower(), i.content, i.data.get("assetId"), i.data.get("effectType")) for i in items}
    return len(keys) == 1 and bool(items[0].name or items[0].content or items[0].data.get("effectType"))


def _matches(ref: Ref, pool: list[Item]) -> list[Item]:
    if ref.ids:
        exact = [i for i in pool if i.id.lower() in ref.ids]
        if exact:
            return exact
        prefixed = [i for i in pool if any(i.id.lower().startswith(p) for p in ref.ids if len(p) >= 4)]
        return prefixed
    found = pool
    if ref.kind == "audio" and ref.names:  # "the beach audio": the sound of the beach clip
        found = [i for i in found if i.type in ("audio", "video")]
    elif ref.kind:
        found = [i for i in found if _kind_fits(i, ref.kind)]
        narrow = NARROW.get((ref.word or "").rstrip("s"))
        if narrow is not None:  # "the caption", "the photo": only what is one, never another text or image
            found = [i for i in found if narrow(i)]
        elif ref.word and not ref.plural:  # "the title" means the text named Title when there is one
            named = [i for i in found if ref.word in i.name.lower()]
            found = named or found
    if ref.effect:
        found = [i for i in found if i.data.get("effectType") == ref.effect]
    if ref.names:
        found = _named(found, ref.names[0])
    if ref.ordinal is not None:
        ordered = sorted([i for i in found if i.track_kind == "main"] or found, key=lambda i: (i.start, i.id))
        runs = _runs(ordered)
        if not -len(runs) <= ref.ordinal < len(runs):
            return []
        chosen = runs[ref.ordinal]
        raw = ordered[ref.ordinal] if -len(ordered) <= ref.ordinal < len(ordered) else None
        if len(runs) != len(ordered) and [raw] != chosen:
            piece = f"just the piece {raw.describe()}" if raw else "a piece"
            whole = " and ".join(i.describe() for i in chosen)
            raise Unresolved(
                f"'{ref.text}' is unclear now that clips are cut into pieces: it could be {piece}, "
                f"or the whole clip ({whole}). Say which by id or by name."
            )
        return chosen
    return found


def _runs(ordered: list[Item]) -> list[list[Item]]:
    """Elements in time order, pieces of one clip cut by splits kept together ("the second clip" is all of it)."""
    runs: list[list[Item]] = []
    for item in ordered:
        last = runs[-1][-1] if runs else None
        if (
            last is not None
            and abs(last.end - item.start) < 1e-6
            and pieces_of_one([last, item])
            and last.track_id == item.track_id
        ):
            runs[-1].append(item)
        else:
            runs.append([item])
    return runs


PHOTO_SUFFIXES = (".jpg", ".jpeg", ".heic", ".heif", ".webp", ".tif", ".tiff", ".dng", ".avif")


def _is_caption(item: Item) -> bool:
    """A caption or subtitle: on a Captions/Subtitles track, or named so."""
    words = f"{item.track_name} {item.name}".lower()
    return "caption" in words or "subtitle" in words


def _is_photo(item: Item) -> bool:
    """A photo: a camera's file type, or named so (a logo.png is an image, not a photo)."""
    name = item.name.lower()
    return name.endswith(PHOTO_SUFFIXES) or "photo" in name or "picture" in name


#: Kind words narrower than their kind: they name only what is one (else the request is refused, naming what is).
NARROW = {"caption": _is_caption, "subtitle": _is_caption, "photo": _is_photo}
NARROW_MEANING = {
    "caption": "a caption is a text on a Captions track",
    "subtitle": "a subtitle is a text on a Captions track",
    "photo": "a photo is a camera's picture: .jpg, .heic, ...",
}


def _kind_fits(item: Item, kind: str) -> bool:
    if kind == "video":
        return item.type == "video"
    return item.type == kind


def _named(pool: list[Item], name: str) -> list[Item]:
    exact = [i for i in pool if name in (i.name.lower(), stem(i.name), i.content.strip().lower())]
    if exact:
        return exact
    return [i for i in pool if i.type == "text" and name in i.content.lower()]


def _what(ref: Ref) -> str:
    return f"'{ref.text}'" if ref.text else "that"


def inventory(items: list[Item]) -> str:
    if not items:
        return "The timeline is empty."
    shown = ", ".join(i.describe() for i in items[:8])
    more = f" and {len(items) - 8} more" if len(items) > 8 else ""
    return f"On the timeline: {shown}{more}."


def asset_named(words: str, assets: list[dict[str, object]]) -> dict[str, object] | None:
    """The one media asset ``words`` name (file name, stem or id), or None."""
    wanted = words.strip().lower()
    for field in ("id", "name", "stem"):
        hits = [a for a in assets if _asset_key(a, field) == wanted]
        if len(hits) == 1:
            return hits[0]
    return None


def _asset_key(asset: dict[str, object], field: str) -> str:
    if field == "stem":
        return stem(str(asset.get("name", "")))
    return str(asset.get(field, "")).lower()
