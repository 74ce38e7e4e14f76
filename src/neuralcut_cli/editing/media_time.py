"""Source time (where a moment is in the media file) and timeline time (where it plays), through an element's
trim and speed, and the cuts that remove silent stretches from it.

::

    source    0 ──── trimStart ═════════════ trimStart + duration x rate ──── sourceDuration
    timeline              start ══════════ start + duration          (rate 2: half as long)
"""

from __future__ import annotations

from neuralcut_cli.project.elements import Element
from neuralcut_cli.time import TICKS_PER_SECOND

Range = tuple[float, float]


def used_source(element: Element) -> Range:
    """The part of its source an element plays, in source seconds."""
    rate = getattr(element, "rate", 1.0)
    start = getattr(element, "trim_start", 0) / TICKS_PER_SECOND
    return start, start + element.duration * rate / TICKS_PER_SECOND


def to_timeline(element: Element, source_seconds: float) -> float:
    """Where a source moment plays on the timeline (seconds)."""
    used_start, _ = used_source(element)
    return (element.start_time / TICKS_PER_SECOND) + (source_seconds - used_start) / getattr(element, "rate", 1.0)


def silence_cuts(element: Element, silences: list[Range], padding: float) -> list[Range]:
    """Timeline ranges to remove: each silence (already long enough, measured whole) less ``padding`` at each
    edge where sound meets it, within the part of the source the element plays. A clip that begins or ends in
    silence loses all of it there: nothing is said on that side to give room to."""
    used_start, used_end = used_source(element)
    cuts = []
    for start, end in silences:
        head = used_start if start <= used_start + 1e-6 else start + padding
        tail = used_end if end >= used_end - 1e-6 else end - padding
        start, end = max(head, used_start), min(tail, used_end)
        if end - start > 1e-6:
            cuts.append((to_timeline(element, start), to_timeline(element, end)))
    return cuts


def merged(ranges: list[Range], tolerance: float = 1e-6) -> list[Range]:
    """Ranges sorted, with overlapping or touching ones joined."""
    out: list[Range] = []
    for start, end in sorted(ranges):
        if out and start <= out[-1][1] + tolerance:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out
