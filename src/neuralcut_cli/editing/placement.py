"""Putting elements on tracks without breaking the no-overlap rule.

Where a tool may choose the track, it takes the first track of the right
kind that is free over the element's range (overlays are searched top
first), or adds one: overlay tracks on top of the overlays, audio tracks
below the last audio track.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.base import mark_all_set
from neuralcut_cli.project.elements import Element, placement_error
from neuralcut_cli.project.model import Scene
from neuralcut_cli.project.overlaps import conflicts, overlap_message
from neuralcut_cli.project.tracks import (
    AudioTrack,
    EffectTrack,
    GraphicTrack,
    TextTrack,
    Track,
    VideoTrack,
)

_TRACK_CLASSES = {
    "video": VideoTrack,
    "text": TextTrack,
    "graphic": GraphicTrack,
    "effect": EffectTrack,
    "audio": AudioTrack,
}
_TRACK_NAMES = {
    "video": "Video track",
    "text": "Text track",
    "graphic": "Sticker track",
    "effect": "Effect track",
    "audio": "Audio track",
}


def new_track(track_type: str) -> Track:
    fields: dict[str, Any] = {"id": new_id(), "name": _TRACK_NAMES[track_type], "type": track_type, "elements": ()}
    if track_type in ("video", "audio"):
        fields["muted"] = False
    if track_type != "audio":
        fields["hidden"] = False
    return cast(Track, mark_all_set(_TRACK_CLASSES[track_type](**fields)))


def check_free(track: Track, start: int, end: int, ignore: Iterable[str] = ()) -> None:
    """Raise the overlap error if ``[start, end)`` is taken on ``track``."""
    taken = conflicts(track, start, end, ignore)
    if taken:
        raise EditError(overlap_message(taken, track.id))


def check_pairing(element_type: str, track: Track) -> None:
    problem = placement_error(element_type, track.type)
    if problem:
        raise EditError(problem)


def insert_in_order(elements: list[Element], element: Element) -> None:
    """Insert ``element`` before the first element that starts after it.

    The others keep their order, so a file that was not in time order is
    not reshuffled (and its diff stays one insertion).
    """
    index = next((n for n, e in enumerate(elements) if e.start_time > element.start_time), len(elements))
    elements.insert(index, element)


def insert(track: Track, element: Element) -> Track:
    """``track`` with ``element`` added at its place in time."""
    elements = list(track.elements)
    insert_in_order(elements, element)
    return track.model_copy(update={"elements": tuple(elements)})


def place_on_track(scene: Scene, track: Track, element: Element) -> Scene:
    """Put ``element`` on a named track, refusing bad pairings and overlaps."""
    check_pairing(element.type, track)
    check_free(track, element.start_time, element.end_time)
    return scene.with_track(insert(track, element))


def place_auto(scene: Scene, element: Element, track_type: str) -> tuple[Scene, Track]:
    """Put ``element`` on the first free ``track_type`` track, or on a new one.

    The main track is never chosen: it is only used when named.
    """
    tracks = scene.tracks.audio if track_type == "audio" else scene.tracks.overlay
    for track in tracks:
        if track.type == track_type and not conflicts(track, element.start_time, element.end_time):
            placed = insert(track, element)
            return scene.with_track(placed), placed
    track = insert(new_track(track_type), element)
    if track_type == "audio":
        layout = scene.tracks.add_audio_below(track)
    else:
        layout = scene.tracks.add_overlay_on_top(track)
    return scene.with_tracks(layout), track
