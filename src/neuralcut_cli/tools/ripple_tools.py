"""Tools for ripple edits and speed: remove_range, close_gaps, set_speed."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field

from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.editing.ripple import close_gaps as close_track_gaps
from neuralcut_cli.editing.ripple import remove_range as cut_range
from neuralcut_cli.editing.speed import set_speed as retime_speed
from neuralcut_cli.project.elements import MAX_RATE, MIN_RATE
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import output_seconds, seconds_to_ticks
from neuralcut_cli.tools.common import Id, Seconds, moved_output, require_content
from neuralcut_cli.tools.definition import Hints, ProjectEdit, ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.outputs import CloseGapsOutput, RemoveRangeOutput, SpeedOutput
from neuralcut_cli.tools.program_cuts import SYNC_ERRORS, SyncArgs, answer_rows, cut_program


class RemoveRangeArgs(SyncArgs):
    start: Annotated[Seconds, Field(description="Start of the range in seconds.")]
    end: Annotated[Seconds, Field(description="End of the range in seconds (after start).")]
    ripple: Annotated[bool, Field(description="Close the gap.")] = False
    track_ids: Annotated[list[Id] | None, Field(min_length=1, description="Cut only these tracks.")] = None
    errors: ClassVar = {
        "start": "Invalid start time",
        "end": "Invalid end time",
        "track_ids": "Invalid track ids",
        **SYNC_ERRORS,
    }
    default_error: ClassVar = "Invalid time range"

    def check(self) -> None:
        if seconds_to_ticks(self.end) <= seconds_to_ticks(self.start):
            raise ToolError("Invalid time range")
        if self.track_ids is not None and (self.keep_track_ids or self.cut_track_ids):
            raise ToolError("Give trackIds, or keepTrackIds / cutTrackIds, not both")


@tool("remove_range", RemoveRangeArgs, kind="edit", group="core", hints=Hints(destructive=True))
def remove_range(project: Project, args: RemoveRangeArgs, ctx: ToolContext) -> ProjectEdit[RemoveRangeOutput]:
    """Remove [start, end) s from every track; `ripple: true` closes the gap, the other tracks following the
    picture (`tracks` says how). E.g. {start: 3, end: 6, ripple: true}."""
    scene = require_content(project)
    start, end = seconds_to_ticks(args.start), seconds_to_ticks(args.end)
    if not args.ripple or args.track_ids is not None:
        done = cut_range(scene, start, end, args.track_ids, args.ripple, new_id)
        if not done.removed and not done.cut and not done.moved:
            raise ToolError("Nothing lies in that range")
        return project.with_scene(done.scene), {
            "success": True,
            "deletedElements": done.removed,
            "cutElements": done.cut,
            "movedElements": moved_output(done),
        }
    synced = cut_program(project, [(start, end)], args.choice(), ripple=True, on_frames=False)
    if not synced.removed and not synced.cut and not synced.moved and not any(t.shortened for t in synced.tracks):
        raise ToolError("Nothing lies in that range")
    return project.with_scene(synced.scene), {
        "success": True,
        "deletedElements": synced.removed,
        "cutElements": synced.cut,
        "movedElements": moved_output(synced),
        **answer_rows(project, synced),  # type: ignore[typeddict-item]
    }


class CloseGapsArgs(ToolArgs):
    track_id: Annotated[Id | None, Field(description="The track to tighten (default: the main track).")] = None
    errors: ClassVar = {"track_id": "Invalid trackId"}


@tool("close_gaps", CloseGapsArgs, kind="edit", group="clips", hints=Hints(destructive=False))
def close_gaps(project: Project, args: CloseGapsArgs, ctx: ToolContext) -> ProjectEdit[CloseGapsOutput]:
    """Remove the empty space between elements on one track (default: the main track): each element moves left
    until it touches the one before; the first stays where it is. Other tracks do not move."""
    scene = project.scene
    track_id = args.track_id or scene.tracks.main.id
    done = close_track_gaps(scene, track_id)
    return project.with_scene(done.scene), {"success": True, "trackId": track_id, "movedElements": moved_output(done)}


class SpeedArgs(ToolArgs):
    element_ids: Annotated[list[Id], Field(min_length=1, description="Video or audio elementIds.")]
    rate: Annotated[
        float,
        Field(
            allow_inf_nan=False,
            description=f"Speed: {MIN_RATE:g} to {MAX_RATE:g} (2 = twice as fast, 0.5 = half speed, 1 = normal).",
        ),
    ]
    maintain_pitch: Annotated[bool, Field(description="Keep voices at their pitch (default true).")] = True
    ripple: Annotated[
        bool,
        Field(
            description="Move what starts after each clip by the time it gains or loses, "
            "on every track (else a slower clip must have room)."
        ),
    ] = False
    errors: ClassVar = {"element_ids": "Invalid element ids", "rate": "Invalid rate", "ripple": "Invalid ripple"}

    def check(self) -> None:
        if not MIN_RATE <= self.rate <= MAX_RATE:
            raise ToolError(f"rate must be between {MIN_RATE:g} and {MAX_RATE:g}")


@tool("set_speed", SpeedArgs, kind="edit", group="clips", hints=Hints(destructive=False))
def set_speed(project: Project, args: SpeedArgs, ctx: ToolContext) -> ProjectEdit[SpeedOutput]:
    """Play video or audio clips faster or slower. Each keeps its start and the part of its source it shows; its
    duration becomes that source length divided by the rate (6 s at 2x lasts 3 s). With ripple, what follows moves
    with each clip's new end; without, a slower clip that would overlap the next element is refused."""
    scene = require_content(project)
    ids = list(dict.fromkeys(args.element_ids))
    new_scene, tracks = retime_speed(scene, ids, args.rate, args.maintain_pitch, args.ripple)
    out = []
    for element_id, track_id in zip(ids, tracks, strict=True):
        found = new_scene.find_element(element_id)
        assert found is not None
        element = found[1]
        out.append(
            {
                "elementId": element_id,
                "trackId": track_id,
                "start": output_seconds(element.start_time),
                "end": output_seconds(element.end_time),
                "duration": output_seconds(element.duration),
                "rate": args.rate,
            }
        )
    return project.with_scene(new_scene), {"success": True, "elements": out}
