"""The effects of reference §3 (``catalogs.effects``) as ffmpeg filters, over a time range of the layers below (effect elements) or
on their own element (clip effects).

Straight filters (``effects_colour``): brightness-contrast, grayscale, saturation, sepia, invert,
color-temperature, tint, posterize, cross-process, exposure, sharpen, emboss; and blur (``gblur``). Small graphs
(``effects_maps``), with the maths of ``effects_expr`` made once per render: colour tables for hue-rotate,
duotone, shadows-highlights and color-key; maps for vignette, scanlines and film-grain; warps (nearest pixel)
for chromatic-aberration, glitch, wave, mirror, kaleidoscope, fisheye, pixelate and halftone; and
edge-detection, glow. How close each is to §3 is measured in ``tests/render/test_render_effects.py`` and listed in
docs/render.md. color-key and halftone do what their names promise rather than the anchor's broken shaders.
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
    split and a merge: ffmpeg's cost for each such pair stacked in a row doubles, see docs/render.md)."""

    filters: tuple[Filter, ...] = ()
    graph: maps.Build | None = None
    switchable: bool = True

    def timed(self, enable: str) -> tuple[Filter, ...]:
        """The straight filters, switched by ``enable``."""
        return tuple(maps.switched(step, enable) if step.name in TIMELINE else step for step in self.filters)


Size = tuple[int, int]
#: How one effect renders: its parameters and the frame size -> its steps.
Renderer = Callable[[Params, Size], Steps]


def straight(make: Callable[[Params], list[Filter]]) -> Renderer:
    """A straight run of filters (switchable in place)."""
    return lambda params, size: Steps(tuple(make(params)))


def table(make: Callable[[Params], dict[str, str]]) -> Renderer:
    """A colour table: each channel's value a function of the pixel's (a ``lutrgb``-like map)."""
    return lambda params, size: Steps(graph=maps.clut(make(params)))


def factor(make: Callable[[Params], str]) -> Renderer:
    """The picture times a map of the frame (vignette, scanlines)."""
    return lambda params, size: Steps(graph=maps.factor(size, make(params)))


def warp(make: Callable[[Params], expr.Warp]) -> Renderer:
    """Each pixel read from another place (nearest pixel); run on a copy while it is on."""
    return lambda params, size: Steps(graph=maps.warp(size, make(params)), switchable=False)


def graph(make: Callable[[Params, Size], maps.Build], switchable: bool = False) -> Renderer:
    """A small graph of its own."""
    return lambda params, size: Steps(graph=make(params, size), switchable=switchable)


def _blur(params: Params, size: Size) -> Steps:
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


def _duotone(params: Params, size: Size) -> maps.Build:
    shadow, highlight = _rgb(params.get("shadowColor"), "#001428"), _rgb(params.get("highlightColor"), "#ff6b35")
    return maps.clut(expr.duotone(params, shadow, highlight))


#: How each effect of ``catalogs.effects`` renders, one line each (``tests/render/test_render_effects.py`` holds
#: the two to the same ids, and each renderer to its reference maths).
RENDERERS: dict[str, Renderer] = {
    "brightness-contrast": straight(colour.brightness_contrast),
    "grayscale": straight(colour.grayscale),
    "saturation": straight(colour.saturation),
    "sepia": straight(colour.sepia),
    "invert": straight(colour.invert),
    "color-temperature": straight(colour.color_temperature),
    "posterize": straight(colour.posterize),
    "cross-process": straight(colour.cross_process),
    "exposure": straight(colour.exposure),
    "sharpen": straight(colour.sharpen),
    "emboss": straight(colour.emboss),
    "tint": straight(lambda params: colour.tint(params, _rgb(params.get("color"), "#ff0000"))),
    "blur": _blur,
    "hue-rotate": table(expr.hue_rotate),
    "shadows-highlights": table(expr.shadows_highlights),
    "duotone": graph(_duotone, switchable=True),
    "color-key": graph(lambda params, size: maps.color_key(params, _rgb(params.get("keyColor"), "#00ff00"))),
    "vignette": factor(expr.vignette),
    "scanlines": factor(expr.scanlines),
    "film-grain": graph(lambda params, size: maps.grain(size, expr.film_grain(params)), switchable=True),
    "edge-detection": graph(lambda params, size: maps.edges(params)),
    "glow": graph(lambda params, size: maps.glow(params)),
    "halftone": graph(lambda params, size: maps.halftone(size, params)),
    "chromatic-aberration": warp(expr.chromatic_aberration),
    "glitch": warp(expr.glitch),
    "wave": warp(expr.wave),
    "mirror": warp(expr.mirror),
    "kaleidoscope": warp(expr.kaleidoscope),
    "fisheye": warp(expr.fisheye),
    "pixelate": warp(expr.pixelate),
}


def effect_steps(effect_type: str, params: Params, size: Size) -> Steps | None:
    """The filters of one effect on frames of ``size``, or None when the effect is unknown."""
    render = RENDERERS.get(effect_type)
    return render(params, size) if render else None


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
