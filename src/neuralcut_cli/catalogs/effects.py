"""The effects catalogue: OpenCut's seven effects and their parameters.

Static data, not project-dependent. ``validate_params`` checks a parameter
patch against an effect's definitions and answers with the spec's strings.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from neuralcut_cli.errors import ParamError


@dataclass(frozen=True)
class ParamDef:
    key: str
    label: str
    default: float
    min: float
    max: float
    step: float
    type: str = "number"

    def describe(self) -> str:
        """"Number between 0 and 100, step 1. Default: 15"."""
        return f"Number between {_num(self.min)} and {_num(self.max)}, step {_num(self.step)}. Default: {_num(self.default)}"

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "type": self.type, "default": self.default,
                "min": self.min, "max": self.max, "step": self.step, "description": self.describe()}


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


EFFECTS: tuple[EffectDef, ...] = (
    EffectDef("blur", "Blur", "Softens the picture below it with a Gaussian blur; higher intensity blurs more.",
              ("blur", "soft", "defocus", "gaussian", "out of focus", "hide", "censor", "privacy"),
              (ParamDef("intensity", "Intensity", 15, 0, 100, 1),), ("intensity", 1)),
    EffectDef("brightness-contrast", "Brightness / Contrast",
              "Brightens or darkens the picture and raises or lowers its contrast.",
              ("brightness", "contrast", "exposure", "lighten", "darken", "bright", "dark", "punch"),
              (ParamDef("brightness", "Brightness", 0, -1, 1, 0.01), ParamDef("contrast", "Contrast", 1, 0, 3, 0.01))),
    EffectDef("grayscale", "Grayscale", "Removes colour, turning the picture black and white; intensity blends toward full gray.",
              ("grayscale", "greyscale", "black and white", "b&w", "monochrome", "desaturate", "gray", "grey"),
              (ParamDef("intensity", "Intensity", 100, 0, 100, 1),), ("intensity", 1)),
    EffectDef("saturation", "Saturation", "Changes colour strength: below 100 mutes colours, above 100 makes them more vivid.",
              ("saturation", "vivid", "vibrant", "colour", "color", "muted", "pop"),
              (ParamDef("saturation", "Saturation", 100, 0, 300, 1),)),
    EffectDef("sepia", "Sepia", "Gives the picture the warm brown tone of an old photograph.",
              ("sepia", "vintage", "old", "retro", "warm", "brown", "old photo"),
              (ParamDef("intensity", "Intensity", 100, 0, 100, 1),), ("intensity", 1)),
    EffectDef("invert", "Invert", "Inverts the colours like a photographic negative.",
              ("invert", "negative", "inverse", "flip colours", "flip colors"),
              (ParamDef("intensity", "Intensity", 100, 0, 100, 1),), ("intensity", 1)),
    EffectDef("vignette", "Vignette", "Darkens the edges of the frame to draw the eye to the centre.",
              ("vignette", "dark edges", "edges", "frame", "cinematic", "focus"),
              (ParamDef("radius", "Radius", 75, 10, 100, 1), ParamDef("softness", "Softness", 35, 5, 80, 1)), ("radius", -1)),
)

_BY_ID = {effect.id: effect for effect in EFFECTS}


def _num(value: float) -> str:
    """Numbers as JSON prints them: ``100``, ``-1``, ``0.5``."""
    return json.dumps(value)


def normalise_effect_id(value: str) -> str:
    return "-".join(value.strip().lower().replace("_", " ").replace("/", " ").split())


def find_effect(effect_type: str) -> EffectDef | None:
    """By id, forgiving case, spaces and underscores ("Brightness Contrast")."""
    key = normalise_effect_id(effect_type)
    return _BY_ID.get(key) or next((e for e in EFFECTS if normalise_effect_id(e.name) == key), None)


def search_effects(query: str | None) -> list[EffectDef]:
    if not query or not query.strip():
        return list(EFFECTS)
    return [effect for effect in EFFECTS if effect.matches(query)]


def validate_params(effect: EffectDef, params: dict[str, Any]) -> dict[str, Any]:
    """Check ``params`` (a patch); return it with values unchanged."""
    for key, value in params.items():
        definition = effect.param(key)
        if definition is None:
            raise ParamError(f"Unknown parameter: {key}")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            raise ParamError("Invalid effect parameters")
        if value < definition.min:
            raise ParamError(f"Parameter '{key}' must be >= {_num(definition.min)}")
        if value > definition.max:
            raise ParamError(f"Parameter '{key}' must be <= {_num(definition.max)}")
    return dict(params)
