"""Speed: play clips faster or slower (``retime``).

A clip keeps its start and the part of its source it shows; its duration
becomes that source length divided by the rate (6 s of source at 2x lasts
3 s). Growing is refused where it would overlap the next element. Keyframes
past a new, shorter end go (as OpenCut does).
"""

from __future__ import annotations

from typing import Any

from neuralcut_cli.editing.animation import clamp
from neuralcut_cli.editing.placement import check_free, new_id
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.base import copy_with
from neuralcut_cli.project.elements import MAX_RATE, MIN_RATE, AudioElement, Retime, VideoElement
from neuralcut_cli.project.model import Scene


def set_speed(scene: Scene, ids: list[str], rate: float, maintain_pitch: bool) -> tuple[Scene, list[str]]:
    """``scene`` with every element of ``ids`` at ``rate``; returns the scene and the track of each."""
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
        shown = element.shown_ticks
        duration = max(1, round(shown / rate))
        check_free(track, element.start_time, element.start_time + duration, ignore=[element.id])
        retime = Retime(rate=rate, maintain_pitch=maintain_pitch) if rate != 1 else None
        update: dict[str, Any] = {"duration": duration, "retime": retime,
                  "trim_end": max(0, element.source_ticks - element.trim_start - round(duration * rate))}
        if duration < element.duration:
            update["animations"] = clamp(element.animations, duration, new_id)
        scene = scene.update_element(copy_with(element, **update))
        tracks.append(track.id)
    return scene, tracks
