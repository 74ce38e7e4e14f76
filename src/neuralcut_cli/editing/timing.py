"""Changing when an element starts and how long it lasts.

* ``start`` alone moves the element and keeps its duration;
* ``end`` or ``duration`` alone keeps the start and changes the length;
* ``end`` with ``duration`` must agree with the (new or current) start.

A video or audio element grows or shrinks by moving ``trimEnd``, so it can
grow back up to ``sourceDuration - trimStart`` and never past it.
"""

from __future__ import annotations

from typing import Any

from neuralcut_cli.editing.animation import clamp
from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.editing.placement import check_free
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.base import copy_with
from neuralcut_cli.project.elements import AudioElement, Element, VideoElement
from neuralcut_cli.project.model import Scene


def resolve_range(current: Element, start: int | None, end: int | None, duration: int | None) -> tuple[int, int]:
    """``(start, end)`` in ticks after applying the rules above."""
    new_start = current.start_time if start is None else start
    if end is not None and duration is not None and end - new_start != duration:
        raise EditError("Conflicting timing values")
    if end is not None:
        new_end = end
    elif duration is not None:
        new_end = new_start + duration
    elif start is not None:
        new_end = new_start + current.duration
    else:
        new_end = current.end_time
    if new_end <= new_start:
        raise EditError("Invalid time range")
    return new_start, new_end


def retime_in_scene(scene: Scene, element: Element, start: int, end: int) -> Scene:
    """``scene`` with ``element`` on ``[start, end)``, refused if it would overlap a neighbour."""
    found = scene.find_element(element.id)
    assert found is not None, element.id
    updated = retime(element, start, end)
    check_free(found[0], start, end, ignore=[element.id])
    return scene.update_element(updated)


def retime(element: Element, start: int, end: int) -> Element:
    """``element`` placed on ``[start, end)``; media keep their trimStart (a retimed clip uses
    ``duration * rate`` ticks of its source); keyframes past a new, shorter end go."""
    duration = end - start
    update: dict[str, Any] = {"start_time": start, "duration": duration}
    if isinstance(element, (VideoElement, AudioElement)):
        available = element.source_ticks - element.trim_start
        shown = round(duration * element.rate)
        if shown > available:
            raise EditError("Duration exceeds source duration")
        update["trim_end"] = available - shown
    if duration < element.duration:
        update["animations"] = clamp(element.animations, duration, new_id)
    return copy_with(element, **update)
