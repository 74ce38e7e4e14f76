"""The no-overlap rule: on one track, no two elements overlap in time.

Elements touch without overlapping when one ends exactly where the next
starts. Files that already break the rule load fine; ``find_overlaps``
reports them so the views can say so.
"""

from __future__ import annotations

from collections.abc import Iterable

from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.tracks import Track


def track_overlaps(elements: Iterable[Element]) -> list[tuple[str, str]]:
    """Pairs of ids that overlap, found with one sweep over the sorted elements."""
    pairs: list[tuple[str, str]] = []
    active: list[Element] = []
    for element in sorted(elements, key=lambda e: (e.start_time, e.end_time)):
        active = [a for a in active if a.end_time > element.start_time]
        pairs.extend((a.id, element.id) for a in active)
        active.append(element)
    return pairs


def find_overlaps(tracks: Iterable[Track]) -> list[tuple[str, str, str]]:
    """``(track_id, first_id, second_id)`` for every overlapping pair."""
    return [(track.id, a, b) for track in tracks for a, b in track_overlaps(track.elements)]


def conflicts(track: Track, start: int, end: int, ignore: Iterable[str] = ()) -> list[str]:
    """Ids of elements on ``track`` that overlap ``[start, end)``."""
    skip = set(ignore)
    return [e.id for e in track.elements if e.id not in skip and e.start_time < end and start < e.end_time]


def overlap_message(ids: Iterable[str], track_id: str) -> str:
    """The error every tool gives when a placement would overlap."""
    return f"Placement overlaps {', '.join(ids)} on track {track_id}"
