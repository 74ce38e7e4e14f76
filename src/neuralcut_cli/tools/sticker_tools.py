"""``add_sticker`` and ``list_stickers``."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from neuralcut_cli.catalogs.stickers import find_sticker, search_stickers
from neuralcut_cli.editing.builders import sticker_element
from neuralcut_cli.editing.placement import place_auto
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import seconds_to_ticks
from neuralcut_cli.tools.common import Seconds
from neuralcut_cli.tools.definition import (
    Hints,
    ProjectEdit,
    ToolArgs,
    ToolContext,
    ToolError,
    tool,
)
from neuralcut_cli.tools.outputs import Placed, StickersOutput


class AddStickerArgs(ToolArgs):
    sticker_id: Annotated[str, Field(description="provider:value, e.g. shapes:star or flags:AR (see list_stickers).")]
    start: Annotated[Seconds, Field(description="Start in seconds.")]
    end: Annotated[Seconds, Field(description="End in seconds (after start).")]
    position: Annotated[
        Literal["top-left", "top-right", "center", "bottom-left", "bottom-right"],
        Field(description="Where on the frame; center when omitted."),
    ] = "center"
    errors: ClassVar = {
        "sticker_id": "Sticker not found",
        "start": "Invalid time range",
        "end": "Invalid time range",
        "position": "Invalid sticker position",
    }

    def check(self) -> None:
        if seconds_to_ticks(self.start) >= seconds_to_ticks(self.end):
            raise ToolError("Invalid time range")


@tool("add_sticker", AddStickerArgs, kind="edit", group="stickers", hints=Hints(destructive=False))
def add_sticker(project: Project, args: AddStickerArgs, ctx: ToolContext) -> ProjectEdit[Placed]:
    """Add a sticker (a shape such as shapes:star, shapes:heart, shapes:arrow,
    or a country flag such as flags:US) from `start` to `end` seconds at a
    corner or the center of the frame."""
    sticker = find_sticker(args.sticker_id)
    if sticker is None:
        raise ToolError("Sticker not found")
    element = sticker_element(project, sticker, seconds_to_ticks(args.start), seconds_to_ticks(args.end), args.position)
    scene, track = place_auto(project.scene, element, "graphic")
    return project.with_scene(scene), {"elementId": element.id, "trackId": track.id}


class ListStickersArgs(ToolArgs):
    query: Annotated[
        str | None, Field(description="Optional text to match in ids and names, e.g. 'star' or 'japan'.")
    ] = None
    provider: Annotated[Literal["shapes", "flags"] | None, Field(description="Only shapes or only flags.")] = None
    errors: ClassVar = {"query": "Invalid sticker query", "provider": "Invalid sticker provider"}


@tool("list_stickers", ListStickersArgs, group="stickers")
def list_stickers(project: Project, args: ListStickersArgs, ctx: ToolContext) -> StickersOutput:
    """List the stickers add_sticker accepts: shapes (circle, square,
    triangle, star, heart, arrow, ...) and country flags by ISO code.
    Filter with `query` and `provider`."""
    return {"stickers": [s.to_json() for s in search_stickers(args.query, args.provider)]}
