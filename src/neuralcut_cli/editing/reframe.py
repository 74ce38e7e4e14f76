"""A clip cropped to fill the frame, following its subject: its scale made to cover the canvas, and its
horizontal position written as keyframes (so a person sees and adjusts them with the keyframe tools).

``follow``: ``center`` (the middle of the picture), ``left`` / ``right`` (that edge of the picture at that edge
of the frame), or ``face``, from samples of where the largest face is (``media.face_track``). The face's path is
made calm before it becomes keys, as a camera operator would frame it:

- a sample with no face takes the nearest face of the same shot; a shot with none is framed in the middle;
- within a shot the path is the median of ``SMOOTH`` samples around each, and it moves at most ``SPEED`` of the
  picture's width a second: no jitter, no jump;
- at a shot change the framing starts again (a key that holds to the change, then the new shot's first);
- the keys are the path thinned to where it turns (within ``TOLERANCE`` of the frame's width).
"""

from __future__ import annotations

from collections.abc import Callable
from statistics import median
from typing import Any, cast

from neuralcut_cli.editing.keyframes import keyframe_list, remove, upsert
from neuralcut_cli.project.elements import Element, VideoElement
from neuralcut_cli.time import TICKS_PER_SECOND

NewId = Callable[[], str]
SMOOTH = 7  # samples (1.75 s at 4 a second)
SPEED = 0.25  # of the picture's width a second
TOLERANCE = 0.004  # of the frame's width
Sample = list[float]  # [seconds, x, y, width] of the largest face (fractions of the picture), or [seconds]


def covering_scale(natural: tuple[float, float], canvas: tuple[int, int]) -> float:
    """The transform scale that makes a picture fitted inside the canvas (as the render fits it) cover it."""
    fit = min(canvas[0] / natural[0], canvas[1] / natural[1])
    shown = (natural[0] * fit, natural[1] * fit)
    return max(canvas[0] / shown[0], canvas[1] / shown[1])


def reframed(
    element: VideoElement,
    natural: tuple[float, float],
    canvas: tuple[int, int],
    follow: str,
    track: dict[str, Any] | None,
    new_id: NewId,
) -> tuple[VideoElement, int]:
    """The clip covering the canvas and framed by ``follow``; how many position keys it has."""
    scale = covering_scale(natural, canvas)
    fit = min(canvas[0] / natural[0], canvas[1] / natural[1])
    shown_width = natural[0] * fit * scale
    room = max(0.0, (shown_width - canvas[0]) / 2)  # how far the picture can slide either way
    clip = _without_position_keys(element)
    transform = clip.transform.model_copy(update={"scale_x": round(scale, 5), "scale_y": round(scale, 5)})
    if follow in ("center", "left", "right") or track is None:
        x = {"center": 0.0, "left": room, "right": -room}.get(follow, 0.0)
        position = transform.position.model_copy(update={"x": round(x, 2), "y": 0})
        return clip.model_copy(update={"transform": transform.model_copy(update={"position": position})}), 0
    position = transform.position.model_copy(update={"x": 0, "y": 0})
    clip = clip.model_copy(update={"transform": transform.model_copy(update={"position": position})})
    keys = face_keys(element, track, shown_width, room, canvas[0])
    keyed: Element = clip
    for at, value, step in keys:
        keyed, _ = upsert(keyed, "transform.positionX", at, value, "step" if step else "linear", None, new_id)
    return cast(VideoElement, keyed), len(keys)


def face_keys(
    element: VideoElement, track: dict[str, Any], shown_width: float, room: float, frame_width: int
) -> list[tuple[int, float, bool]]:
    """``(element ticks, position x, holds to the next)`` keys that keep the face in the middle of the frame."""
    start = element.trim_start / TICKS_PER_SECOND
    rate = float(element.rate)
    samples: list[Sample] = track["samples"]
    cuts = [float(t) for t in track["shots"]]
    shots = _shots(samples, cuts)
    keys: list[tuple[int, float, bool]] = []
    for number, shot in enumerate(shots):
        path = _calm([_x(s) for s in shot], 1 / 4)
        points = [
            (
                round((float(s[0]) - start) / rate * TICKS_PER_SECOND),
                round(max(-room, min(room, -(x - 0.5) * shown_width)), 2),
            )
            for s, x in zip(shot, path, strict=True)
        ]
        points = [(t, v) for t, v in points if 0 <= t <= element.duration]
        if not points:
            continue
        thinned = _thinned(points, TOLERANCE * frame_width)
        if keys and number:
            last_t, last_v, _ = keys[-1]
            keys[-1] = (last_t, last_v, True)  # held to the cut, then the new shot's framing
            if thinned[0][0] - 1 > last_t:
                keys.append((thinned[0][0] - 1, last_v, True))
        keys += [(t, v, False) for t, v in thinned]
    return keys


def _shots(samples: list[Sample], cuts: list[float]) -> list[list[Sample]]:
    shots: list[list[Sample]] = [[]]
    bounds = sorted(cuts)
    for sample in samples:
        if bounds and float(sample[0]) >= bounds[0] - 1e-6:
            while bounds and float(sample[0]) >= bounds[0] - 1e-6:
                bounds.pop(0)
            if shots[-1]:
                shots.append([])
        shots[-1].append(sample)
    return [s for s in shots if s]


def _x(sample: Sample) -> float | None:
    return float(sample[1]) if len(sample) >= 2 else None


def _calm(xs: list[float | None], step: float) -> list[float]:
    """The face's x through a shot: gaps from the nearest face, a running median, then a bounded speed."""
    known = {k: x for k, x in enumerate(xs) if x is not None}
    if not known:
        return [0.5] * len(xs)
    filled = [known[min(known, key=lambda k: abs(k - index))] for index in range(len(xs))]
    half = SMOOTH // 2
    smooth = [median(filled[max(0, k - half) : k + half + 1]) for k in range(len(filled))]
    out = [smooth[0]]
    most = SPEED * step
    for value in smooth[1:]:
        out.append(out[-1] + max(-most, min(most, value - out[-1])))
    return out


def _thinned(points: list[tuple[int, float]], tolerance: float) -> list[tuple[int, float]]:
    """The fewest points whose straight lines stay within ``tolerance`` of every point (Ramer-Douglas-Peucker)."""
    if len(points) <= 2:
        return points
    (t0, v0), (t1, v1) = points[0], points[-1]
    worst, where = 0.0, 0
    for index, (t, v) in enumerate(points[1:-1], start=1):
        line = v0 + (v1 - v0) * (t - t0) / (t1 - t0) if t1 != t0 else v0
        if abs(v - line) > worst:
            worst, where = abs(v - line), index
    if worst <= tolerance:
        return [points[0], points[-1]]
    return _thinned(points[: where + 1], tolerance)[:-1] + _thinned(points[where:], tolerance)


def _without_position_keys(element: VideoElement) -> VideoElement:
    cleared: Element = element
    for key in keyframe_list(element):
        if key["propertyPath"] in ("transform.positionX", "transform.positionY"):
            cleared = remove(cleared, key["propertyPath"], key["id"])
    return cast(VideoElement, cleared)
