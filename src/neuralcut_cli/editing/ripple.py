"""Ripple edits: remove a range and close it, delete and close, close gaps.

::

    remove_range [s, e), ripple        |  A  |xx|  B  |   ->   |  A  |  B  |
    (on the tracks it touches)                                       ^ B moved left by e - s

    close_gaps (one track)             | A |   | B |  | C |  ->  | A | B | C |

Everything after the range moves by the same amount on every track the
removal touches (all tracks by default), so picture, overlays and sound stay
in sync. Shifting left never creates an overlap: what lay after the range
lands after what lay before it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from neuralcut_cli.editing.split import split_track
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import Scene
from neuralcut_cli.project.overlaps import overlap_message, track_overlaps
from neuralcut_cli.project.tracks import Track


@dataclass
class Rippled:
    """What a ripple edit did: the new scene, the ids it removed, cut and moved (with their new starts)."""

    scene: Scene
    removed: list[str] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)
    moved: dict[str, int] = field(default_factory=dict)


def remove_range(
    scene: Scene, start: int, end: int, track_ids: list[str] | None, ripple: bool, new_id: Callable[[], str]
) -> Rippled:
    """Cut ``[start, end)`` out of the named tracks (all when None), closing it when ``ripple``."""
    tracks = _chosen(scene, track_ids)
    out = Rippled(scene)
    layout = scene.tracks
    for track in tracks:
        cut_track, cut_ids = split_track(track, [start, end], new_id)
        out.cut.extend(cut_ids)
        kept: list[Element] = []
        changed = bool(cut_ids)
        for element in cut_track.elements:
            if element.start_time >= start and element.end_time <= end:
                out.removed.append(element.id)
                changed = True
            elif ripple and element.start_time >= end:
                kept.append(element.model_copy(update={"start_time": element.start_time - (end - start)}))
                out.moved[element.id] = element.start_time - (end - start)
                changed = True
            else:
                kept.append(element)
        if changed:
            layout = layout.replace(cut_track.model_copy(update={"elements": tuple(kept)}))
    out.scene = scene.with_tracks(layout)
    return out


def delete_rippled(scene: Scene, ids: list[str]) -> Rippled:
    """Delete ``ids``; on each of their tracks, what follows moves left by the lengths deleted before it."""
    doomed = set(ids)
    out = Rippled(scene, removed=list(ids))
    layout = scene.tracks
    for track in scene.tracks.ordered():
        gone = sorted((e for e in track.elements if e.id in doomed), key=lambda e: e.start_time)
        if not gone:
            continue
        kept: list[Element] = []
        for element in (e for e in track.elements if e.id not in doomed):
            shift = sum(g.duration for g in gone if g.end_time <= element.start_time)
            if shift:
                element = element.model_copy(update={"start_time": element.start_time - shift})
                out.moved[element.id] = element.start_time
            kept.append(element)
        layout = layout.replace(_checked(track, kept))
    out.scene = scene.with_tracks(layout)
    return out


def close_gaps(scene: Scene, track_id: str) -> Rippled:
    """Pull every element of one track left until it touches the one before (the first stays where it is)."""
    track = scene.tracks.find(track_id)
    if track is None:
        raise EditError(f"Track not found: {track_id}")
    out = Rippled(scene)
    ordered = sorted(track.elements, key=lambda e: (e.start_time, e.id))
    cursor: int | None = None
    moved: dict[str, Element] = {}
    for element in ordered:
        if cursor is not None and element.start_time > cursor:
            moved[element.id] = element.model_copy(update={"start_time": cursor})
            out.moved[element.id] = cursor
        cursor = max(cursor or 0, moved.get(element.id, element).end_time)
    if moved:
        kept = [moved.get(e.id, e) for e in track.elements]
        out.scene = scene.with_track(_checked(track, kept))
    return out


def _chosen(scene: Scene, track_ids: list[str] | None) -> list[Track]:
    if track_ids is None:
        return scene.tracks.ordered()
    missing = [t for t in track_ids if scene.tracks.find(t) is None]
    if missing:
        raise EditError(f"Track not found: {', '.join(missing)}")
    wanted = set(track_ids)
    return [t for t in scene.tracks.ordered() if t.id in wanted]


def _checked(track: Track, elements: list[Element]) -> Track:
    """The track with ``elements``, refused if they overlap (a file that already overlapped)."""
    clashes = track_overlaps(elements)
    if clashes:
        raise EditError(overlap_message(dict.fromkeys(i for pair in clashes for i in pair), track.id))
    return track.model_copy(update={"elements": tuple(elements)})
