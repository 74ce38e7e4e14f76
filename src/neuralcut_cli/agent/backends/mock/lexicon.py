"""The words the offline backend knows, in one place.

Fillers are words a request may contain without changing what it asks
("please", "the", "for me"); every other word must be used by the intent a
request is read as, or the request is refused (precision first). Kind words
name what sort of element a reference means.
"""

from __future__ import annotations

import re

from neuralcut_cli.catalogs.effects import EFFECTS

#: Words that never change what a request asks.
FILLERS = frozenset(
    """
a an the please pls kindly just now also then ok okay hey hi so yes right really actually maybe quickly
can could would will you i i'd i'll id we let let's lets us me my mine our for to go ahead and try want need
like would've should shall oops hmm um uh that's which do does did is are be been there here it's its this that these those some any
of on in at by into onto from with up ,  thanks thank cheers bit new another
""".split()
)

#: Words that only make the wording of a reference longer ("the intro clip", "the title element").
REF_FILLERS = frozenset("element elements item items piece pieces one ones layer thing bit part segment".split())

#: Kind words: what sort of element a reference names, singular and plural.
KINDS: dict[str, tuple[str, ...]] = {
    "text": (
        "text",
        "texts",
        "title",
        "titles",
        "caption",
        "captions",
        "subtitle",
        "subtitles",
        "label",
        "labels",
        "hook",
        "hooks",
        "heading",
        "headings",
        "headline",
        "words",
        "lower third",
        "lower thirds",
    ),
    "video": ("clip", "clips", "video", "videos", "shot", "shots", "footage", "scene", "scenes"),
    "image": (
        "photo",
        "photos",
        "image",
        "images",
        "picture",
        "pictures",
        "pic",
        "pics",
        "still",
        "stills",
        "graphic",
        "graphics",
    ),
    "audio": (
        "music",
        "song",
        "songs",
        "audio",
        "soundtrack",
        "track music",
        "tune",
        "tunes",
        "sound",
        "background music",
        "bgm",
    ),
    "sticker": ("sticker", "stickers", "emoji", "shape", "shapes", "flag", "flags"),
    "effect": ("effect", "effects", "filter", "filters"),
}
PLURALS = frozenset(
    w for words in KINDS.values() for w in words if w.endswith("s") and w not in ("text", "words", "footage")
)
KIND_OF_WORD = {word: kind for kind, words in KINDS.items() for word in words}
KIND_PATTERN = "|".join(sorted((re.escape(w) for w in KIND_OF_WORD), key=len, reverse=True))

#: The names people use for the catalogue's effects.
EFFECT_WORDS: dict[str, str] = {
    "blur": "blur",
    "blurry": "blur",
    "blurred": "blur",
    "out of focus": "blur",
    "gaussian blur": "blur",
    "brightness": "brightness-contrast",
    "contrast": "brightness-contrast",
    "brightness contrast": "brightness-contrast",
    "brightness-contrast": "brightness-contrast",
    "grayscale": "grayscale",
    "greyscale": "grayscale",
    "black and white": "grayscale",
    "black & white": "grayscale",
    "b&w": "grayscale",
    "monochrome": "grayscale",
    "gray": "grayscale",
    "grey": "grayscale",
    "desaturate": "grayscale",
    "desaturated": "grayscale",
    "saturation": "saturation",
    "saturate": "saturation",
    "saturated": "saturation",
    "vivid": "saturation",
    "sepia": "sepia",
    "vintage": "sepia",
    "old photo": "sepia",
    "old-timey": "sepia",
    "invert": "invert",
    "inverted": "invert",
    "negative": "invert",
    "inverse colors": "invert",
    "vignette": "vignette",
    "vignetting": "vignette",
    "dark corners": "vignette",
    "dark edges": "vignette",
    "hue rotate": "hue-rotate",
    "hue shift": "hue-rotate",
    "hue-rotate": "hue-rotate",
    "color temperature": "color-temperature",
    "colour temperature": "color-temperature",
    "white balance": "color-temperature",
    "tint": "tint",
    "colour wash": "tint",
    "color wash": "tint",
    "posterize": "posterize",
    "posterise": "posterize",
    "posterized": "posterize",
    "duotone": "duotone",
    "cross process": "cross-process",
    "cross-process": "cross-process",
    "cross processed": "cross-process",
    "pixelate": "pixelate",
    "pixelated": "pixelate",
    "pixelated look": "pixelate",
    "mosaic": "pixelate",
    "chromatic aberration": "chromatic-aberration",
    "rgb split": "chromatic-aberration",
    "glitch": "glitch",
    "glitchy": "glitch",
    "wave effect": "wave",
    "wavy": "wave",
    "mirror effect": "mirror",
    "kaleidoscope": "kaleidoscope",
    "fisheye": "fisheye",
    "fish eye": "fisheye",
    "fish-eye": "fisheye",
    "sharpen": "sharpen",
    "sharpened": "sharpen",
    "glow": "glow",
    "bloom": "glow",
    "glowing": "glow",
    "exposure": "exposure",
    "shadows and highlights": "shadows-highlights",
    "shadows highlights": "shadows-highlights",
    "edge detection": "edge-detection",
    "emboss": "emboss",
    "embossed": "emboss",
    "film grain": "film-grain",
    "grain": "film-grain",
    "grainy": "film-grain",
    "halftone": "halftone",
    "scanlines": "scanlines",
    "scan lines": "scanlines",
    "crt": "scanlines",
    "color key": "color-key",
    "colour key": "color-key",
    "chroma key": "color-key",
}
EFFECT_PATTERN = "|".join(sorted((re.escape(w) for w in EFFECT_WORDS), key=len, reverse=True))

#: Effect parameter names people say, by effect.
PARAM_WORDS: dict[str, dict[str, str]] = {
    "blur": {"intensity": "intensity", "strength": "intensity", "amount": "intensity", "radius": "intensity"},
    "brightness-contrast": {"brightness": "brightness", "contrast": "contrast"},
    "grayscale": {"intensity": "intensity", "strength": "intensity", "amount": "intensity"},
    "saturation": {"saturation": "saturation", "amount": "saturation", "intensity": "saturation"},
    "sepia": {"intensity": "intensity", "strength": "intensity", "amount": "intensity"},
    "invert": {"intensity": "intensity", "strength": "intensity", "amount": "intensity"},
    "vignette": {"radius": "radius", "size": "radius", "softness": "softness", "feather": "softness"},
}


def _own_names(effect_id: str) -> dict[str, str]:
    """The other effects: their own parameter names, and "strength"/"amount" for an intensity."""
    effect = next(e for e in EFFECTS if e.id == effect_id)
    keys = {p.key.lower(): p.key for p in effect.params if p.type == "number"}
    return {**keys, **({"strength": "intensity", "amount": "intensity"} if "intensity" in keys else {})}


PARAM_WORDS.update({e.id: _own_names(e.id) for e in EFFECTS if e.id not in PARAM_WORDS})

SHAPE_WORDS: dict[str, str] = {
    "star": "star",
    "stars": "star",
    "heart": "heart",
    "hearts": "heart",
    "arrow": "arrow",
    "arrows": "arrow",
    "circle": "circle",
    "circles": "circle",
    "dot": "circle",
    "square": "square",
    "squares": "square",
    "box": "square",
    "rectangle": "square",
    "triangle": "triangle",
    "triangles": "triangle",
    "diamond": "diamond",
    "hexagon": "hexagon",
    "check": "check",
    "checkmark": "check",
    "check mark": "check",
    "tick": "check",
    "cross": "cross",
    "x mark": "cross",
}
SHAPE_PATTERN = "|".join(sorted((re.escape(w) for w in SHAPE_WORDS), key=len, reverse=True))

#: Words some rule knows (verbs, directions, units): left over, they show a wording problem, not an unknown thing.
KNOWN_WORDS = frozenset(
    """
add put insert write show place display overlay type create make delete remove cut trim get rid take out erase drop
clear kill lose snip split slice divide chop move shift slide drag push nudge bring set change update edit rename
replace fix correct mute unmute silence turn lower raise blur apply use extend shorten lengthen stretch end start keep
hold undo redo list describe how many long what which whats increase decrease reduce boost brighten darken volume
louder quieter softer up down later earlier back forward left right top bottom center centre middle half second
seconds sec secs s minute minutes frame frames last first whole entire video timeline clip clips track tracks text
title caption subtitle sticker effect filter music audio photo image logo stronger weaker more less by at from
until till between when where begins starts ends close gap gaps everything all
""".split()
)

ORDINALS: dict[str, int] = {
    "first": 0,
    "1st": 0,
    "second": 1,
    "2nd": 1,
    "third": 2,
    "3rd": 2,
    "fourth": 3,
    "4th": 3,
    "fifth": 4,
    "5th": 4,
    "sixth": 5,
    "6th": 5,
    "last": -1,
    "final": -1,
}
COUNT_WORDS = {"once": 1, "twice": 2, "thrice": 3}


def is_filler(word: str) -> bool:
    return word in FILLERS or not re.search(r"[\w«]", word)
