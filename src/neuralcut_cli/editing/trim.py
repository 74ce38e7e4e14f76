"""Trimming a clip's in and out points, as in any editor.

``trimStart`` and ``trimEnd`` are the seconds of source left out at each end.
Changing one moves only that edge of the element, and every source frame
stays at its timeline time::

    source 0-8 s, clip at 10-16 s showing 0-6     trimStart 1  ->  11-16 s showing 1-6
                                                  trimEnd 3    ->  11-15 s showing 1-5

An edge may grow back into unused source unless it would overlap a
neighbour or start before 0. A retimed clip moves its edge by the source
change divided by its speed. Keyframes stay on their frames: a later start
drops the keys before it and shifts the rest.
"""

from __future__ import annotations

from neuralcut_cli.editing.animation import clamp, drop_front, shift
from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.editing.placement import check_free
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.base import copy_with
from neuralcut_cli.project.elements import AudioElement, Element, VideoElement
from neuralcut_cli.project.model import Scene


def trim(scene: Scene, element: Element, trim_start: int | None, trim_end: int | None) -> Scene:
    """``scene`` with ``element``'s edges moved to the new trims (ticks of source)."""
    if not isinstance(element, (VideoElement, AudioElement)):
        raise EditError(f"Element type '{element.type}' has no source to trim (change its timing instead)")
    found = scene.find_element(element.id)
    assert found is not None, element.id
    new_start_trim = element.trim_start if trim_start is None else trim_start
    new_end_trim = element.trim_end if trim_end is None else trim_end
    if new_start_trim + new_end_trim >= element.source_ticks:
        raise EditError(
            f"trimStart and trimEnd would leave nothing of the source ({element.source_ticks / 120_000:g} s long)"
        )
    start = element.start_time + round((new_start_trim - element.trim_start) / element.rate)
    end = element.end_time - round((new_end_trim - element.trim_end) / element.rate)
    if start < 0:
        raise EditError("That trimStart would make the clip start before 0")
    if end <= start:
        raise EditError("trimStart and trimEnd would leave nothing of the clip")
    check_free(found[0], start, end, ignore=[element.id])
    animations = element.animations
    if start > element.start_time:
        animations = drop_front(animations, start - element.start_time, element.duration, new_id)
    elif start < element.start_time:
        animations = shift(animations, element.start_time - start)
    animations = clamp(animations, end - start, new_id)
    trimmed = copy_with(
        element,
        start_time=start,
        duration=end - start,
        trim_start=new_start_trim,
        trim_end=new_end_trim,
        animations=animations,
    )
    return scene.update_element(trimmed)
