"""The frame's shape: ``set_aspect_ratio`` (a new canvas, what sits on it laid out again: ``editing.aspect``) and
``reframe`` (each clip cropped to fill it, following a face: ``editing.reframe``)."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from neuralcut_cli.editing.aspect import RATIOS, new_size, reshaped
from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.editing.reframe import reframed
from neuralcut_cli.project.elements import Element, ImageElement, VideoElement
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.common import Id
from neuralcut_cli.tools.definition import Hints, ProjectEdit, ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.outputs import AspectOutput, ReframeOutput, Row

Ratio = Literal["9:16", "1:1", "4:5", "16:9"]


class AspectArgs(ToolArgs):
    ratio: Annotated[Ratio, Field(description="9:16 (vertical: shorts, reels, TikTok), 1:1, 4:5 or 16:9.")]
    errors: ClassVar = {"ratio": "ratio must be one of: " + ", ".join(RATIOS)}


@tool("set_aspect_ratio", AspectArgs, kind="edit", group="clips", hints=Hints(destructive=False, idempotent=True))
def set_aspect_ratio(project: Project, args: AspectArgs, ctx: ToolContext) -> ProjectEdit[AspectOutput]:
    """Change the canvas's shape: it keeps its short side (1920x1080 becomes 1080x1920 for 9:16, 1080x1080 for
    1:1, 1080x1350 for 4:5). Titles and captions stay where they were in the frame and inside its safe area
    (smaller where they must be); overlays keep their corner and size. Clips that fill the frame are fitted to it
    (reframe crops them to fill it). `moved` says what moved."""
    from neuralcut_cli.render.text import text_block  # the renderer's own layout of a text

    before = project.settings.canvas_size
    width, height = new_size(before, args.ratio)
    if (width, height) == (before.width, before.height):
        raise ToolError(f"The canvas is {args.ratio} already ({width}x{height})")
    done, moved = reshaped(project, args.ratio, text_block, lambda e: natural_size(project, e))
    return done, {
        "success": True,
        "ratio": args.ratio,
        "width": width,
        "height": height,
        "was": {"width": before.width, "height": before.height},
        "moved": [{"elementId": m.element_id, "what": m.what} for m in moved],
    }


def natural_size(project: Project, element: Element) -> tuple[float, float] | None:
    """An image's or video's own pixels, as the project's asset records them."""
    if not isinstance(element, (ImageElement, VideoElement)):
        return None
    asset = project.asset(element.media_id)
    if asset is None or not asset.width or not asset.height:
        return None
    return float(asset.width), float(asset.height)


Follow = Literal["face", "center", "left", "right"]


class ReframeArgs(ToolArgs):
    element_ids: Annotated[
        list[Id] | None, Field(description="Video clips (default: the main track's video clips).")
    ] = None
    follow: Annotated[
        Follow,
        Field(description="face (keep the speaker in frame), center, left or right (that edge of the picture)."),
    ] = "face"
    errors: ClassVar = {"element_ids": "Invalid element ids", "follow": "follow must be face, center, left or right"}


@tool("reframe", ReframeArgs, kind="edit", group="clips", hints=Hints(destructive=False, idempotent=True))
def reframe(project: Project, args: ReframeArgs, ctx: ToolContext) -> ProjectEdit[ReframeOutput]:
    """Crop each video clip to fill the canvas (after set_aspect_ratio, a 16:9 clip fills a 9:16 frame): its scale
    covers the frame and its position follows `follow`. face: the largest face, sampled 4 times a second, framed
    calmly (no jitter, no jump within a shot, new framing at a shot change; the middle where there is no face),
    written as the clip's own positionX keyframes, which the keyframe tools show and adjust."""
    canvas = (project.settings.canvas_size.width, project.settings.canvas_size.height)
    scene, rows = project.scene, []
    for element in _clips(project, args.element_ids):
        natural = natural_size(project, element)
        if natural is None:
            raise ToolError(f"The size of {element.label}'s picture is not known (import it again to probe it)")
        track = _faces(project, element, ctx) if args.follow == "face" else None
        done, keys = reframed(element, natural, canvas, args.follow, track, new_id)
        scene = scene.update_element(done)
        row: Row = {"elementId": element.id, "scale": done.transform.scale_x, "keys": keys}
        if track is not None:
            seen = sum(1 for s in track["samples"] if len(s) > 1)
            row.update(faceSeen=round(seen / max(1, len(track["samples"])), 3), shots=len(track["shots"]) + 1)
        rows.append(row)
    return project.with_scene(scene), {"success": True, "follow": args.follow, "clips": rows}


def _clips(project: Project, element_ids: list[str] | None) -> list[VideoElement]:
    if element_ids is None:
        found = [e for e in project.scene.tracks.main.sorted_elements() if isinstance(e, VideoElement)]
        if not found:
            raise ToolError("No video clips on the main track to reframe; name them (elementIds)")
        return found
    chosen = []
    for element_id in dict.fromkeys(element_ids):
        hit = project.scene.find_element(element_id)
        if hit is None:
            raise ToolError(f"Timeline element not found: {element_id}")
        if not isinstance(hit[1], VideoElement):
            kind = hit[1].type
            raise ToolError(
                f"{element_id} is {'an' if kind[0] in 'aeiou' else 'a'} {kind}: only video clips are reframed"
            )
        chosen.append(hit[1])
    return chosen


def _faces(project: Project, element: VideoElement, ctx: ToolContext) -> dict[str, Any]:
    """Where the face is over the part of the clip that plays (measured once per file and stretch)."""
    from neuralcut_cli.editing.media_time import used_source
    from neuralcut_cli.errors import MediaError
    from neuralcut_cli.media.face_track import track
    from neuralcut_cli.media.faces import MissingFaces, available
    from neuralcut_cli.tools.sources import FAILED, asset_file, project_path

    try:
        available()
    except MissingFaces as exc:
        raise ToolError(exc.message) from None
    file = asset_file(project, element, ctx)
    ctx.progress(f"Looking for faces in {element.label}…")
    start, end = used_source(element)
    try:
        return track(file, project_path(ctx), start, end)
    except MediaError as exc:
        raise ToolError(FAILED, details=exc.message) from None
