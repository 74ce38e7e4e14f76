"""``add_text`` and ``update_text``."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field
from pydantic.json_schema import SkipJsonSchema

from neuralcut_cli.editing.builders import text_element, text_y
from neuralcut_cli.editing.placement import place_auto
from neuralcut_cli.editing.text import restyle
from neuralcut_cli.editing.text import update_text as update_text_element
from neuralcut_cli.editing.timing import resolve_range
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.elements import TextElement
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import seconds_to_ticks
from neuralcut_cli.tools.common import Id, Seconds
from neuralcut_cli.tools.definition import (
    Hints,
    ProjectEdit,
    ToolContext,
    ToolError,
    tool,
)
from neuralcut_cli.tools.outputs import Placed, UpdateTextOutput
from neuralcut_cli.tools.text_style import TextStyleArgs

Position = Literal["top", "center", "bottom"]
Placement = Literal["top", "center", "bottom", "top-left", "top-right", "bottom-left", "bottom-right"]
#: A corner: its row, and the side (-1 left, 1 right) the block is pushed to, ``MARGIN`` of the width from the edge.
CORNERS = {
    "top-left": ("top", -1),
    "top-right": ("top", 1),
    "bottom-left": ("bottom", -1),
    "bottom-right": ("bottom", 1),
}
MARGIN = 0.05


class AddTextArgs(TextStyleArgs):
    text: Annotated[str, Field(description="The text to show.")]
    start: Annotated[Seconds, Field(description="Start in seconds.")]
    end: Annotated[Seconds, Field(description="End in seconds (after start).")]
    position: Annotated[Position, Field(description="Vertical placement; center when omitted.")] = "center"
    style: Annotated[
        Literal["plain", "subtitle", "hook", "label"],
        Field(description="Preset: plain (default), subtitle, hook (big, bold) or label."),
    ] = "plain"
    errors: ClassVar = {
        "text": "Text is required",
        "start": "Invalid time range",
        "end": "Invalid time range",
        "position": "Invalid text position",
        "style": "Invalid text style",
    }

    def check(self) -> None:
        if not self.text.strip():
            raise ToolError("Text is required")
        if seconds_to_ticks(self.start) >= seconds_to_ticks(self.end):
            raise ToolError("Invalid time range")


@tool("add_text", AddTextArgs, kind="edit", group="core", hints=Hints(destructive=False))
def add_text(project: Project, args: AddTextArgs, ctx: ToolContext) -> ProjectEdit[Placed]:
    """Add text from `start` to `end` (s) at the top, center or bottom, with optional style (colour, font,
    alignment, position, background box). Only when the user asks for text."""
    element = text_element(
        project, args.text, seconds_to_ticks(args.start), seconds_to_ticks(args.end), args.position, args.style
    )
    element = restyle(element, args.overrides())  # type: ignore[arg-type]
    scene, track = place_auto(project.scene, element, "text")
    return project.with_scene(scene), {"elementId": element.id, "trackId": track.id}


class UpdateTextArgs(TextStyleArgs):
    # Derived from elementId, so left out of the schema (issue 30 §3); still checked when given.
    track_id: SkipJsonSchema[Id | None] = None
    element_id: Annotated[Id | None, Field(description="elementId of one text element.")] = None
    element_ids: Annotated[
        list[Id] | None,
        Field(min_length=1, description="Several text elementIds to change at once (style and content only)."),
    ] = None
    text: Annotated[str | None, Field(description="New text.")] = None
    content: Annotated[str | None, Field(description="New text (the same as `text`).")] = None
    start: Annotated[Seconds | None, Field(description="New start in seconds (one element).")] = None
    end: Annotated[Seconds | None, Field(description="New end in seconds (one element).")] = None
    position: Annotated[Placement | None, Field(description="New placement (a corner also moves it sideways).")] = None
    text_decoration: Literal["none", "underline", "line-through", "overline"] | None = None
    errors: ClassVar = {
        "track_id": "Text element not found",
        "element_id": "Text element not found",
        "element_ids": 'elementIds must be a non-empty JSON array of strings, e.g. ["id1","id2"]',
        "text": "Text is required",
        "content": "content must be a non-empty string",
        "start": "Invalid time range",
        "end": "Invalid time range",
        "position": "Invalid text position",
        "text_decoration": "Invalid textDecoration",
    }
    default_error: ClassVar = "Text element not found"

    def overrides(self) -> dict[str, Any]:
        out = super().overrides()
        if self.text_decoration is not None:
            out["text_decoration"] = self.text_decoration
        return out

    def check(self) -> None:
        if self.element_id is None and self.element_ids is None:
            raise ToolError("Text element not found")
        if self.text is not None and not self.text.strip():
            raise ToolError("Text is required")
        if self.content is not None and not self.content.strip():
            raise ToolError("content must be a non-empty string")
        if (
            self.start is not None
            and self.end is not None
            and seconds_to_ticks(self.start) >= seconds_to_ticks(self.end)
        ):
            raise ToolError("Invalid time range")
        if self.element_ids is not None and (self.start is not None or self.end is not None):
            raise ToolError("start and end change one element: give elementId")


@tool("update_text", UpdateTextArgs, kind="edit", group="text", hints=Hints(destructive=False, idempotent=True))
def update_text(project: Project, args: UpdateTextArgs, ctx: ToolContext) -> ProjectEdit[UpdateTextOutput]:
    """Change existing text: one element (elementId: its text,
    start/end in seconds, position top/center/bottom or a corner, underline) or several at once
    (elementIds: text and style). Style overrides as in add_text. Only the
    fields you pass change."""
    if args.element_ids is not None:
        return _update_many(project, args)
    found = project.scene.find_element(args.element_id) if args.element_id else None
    element = found[1] if found is not None and args.track_id in (None, found[0].id) else None
    if element is None:
        raise ToolError("Text element not found")
    if element.type != "text":
        raise ToolError("Element is not text")
    start = None if args.start is None else seconds_to_ticks(args.start)
    end = None if args.end is None else seconds_to_ticks(args.end)
    if start is not None or end is not None:
        try:
            resolve_range(element, start, end, None)
        except EditError:
            raise ToolError("Invalid time range") from None
    style, position = args.overrides(), args.position
    if position in CORNERS:
        style.update(_corner(project, element, position, style))
        position = None
    scene = update_text_element(
        project.scene,
        element,
        project.settings.canvas_size.height,
        args.text if args.text is not None else args.content,
        position,
        start,
        end,
        style,
    )
    return project.with_scene(scene), {"success": True, "elementId": element.id}


def _corner(project: Project, element: TextElement, corner: str, style: dict[str, Any]) -> dict[str, float]:
    """The centre that puts the text block (as the renderer lays it out, with the new style) in ``corner``."""
    from neuralcut_cli.render.text import text_block

    size = project.settings.canvas_size
    left, _, right, _ = text_block(restyle(element, style), (size.width, size.height))
    row, side = CORNERS[corner]
    x = side * max(0.0, size.width / 2 - MARGIN * size.width - (right - left) / 2)
    return {"position_x": round(x, 2), "position_y": text_y(row, size.height)}


def _update_many(project: Project, args: UpdateTextArgs) -> ProjectEdit[UpdateTextOutput]:
    """Every text element of ``elementIds`` (others are listed as skipped); one undo step."""
    scene, skipped = project.scene, []
    updated: list[Placed] = []
    for element_id in dict.fromkeys(args.element_ids or []):
        found = scene.find_element(element_id)
        if found is None or found[1].type != "text":
            skipped.append(element_id)
            continue
        scene = update_text_element(
            scene,
            found[1],
            project.settings.canvas_size.height,
            args.text if args.text is not None else args.content,
            args.position,
            style=args.overrides(),
        )
        updated.append({"elementId": element_id, "trackId": found[0].id})
    if not updated:
        raise ToolError(f"No text element among: {', '.join(skipped)}")
    return project.with_scene(scene), {"success": True, "updated": updated, "skipped": skipped}
