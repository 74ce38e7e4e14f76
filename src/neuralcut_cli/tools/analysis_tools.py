"""Edits by what the media contains: ``remove_silences``, ``detect_scenes``, ``split_at_scenes`` (loudness:
``loudness_tools``). The measuring is ``media.analysis`` (ffmpeg, cached per file); the time arithmetic is
``editing.media_time``; the cutting is the ripple and split edits every other tool uses."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from pydantic import Field

from neuralcut_cli.editing import media_time
from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.editing.split import split_track
from neuralcut_cli.errors import MediaError
from neuralcut_cli.media import analysis
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import output_seconds, seconds_to_ticks
from neuralcut_cli.tools.common import Id, require_content
from neuralcut_cli.tools.definition import Hints, ProjectEdit, ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.outputs import RemovedOutput, ScenesOutput, SplitScenesOutput
from neuralcut_cli.tools.program_cuts import SYNC_ERRORS, SyncArgs, answer_rows, cut_program
from neuralcut_cli.tools.sources import FAILED, asset_file, project_path, with_sound


def _measured(what: str, element: Element, ctx: ToolContext, measure: Any) -> Any:
    ctx.progress(f"Measuring {what} of {element.label}…")
    try:
        return measure()
    except MediaError as exc:
        raise ToolError(FAILED, details=exc.message) from None


class RemoveSilencesArgs(SyncArgs):
    element_ids: Annotated[
        list[Id] | None,
        Field(description="Video or audio elements to measure (default: the main track's clips with sound)."),
    ] = None
    threshold_db: Annotated[
        float, Field(ge=-100, le=0, allow_inf_nan=False, description="Quieter than this (dBFS) is silence.")
    ] = -35
    min_silence: Annotated[
        float, Field(ge=0.05, le=3600, allow_inf_nan=False, description="Seconds: shorter pauses stay.")
    ] = 0.5
    padding: Annotated[
        float, Field(ge=0, le=10, allow_inf_nan=False, description="Seconds of silence kept at each edge of a cut.")
    ] = 0.15
    ripple: Annotated[bool, Field(description="Close each cut, every track following the picture (default true).")] = (
        True
    )
    errors: ClassVar = {
        "element_ids": "Invalid element ids",
        "threshold_db": "thresholdDb must be -100 to 0",
        "min_silence": "minSilence must be 0.05 seconds or more",
        "padding": "padding must be 0 to 10 seconds",
        "ripple": "Invalid ripple",
        **SYNC_ERRORS,
    }


@tool("remove_silences", RemoveSilencesArgs, kind="edit", group="media", hints=Hints(destructive=True))
def remove_silences(project: Project, args: RemoveSilencesArgs, ctx: ToolContext) -> ProjectEdit[RemovedOutput]:
    """Cut the dead air: every stretch quieter than thresholdDb for at least minSilence seconds (measured on the
    whole pause) is removed, less `padding` seconds of breathing room at each edge, cuts on frame edges. With
    ripple (default) the cuts close and every track follows the picture: titles, captions, overlays and b-roll
    stay over the same words (shortened where a cut falls inside them), a music bed plays on and ends with the
    program; `keepTrackIds` / `cutTrackIds` change that per track, and `tracks` says what each track did.
    Trims and speed are respected. Answers the removed ranges in timeline seconds as they were before the edit."""
    choice = args.choice()
    cuts: list[media_time.Range] = []
    for element in with_sound(project, args.element_ids):
        file = asset_file(project, element, ctx)
        found = _measured(
            "the silences",
            element,
            ctx,
            lambda f=file: analysis.silences(f, project_path(ctx), args.threshold_db, args.min_silence),
        )
        cuts += media_time.silence_cuts(element, found, args.padding)
    ranges = media_time.merged(cuts)
    if not ranges:
        return project, {"success": True, "removed": [], "secondsSaved": 0}
    done = cut_program(project, [(seconds_to_ticks(s), seconds_to_ticks(e)) for s, e in ranges], choice, args.ripple)
    removed = [{"start": output_seconds(start), "end": output_seconds(end)} for start, end in done.spans]
    return project.with_scene(done.scene), {
        "success": True,
        "removed": removed,
        "secondsSaved": output_seconds(sum(end - start for start, end in done.spans)),
        **answer_rows(project, done),  # type: ignore[typeddict-item]
    }


def _scene_times(project: Project, element_id: str, threshold: float, ctx: ToolContext) -> tuple[Element, list[float]]:
    """Timeline times (seconds) inside an element where a new shot starts."""
    hit = require_content(project).find_element(element_id)
    if hit is None:
        raise ToolError(f"Timeline element not found: {element_id}")
    element = hit[1]
    if element.type != "video":
        raise ToolError(f"Element {element_id} is {element.type}: shot changes are found in video")
    file = asset_file(project, element, ctx)
    found = _measured(
        "the shot changes", element, ctx, lambda: analysis.scene_changes(file, project_path(ctx), threshold)
    )
    start, end = media_time.used_source(element)
    return element, [round(media_time.to_timeline(element, t), 3) for t in found if start < t < end]


class DetectScenesArgs(ToolArgs):
    element_id: Annotated[Id, Field(description="A video element.")]
    threshold: Annotated[
        float,
        Field(gt=0, le=1, allow_inf_nan=False, description="How different a frame must be (0-1; lower finds more)."),
    ] = 0.3
    errors: ClassVar = {"element_id": "Invalid element id", "threshold": "threshold must be above 0, at most 1"}


@tool("detect_scenes", DetectScenesArgs, group="media")
def detect_scenes(project: Project, args: DetectScenesArgs, ctx: ToolContext) -> ScenesOutput:
    """Find the shot changes in a video element: the timeline times (seconds) where a new shot starts."""
    element, times = _scene_times(project, args.element_id, args.threshold, ctx)
    return {"elementId": element.id, "scenes": times}


class SplitScenesArgs(ToolArgs):
    element_ids: Annotated[list[Id], Field(min_length=1, description="Video elements to cut at their shots.")]
    threshold: Annotated[
        float,
        Field(gt=0, le=1, allow_inf_nan=False, description="How different a frame must be (0-1; lower finds more)."),
    ] = 0.3
    errors: ClassVar = {"element_ids": "Invalid element ids", "threshold": "threshold must be above 0, at most 1"}


@tool("split_at_scenes", SplitScenesArgs, kind="edit", group="media", hints=Hints(destructive=False))
def split_at_scenes(project: Project, args: SplitScenesArgs, ctx: ToolContext) -> ProjectEdit[SplitScenesOutput]:
    """Cut video elements wherever the shot changes (only those elements; nothing moves). Each new piece gets
    a new elementId."""
    scene, cuts, affected = project.scene, [], []
    for element_id in dict.fromkeys(args.element_ids):
        element, times = _scene_times(project, element_id, args.threshold, ctx)
        hit = scene.find_element(element.id)
        assert hit is not None
        track, ids = split_track(hit[0], sorted({seconds_to_ticks(t) for t in times}), new_id)
        scene = scene.with_tracks(scene.tracks.replace(track))
        cuts.append({"elementId": element.id, "times": times})
        affected += ids
    if not affected:
        raise ToolError("No shot changes found; try a lower threshold")
    return project.with_scene(scene), {"success": True, "cuts": cuts, "affectedElements": affected}
