"""Finding the elements and assets a request talks about.

By exact id, unique id prefix, quoted text content, element or asset name
("the logo", "logo.png"), kind words ("the title", "the photo", "the
music", "the blur"), and ordinals ("the first/second/last clip").
"""

from __future__ import annotations

import re
from pathlib import PurePath
from typing import Any, Callable

from neuralcut_cli.agent.backends.mock.runner import Element, Failed

_ORDINALS = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
             "fifth": 4, "5th": 4, "last": -1, "final": -1}
_STOP = {"the", "a", "an", "my", "this", "that", "it", "element", "one", "on", "of", "track", "to", "from", "and",
         "at", "in", "all", "whole", "entire", "everything", "file"}

KIND_WORDS: list[tuple[str, Callable[[Element], bool]]] = [
    (r"titles?|headings?|headlines?", lambda e: e.type == "text"),
    (r"texts?|captions?|subtitles?|words?|labels?|hooks?", lambda e: e.type == "text"),
    (r"photos?|images?|pictures?|pics?|stills?|logos?|graphics?", lambda e: e.type == "image"),
    (r"music|songs?|audio|soundtrack|sound|tune", lambda e: e.type == "audio"),
    (r"clips?|videos?|shots?|footage", lambda e: e.type == "video"),
    (r"stickers?|shapes?|flags?|stars?|hearts?|arrows?|circles?|squares?|triangles?", lambda e: e.type == "sticker"),
    (r"effects?|filters?", lambda e: e.type == "effect"),
]
EFFECT_WORDS = {"blur": "blur", "vignette": "vignette", "sepia": "sepia", "grayscale": "grayscale",
                "greyscale": "grayscale", "black and white": "grayscale", "invert": "invert",
                "saturation": "saturation", "brightness": "brightness-contrast", "contrast": "brightness-contrast"}


def _stem(name: str) -> str:
    return PurePath(name).stem.lower() if name else ""


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[\w.\-:]+", text) if w not in _STOP]


def find_elements(ref: str, elements: list[Element], quotes: list[str], many: bool = False) -> list[Element]:
    """The elements ``ref`` names; one unless ``many``; ``Failed`` when none or ambiguous."""
    found = _candidates(ref, elements, quotes)
    if not found:
        raise Failed(f"I could not find {_show(ref, quotes)} on the timeline. " + _inventory(elements))
    if len(found) > 1 and not many:
        if len({e.name for e in found}) == 1 and found[0].name:
            listing = ", ".join(e.describe() for e in found)
            raise Failed(f"{_show(ref, quotes)} is in {len(found)} pieces: {listing}. Say which one by id.")
        raise Failed(f"{_show(ref, quotes)} could mean {', '.join(e.describe() for e in found)}. Say which one by id.")
    return found


def _candidates(ref: str, elements: list[Element], quotes: list[str]) -> list[Element]:
    for finder in (_by_id, _by_quote, _by_ordinal, _by_name, _by_effect, _by_kind):
        found = finder(ref, elements, quotes)
        if found:
            return found
    return []


def _by_id(ref: str, elements: list[Element], quotes: list[str]) -> list[Element]:
    tokens = set(re.findall(r"[\w\-]+", ref)) | {q.lower() for q in quotes}
    exact = [e for e in elements if e.id.lower() in tokens]
    if exact:
        return exact
    prefixes = [t for t in tokens if len(t) >= 4]
    for prefix in prefixes:
        hits = [e for e in elements if e.id.lower().startswith(prefix)]
        if len(hits) == 1:
            return hits
    return []


def _by_quote(ref: str, elements: list[Element], quotes: list[str]) -> list[Element]:
    for index in map(int, re.findall(r"«q(\d+)»", ref)):
        wanted = quotes[index].strip().lower()
        texts = [e for e in elements if e.type == "text"]
        exact = [e for e in texts if e.data.get("content", "").strip().lower() == wanted]
        named = [e for e in elements if e.name.lower() == wanted or _stem(e.name) == wanted]
        partial = [e for e in texts if wanted and wanted in e.data.get("content", "").lower()]
        return exact or named or partial
    return []


def _by_ordinal(ref: str, elements: list[Element], quotes: list[str]) -> list[Element]:
    numbered = re.search(r"\b(clip|video|shot|image|photo|text|title|sticker|effect)s?\s+(?:number\s+|#)?(\d{1,3})\b", ref)
    match = re.search(rf"\b({'|'.join(_ORDINALS)})\s+(\w+)", ref)
    if numbered:
        word, index = numbered.group(1), int(numbered.group(2)) - 1
    elif match:
        word, index = match.group(2), _ORDINALS[match.group(1)]
    else:
        return []
    kind = next((test for pattern, test in KIND_WORDS if re.fullmatch(pattern, word)), None)
    if kind is None or index < -1:
        return []
    pool = [e for e in elements if kind(e)]
    main = [e for e in pool if e.track_type == "main"]
    ordered = sorted(main or pool, key=lambda e: (e.start, e.id))
    if not ordered or index >= len(ordered):
        return []
    return [ordered[index]]


def _by_name(ref: str, elements: list[Element], quotes: list[str]) -> list[Element]:
    words = _words(ref)
    for word in words:
        exact = [e for e in elements if e.name.lower() == word or _stem(e.name) == word]
        if exact:
            return exact
    for word in words:
        if len(word) >= 3:
            partial = [e for e in elements if word in _stem(e.name)]
            if partial:
                return partial
    return []


def _by_effect(ref: str, elements: list[Element], quotes: list[str]) -> list[Element]:
    for word, effect_type in EFFECT_WORDS.items():
        if re.search(rf"\b{word}\b", ref):
            found = [e for e in elements if e.data.get("effectType") == effect_type]
            if found:
                return found
    return []


def _by_kind(ref: str, elements: list[Element], quotes: list[str]) -> list[Element]:
    for pattern, test in KIND_WORDS:
        if re.search(rf"\b(?:{pattern})\b", ref):
            pool = [e for e in elements if test(e)]
            if re.search(r"\btitle", ref):
                titled = [e for e in pool if "title" in e.name.lower()]
                pool = titled or pool
            if pool:
                return pool
    return []


def find_asset(ref: str, assets: list[dict[str, Any]], quotes: list[str]) -> dict[str, Any]:
    """The media asset named in ``ref`` (file name, name without extension, id, or kind word)."""
    wanted = [q.lower() for q in quotes] + _words(ref)
    for word in wanted:
        hits = [a for a in assets if word in (a["id"].lower(), a.get("name", "").lower(), _stem(a.get("name", "")))]
        if len(hits) == 1:
            return hits[0]
    for word in wanted:
        if len(word) >= 3:
            hits = [a for a in assets if word in a.get("name", "").lower()]
            if len(hits) == 1:
                return hits[0]
    kinds = {"photo": "image", "image": "image", "picture": "image", "music": "audio", "song": "audio",
             "audio": "audio", "video": "video", "clip": "video"}
    for word, kind in kinds.items():
        if re.search(rf"\b{word}s?\b", ref):
            hits = [a for a in assets if a.get("type") == kind]
            if len(hits) == 1:
                return hits[0]
    names = ", ".join(a.get("name") or a["id"] for a in assets) or "none"
    raise Failed(f"I could not tell which media asset {_show(ref, quotes)} means. The project has: {names}.")


def _show(ref: str, quotes: list[str]) -> str:
    text = re.sub(r"«q(\d+)»", lambda m: f'"{quotes[int(m.group(1))]}"', ref).strip()
    return f"'{text}'" if text else "that"


def _inventory(elements: list[Element]) -> str:
    if not elements:
        return "The timeline is empty."
    shown = ", ".join(e.describe() for e in elements[:8])
    more = f" and {len(elements) - 8} more" if len(elements) > 8 else ""
    return f"On the timeline: {shown}{more}."
