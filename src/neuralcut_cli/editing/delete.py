"""Deleting elements by id; gaps stay where they were.

::

    |  A  |  B  |  C  |    delete B    |  A  |     |  C  |
"""

from __future__ import annotations

from neuralcut_cli.errors import EditError
from neuralcut_cli.project.model import Scene


def locate(scene: Scene, ids: list[str]) -> tuple[dict[str, str], list[str]]:
    """``(element id -> track id, missing ids)`` for ``ids`` in one pass."""
    wanted = set(ids)
    found: dict[str, str] = {}
    for track in scene.tracks.ordered():
        for element in track.elements:
            if element.id in wanted:
                found[element.id] = track.id
    return found, [i for i in ids if i not in found]


def delete_elements(scene: Scene, ids: list[str]) -> Scene:
    """The scene without ``ids``; refuses (changing nothing) if any is missing."""
    found, missing = locate(scene, ids)
    if missing:
        raise EditError(f"Timeline elements not found: {', '.join(missing)}")
    doomed = set(ids)
    layout = scene.tracks
    for track_id in set(found.values()):
        track = layout.get(track_id)
        kept = tuple(e for e in track.elements if e.id not in doomed)
        layout = layout.replace(track.model_copy(update={"elements": kept}))
    return scene.with_tracks(layout)
