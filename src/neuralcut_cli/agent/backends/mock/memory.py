"""What "it" means when the last thing touched is not an element: a fade, a transition, a track.

A plan's ``Done.targets`` (what the next "it" means, kept across requests as the reply's ``subjects``) are element
ids, or tagged: ``fade-in:<element id>``, ``fade-out:<element id>``, ``transition:<incoming clip id>``,
``track:<track id>``. A tag never matches an element, so after a fade "make it red" is refused (which do you
mean?) while "make it 3 seconds" changes the fade, never the clip's length.
"""

from __future__ import annotations

from collections.abc import Iterable


def fade_tag(side: str, element_id: str) -> str:
    return f"fade-{side}:{element_id}"


def transition_tag(into: str) -> str:
    return f"transition:{into}"


def track_tag(track_id: str) -> str:
    return f"track:{track_id}"


def tagged(memory: Iterable[str], kind: str) -> list[str]:
    """The values of ``memory``'s subjects tagged ``kind`` (``fade-in``, ``fade-out``, ``transition``, ``track``)."""
    prefix = f"{kind}:"
    return [subject[len(prefix) :] for subject in memory if subject.startswith(prefix)]


def has_tags(memory: Iterable[str]) -> bool:
    return any(":" in subject for subject in memory)
