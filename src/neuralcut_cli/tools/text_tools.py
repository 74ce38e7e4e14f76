"""``add_text`` and ``update_text``."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from neuralcut_cli.editing.builders import text_element
from neuralcut_cli.editing.placement import place_auto
from neuralcut_cli.editing.text import update_text as update_text_element
from neuralcut_cli.editing.timing import resolve_range
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import seconds_to_ticks
from neuralcut_cli.tools.common import Id, Seconds
from neuralcut_cli.tools.definition import (
    ProjectEdit,
    ToolArgs,
    ToolContext,
    ToolError,
    tool,
)

Position = Literal["top", "center", "bottom"]


class AddTextArgs(ToolArgs):
    text: Annotated[str, Field(description="The text to show.")]
    start: Annotated[Seconds, Field(description="Start in seconds.")]
    end: Annotated[Seconds, Field(description="End in seconds (after start).")]
    position: Annotated[Position, Field(description="Vertical placement; center when omitted.")] = "center"
    style: Annotated[Literal["plain", "subtitle", "hook", "label"],
                     Field(description="Preset: plain (default), subtitle, hook (big, bold) or label.")] = "plain"
    errors: ClassVar = {"text": "Text is required", "start": "Invalid time range", "end": "Invalid time range",
                        "position": "Invalid text position", "style": "Invalid text style"}

    def check(self) -> None:
        if not self.text.strip():
            raise ToolError("Text is required")
        if seconds_to_ticks(self.start) >= seconds_to_ticks(self.end):
            raise ToolError("Invalid time range")


@tool("add_text", AddTextArgs, kind="edit")
def add_text(project: Project, args: AddTextArgs, ctx: ToolContext) -> ProjectEdit:
    """Add a text element (title, hook, label or basic subtitle) from `start`
    to `end` seconds, at the top, center or bottom of the frame. It goes on
    the first text track free over that range, or a new one on top. Only add
    text when the user asks for it."""
    element = text_element(project, args.text, seconds_to_ticks(args.start), seconds_to_ticks(args.end),
                           args.position, args.style)
    scene, track = place_auto(project.scene, element, "text")
    return project.with_scene(scene), {"elementId": element.id, "trackId": track.id}


class UpdateTextArgs(ToolArgs):
    track_id: Annotated[Id, Field(description="trackId of the text's track.")]
    element_id: Annotated[Id, Field(description="elementId of the text element.")]
    text: Annotated[str | None, Field(description="New text.")] = None
    start: Annotated[Seconds | None, Field(description="New start in seconds.")] = None
    end: Annotated[Seconds | None, Field(description="New end in seconds.")] = None
    position: Annotated[Position | None, Field(description="New vertical placement.")] = None
    errors: ClassVar = {"track_id": "Text element not found", "element_id": "Text element not found",
                        "text": "Text is required", "start": "Invalid time range", "end": "Invalid time range",
                        "position": "Invalid text position"}

    def check(self) -> None:
        if self.text is not None and not self.text.strip():
            raise ToolError("Text is required")
        if self.start is not None and self.end is not None and seconds_to_ticks(self.start) >= seconds_to_ticks(self.end):
            raise ToolError("Invalid time range")


@tool("update_text", UpdateTextArgs, kind="edit")
def update_text(project: Project, args: UpdateTextArgs, ctx: ToolContext) -> ProjectEdit:
    """Change an existing text element, given its trackId and elementId: its
    text, start/end in seconds, or position (top, center, bottom). Only the
    fields you pass change."""
    track = project.scene.tracks.find(args.track_id)
    element = next((e for e in track.elements if e.id == args.element_id), None) if track else None
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
    scene = update_text_element(project.scene, element, project.settings.canvas_size.height, args.text,
                                args.position, start, end)
    return project.with_scene(scene), {"success": True, "elementId": element.id}
