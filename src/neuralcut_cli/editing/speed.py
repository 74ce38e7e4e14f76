"""Speed: play clips faster or slower (``retime``).

A clip keeps its start and the part of its source it shows; its duration
becomes that source length divided by the rate (6 s of source at 2x lasts
3 s). Growing is refused where it would overlap the next element. Keyframes
past a new, shorter end go (as OpenCut does).
"""

from __future__ import annotations

from typing import Any

from neuralcut_cli.editing.animation import clamp
from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.editing.placement import check_free
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.base import copy_with
from neuralcut_cli.project.elements import MAX_RATE, MIN_RATE, AudioElement, Retime, VideoElement
from neuralcut_cli.project.model import Scene


def set_speed(
    scene: Scene, ids: list[str], rate: float, maintain_pitch: bool, ripple: bool = False
) -> tuple[Scene, list[str]]:
    """``scene`` with every element of ``ids`` at ``rate``; returns the scene and the track of each.

    ``ripple``: what starts at or after a clip's old end, on every track, moves by the time the clip gained or
    lost, so later clips and what sits over them keep their places relative to each other::

        before   [intro 6 s][beach]        title over beach:      [T]
        0.5x     [intro 12 s        ][beach]                           [T]
    """
    if not MIN_RATE <= rate <= MAX_RATE:
        raise EditError(f"rate must be between {MIN_RATE:g} and {MAX_RATE:g}")
    tracks: list[str] = []
    for element_id in ids:
        found = scene.find_element(element_id)
        if found is None:
            raise EditError(f"Timeline elements not found: {element_id}")
        track, element = found
        if not isinstance(element, (VideoElement, AudioElement)):
            raise EditError(f"Element type '{element.type}' does not support speed")
        duration = max(1, round(element.shown_ticks / rate))
        if ripple:
            scene = shift_from(scene, element.end_time, duration - element.duration, keep=element.id)
            track = scene.tracks.get(track.id)
        check_free(track, element.start_time, element.start_time + duration, ignore=[element.id])
        retime = Retime(rate=rate, maintain_pitch=maintain_pitch) if rate != 1 else None
        update: dict[str, Any] = {
            "duration": duration,
            "retime": retime,
            "trim_end": max(0, element.source_ticks - element.trim_start - round(duration * rate)),
        }
        if duration < element.duration:
            update["animations"] = clamp(element.animations, duration, new_id)
        scene = scene.update_element(copy_with(element, **update))
        tracks.append(track.id)
    return scene, tracks


def shift_from(scene: Scene, time: int, delta: int, keep: str = "") -> Scene:
    """Every element that starts at or after ``time`` (but ``keep``) moved by ``delta`` ticks, refused where it
    would land on another element or before 0."""
    for track in scene.tracks.ordered():
        moving = [e for e in track.elements if e.start_time >= time and e.id != keep]
        if not moving or not delta:
            continue
        staying = [e for e in track.elements if e not in moving]
        moved = [copy_with(e, start_time=e.start_time + delta) for e in moving]
        for element in moved:
            if element.start_time < 0:
                raise EditError(f"{element.id} would start before 0")
            check_free(
                track.model_copy(update={"elements": tuple(staying)}),
                element.start_time,
                element.end_time,
                ignore=[keep],
            )
        scene = scene.with_track(track.model_copy(update={"elements": tuple(staying + moved)}))
    return scene
