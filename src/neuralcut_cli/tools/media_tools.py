"""``add_media_to_timeline`` and ``set_volume``."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field
from pydantic.json_schema import SkipJsonSchema

from neuralcut_cli.editing.builders import DEFAULT_DURATION, media_element
from neuralcut_cli.editing.placement import place_auto, place_on_track
from neuralcut_cli.editing.volume import set_volume as set_volume_of
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import seconds_to_ticks
from neuralcut_cli.tools.common import Id, PositiveSeconds, Seconds
from neuralcut_cli.tools.definition import (
    Hints,
    ProjectEdit,
    ToolArgs,
    ToolContext,
    ToolError,
    tool,
)
from neuralcut_cli.tools.outputs import Placed, VolumeOutput

_ALLOWED = {"video": ("main", "overlay"), "image": ("main", "overlay"), "audio": ("audio",)}


class AddMediaArgs(ToolArgs):
    asset_id: Annotated[Id, Field(description="Internal id of a media asset (from list_project_assets).")]
    start_time: Annotated[Seconds, Field(description="Timeline start in seconds.")]
    track_type: Annotated[
        Literal["main", "overlay", "audio"],
        Field(description="main (the main video track), overlay (a video track above it) or audio."),
    ]
    duration: Annotated[
        PositiveSeconds | None, Field(description="Seconds; default: the whole source for video/audio, 5 s for images.")
    ] = None
    errors: ClassVar = {
        "asset_id": "Asset not found",
        "start_time": "Invalid start time",
        "track_type": "Invalid track type for asset",
        "duration": "Invalid duration",
    }


@tool("add_media_to_timeline", AddMediaArgs, kind="edit", group="core", hints=Hints(destructive=False))
def add_media_to_timeline(project: Project, args: AddMediaArgs, ctx: ToolContext) -> ProjectEdit[Placed]:
    """Put an asset on the timeline at `startTime` (s): video and images on main or overlay, audio on audio; the
    whole source unless `duration`; images 5 s."""
    asset = project.asset(args.asset_id)
    if asset is None:
        raise ToolError("Asset not found")
    if args.track_type not in _ALLOWED[asset.type]:
        raise ToolError("Invalid track type for asset")
    duration = _duration(asset, args.duration)
    element = media_element(asset, seconds_to_ticks(args.start_time), duration)
    scene = project.scene
    if args.track_type == "main":
        scene = place_on_track(scene, scene.tracks.main, element)
        track_id = scene.tracks.main.id
    else:
        scene, track = place_auto(scene, element, "audio" if asset.type == "audio" else "video")
        track_id = track.id
    return project.with_scene(scene), {"elementId": element.id, "trackId": track_id}


def _duration(asset, requested: float | None) -> int:  # type: ignore[no-untyped-def]
    if asset.type == "image":
        return DEFAULT_DURATION if requested is None else seconds_to_ticks(requested)
    if asset.duration is None or asset.duration <= 0:
        if requested is None:
            raise ToolError("Invalid duration", details=f"the duration of {asset.label} is unknown; pass one")
        return seconds_to_ticks(requested)
    source = seconds_to_ticks(asset.duration)
    if requested is None:
        return source
    ticks = seconds_to_ticks(requested)
    if ticks <= 0:
        raise ToolError("Invalid duration")
    if ticks > source:
        raise ToolError("Duration exceeds source duration")
    return ticks


MAX_GAIN = 1.0  # the seed's contract; above a clip's own level is update_clip's volume, in dB


class VolumeArgs(ToolArgs):
    # Derived from elementId, so left out of the schema (a model put element ids here); still read when given.
    track_id: SkipJsonSchema[Id | None] = None
    element_id: Annotated[Id, Field(description="elementId of an audio or video element.")]
    volume: Annotated[
        float,
        Field(ge=0, le=MAX_GAIN, allow_inf_nan=False, description="Gain 0 to 1 (50% is 0.5)."),
    ]
    errors: ClassVar = {
        "track_id": "Element not found",
        "element_id": "Element not found",
        "volume": "Volume must be between 0 and 1",
    }


@tool("set_volume", VolumeArgs, kind="edit", group="core", hints=Hints(destructive=False, idempotent=True))
def set_volume(project: Project, args: VolumeArgs, ctx: ToolContext) -> ProjectEdit[VolumeOutput]:
    """Set an audio or video element's volume as a gain from 0 to 1 (0 mutes, 1 its own level). Louder: update_clip
    volume in dB."""
    scene = project.scene
    found = scene.find_element(args.element_id)
    element = found[1] if found is not None and args.track_id in (None, found[0].id) else None
    if element is None:
        raise ToolError("Element not found")
    if element.type not in ("audio", "video"):
        raise ToolError("Element does not support volume")
    asset = project.asset(element.media_id)
    if element.type == "video" and asset is not None and asset.has_audio is False:
        raise ToolError("Element does not support volume")
    return project.with_scene(set_volume_of(scene, element, args.volume)), {"success": True, "volume": args.volume}
