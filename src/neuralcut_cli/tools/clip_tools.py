"""Tools on one element's properties: get_element, update_clip, duplicate_elements."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, cast

from pydantic import Field, WithJsonSchema

from neuralcut_cli.catalogs.stickers import SIZE_FRACTION
from neuralcut_cli.editing.aspect import PLACES, place_in_frame
from neuralcut_cli.editing.duplicate import duplicate_elements as copy_elements
from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.editing.transitions import transition_rows
from neuralcut_cli.editing.trim import trim
from neuralcut_cli.editing.volume import MIN_DB
from neuralcut_cli.project.base import NUMBER, Number, in_range, validated
from neuralcut_cli.project.elements import (
    BLEND_MODES,
    VISUAL_ELEMENTS,
    AudioElement,
    Element,
    StickerElement,
    TextElement,
    VideoElement,
)
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import seconds_to_ticks
from neuralcut_cli.tools.common import Id, require_content
from neuralcut_cli.tools.definition import Hints, ProjectEdit, ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.element_view import element_details, transform_json
from neuralcut_cli.tools.frame_tools import natural_size
from neuralcut_cli.tools.outputs import DuplicateOutput, ElementOutput, UpdateClipOutput

_FINITE = {"allow_inf_nan": False}
Percent = Annotated[int | float, in_range(0, 100), NUMBER]
Decibels = Annotated[int | float, in_range(-60, 20), NUMBER]


class GetElementArgs(ToolArgs):
    element_id: Annotated[Id, Field(description="The elementId (from list_timeline).")]
    errors: ClassVar = {"element_id": "Invalid elementId"}
    default_error: ClassVar = "Invalid elementId"


@tool("get_element", GetElementArgs, group="core")
def get_element(project: Project, args: GetElementArgs, ctx: ToolContext) -> ElementOutput:
    """Everything about one element: times, trims, text and style, transform, opacity, blend mode, volume, speed,
    clip effects, masks and keyframes."""
    found = project.scene.find_element(args.element_id)
    if found is None:
        raise ToolError(f"Element not found: {args.element_id}")
    details = element_details(found[1], found[0].id)
    transitions = transition_rows(found[0], found[1].id)
    if transitions:
        details["transitions"] = transitions
    return cast(ElementOutput, details)  # its keys: checked by the tests


class UpdateClipArgs(ToolArgs):
    element_id: Annotated[Id, Field(description="The elementId to change.")]
    name: Annotated[str | None, Field(description="A new name.")] = None
    trim_start: Annotated[
        Number | None,
        Field(
            description="In point: seconds of source "
            "left out at the start (moves only the start edge; frames stay in place).",
        ),
    ] = None
    trim_end: Annotated[
        Number | None,
        Field(description="Out point: seconds of source left out at the end (moves only the end edge)."),
    ] = None
    opacity: Annotated[Percent | None, Field(description="0 to 100 (%).")] = None
    position_x: Annotated[
        float | None, Field(ge=-1e9, le=1e9, description="Pixels right of the centre.", **_FINITE)
    ] = None
    position_y: Annotated[float | None, Field(ge=-1e9, le=1e9, description="Pixels below the centre.", **_FINITE)] = (
        None
    )
    rotation: Annotated[float | None, Field(ge=-1e6, le=1e6, description="Degrees, clockwise.", **_FINITE)] = None
    scale_x: Annotated[float | None, Field(gt=0, le=100, description="Horizontal scale (1 = 100%).", **_FINITE)] = None
    scale_y: Annotated[float | None, Field(gt=0, le=100, description="Vertical scale (1 = 100%).", **_FINITE)] = None
    blend_mode: Annotated[
        str | None,
        Field(json_schema_extra={"enum": list(BLEND_MODES)}, description="How it mixes with what is below."),
    ] = None
    hidden: Annotated[bool | None, Field(description="Hide or show it.")] = None
    volume: Annotated[
        Decibels | None,
        Field(description="Level in dB, -60 to 20 (0: its own level; -60 mutes), as OpenCut stores it."),
    ] = None
    muted: Annotated[bool | None, Field(description="Mute or unmute it.")] = None
    place: Annotated[
        Literal["top-left", "top-right", "bottom-left", "bottom-right", "top", "bottom", "left", "right", "center"]
        | None,
        Field(description="Put a picture there in the frame, inside its margins, at its (new) scale."),
    ] = None
    mask: Annotated[
        dict[str, Any] | None, WithJsonSchema({"type": "object"}), Field(description="Not available yet.")
    ] = None
    #: The contract's order of these fields' errors (after the transform's, which are checked first).
    error_order: ClassVar = ("name", "muted", "trim_start", "trim_end", "opacity", "hidden", "blend_mode", "volume")
    errors: ClassVar = {
        "name": "name must be a non-empty string",
        "muted": "muted must be a boolean",
        "trim_start": "trimStart and trimEnd must be numbers (seconds)",
        "trim_end": "trimStart and trimEnd must be numbers (seconds)",
        "opacity": "opacity must be a number between 0 and 100",
        "hidden": "hidden must be a boolean",
        "blend_mode": "blendMode must be a string",
        "volume": "volume must be a number between -60 and 20 (dB)",
        "mask": "Masks cannot be edited yet; they are kept as they are in the file",
        "element_id": "Invalid elementId",
        "position_x": "positionX must be a number between -1e9 and 1e9 (pixels)",
        "position_y": "positionY must be a number between -1e9 and 1e9 (pixels)",
        "rotation": "rotation must be a number of degrees (at most 1e6 either way)",
        "scale_x": "scaleX must be a number above 0",
        "scale_y": "scaleY must be a number above 0",
        "place": "place must be one of: " + ", ".join(PLACES),
    }
    default_error: ClassVar = "Invalid elementId"


_PROPERTIES = (
    "name",
    "trim_start",
    "trim_end",
    "opacity",
    "position_x",
    "position_y",
    "rotation",
    "scale_x",
    "scale_y",
    "blend_mode",
    "hidden",
    "volume",
    "muted",
    "mask",
    "place",
)


@tool("update_clip", UpdateClipArgs, kind="edit", group="clips", hints=Hints(destructive=False, idempotent=True))
def update_clip(project: Project, args: UpdateClipArgs, ctx: ToolContext) -> ProjectEdit[UpdateClipOutput]:
    """Change one element's properties: name, in/out points (trimStart/trimEnd in seconds of source: each moves
    only its edge, as in any editor), opacity 0-100, position (pixels from the centre), rotation (degrees),
    scale, place (a corner, an edge or the center of the frame, for a picture), blendMode, hidden, volume in dB
    (-60 to 20; 0 is its own level), muted. Give only what changes."""
    if all(getattr(args, name) is None for name in _PROPERTIES):
        raise ToolError("No properties to update. Provide at least one property.")
    scene = project.scene
    found = scene.find_element(args.element_id)
    if found is None:
        raise ToolError(f"Timeline element not found: {args.element_id}")
    element = found[1]
    applied: dict[str, Any] = {}
    if args.place is not None:
        x, y = _placed(project, element, args)
        args = args.model_copy(update={"position_x": x, "position_y": y})
    update = _checked_update(element, args, applied)
    asset = project.asset(getattr(element, "media_id", None) or "")
    if args.volume is not None and element.type == "video" and asset is not None and asset.has_audio is False:
        raise ToolError(f"Element type 'video' does not support volume here: {asset.label} has no sound")
    if args.mask is not None:
        raise ToolError("Masks cannot be edited yet; they are kept as they are in the file")
    if update:
        try:
            scene = scene.update_element(validated(element, **update))
        except ValueError as exc:
            raise ToolError(f"That would make an invalid element: {str(exc).replace('Value error, ', '')}") from None
    if args.trim_start is not None or args.trim_end is not None:
        start, end = _trims(args)
        refreshed = scene.find_element(element.id)
        assert refreshed is not None
        scene = trim(scene, refreshed[1], start, end)
        applied.update({k: v for k, v in (("trimStart", args.trim_start), ("trimEnd", args.trim_end)) if v is not None})
    return project.with_scene(scene), {"success": True, "elementId": element.id, "applied": applied}


def _checked_update(element: Element, args: UpdateClipArgs, applied: dict[str, Any]) -> dict[str, Any]:
    """The field updates, checked in the contract's order (the first problem is the error)."""
    update: dict[str, Any] = {}
    _name(element, args, update, applied)
    _muted(element, args, update, applied)
    _trims(args)
    for check in (_opacity, _hidden, _blend_mode, _volume):
        check(element, args, update, applied)
    transform = _transform(element, args)
    if transform is not None:
        update["transform"] = transform
        applied["transform"] = transform_json(transform)
    return update


def _require(holds: bool, message: str) -> None:
    if not holds:
        raise ToolError(message)


def _supports(element: Element, kinds: Any, what: str, extra: str = "") -> None:
    _require(isinstance(element, kinds), f"Element type '{element.type}' does not support {what}{extra}")


def _name(element: Element, args: UpdateClipArgs, update: dict[str, Any], applied: dict[str, Any]) -> None:
    if args.name is not None:
        _require(bool(args.name.strip()), "name must be a non-empty string")
        update["name"] = applied["name"] = args.name


def _muted(element: Element, args: UpdateClipArgs, update: dict[str, Any], applied: dict[str, Any]) -> None:
    if args.muted is not None:
        _supports(element, (VideoElement, AudioElement), "muted")
        update["muted"] = applied["muted"] = args.muted


def _opacity(element: Element, args: UpdateClipArgs, update: dict[str, Any], applied: dict[str, Any]) -> None:
    if args.opacity is not None:
        _supports(element, VISUAL_ELEMENTS, "opacity")
        update["opacity"] = round(args.opacity / 100, 4)
        applied["opacity"] = args.opacity


def _hidden(element: Element, args: UpdateClipArgs, update: dict[str, Any], applied: dict[str, Any]) -> None:
    if args.hidden is not None:
        _supports(element, VISUAL_ELEMENTS, "hidden", " (mute audio instead)")
        update["hidden"] = applied["hidden"] = args.hidden


def _blend_mode(element: Element, args: UpdateClipArgs, update: dict[str, Any], applied: dict[str, Any]) -> None:
    if args.blend_mode is not None:
        _supports(element, VISUAL_ELEMENTS, "blendMode")
        _require(
            args.blend_mode in BLEND_MODES, f"Unknown blendMode: {args.blend_mode}. Available: {', '.join(BLEND_MODES)}"
        )
        update["blend_mode"] = applied["blendMode"] = args.blend_mode


def _volume(element: Element, args: UpdateClipArgs, update: dict[str, Any], applied: dict[str, Any]) -> None:
    if args.volume is not None:
        _supports(element, (VideoElement, AudioElement), "volume")
        update["volume"] = round(args.volume, 2)
        if args.volume <= MIN_DB:
            update["muted"] = True
        elif args.muted is None:
            update["muted"] = False
        applied["volume"] = args.volume


def _transform(element: Element, args: UpdateClipArgs) -> Any:
    wanted = {
        k: v
        for k, v in (("scale_x", args.scale_x), ("scale_y", args.scale_y), ("rotate", args.rotation))
        if v is not None
    }
    if not wanted and args.position_x is None and args.position_y is None:
        return None
    if not isinstance(element, VISUAL_ELEMENTS):
        raise ToolError(f"Element type '{element.type}' does not support transform properties")
    position = element.transform.position.model_copy(
        update={k: v for k, v in (("x", args.position_x), ("y", args.position_y)) if v is not None}
    )
    return element.transform.model_copy(update={**wanted, "position": position})


def _placed(project: Project, element: Element, args: UpdateClipArgs) -> tuple[float, float]:
    """Where ``args.place`` puts ``element`` at the scale it will have: its pixels are the render's (media fitted
    into the frame, a sticker its catalogue size), times that scale."""
    if not isinstance(element, VISUAL_ELEMENTS) or isinstance(element, TextElement):
        raise ToolError(f"Element type '{element.type}' does not support place (a text has position: top, ...)")
    canvas = project.settings.canvas_size
    frame = (canvas.width, canvas.height)
    scale = (args.scale_x or float(element.transform.scale_x), args.scale_y or float(element.transform.scale_y))
    natural = natural_size(project, element)
    if isinstance(element, StickerElement):
        side = SIZE_FRACTION * frame[1]
        base = (side, side)
    elif natural is not None:
        fit = min(frame[0] / natural[0], frame[1] / natural[1])
        base = (natural[0] * fit, natural[1] * fit)
    else:
        base = (float(frame[0]), float(frame[1]))
    assert args.place is not None
    return place_in_frame(args.place, (base[0] * scale[0], base[1] * scale[1]), frame)


def _trims(args: UpdateClipArgs) -> tuple[int | None, int | None]:
    values = (args.trim_start, args.trim_end)
    for name, value in (("trimStart", args.trim_start), ("trimEnd", args.trim_end)):
        if value is not None and value < 0:
            raise ToolError(f"{name} must be >= 0")
        if value is not None and value > 86_400:
            raise ToolError(f"{name} must be at most 24 hours")
    return tuple(None if v is None else seconds_to_ticks(v) for v in values)  # type: ignore[return-value]


class DuplicateArgs(ToolArgs):
    element_ids: Annotated[list[Id], Field(min_length=1, description="elementIds to copy.")]
    errors: ClassVar = {"element_ids": 'elementIds must be a non-empty JSON array of strings, e.g. ["id1","id2"]'}
    default_error: ClassVar = 'elementIds must be a non-empty JSON array of strings, e.g. ["id1","id2"]'


@tool("duplicate_elements", DuplicateArgs, kind="edit", group="clips", hints=Hints(destructive=False))
def duplicate_elements(project: Project, args: DuplicateArgs, ctx: ToolContext) -> ProjectEdit[DuplicateOutput]:
    """Copy elements to the same times on new tracks above (a new audio track for audio), so nothing collides;
    each copy is named "<name> (copy)" and keeps its style, effects and keyframes. Move the copies afterwards
    if they should be elsewhere."""
    scene = require_content(project)
    new_scene, placed = copy_elements(scene, list(args.element_ids), new_id)
    return project.with_scene(new_scene), {
        "success": True,
        "duplicated": [{"elementId": element_id, "trackId": track_id} for element_id, track_id in placed],
    }
