"""Read-only tools: ``list_project_assets``, ``list_timeline``, ``echo_context``."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from neuralcut_cli.editing.transitions import transition_rows
from neuralcut_cli.project.elements import MEDIA_ELEMENTS
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.common import element_summary
from neuralcut_cli.tools.definition import NoArgs, ToolArgs, ToolContext, tool
from neuralcut_cli.tools.outputs import AssetsOutput, ContextOutput, TimelineOutput


def used_asset_ids(project: Project) -> set[str]:
    """Assets referenced by any element of the active scene."""
    return {
        element.media_id
        for _, element in project.scene.elements()
        if isinstance(element, MEDIA_ELEMENTS) and element.media_id
    }


class ListAssetsArgs(ToolArgs):
    filter: Literal["all", "used", "unused"] = "all"
    type: Literal["all", "video", "audio", "image"] = "all"
    errors: ClassVar = {"filter": "Invalid asset usage filter", "type": "Invalid asset type filter"}


@tool("list_project_assets", ListAssetsArgs, group="core", no_project_error="No active project")
def list_project_assets(project: Project, args: ListAssetsArgs, ctx: ToolContext) -> AssetsOutput:
    """The project's media (videos, audio, images): id, name, type, duration (s), and whether the timeline uses it;
    filter by usage and type; `missing` when its file is not there. Use `id` as assetId."""
    used = used_asset_ids(project)
    assets = []
    for asset in project.media_assets:
        in_use = asset.id in used
        if args.filter != "all" and in_use != (args.filter == "used"):
            continue
        if args.type != "all" and asset.type != args.type:
            continue
        entry: dict[str, Any] = {"id": asset.id, "name": asset.name, "type": asset.type}
        if asset.duration is not None:
            entry["duration"] = asset.duration
        entry["usedInTimeline"] = in_use
        file = asset.file(ctx.session.path) if ctx.session is not None else None
        if file is not None and not file.is_file():
            entry["missing"] = True  # its file is not where the project says (an imported timeline, a move)
        assets.append(entry)
    return {"assets": assets}


@tool("list_timeline", NoArgs, group="core")
def list_timeline(project: Project, args: NoArgs, ctx: ToolContext) -> TimelineOutput:
    """Every track top to bottom (its id, name, kind, muted/hidden) with its elements: elementId, type, assetId,
    name, start/end (s), and text, effect
    params, volume, speed, fades, clip effects where they apply; and its transitions. Call it whenever you do not
    know the exact ids."""
    scene = project.scene
    overlays = len(scene.tracks.overlay)
    tracks = []
    for position, track in enumerate(scene.tracks.ordered()):
        kind = scene.tracks.kind_of(track)
        visual = track.type != "audio"
        entry: dict[str, Any] = {
            "trackId": track.id,
            "name": track.name,
            "type": kind,
            "position": position,
            "visualLayer": (overlays - position if position < overlays else 0) if visual else None,
            "isVisualLayer": visual,
            "stacking": _stacking(position, overlays, kind),
        }
        for state in ("muted", "hidden"):
            if getattr(track, state, None) is not None:
                entry[state] = getattr(track, state)
        entry["elements"] = [element_summary(e) for e in track.sorted_elements()]
        if track.transitions:
            entry["transitions"] = transition_rows(track)
        tracks.append(entry)
    return {"tracks": tracks}


def _stacking(position: int, overlays: int, kind: str) -> str:
    """``top`` (the first overlay), ``above_main``, ``main`` or ``audio``."""
    if kind == "audio":
        return "audio"
    if position >= overlays:
        return "main"
    return "top" if position == 0 else "above_main"


@tool("echo_context", NoArgs, group="legacy")
def echo_context(project: Project, args: NoArgs, ctx: ToolContext) -> ContextOutput:
    """Return a summary of the agent context: project id, active scene id,
    the number and names of media assets, and the playhead in milliseconds.
    Useful to check what project you are working on."""
    session = ctx.session
    return {
        "projectId": session.project_id if session else project.metadata.id,
        "activeSceneId": project.current_scene_id,
        "mediaCount": len(project.media_assets),
        "mediaNames": [asset.label for asset in project.media_assets],
        "playbackTimeMs": ctx.playback_time_ms,
    }
