"""Where a picture layer goes and how it looks, frame by frame: size (scale), place (position), rotation and
opacity, static or keyframed (see ``animated``).

``base`` is the layer's size in output pixels at scale 1 (fitted into the frame for media); the transform's
scale multiplies it, its position (pixels from the centre) moves it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from neuralcut_cli.project.elements import GraphicElement, ImageElement, StickerElement, TextElement, VideoElement
from neuralcut_cli.render.animated import Clock, animated, linear_expression, runs
from neuralcut_cli.render.filtergraph import Filter, f, seconds
from neuralcut_cli.render.visible import visible
from neuralcut_cli.time import ticks_to_seconds

Visual = VideoElement | ImageElement | TextElement | StickerElement | GraphicElement


@dataclass(frozen=True)
class Span:
    start: float  # output seconds
    end: float
    skip: float  # seconds of the element before the window
    clock: Clock  # the same, in timeline ticks, with the frame rate (see ``animated``)


@dataclass(frozen=True)
class Placed:
    filters: list[Filter]  # after the source's own timing and effects
    x: str  # overlay's x and y, numbers or expressions of t
    y: str


def place(
    element: Visual,
    base: tuple[float, float],
    frame: tuple[float, float],
    scale: float,
    span: Span,
    natural: tuple[float, float] | None = None,
    grid: float | None = None,
) -> Placed:
    """``natural``: the picture's own size, when it may be cut to what shows before it is scaled (``visible``);
    ``grid``: the output's frames a second when the layer comes at least that often (a moving layer is cut too)."""
    transform = element.transform
    sx, sy = float(transform.scale_x), float(transform.scale_y)
    w, h = _even(base[0] * sx), _even(base[1] * sy)
    filters: list[Filter]
    moving_size = animated(element, "transform.scaleX") or animated(element, "transform.scaleY")
    if moving_size:
        width = _curve(element, "transform.scaleX", span, lambda v: base[0] * float(v), 1.0, w)
        height = _curve(element, "transform.scaleY", span, lambda v: base[1] * float(v), 1.0, h)
        filters = [f("scale", w=f"max(2,trunc(({width})/2)*2)", h=f"max(2,trunc(({height})/2)*2)", eval="frame")]
    else:
        filters = [f("scale", w=w, h=h)]
    filters.append(f("format", pix_fmts="yuva420p"))
    filters += _opacity(element, span)
    filters += _rotation(element, span)
    moving = (
        moving_size
        or animated(element, "transform.positionX")
        or animated(element, "transform.positionY")
        or animated(element, "transform.rotate")
    )
    if not moving and not transform.rotate:
        x = f"{(frame[0] - w) / 2 + float(transform.position.x) * scale:.1f}"
        y = f"{(frame[1] - h) / 2 + float(transform.position.y) * scale:.1f}"
        return _cut(Placed(filters, x, y), natural, (w, h), frame, grid)
    px = _curve(
        element, "transform.positionX", span, lambda v: float(v) * scale, 0.5, float(transform.position.x) * scale
    )
    py = _curve(
        element, "transform.positionY", span, lambda v: float(v) * scale, 0.5, float(transform.position.y) * scale
    )
    if moving_size or transform.rotate or animated(element, "transform.rotate"):
        return Placed(filters, f"(main_w-overlay_w)/2+({px})", f"(main_h-overlay_h)/2+({py})")
    x, y = f"{seconds((frame[0] - w) / 2)}+({px})", f"{seconds((frame[1] - h) / 2)}+({py})"
    return _cut(Placed(filters, x, y), natural, (w, h), frame, grid)


def _cut(
    placed: Placed,
    natural: tuple[float, float] | None,
    size: tuple[int, int],
    frame: tuple[float, float],
    grid: float | None,
) -> Placed:
    """``placed`` with its picture cut to what the frame shows before it is scaled, where that saves work."""
    shown = visible(natural, size, frame, (placed.x, placed.y), grid) if natural else None
    if shown is None:
        return placed
    cut, x, y = shown
    return Placed([*cut, *placed.filters[1:]], x, y)  # the cut and its scale in place of the whole scale


def _curve(
    element: Visual, path: str, span: Span, convert: Callable[[Any], float], tolerance: float, still: float
) -> str:
    """The property in output pixels as an expression of ``t`` (a number when it does not move)."""
    if not animated(element, path):
        return seconds(still)
    return linear_expression(element, path, span.clock, convert, tolerance)


def _opacity(element: Visual, span: Span) -> list[Filter]:
    shaped = _fades(element, span)
    if shaped is not None:
        return shaped
    if not animated(element, "opacity"):
        opacity = float(element.opacity)
        return [f("colorchannelmixer", aa=f"{opacity:.3f}")] if opacity < 1 else []
    filters = []
    steps = runs(element, "opacity", span.clock, lambda v: round(float(v) * 200) / 200)  # 0.5 %: at most 200 filters
    for start, end, value in steps:
        if value < 1:  # each run's level, switched on for its frames only
            filters.append(
                f("colorchannelmixer", aa=f"{value:.3f}", enable=f"gte(t,{seconds(start)})*lt(t,{seconds(end)})")
            )
    return filters


def _fades(element: Visual, span: Span) -> list[Filter] | None:
    """A fade in and/or out to the element's own opacity (what the ``fade`` tool writes) as ffmpeg's ``fade``
    on the alpha plane: the same pixels as the frame-by-frame path, without turning the layer into RGB."""
    animations = element.animations
    binding = animations.bindings.get("opacity") if animations else None
    if animations is None or binding is None:
        return None
    keys = animations.channels[binding.components[0].channel_id].keys
    level = float(element.opacity)
    shape = [(getattr(k, "value", None), getattr(k, "segment_to_next", None)) for k in keys]
    times = [k.time for k in keys]
    ramps: list[tuple[str, int, int]] = []
    if shape[:2] == [(0, "linear"), (level, shape[1][1])] and times[0] == 0:
        ramps.append(("in", times[0], times[1]))
        shape, times = shape[2:], times[2:]
    if (
        len(shape) == 2
        and shape[0][0] == level
        and shape[0][1] == "linear"
        and shape[1][0] == 0
        and times[1] == element.duration
    ):
        ramps.append(("out", times[0], times[1]))
        shape, times = [], []
    if shape or not ramps:
        return None
    fades = [
        f("fade", t=kind, st=seconds(ticks_to_seconds(a)), d=seconds(ticks_to_seconds(b - a)), alpha=1)
        for kind, a, b in ramps
    ]
    offset = span.skip - span.start  # output time to the element's own time: a fade begun before the window goes on
    if offset:
        fades = [
            f("setpts", expr=f"PTS+({seconds(offset)})/TB"),
            *fades,
            f("setpts", expr=f"PTS-({seconds(offset)})/TB"),
        ]
    return ([f("colorchannelmixer", aa=f"{level:.3f}")] if level < 1 else []) + fades


def _rotation(element: Visual, span: Span) -> list[Filter]:
    if animated(element, "transform.rotate"):
        angle = _curve(element, "transform.rotate", span, lambda v: float(v) * math.pi / 180, 0.002, 0.0)
        return [f("rotate", a=angle, c="none", ow="hypot(iw,ih)", oh="hypot(iw,ih)")]
    if element.transform.rotate:
        return [
            f("rotate", a=f"{seconds(float(element.transform.rotate))}*PI/180", c="none", ow="rotw(a)", oh="roth(a)")
        ]
    return []


def _even(value: float) -> int:
    return max(2, int(round(value / 2)) * 2)
