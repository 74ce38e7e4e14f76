"""The 30 effects of reference §3 as ffmpeg filters, over a time range of the layers below (effect elements) or
on their own element (clip effects).

Straight filters (``effects_colour``): brightness-contrast, grayscale, saturation, sepia, invert,
color-temperature, tint, posterize, cross-process, exposure, sharpen, emboss; and blur (``gblur``). Small graphs
(``effects_maps``), with the maths of ``effects_expr`` made once per render: colour tables for hue-rotate,
duotone, shadows-highlights and color-key; maps for vignette, scanlines and film-grain; warps (nearest pixel)
for chromatic-aberration, glitch, wave, mirror, kaleidoscope, fisheye, pixelate and halftone; and
edge-detection, glow. How close each is to §3 is measured in ``tests/render/test_render_effects.py`` and listed in the
README. color-key and halftone do what their names promise rather than the anchor's broken shaders.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from neuralcut_cli.project.colors import parse_color
from neuralcut_cli.render import effects_colour as colour
from neuralcut_cli.render import effects_expr as expr
from neuralcut_cli.render import effects_maps as maps
from neuralcut_cli.render.effects_colour import number
from neuralcut_cli.render.filtergraph import Filter, f

#: filters of the straight effects that take ``enable``; the others in them leave the picture as it is
#: (``format``) or undo each other (``pad``, ``fillborders`` on the pad, ``crop``)
TIMELINE = {"lutrgb", "colorchannelmixer", "convolution", "gblur"}
Params = dict[str, Any]


@dataclass(frozen=True)
class Steps:
    """An effect: a straight run of filters, or a small graph from one label to another. ``switchable``: it can
    be switched on and off over a time range in place; otherwise a copy runs it, overlaid while it is on (a
    split and a merge: ffmpeg's cost for each such pair stacked in a row doubles, see the README)."""

    filters: tuple[Filter, ...] = ()
    graph: maps.Build | None = None
    switchable: bool = True

    def timed(self, enable: str) -> tuple[Filter, ...]:
        """The straight filters, switched by ``enable``."""
        return tuple(maps.switched(step, enable) if step.name in TIMELINE else step for step in self.filters)


SIMPLE: dict[str, Callable[[Params], list[Filter]]] = {
    "brightness-contrast": colour.brightness_contrast,
    "grayscale": colour.grayscale,
    "saturation": colour.saturation,
    "sepia": colour.sepia,
    "invert": colour.invert,
    "color-temperature": colour.color_temperature,
    "posterize": colour.posterize,
    "cross-process": colour.cross_process,
    "exposure": colour.exposure,
    "sharpen": colour.sharpen,
    "emboss": colour.emboss,
}
TABLES: dict[str, Callable[[Params], dict[str, str]]] = {
    "hue-rotate": expr.hue_rotate,
    "shadows-highlights": expr.shadows_highlights,
}
FACTORS: dict[str, Callable[[Params], str]] = {"vignette": expr.vignette, "scanlines": expr.scanlines}
WARPS: dict[str, Callable[[Params], expr.Warp]] = {
    "chromatic-aberration": expr.chromatic_aberration,
    "glitch": expr.glitch,
    "wave": expr.wave,
    "mirror": expr.mirror,
    "kaleidoscope": expr.kaleidoscope,
    "fisheye": expr.fisheye,
    "pixelate": expr.pixelate,
}


def effect_steps(effect_type: str, params: Params, size: tuple[int, int]) -> Steps | None:
    """The filters of one effect on frames of ``size``, or None when the effect is unknown."""
    if effect_type in SIMPLE:
        return Steps(tuple(SIMPLE[effect_type](params)))
    if effect_type in TABLES:
        return Steps(graph=maps.clut(TABLES[effect_type](params)))
    if effect_type in FACTORS:
        return Steps(graph=maps.factor(size, FACTORS[effect_type](params)))
    if effect_type in WARPS:
        return Steps(graph=maps.warp(size, WARPS[effect_type](params)), switchable=False)
    return _special(effect_type, params, size)


def _special(effect_type: str, params: Params, size: tuple[int, int]) -> Steps | None:
    builders: dict[str, Callable[[], maps.Build]] = {
        "film-grain": lambda: maps.grain(size, expr.film_grain(params)),
        "edge-detection": lambda: maps.edges(params),
        "glow": lambda: maps.glow(params),
        "halftone": lambda: maps.halftone(size, params),
        "duotone": lambda: maps.clut(
            expr.duotone(
                params, _rgb(params.get("shadowColor"), "#001428"), _rgb(params.get("highlightColor"), "#ff6b35")
            )
        ),
        "color-key": lambda: maps.color_key(params, _rgb(params.get("keyColor"), "#00ff00")),
    }
    if effect_type in builders:
        return Steps(graph=builders[effect_type](), switchable=effect_type in ("film-grain", "duotone"))
    if effect_type == "blur":
        sigma = number(params, "intensity", 15) / 5
        return Steps(
            (
                f(
                    "gblur",
                    sigma=f"{max(0.01, sigma * size[0] / 1920):.3f}",
                    sigmaV=f"{max(0.01, sigma * size[1] / 1080):.3f}",
                    steps=3,
                ),
            )
        )
    if effect_type == "tint":
        return Steps(tuple(colour.tint(params, _rgb(params.get("color"), "#ff0000"))))
    return None


def _rgb(value: Any, default: str) -> tuple[int, int, int]:
    try:
        red, green, blue, _ = parse_color(value if isinstance(value, str) else default)
    except ValueError:
        red, green, blue, _ = parse_color(default)
    return red, green, blue


def clip_effects(element: object, size: tuple[int, int]) -> list[tuple[str, Steps]]:
    """The enabled effects of an element (``element.effects``), in order, with their types."""
    return [
        (effect.type, steps)
        for effect in getattr(element, "effects", None) or ()
        if effect.enabled and (steps := effect_steps(effect.type, dict(effect.params), size)) is not None
    ]
