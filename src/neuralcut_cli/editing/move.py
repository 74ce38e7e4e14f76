"""Moving a group of elements in time, optionally to another track.

::

    |A|  |B|            move [A, B] to t         |A|  |B|
    ^ earliest                                   ^ t   (offsets kept)

The earliest element lands on ``start``; the others keep their offsets. A
group moved to one track must not overlap the elements already there, nor
each other.
"""

from __future__ import annotations

from dataclasses import dataclass

from neuralcut_cli.editing.placement import check_pairing, insert_in_order
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import Scene
from neuralcut_cli.project.overlaps import conflicts, overlap_message, track_overlaps


@dataclass(frozen=True)
class Moved:
    element: Element
    track_id: str


def move_elements(
    scene: Scene, ids: list[str], start: int, target_track_id: str | None = None
) -> tuple[Scene, list[Moved]]:
    origin: dict[str, tuple[str, Element]] = {}
    for track in scene.tracks.ordered():
        for element in track.elements:
            origin[element.id] = (track.id, element)
    missing = [i for i in ids if i not in origin]
    if missing:
        raise EditError(f"Timeline elements not found: {', '.join(missing)}")
    target = None
    if target_track_id is not None:
        target = scene.tracks.find(target_track_id)
        if target is None:
            raise EditError(f"Target track not found: {target_track_id}")
        for element_id in ids:
            check_pairing(origin[element_id][1].type, target)
    earliest = min(origin[i][1].start_time for i in ids)
    moved = [
        Moved(
            origin[i][1].model_copy(update={"start_time": start + origin[i][1].start_time - earliest}),
            target.id if target else origin[i][0],
        )
        for i in ids
    ]
    return _commit(scene, origin, moved), moved


def _commit(scene: Scene, origin: dict[str, tuple[str, Element]], moved: list[Moved]) -> Scene:
    moving = {m.element.id for m in moved}
    layout = scene.tracks
    touched = {origin[m.element.id][0] for m in moved} | {m.track_id for m in moved}
    arrivals: dict[str, list[Element]] = {}
    for m in moved:
        arrivals.setdefault(m.track_id, []).append(m.element)
    for track_id in [t.id for t in scene.tracks.ordered() if t.id in touched]:
        track = layout.get(track_id)
        stay = [e for e in track.elements if e.id not in moving]
        incoming = arrivals.get(track_id, [])
        clashes: dict[str, None] = {}
        for element in incoming:
            clashes.update(dict.fromkeys(conflicts(track, element.start_time, element.end_time, moving)))
        for a, b in track_overlaps(incoming):
            clashes.update({a: None, b: None})
        if clashes:
            raise EditError(overlap_message(clashes, track_id))
        elements = stay
        for element in incoming:
            insert_in_order(elements, element)
        layout = layout.replace(track.model_copy(update={"elements": tuple(elements)}))
    return scene.with_tracks(layout)
