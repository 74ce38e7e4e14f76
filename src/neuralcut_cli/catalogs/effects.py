"""The effects catalogue: OpenCut's seven effects and their parameters.

Static data, not project-dependent. ``validate_params`` checks a parameter
patch against an effect's definitions and answers with the spec's strings.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from neuralcut_cli.errors import ParamError


@dataclass(frozen=True)
class ParamDef:
    key: str
    label: str
    default: float | str
    min: float = 0
    max: float = 0
    step: float = 0
    type: str = "number"  # number | color

    def describe(self) -> str:
        """ "Number between 0 and 100, step 1. Default: 15" (or "Colour (hex). Default: #ff0000")."""
        if self.type == "color":
            return f"Colour (hex string). Default: {self.default}"
        return f"Number between {_num(self.min)} and {_num(self.max)}, step {_num(self.step)}. Default: {_num(self.default)}"

    def to_json(self) -> dict[str, Any]:
        if self.type == "color":
            return {
                "key": self.key,
                "label": self.label,
                "type": "color",
                "default": self.default,
                "description": self.describe(),
            }
        return {
            "key": self.key,
            "label": self.label,
            "type": self.type,
            "default": self.default,
            "min": self.min,
            "max": self.max,
            "step": self.step,
            "description": self.describe(),
        }


@dataclass(frozen=True)
class EffectDef:
    id: str
    name: str
    description: str
    keywords: tuple[str, ...]
    params: tuple[ParamDef, ...]
    #: Which parameter makes the effect "stronger", and in which direction (+1 up, -1 down);
    #: None where "stronger" has no one meaning (brighter or darker? more or less vivid?).
    strength: tuple[str, int] | None = None

    def defaults(self) -> dict[str, Any]:
        return {p.key: p.default for p in self.params}

    def param(self, key: str) -> ParamDef | None:
        return next((p for p in self.params if p.key == key), None)

    def summary(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name, "description": self.description}

    def matches(self, query: str) -> bool:
        words = query.lower().split()
        haystack = " ".join((self.id, self.name, self.description, *self.keywords)).lower()
        return query.lower().strip() in haystack or all(w in haystack for w in words)


def _intensity(default: float = 50) -> ParamDef:
    return ParamDef("intensity", "Intensity", default, 0, 100, 1)


def _color(key: str, label: str, default: str) -> ParamDef:
    return ParamDef(key, label, default, type="color")


#: The 23 effects NeuralCut web added (reference §3), in its order.
MORE_EFFECTS: tuple[EffectDef, ...] = (
    EffectDef(
        "hue-rotate",
        "Hue Rotate",
        "Turns every colour around the colour wheel by an angle (in degrees).",
        ("hue", "hue rotate", "hue shift", "colour shift", "color shift"),
        (ParamDef("angle", "Angle", 0, 0, 360, 1),),
    ),
    EffectDef(
        "color-temperature",
        "Color Temperature",
        "Warms the picture towards orange, or cools it towards blue.",
        ("temperature", "warm", "warmer", "cool", "cooler", "white balance"),
        (ParamDef("temperature", "Temperature", 0, -100, 100, 1),),
    ),
    EffectDef(
        "tint",
        "Tint",
        "Washes the picture with one colour, mixed in by the intensity.",
        ("tint", "colour wash", "color wash", "wash"),
        (_color("color", "Color", "#ff0000"), _intensity()),
        ("intensity", 1),
    ),
    EffectDef(
        "posterize",
        "Posterize",
        "Reduces each colour channel to a few levels, like a poster.",
        ("posterize", "posterise", "poster", "levels"),
        (ParamDef("levels", "Levels", 8, 2, 32, 1),),
        ("levels", -1),
    ),
    EffectDef(
        "duotone",
        "Duotone",
        "Maps the dark parts to one colour and the light parts to another.",
        ("duotone", "two tone", "two-tone"),
        (
            _color("shadowColor", "Shadow color", "#001428"),
            _color("highlightColor", "Highlight color", "#ff6b35"),
            _intensity(100),
        ),
        ("intensity", 1),
    ),
    EffectDef(
        "cross-process",
        "Cross Process",
        "The look of cross-processed film: punchy contrast, shifted colours.",
        ("cross process", "cross-process", "cross processed", "film look"),
        (_intensity(100),),
        ("intensity", 1),
    ),
    EffectDef(
        "pixelate",
        "Pixelate",
        "Breaks the picture into square blocks of the given size in pixels.",
        ("pixelate", "pixelated", "pixels", "mosaic", "censor"),
        (ParamDef("size", "Size", 10, 1, 100, 1),),
        ("size", 1),
    ),
    EffectDef(
        "chromatic-aberration",
        "Chromatic Aberration",
        "Splits red and blue outward from the centre, like a cheap lens.",
        ("chromatic aberration", "rgb split", "colour fringe", "color fringe"),
        (ParamDef("offset", "Offset", 15, 0, 50, 1),),
        ("offset", 1),
    ),
    EffectDef(
        "glitch",
        "Glitch",
        "Shifts blocks of rows sideways and splits the colours, like a broken signal.",
        ("glitch", "glitchy", "datamosh", "broken signal"),
        (_intensity(), ParamDef("blockSize", "Block size", 20, 1, 100, 1)),
        ("intensity", 1),
    ),
    EffectDef(
        "wave",
        "Wave",
        "Ripples the picture in sine waves across and down the frame.",
        ("wave", "wavy", "ripple", "wobble"),
        (ParamDef("amplitude", "Amplitude", 30, 0, 100, 1), ParamDef("frequency", "Frequency", 5, 1, 50, 1)),
        ("amplitude", 1),
    ),
    EffectDef(
        "mirror",
        "Mirror",
        "Reflects one half of the picture onto the other.",
        ("mirror", "reflect", "reflection", "symmetry"),
        (ParamDef("axis", "Axis", 0, 0, 1, 1), ParamDef("position", "Position", 50, 0, 100, 1)),
    ),
    EffectDef(
        "kaleidoscope",
        "Kaleidoscope",
        "Repeats a wedge of the picture around the centre.",
        ("kaleidoscope", "kaleido"),
        (ParamDef("segments", "Segments", 6, 2, 24, 1), ParamDef("angle", "Angle", 0, 0, 360, 1)),
    ),
    EffectDef(
        "fisheye",
        "Fisheye",
        "Bulges (or pinches) the picture from the centre.",
        ("fisheye", "fish eye", "bulge", "pinch", "barrel"),
        (ParamDef("strength", "Strength", 50, -100, 100, 1),),
    ),
    EffectDef(
        "sharpen",
        "Sharpen",
        "Makes edges crisper by boosting the difference with neighbours.",
        ("sharpen", "sharper", "crisp", "crisper", "detail"),
        (_intensity(),),
        ("intensity", 1),
    ),
    EffectDef(
        "glow",
        "Glow",
        "Makes the bright parts of the picture bloom with a soft glow.",
        ("glow", "bloom", "dreamy", "glowing"),
        (_intensity(), ParamDef("threshold", "Threshold", 70, 0, 100, 1), ParamDef("radius", "Radius", 4, 1, 20, 1)),
        ("intensity", 1),
    ),
    EffectDef(
        "exposure",
        "Exposure",
        "Brightens or darkens the picture by photographic stops (EV).",
        ("exposure", "stops", "ev"),
        (ParamDef("exposure", "Exposure", 0, -3, 3, 0.1),),
    ),
    EffectDef(
        "shadows-highlights",
        "Shadows / Highlights",
        "Lifts the shadows or tames the highlights.",
        ("shadows", "highlights", "shadows highlights", "lift shadows"),
        (ParamDef("shadows", "Shadows", 0, -100, 100, 1), ParamDef("highlights", "Highlights", 0, -100, 100, 1)),
    ),
    EffectDef(
        "edge-detection",
        "Edge Detection",
        "Shows the edges of things as white lines on black.",
        ("edge detection", "edges", "outline", "sketch"),
        (_intensity(100), ParamDef("threshold", "Threshold", 10, 0, 100, 1)),
        ("intensity", 1),
    ),
    EffectDef(
        "emboss",
        "Emboss",
        "Makes the picture look pressed into metal.",
        ("emboss", "embossed", "relief"),
        (_intensity(), ParamDef("angle", "Angle", 135, 0, 360, 1)),
        ("intensity", 1),
    ),
    EffectDef(
        "film-grain",
        "Film Grain",
        "Adds a fixed grain of film, in cells of the given size.",
        ("film grain", "grain", "grainy", "noise"),
        (ParamDef("intensity", "Intensity", 30, 0, 100, 1), ParamDef("size", "Size", 1, 1, 10, 1)),
        ("intensity", 1),
    ),
    EffectDef(
        "halftone",
        "Halftone",
        "Prints the picture as dots, like a newspaper.",
        ("halftone", "dots", "newspaper", "comic"),
        (ParamDef("dotSize", "Dot size", 4, 1, 20, 1), ParamDef("angle", "Angle", 45, 0, 360, 1)),
    ),
    EffectDef(
        "scanlines",
        "Scanlines",
        "Dark horizontal lines, like an old screen.",
        ("scanlines", "scan lines", "crt", "old tv", "retro tv"),
        (ParamDef("intensity", "Intensity", 30, 0, 100, 1), ParamDef("count", "Count", 240, 10, 1080, 1)),
        ("intensity", 1),
    ),
    EffectDef(
        "color-key",
        "Color Key",
        "Makes one colour transparent (a green screen).",
        ("color key", "colour key", "chroma key", "green screen", "keying"),
        (
            _color("keyColor", "Key color", "#00ff00"),
            ParamDef("tolerance", "Tolerance", 40, 0, 100, 1),
            ParamDef("softness", "Softness", 10, 0, 100, 1),
        ),
    ),
)

EFFECTS: tuple[EffectDef, ...] = (
    EffectDef(
        "blur",
        "Blur",
        "Softens the picture below it with a Gaussian blur; higher intensity blurs more.",
        ("blur", "soft", "defocus", "gaussian", "out of focus", "hide", "censor", "privacy"),
        (ParamDef("intensity", "Intensity", 15, 0, 100, 1),),
        ("intensity", 1),
    ),
    EffectDef(
        "brightness-contrast",
        "Brightness / Contrast",
        "Brightens or darkens the picture and raises or lowers its contrast.",
        ("brightness", "contrast", "exposure", "lighten", "darken", "bright", "dark", "punch"),
        (ParamDef("brightness", "Brightness", 0, -1, 1, 0.01), ParamDef("contrast", "Contrast", 1, 0, 3, 0.01)),
    ),
    EffectDef(
        "grayscale",
        "Grayscale",
        "Removes colour, turning the picture black and white; intensity blends toward full gray.",
        ("grayscale", "greyscale", "black and white", "b&w", "monochrome", "desaturate", "gray", "grey"),
        (ParamDef("intensity", "Intensity", 100, 0, 100, 1),),
        ("intensity", 1),
    ),
    EffectDef(
        "saturation",
        "Saturation",
        "Changes colour strength: below 100 mutes colours, above 100 makes them more vivid.",
        ("saturation", "vivid", "vibrant", "colour", "color", "muted", "pop"),
        (ParamDef("saturation", "Saturation", 100, 0, 300, 1),),
    ),
    EffectDef(
        "sepia",
        "Sepia",
        "Gives the picture the warm brown tone of an old photograph.",
        ("sepia", "vintage", "old", "retro", "warm", "brown", "old photo"),
        (ParamDef("intensity", "Intensity", 100, 0, 100, 1),),
        ("intensity", 1),
    ),
    EffectDef(
        "invert",
        "Invert",
        "Inverts the colours like a photographic negative.",
        ("invert", "negative", "inverse", "flip colours", "flip colors"),
        (ParamDef("intensity", "Intensity", 100, 0, 100, 1),),
        ("intensity", 1),
    ),
    EffectDef(
        "vignette",
        "Vignette",
        "Darkens the edges of the frame to draw the eye to the centre.",
        ("vignette", "dark edges", "edges", "frame", "cinematic", "focus"),
        (ParamDef("radius", "Radius", 75, 10, 100, 1), ParamDef("softness", "Softness", 35, 5, 80, 1)),
        ("radius", -1),
    ),
    *MORE_EFFECTS,
)

_BY_ID = {effect.id: effect for effect in EFFECTS}


def _num(value: float | str) -> str:
    """Numbers as JSON prints them: ``100``, ``-1``, ``0.5``."""
    return value if isinstance(value, str) else json.dumps(value)


def normalise_effect_id(value: str) -> str:
    return "-".join(value.strip().lower().replace("_", " ").replace("/", " ").split())


def find_effect(effect_type: str) -> EffectDef | None:
    """By id, forgiving case, spaces and underscores ("Brightness Contrast")."""
    key = normalise_effect_id(effect_type)
    return _BY_ID.get(key) or next((e for e in EFFECTS if normalise_effect_id(e.name) == key), None)


def _words(text: str) -> tuple[str, ...]:
    return tuple(w for w in re.split(r"[^a-z0-9]+", text.lower().replace("&", " and ")) if w and w != "and")


def effect_by_word(effect_type: str) -> EffectDef | None:
    """The one effect that has ``effect_type`` among its words ("black-white", "b&w", "monochrome": grayscale), or
    None when none or several have it: a model may name an effect by its look."""
    wanted = _words(effect_type)
    found = [e for e in EFFECTS if any(_words(word) == wanted for word in e.keywords)] if wanted else []
    return found[0] if len(found) == 1 else None


def closest_effects(effect_type: str, most: int = 3) -> list[str]:
    """The ids of the effects whose id, name, description or words share most words with ``effect_type``."""
    wanted = set(_words(effect_type))
    scored = [(len(wanted & set(_words(" ".join((e.id, e.name, e.description, *e.keywords))))), e.id) for e in EFFECTS]
    return [effect_id for score, effect_id in sorted(scored, key=lambda s: -s[0]) if score][:most]


def search_effects(query: str | None) -> list[EffectDef]:
    if not query or not query.strip():
        return list(EFFECTS)
    return [effect for effect in EFFECTS if effect.matches(query)]


def validate_params(
    effect: EffectDef, params: dict[str, Any], is_color: Callable[[str], bool] = lambda text: True
) -> dict[str, Any]:
    """Check ``params`` (a patch); return it with values unchanged. ``is_color`` checks a colour string (the
    grammar lives in ``project.colors``, a layer above this one)."""
    for key, value in params.items():
        definition = effect.param(key)
        if definition is None:
            raise ParamError(f"Unknown parameter: {key}")
        if definition.type == "color":
            if not isinstance(value, str) or not is_color(value):
                raise ParamError(f"Parameter '{key}' must be a string (hex color)")
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            raise ParamError("Invalid effect parameters")
        if value < definition.min:
            raise ParamError(f"Parameter '{key}' must be >= {_num(definition.min)}")
        if value > definition.max:
            raise ParamError(f"Parameter '{key}' must be <= {_num(definition.max)}")
    return dict(params)
