"""Splitting: cut every element that a time falls strictly inside.

::

    |   A   |     B     |        split at t (inside B)
    |   A   |  B  | B'  |        B keeps its id, B' is new

Media pieces move their trims so that no source content is lost: the left
piece gains ``trimEnd``, the right piece gains ``trimStart``. Images, text,
stickers and effects have no source and move no trims. A time on an existing
boundary cuts nothing, so splitting twice at the same time is a no-op.

Each track is walked once with a binary search over the sorted times:
``O(elements * log(times) + pieces)``.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable
from typing import Any

from neuralcut_cli.editing.animation import cut
from neuralcut_cli.project.base import copy_with
from neuralcut_cli.project.elements import Element, _MediaBase
from neuralcut_cli.project.model import Scene
from neuralcut_cli.project.tracks import Track

_MEDIA_WITH_SOURCE = ("video", "audio")


def cut_element(element: Element, cuts: list[int], new_id: Callable[[], str]) -> list[Element]:
    """``element`` cut at ``cuts`` (sorted, strictly inside it).

    A retimed clip moves its trims by source ticks (timeline ticks times its
    speed); keyframes are cut so each piece looks as the element did there.
    """
    bounds = [element.start_time, *cuts, element.end_time]
    rate = element.rate if isinstance(element, _MediaBase) else 1.0
    animations = element.animations
    pieces = []
    for index, (a, b) in enumerate(zip(bounds, bounds[1:], strict=False)):
        update: dict[str, Any] = {"start_time": a, "duration": b - a}
        if index:
            update["id"] = new_id()
        if element.type in _MEDIA_WITH_SOURCE:
            update["trim_start"] = element.trim_start + round((a - element.start_time) * rate)
            update["trim_end"] = element.trim_end + round((element.end_time - b) * rate)
        if animations is not None:
            update["animations"], animations = (
                cut(animations, b - a, element.end_time - a, new_id) if b < element.end_time else (animations, None)
            )
        pieces.append(copy_with(element, **update))
    return pieces


def split_track(
    track: Track, times: list[int], new_id: Callable[[], str], only: frozenset[str] | None = None
) -> tuple[Track, list[str]]:
    """The track with every element (of ``only``, when given) cut at ``times`` (sorted, unique)."""
    changed = False
    out: list[Element] = []
    affected: list[str] = []
    for element in track.elements:
        if only is not None and element.id not in only:
            out.append(element)
            continue
        low = bisect_right(times, element.start_time)
        high = bisect_left(times, element.end_time)
        if low >= high:
            out.append(element)
            continue
        pieces = cut_element(element, times[low:high], new_id)
        out.extend(pieces)
        affected.extend(piece.id for piece in pieces)
        changed = True
    if not changed:
        return track, []
    return track.model_copy(update={"elements": tuple(out)}), affected


def split_scene(
    scene: Scene, times: Iterable[int], new_id: Callable[[], str], only: Iterable[str] | None = None
) -> tuple[Scene, list[str]]:
    """Split every track (or only the elements ``only`` names); return the new scene and the cut originals plus
    new pieces."""
    ordered = sorted(set(times))
    chosen = None if only is None else frozenset(only)
    layout = scene.tracks
    affected: list[str] = []
    for track in scene.tracks.ordered():
        new_track, ids = split_track(track, ordered, new_id, chosen)
        if ids:
            layout = layout.replace(new_track)
            affected.extend(ids)
    if not affected:
        return scene, []
    return scene.with_tracks(layout), affected
