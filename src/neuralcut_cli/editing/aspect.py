"""A new shape for the canvas, and what sits on it laid out again.

The size rule: the canvas keeps its short side and takes the ratio's long side from it (1920x1080 → 1080x1920
for 9:16, 1080x1080 for 1:1, 1080x1350 for 4:5; 1080x1920 → 1920x1080 for 16:9), both even.

What sits on it:

- clips that fill the frame (the main track's, and overlays at full size) are left: the render fits each to the
  new frame, and ``reframe`` crops them to fill it;
- titles and captions keep their place relative to the frame (a title at the top stays at the top), then are
  moved inside the safe area (``SAFE`` of each side kept clear) and made smaller where they would not fit in it;
- overlays (a logo, b-roll in a corner, a sticker) keep their corner: the same distance from the edges they sat
  by, at the same size;

and each change is said (``Moved``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, cast

from neuralcut_cli.project.elements import Element, ImageElement, StickerElement, TextElement, VideoElement
from neuralcut_cli.project.model import CanvasSize, Project

RATIOS = {"9:16": (9, 16), "1:1": (1, 1), "4:5": (4, 5), "16:9": (16, 9)}
SAFE = 0.05  # of each side: the title-safe area is the middle 90 %
CENTRED = 0.1  # of the frame: an overlay this close to a middle line is centred on it, not in a corner
Box = tuple[float, float, float, float]  # left, top, right, bottom (pixels of the frame)
Measure = Callable[[TextElement, tuple[int, int]], Box]
Natural = Callable[[Element], tuple[float, float] | None]  # an overlay's own pixels (None: unknown)
V = TypeVar("V", bound=TextElement | ImageElement | VideoElement | StickerElement)


@dataclass(frozen=True)
class Moved:
    element_id: str
    what: str  # "kept in the top-right corner", "moved inside the frame", "made smaller to fit"


def new_size(canvas: CanvasSize, ratio: str) -> tuple[int, int]:
    across, down = RATIOS[ratio]
    short = min(canvas.width, canvas.height)
    if across >= down:
        return _even(short * across / down), _even(short)
    return _even(short), _even(short * down / across)


def reshaped(project: Project, ratio: str, measure: Measure, natural: Natural) -> tuple[Project, list[Moved]]:
    """``project`` on a canvas of ``ratio``, what sits on it laid out again, and what moved."""
    old = (project.settings.canvas_size.width, project.settings.canvas_size.height)
    new = new_size(project.settings.canvas_size, ratio)
    scene, moved = project.scene, []
    main = project.scene.tracks.main.id
    for track, element in project.scene.elements():
        if track.id == main:
            continue
        if isinstance(element, TextElement):
            changed, said = _text(element, old, new, measure)
        elif isinstance(element, (ImageElement, VideoElement, StickerElement)):
            changed, said = _overlay(element, old, new, natural(element))
        else:
            continue
        if said:
            scene = scene.update_element(changed)
            moved.append(Moved(element.id, said))
    size = CanvasSize(width=new[0], height=new[1])
    settings = project.settings.model_copy(update={"canvas_size": size, "canvas_size_mode": "custom"})
    return project.with_scene(scene).model_copy(update={"settings": settings}), moved


def _text(element: TextElement, old: tuple[int, int], new: tuple[int, int], measure: Measure) -> tuple[Element, str]:
    """A text at the same place relative to the frame, then inside the safe area (smaller if it must be)."""
    x, y = float(element.transform.position.x), float(element.transform.position.y)
    placed = _at(element, x * new[0] / old[0], y * new[1] / old[1])
    said = ""
    left, top, right, bottom = measure(placed, new)
    room = (new[0] * (1 - 2 * SAFE), new[1] * (1 - 2 * SAFE))
    shrink = min(1.0, room[0] / max(1e-6, right - left), room[1] / max(1e-6, bottom - top))
    if shrink < 0.999:
        placed = placed.model_copy(update={"font_size": round(float(element.font_size) * shrink * 0.98, 2)})
        left, top, right, bottom = measure(placed, new)
        said = "made smaller to fit the frame"
    dx = _inside(left, right, new[0])
    dy = _inside(top, bottom, new[1])
    if dx or dy:
        position = placed.transform.position
        placed = _at(placed, float(position.x) + dx, float(position.y) + dy)
        said = said or "moved inside the frame"
    return placed, said


def _inside(low: float, high: float, size: int) -> float:
    """How far to move a box so it lies inside the safe area of a side ``size`` pixels long."""
    first, last = size * SAFE, size * (1 - SAFE)
    if low < first:
        return first - low
    if high > last:
        return last - high
    return 0.0


def _overlay(
    element: ImageElement | VideoElement | StickerElement,
    old: tuple[int, int],
    new: tuple[int, int],
    natural: tuple[float, float] | None,
) -> tuple[Element, str]:
    """An overlay in the same corner (its distance from the edges it sat by kept), at the same size; one that
    fills the frame is left to the render's fit."""
    x, y = float(element.transform.position.x), float(element.transform.position.y)
    if natural is None:
        return _at(element, x * new[0] / old[0], y * new[1] / old[1]), "kept at the same place in the frame"
    size = _shown(element, natural, old)
    if size[0] >= old[0] * 0.95 and size[1] >= old[1] * 0.95:
        return element, ""  # it fills the frame
    size_new = _shown(element, natural, new)
    scale = (size[0] / size_new[0], size[1] / size_new[1])  # the same pixels as before
    sx, sy = float(element.transform.scale_x) * scale[0], float(element.transform.scale_y) * scale[1]
    nx, ny = _corner(x, size[0], old[0], new[0]), _corner(y, size[1], old[1], new[1])
    transform = element.transform.model_copy(
        update={
            "scale_x": round(sx, 4),
            "scale_y": round(sy, 4),
            "position": element.transform.position.model_copy(update={"x": round(nx, 2), "y": round(ny, 2)}),
        }  # fmt: skip
    )
    where = _where(x, y, old)
    return element.model_copy(update={"transform": transform}), f"kept {where}"


def _corner(at: float, size: float, old: int, new: int) -> float:
    """A position along one side: centred stays centred; else the same distance from the nearer edge."""
    if abs(at) < old * CENTRED:
        return at * new / old
    edge = old / 2 - (abs(at) + size / 2)  # pixels between the overlay and the edge it sits by
    return (1 if at > 0 else -1) * (new / 2 - size / 2 - max(0.0, edge))


def _where(x: float, y: float, frame: tuple[int, int]) -> str:
    across = "" if abs(x) < frame[0] * CENTRED else ("right" if x > 0 else "left")
    down = "" if abs(y) < frame[1] * CENTRED else ("bottom" if y > 0 else "top")
    if across and down:
        return f"in the {down}-{across} corner"
    return f"at the {down or across} edge" if down or across else "in the middle"


def _shown(
    element: ImageElement | VideoElement | StickerElement, natural: tuple[float, float], frame: tuple[int, int]
) -> tuple[float, float]:
    """The overlay's pixels on a frame: fitted inside it (as the render does), then its scale."""
    fit = min(frame[0] / natural[0], frame[1] / natural[1])
    transform = element.transform
    return natural[0] * fit * float(transform.scale_x), natural[1] * fit * float(transform.scale_y)


def _at(element: V, x: float, y: float) -> V:
    transform = element.transform
    position = transform.position.model_copy(update={"x": round(x, 2), "y": round(y, 2)})
    return cast(V, element.model_copy(update={"transform": transform.model_copy(update={"position": position})}))


#: Where ``place_in_frame`` can put a layer.
PLACES = ("top-left", "top-right", "bottom-left", "bottom-right", "top", "bottom", "left", "right", "center")


def place_in_frame(where: str, size: tuple[float, float], frame: tuple[int, int]) -> tuple[float, float]:
    """Pixels from the centre that put a layer of ``size`` (its pixels on the frame) at ``where`` (one of
    ``PLACES``), inside ``frame`` and ``SAFE`` of its height from each edge it sits by."""
    margin = SAFE * frame[1]
    dx = max(0.0, frame[0] / 2 - margin - size[0] / 2)
    dy = max(0.0, frame[1] / 2 - margin - size[1] / 2)
    x = -dx if "left" in where else dx if "right" in where else 0.0
    y = -dy if "top" in where else dy if "bottom" in where else 0.0
    return round(x, 2), round(y, 2)


def _even(value: float) -> int:
    return max(2, round(value / 2) * 2)
