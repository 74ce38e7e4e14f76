"""Tools on whole tracks: toggle_track_mute, toggle_track_visibility."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field

from neuralcut_cli.editing.track_state import toggle_hidden, toggle_mute
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.common import Id
from neuralcut_cli.tools.definition import Hints, ProjectEdit, ToolArgs, ToolContext, tool
from neuralcut_cli.tools.outputs import TrackHiddenOutput, TrackMuteOutput


class TrackArgs(ToolArgs):
    track_id: Annotated[Id, Field(description="The trackId (from list_timeline).")]
    errors: ClassVar = {"track_id": "Invalid trackId"}
    default_error: ClassVar = "Invalid trackId"


@tool("toggle_track_mute", TrackArgs, kind="edit", group="clips", hints=Hints(destructive=False))
def toggle_track_mute(project: Project, args: TrackArgs, ctx: ToolContext) -> ProjectEdit[TrackMuteOutput]:
    """Mute a video or audio track (all of its sound), or unmute it if it was muted. Answers the new state."""
    scene, muted = toggle_mute(project.scene, args.track_id)
    return project.with_scene(scene), {"success": True, "trackId": args.track_id, "muted": muted}


@tool("toggle_track_visibility", TrackArgs, kind="edit", group="clips", hints=Hints(destructive=False))
def toggle_track_visibility(project: Project, args: TrackArgs, ctx: ToolContext) -> ProjectEdit[TrackHiddenOutput]:
    """Hide a track's picture (video, text, sticker or effect track), or show it again. Answers the new state."""
    scene, hidden = toggle_hidden(project.scene, args.track_id)
    return project.with_scene(scene), {"success": True, "trackId": args.track_id, "hidden": hidden}
