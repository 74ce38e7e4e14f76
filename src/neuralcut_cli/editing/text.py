"""Changing a text element: its words, its vertical place, its time range.

::

    | A |  "Day one"  | B |  -> content "Day two", start 2s ->  | A |  "Day two" | B |

Only what is given changes; a new range must leave the track free of
overlaps (``EditError`` otherwise, with nothing changed).
"""

from __future__ import annotations

from neuralcut_cli.editing.builders import text_y
from neuralcut_cli.editing.placement import check_free
from neuralcut_cli.editing.timing import resolve_range
from neuralcut_cli.project.elements import TextElement
from neuralcut_cli.project.model import Scene


def update_text(scene: Scene, element: TextElement, canvas_height: int, content: str | None = None,
                position: str | None = None, start: int | None = None, end: int | None = None) -> Scene:
    """``scene`` with ``element`` changed as asked (``position``: top, center or bottom)."""
    found = scene.find_element(element.id)
    assert found is not None, element.id
    track = found[0]
    update: dict[str, object] = {}
    if content is not None:
        update["content"] = content
    if position is not None:
        point = element.transform.position.model_copy(update={"y": text_y(position, canvas_height)})
        update["transform"] = element.transform.model_copy(update={"position": point})
    if start is not None or end is not None:
        new_start, new_end = resolve_range(element, start, end, None)
        check_free(track, new_start, new_end, ignore=[element.id])
        update.update(start_time=new_start, duration=new_end - new_start)
    if not update:
        return scene
    return scene.update_element(element.model_copy(update=update))
