"""The seven effects as ffmpeg filters over a time range of the layers below.

Parameters follow OpenCut's ranges (see ``catalogs.effects``); where ffmpeg
has no exact equivalent the mapping is the closest honest one (vignette's
softness has none and is ignored).
"""

from __future__ import annotations

from typing import Any

from neuralcut_cli.render.filtergraph import Filter, f

SEPIA = ((0.393, 0.769, 0.189), (0.349, 0.686, 0.168), (0.272, 0.534, 0.131))


def _num(params: dict[str, Any], key: str, default: float) -> float:
    value = params.get(key, default)
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else default


def effect_filter(effect_type: str, params: dict[str, Any], height: int) -> Filter | None:
    """The filter (without ``enable``) for one effect, or None if unknown."""
    if effect_type == "blur":
        sigma = max(0.01, _num(params, "intensity", 15) / 100 * 0.03 * height)
        return f("gblur", sigma=f"{sigma:.3f}")
    if effect_type == "brightness-contrast":
        return f("eq", brightness=f"{_num(params, 'brightness', 0):.3f}", contrast=f"{_num(params, 'contrast', 1):.3f}")
    if effect_type == "grayscale":
        return f("hue", s=f"{1 - _num(params, 'intensity', 100) / 100:.3f}")
    if effect_type == "saturation":
        return f("eq", saturation=f"{_num(params, 'saturation', 100) / 100:.3f}")
    if effect_type == "sepia":
        k = _num(params, "intensity", 100) / 100
        pairs = {f"{'rgb'[row]}{'rgb'[column]}": f"{k * value + (1 - k) * (row == column):.3f}"
                 for row, values in enumerate(SEPIA) for column, value in enumerate(values)}
        return f("colorchannelmixer", **pairs)
    if effect_type == "invert":
        k = _num(params, "intensity", 100) / 100
        expression = f"val+{k:.3f}*(maxval-2*val)"
        return f("lutrgb", r=expression, g=expression, b=expression)
    if effect_type == "vignette":
        radius = _num(params, "radius", 75)
        angle = 0.2 + (100 - radius) / 90 * 1.0
        return f("vignette", angle=f"{angle:.3f}")
    return None


def clip_effects(element: object, height: int) -> list[Filter]:
    """The filters of an element's own enabled effects (``element.effects``), in order."""
    return [chosen for effect in getattr(element, "effects", None) or () if effect.enabled
            and (chosen := effect_filter(effect.type, dict(effect.params), height)) is not None]
