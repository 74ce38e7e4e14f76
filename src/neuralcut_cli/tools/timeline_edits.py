"""Tools that cut, delete, move and retime existing elements."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field

from neuralcut_cli.editing.delete import delete_elements
from neuralcut_cli.editing.move import move_elements
from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.editing.ripple import delete_rippled
from neuralcut_cli.editing.split import split_scene
from neuralcut_cli.editing.sync import Choice
from neuralcut_cli.editing.timing import resolve_range, retime_in_scene
from neuralcut_cli.project.model import Project, Scene
from neuralcut_cli.time import output_seconds, seconds_to_ticks
from neuralcut_cli.tools.common import (
    Id,
    PositiveSeconds,
    Seconds,
    moved_output,
    require_content,
)
from neuralcut_cli.tools.definition import (
    Hints,
    ProjectEdit,
    ToolArgs,
    ToolContext,
    ToolError,
    tool,
)
from neuralcut_cli.tools.outputs import DeleteOutput, Done, MoveOutput, SplitOutput, TimingOutput
from neuralcut_cli.tools.program_cuts import answer_rows, cut_program


def _dedupe(ids: list[str]) -> list[str]:
    return list(dict.fromkeys(ids))


class SplitArgs(ToolArgs):
    times: Annotated[list[Seconds], Field(min_length=1, description="Timeline times in seconds to cut at.")]
    element_ids: Annotated[list[Id] | None, Field(min_length=1, description="Only these.")] = None
    errors: ClassVar = {"times": "Invalid split times", "element_ids": "Invalid element ids"}
    default_error: ClassVar = "Invalid split times"


@tool("split", SplitArgs, kind="edit", group="core", hints=Hints(destructive=False))
def split(project: Project, args: SplitArgs, ctx: ToolContext) -> ProjectEdit[SplitOutput]:
    """Cut every track (or only `elementIds`: elements or track ids) at `times` (s); nothing is deleted or
    moved. The left piece keeps its id."""
    scene = require_content(project)
    chosen = _on_tracks(scene, args.element_ids) if args.element_ids else None
    missing = [i for i in chosen or () if scene.find_element(i) is None]
    if missing:
        raise ToolError(f"Element not found: {missing[0]}", details=_cut_there(scene, args.times))
    times = (seconds_to_ticks(t) for t in args.times)
    new_scene, affected = split_scene(scene, times, new_id, chosen)
    return project.with_scene(new_scene), {"success": True, "affectedElements": affected}


def _cut_there(scene: Scene, times: list[float]) -> str:
    """What a split at ``times`` could cut, for a call that named an element that is not there: the elements that
    play at the first time, the tracks, and that naming none cuts every track."""
    at = seconds_to_ticks(times[0])
    playing = [f"{e.id} ({t.name or t.id})" for t, e in scene.elements() if e.start_time < at < e.end_time][:5]
    tracks = ", ".join(t.id for t in scene.tracks.ordered())
    there = f"at {times[0]:g} s: {', '.join(playing)}" if playing else f"nothing plays at {times[0]:g} s"
    return f"{there}; elementIds takes those or track ids ({tracks}); without it every track is cut"


def _on_tracks(scene: Scene, ids: list[str]) -> list[str]:
    """``ids`` with each track id among them read as the elements on that track ("split t-main at 5 s")."""
    out: list[str] = []
    for given in ids:
        track = scene.tracks.find(given) if scene.find_element(given) is None else None
        out += [e.id for e in track.elements] if track is not None else [given]
    return list(dict.fromkeys(out))


class DeleteArgs(ToolArgs):
    element_ids: Annotated[list[Id], Field(min_length=1, description="elementId values from list_timeline.")]
    ripple: Annotated[bool, Field(description="Close the gaps.")] = False
    errors: ClassVar = {"element_ids": "Invalid element ids", "ripple": "Invalid ripple"}


@tool("delete_timeline_elements", DeleteArgs, kind="edit", group="core", hints=Hints(destructive=True))
def delete_timeline_elements(project: Project, args: DeleteArgs, ctx: ToolContext) -> ProjectEdit[DeleteOutput]:
    """Delete elements by id. `ripple: true` closes the gaps; main-track clips take their time out of the program
    (`tracks` says how). Any id missing: nothing changes."""
    scene = require_content(project)
    ids = _dedupe(args.element_ids)
    new_scene = delete_elements(scene, ids)
    if not args.ripple:
        return project.with_scene(new_scene), {"success": True, "deletedElements": ids}
    main = [e for e in scene.tracks.main.elements if e.id in set(ids)]
    if not main:
        done = delete_rippled(scene, ids)
        return project.with_scene(done.scene), {
            "success": True,
            "deletedElements": ids,
            "movedElements": moved_output(done),
        }
    others = [i for i in ids if i not in {e.id for e in main}]
    rest = project.with_scene(delete_elements(scene, others)) if others else project
    spans = [(e.start_time, e.end_time) for e in main]
    synced = cut_program(rest, spans, Choice(), ripple=True, on_frames=False)
    return project.with_scene(synced.scene), {
        "success": True,
        "deletedElements": ids,
        "movedElements": moved_output(synced),
        **answer_rows(rest, synced),  # type: ignore[typeddict-item]
    }


class MoveArgs(ToolArgs):
    element_ids: Annotated[list[Id], Field(min_length=1, description="elementId values to move together.")]
    start: Annotated[Seconds, Field(description="New start in seconds of the earliest element of the group.")]
    target_track_id: Annotated[str | None, Field(description="Optional trackId of a compatible track to move to.")] = (
        None
    )
    errors: ClassVar = {
        "element_ids": "Invalid element ids",
        "start": "Invalid start time",
        "target_track_id": "Target track not found: {value}",
    }


@tool("move_timeline_elements", MoveArgs, kind="edit", group="core", hints=Hints(destructive=False))
def move_timeline_elements(project: Project, args: MoveArgs, ctx: ToolContext) -> ProjectEdit[MoveOutput]:
    """Move elements to `start` (s); several keep their offsets. They stay on their tracks unless `targetTrackId`
    names another; overlaps are refused."""
    scene = require_content(project)
    ids = _dedupe(args.element_ids)
    new_scene, moved = move_elements(scene, ids, seconds_to_ticks(args.start), args.target_track_id)
    out = [
        {
            "elementId": m.element.id,
            "trackId": m.track_id,
            "start": output_seconds(m.element.start_time),
            "end": output_seconds(m.element.end_time),
        }
        for m in moved
    ]
    return project.with_scene(new_scene), {"success": True, "movedElements": out}


class TimingArgs(ToolArgs):
    element_id: Annotated[Id, Field(description="The elementId to retime.")]
    start: Annotated[Seconds | None, Field(description="New start in seconds (moves the element).")] = None
    end: Annotated[Seconds | None, Field(description="New end in seconds.")] = None
    duration: Annotated[PositiveSeconds | None, Field(description="New duration in seconds.")] = None
    errors: ClassVar = {
        "element_id": "Invalid element id",
        "start": "Invalid start time",
        "end": "Invalid end time",
        "duration": "Invalid duration",
    }
    default_error: ClassVar = "Invalid timing update"

    def check(self) -> None:
        if self.start is None and self.end is None and self.duration is None:
            raise ToolError("Invalid timing update")
        if self.start is not None and self.end is not None and self.duration is not None:
            if seconds_to_ticks(self.end) - seconds_to_ticks(self.start) != seconds_to_ticks(self.duration):
                raise ToolError("Conflicting timing values")


def _ticks(value: float | None) -> int | None:
    return None if value is None else seconds_to_ticks(value)


@tool(
    "update_timeline_element_timing",
    TimingArgs,
    kind="edit",
    group="core",
    hints=Hints(destructive=False, idempotent=True),
)
def update_timeline_element_timing(project: Project, args: TimingArgs, ctx: ToolContext) -> ProjectEdit[TimingOutput]:
    """Change an element's start, end or duration (s): `start` alone moves it; `end` or `duration` keep the start.
    Video and audio cannot outgrow their source."""
    scene = project.scene
    found = scene.find_element(args.element_id)
    if found is None:
        raise ToolError(f"Timeline element not found: {args.element_id}")
    track, element = found
    start, end = resolve_range(element, _ticks(args.start), _ticks(args.end), _ticks(args.duration))
    scene = retime_in_scene(scene, element, start, end)
    output: TimingOutput = {
        "success": True,
        "elementId": element.id,
        "trackId": track.id,
        "start": output_seconds(start),
        "end": output_seconds(end),
        "duration": output_seconds(end - start),
    }
    return project.with_scene(scene), output


class DeleteOneArgs(ToolArgs):
    track_id: Annotated[Id, Field(description="The trackId holding the element.")]
    element_id: Annotated[Id, Field(description="The elementId to delete.")]
    default_error: ClassVar = "Element not found"


@tool("delete_element", DeleteOneArgs, kind="edit", group="legacy", hints=Hints(destructive=True))
def delete_element(project: Project, args: DeleteOneArgs, ctx: ToolContext) -> ProjectEdit[Done]:
    """Deprecated: prefer delete_timeline_elements. Delete one element given
    its trackId and elementId."""
    track = project.scene.tracks.find(args.track_id)
    if track is None or not any(e.id == args.element_id for e in track.elements):
        raise ToolError("Element not found")
    return project.with_scene(delete_elements(project.scene, [args.element_id])), {"success": True}
