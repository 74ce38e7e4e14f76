"""Only the part of a layer that shows: a picture scaled past the frame (a reframed clip covering a tall canvas,
a zoom) is cut to what the frame shows, plus a few pixels, *before* it is scaled, so ffmpeg scales a frame's
worth of pixels instead of the whole enlarged picture (a 1080p clip covering a 9:16 frame is 3413x1920 scaled
whole, 1102x1920 cut first). The picture is the same: the cut is in source pixels on even columns/rows, the
margin keeps the scaler's edge out of sight, and the overlay's place moves by what was cut.

A layer that moves (keyframed position) is cut where it is at each frame: the cut and the overlay read the same
time, the frame's own, rounded up onto the output's frame grid (the frame the overlay shows at output frame
``n`` came at or after ``n - 1``, so both agree whenever the layer has a picture every output frame or more
often; slower layers and stills that move are not cut).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from neuralcut_cli.render.filtergraph import Filter, f, seconds

MARGIN = 4  # source pixels kept beyond each side of the frame (the scaler's edge taps)


@dataclass(frozen=True)
class Axis:
    offset: str  # source pixels cut before this axis's start (a number or an expression of t)
    length: int  # source pixels kept
    scaled: int  # output pixels they become
    place: str  # the overlay's coordinate of what is kept


def visible(
    natural: tuple[float, float],
    size: tuple[int, int],
    frame: tuple[float, float],
    place: tuple[str, str],
    grid: float | None,
) -> tuple[list[Filter], str, str] | None:
    """``crop`` and ``scale`` filters and the overlay's x and y for a layer of ``size`` output pixels (from a
    picture of ``natural`` pixels) at ``place`` (its top-left, numbers or expressions of ``t``) on ``frame``;
    ``grid``: the output's frames a second when the layer moves and comes at least that often (else None).
    None when nothing needs cutting."""
    moving = any(not _is_number(p) for p in place)
    if moving and grid is None:
        return None
    if moving:
        place = (_on_grid(place[0], grid), _on_grid(place[1], grid))  # type: ignore[arg-type]
    axes = [_axis(round(natural[i]), size[i], frame[i], place[i]) for i in (0, 1)]
    if all(a is None for a in axes):
        return None
    x, y = (a or Axis("0", round(natural[i]), size[i], place[i]) for i, a in enumerate(axes))
    crop = f("crop", w=x.length, h=y.length, x=x.offset, y=y.offset)
    return [crop, f("scale", w=x.scaled, h=y.scaled)], x.place, y.place


def _axis(natural: int, size: int, frame: float, place: str) -> Axis | None:
    """One axis cut to what ``frame`` shows of a layer ``size`` long at ``place``, or None when it all shows."""
    per = size / natural  # output pixels per source pixel
    length = min(natural, 2 * math.ceil(frame / per / 2) + 4 * MARGIN)
    if length >= natural - 2 or natural % 2:  # (an odd picture: its last column could not be kept on an even cut)
        return None
    scaled = max(2, 2 * round(length * per / 2))
    shown = f"-({place})/{per!r}"  # the first source pixel that shows
    if _is_number(place):
        first = min(max(0, 2 * math.floor(-float(place) / per / 2) - MARGIN), natural - length)
        return Axis(str(first), length, scaled, seconds(float(place) + first * scaled / length))
    offset = f"clip(2*floor(({shown})/2)-{MARGIN},0,{natural - length})"
    return Axis(offset, length, scaled, f"({place})+({offset})*{scaled / length!r}")


def _on_grid(expression: str, fps: float) -> str:
    """``expression`` with its time rounded up onto the output's frame grid."""
    return re.sub(r"\bt\b", f"(ceil(t*{fps!r}-0.001)/{fps!r})", expression)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
