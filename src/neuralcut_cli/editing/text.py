"""Changing a text element: its words, its vertical place, its time range.

::

    | A |  "Day one"  | B |  -> content "Day two", start 2s ->  | A |  "Day two" | B |

Only what is given changes; a new range must leave the track free of
overlaps (``EditError`` otherwise, with nothing changed).
"""

from __future__ import annotations

from typing import Any

from neuralcut_cli.editing.builders import text_y
from neuralcut_cli.editing.placement import check_free
from neuralcut_cli.editing.timing import resolve_range
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.base import validated
from neuralcut_cli.project.elements import TextElement
from neuralcut_cli.project.model import Scene


def restyle(element: TextElement, style: dict[str, Any]) -> TextElement:
    """``element`` with style overrides (field names; ``position_x``/``position_y`` move it, ``background``
    holds the box's fields to change)."""
    update = {k: v for k, v in style.items() if k not in ("position_x", "position_y", "background")}
    if "position_x" in style or "position_y" in style:
        point = element.transform.position.model_copy(
            update={axis: style[f"position_{axis}"] for axis in "xy" if f"position_{axis}" in style}
        )
        update["transform"] = element.transform.model_copy(update={"position": point})
    if "background" in style:
        update["background"] = element.background.model_copy(update=style["background"])
    if not update:
        return element
    try:
        return validated(element, **update)
    except ValueError as exc:
        raise EditError(f"That would make an invalid text element: {str(exc).replace('Value error, ', '')}") from None


def update_text(
    scene: Scene,
    element: TextElement,
    canvas_height: int,
    content: str | None = None,
    position: str | None = None,
    start: int | None = None,
    end: int | None = None,
    style: dict[str, Any] | None = None,
) -> Scene:
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
    changed = element.model_copy(update=update) if update else element
    changed = restyle(changed, style or {})
    return scene if changed is element else scene.update_element(changed)
