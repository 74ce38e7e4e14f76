"""Duplicating elements: copies at the same times, on new tracks above.

For each track that holds some of the elements, one new track of the same
type takes their copies (a new overlay at the top for video, text, graphic
and effect tracks, main-track clips included; a new audio track right below
the main track for audio), so a copy never collides with anything. A copy
has a new id, its name followed by " (copy)", and keyframes with new ids.
"""

from __future__ import annotations

from collections.abc import Callable

from neuralcut_cli.editing.animation import with_new_ids
from neuralcut_cli.editing.placement import new_track
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.base import copy_with
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import Scene
from neuralcut_cli.project.tracks import Track


def duplicate_elements(scene: Scene, ids: list[str], new_id: Callable[[], str]) -> tuple[Scene, list[tuple[str, str]]]:
    """The scene with copies of ``ids``; ``[(copy id, its track id)]`` in the order of ``ids``."""
    by_track: dict[str, list[Element]] = {}
    missing = []
    for element_id in ids:
        found = scene.find_element(element_id)
        if found is None:
            missing.append(element_id)
            continue
        by_track.setdefault(found[0].id, []).append(found[1])
    if missing:
        raise EditError(f"Timeline elements not found: {', '.join(missing)}")
    layout = scene.tracks
    placed: dict[str, tuple[str, str]] = {}
    for track_id, originals in by_track.items():
        source = scene.tracks.get(track_id)
        copies = [_copy(e, new_id) for e in sorted(originals, key=lambda e: e.start_time)]
        track: Track = new_track(source.type).model_copy(update={"elements": tuple(copies)})
        layout = layout.add_audio_first(track) if source.type == "audio" else layout.add_overlay_on_top(track)
        for original, copy in zip(sorted(originals, key=lambda e: e.start_time), copies, strict=True):
            placed[original.id] = (copy.id, track.id)
    return scene.with_tracks(layout), [placed[i] for i in dict.fromkeys(ids)]


def _copy(element: Element, new_id: Callable[[], str]) -> Element:
    name = f"{element.name} (copy)" if element.name else element.name
    return copy_with(element, id=new_id(), name=name, animations=with_new_ids(element.animations, new_id))
