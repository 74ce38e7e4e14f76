"""Keyframe tools: list_animatable_properties, list_keyframes, upsert_keyframe, remove_keyframe,
update_keyframe_curve (reference §1.22-1.26; times in seconds, element-local).

Where NeuralCut web is lax we refuse instead (see docs/editor-tools.md): an
unknown interpolation, a colour that is not one, a key that does not exist,
and curve handles are seconds converted to ticks (web stores the raw number).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from neuralcut_cli.editing import sound
from neuralcut_cli.editing.keyframes import keyframe_list, remove, update_curve, upsert, value_at
from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.editing.properties import PROPERTIES, number_text
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.animation import Handle
from neuralcut_cli.project.base import NUMBER, Number, in_range
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import output_seconds, seconds_to_ticks
from neuralcut_cli.tools.common import Id
from neuralcut_cli.tools.definition import Hints, ProjectEdit, ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.element_view import sound_envelope
from neuralcut_cli.tools.outputs import (
    CurveOutput,
    KeyframesOutput,
    PropertiesOutput,
    RemoveKeyframeOutput,
    UpsertKeyframeOutput,
)

_PATHS = list(PROPERTIES)


class ElementArgs(ToolArgs):
    element_id: Annotated[Id, Field(description="The elementId.")]
    errors: ClassVar = {"element_id": "Invalid elementId"}
    default_error: ClassVar = "Invalid elementId"


def _element(project: Project, element_id: str) -> Element:
    found = project.scene.find_element(element_id)
    if found is None:
        raise ToolError(f"Element not found: {element_id}")
    return found[1]


@tool("list_animatable_properties", ElementArgs, group="motion")
def list_animatable_properties(project: Project, args: ElementArgs, ctx: ToolContext) -> PropertiesOutput:
    """The properties of an element that keyframes can animate, with their kind (number or color) and current
    static value: position, scale, rotation and opacity for visual elements, volume for video and audio, colour
    and background for text."""
    element = _element(project, args.element_id)
    props = [
        {"path": p.path, "valueType": p.kind, "currentValue": p.static(element)}
        for p in PROPERTIES.values()
        if p.applies_to(element)
    ]
    return {"elementId": element.id, "elementType": element.type, "properties": props}


@tool("list_keyframes", ElementArgs, group="motion")
def list_keyframes(project: Project, args: ElementArgs, ctx: ToolContext) -> KeyframesOutput:
    """Every keyframe of an element: property path, key id, time in seconds from the element's start, value
    (colours as hex) and interpolation (linear, hold or bezier). Sound automation is in layers that add up
    (`sound.fade`, `sound.duck`, `sound.gain`, in dB, on top of `volume`); `soundEnvelope` is their sum."""
    element = _element(project, args.element_id)
    keys = [{**k, "time": output_seconds(k["time"])} for k in keyframe_list(element)]
    out: KeyframesOutput = {"elementId": element.id, "keyframes": keys}
    if sound.moving(element):
        out["soundEnvelope"] = sound_envelope(element)
    return out


KeyTime = Annotated[int | float, in_range(0, 86_400), NUMBER]
Handled = Annotated[int | float, in_range(-86_400, 86_400), NUMBER]


class HandleArgs(BaseModel):
    """A bezier handle: ``dt`` seconds from the key, ``dv`` in the property's unit (other keys ignored)."""

    model_config = ConfigDict(strict=True, extra="ignore")
    dt: Handled
    dv: Handled


_HANDLE_SCHEMA = WithJsonSchema({"type": "object", "properties": {"dt": {"type": "number"}, "dv": {"type": "number"}}})


class UpsertArgs(ToolArgs):
    element_id: Annotated[Id, Field(description="The elementId.")]
    property_path: Annotated[Id, Field(json_schema_extra={"enum": _PATHS}, description="The property to animate.")]
    time: Annotated[KeyTime, Field(description="Seconds from the element's start.")]
    value: Annotated[
        Number | None,
        Field(description="The value (number properties: pixels, scale, degrees, opacity 0-1, volume dB)."),
    ] = None
    color_value: Annotated[str | None, Field(description="The colour, for color and background.color ('#ff0000').")] = (
        None
    )
    interpolation: Annotated[
        Literal["linear", "hold", "bezier"] | None,
        Field(description="How the value goes to the next key (default linear)."),
    ] = None
    keyframe_id: Annotated[str | None, Field(description="A key to change (it moves to `time`).")] = None
    errors: ClassVar = {
        "element_id": "Invalid elementId",
        "property_path": "Invalid propertyPath",
        "time": "time must be a non-negative number (seconds)",
        "value": "value is required and must be a number for numeric properties",
        "color_value": "colorValue is required for color properties (hex string like '#ff0000')",
        "interpolation": "interpolation must be 'linear', 'hold', or 'bezier'",
        "keyframe_id": "Invalid keyframeId",
    }
    default_error: ClassVar = "Invalid elementId"

    def check(self) -> None:
        prop = PROPERTIES.get(self.property_path)
        if prop is not None and prop.kind == "color":
            if self.color_value is None or not self.color_value.strip():
                raise ToolError("colorValue is required for color properties (hex string like '#ff0000')")
            if self.value is not None:
                raise ToolError(f"value is for numeric properties; {self.property_path} takes colorValue")
        elif self.value is None:
            raise ToolError("value is required and must be a number for numeric properties")
        elif self.color_value is not None:
            raise ToolError(f"colorValue is for color properties; {self.property_path} takes value (a number)")
        if self.keyframe_id is not None and not self.keyframe_id.strip():
            raise ToolError("Invalid keyframeId")


def _animatable(project: Project, element_id: str, path: str) -> Element:
    if path not in PROPERTIES:
        raise ToolError(f"Unknown property path: {path}. Use list_animatable_properties to discover valid paths.")
    element = _element(project, element_id)
    if not PROPERTIES[path].applies_to(element):
        raise ToolError(f"Element type '{element.type}' does not support animating '{path}'")
    return element


@tool("upsert_keyframe", UpsertArgs, kind="edit", group="motion", hints=Hints(destructive=False))
def upsert_keyframe(project: Project, args: UpsertArgs, ctx: ToolContext) -> ProjectEdit[UpsertKeyframeOutput]:
    """Set a keyframe: the property's value at `time` seconds from the element's start (a key at that time is
    replaced; `keyframeId` moves an existing key). Values snap to the property's step and range. Two keys make
    a move: e.g. opacity 0 at 0 s and 1 at 1 s is a fade in."""
    element = _animatable(project, args.element_id, args.property_path)
    ticks = seconds_to_ticks(float(args.time))
    if ticks > element.duration:
        raise ToolError(
            f"Time {number_text(args.time)}s is outside element range (0 to "
            f"{number_text(output_seconds(element.duration))}s)"
        )
    raw = args.color_value if PROPERTIES[args.property_path].kind == "color" else args.value
    assert raw is not None  # check() asked for the one the property takes
    try:
        changed, key_id = upsert(element, args.property_path, ticks, raw, args.interpolation, args.keyframe_id, new_id)
    except ValueError:
        raise ToolError(f"Invalid colorValue: {args.color_value}") from None
    interpolation = next((k["interpolation"] for k in keyframe_list(changed) if k["id"] == key_id), "linear")
    return project.with_scene(project.scene.update_element(changed)), {
        "success": True,
        "elementId": element.id,
        "propertyPath": args.property_path,
        "keyframeId": key_id,
        "time": args.time,
        "value": value_at(changed, args.property_path, ticks),
        "interpolation": interpolation,
    }


class RemoveArgs(ToolArgs):
    element_id: Annotated[Id, Field(description="The elementId.")]
    property_path: Annotated[Id, Field(json_schema_extra={"enum": _PATHS})]
    keyframe_id: Annotated[Id, Field(description="The key's id (from list_keyframes).")]
    errors: ClassVar = {
        "element_id": "Invalid elementId",
        "property_path": "Invalid propertyPath",
        "keyframe_id": "Invalid keyframeId",
    }
    default_error: ClassVar = "Invalid elementId"


@tool("remove_keyframe", RemoveArgs, kind="edit", group="motion", hints=Hints(destructive=True))
def remove_keyframe(project: Project, args: RemoveArgs, ctx: ToolContext) -> ProjectEdit[RemoveKeyframeOutput]:
    """Remove one keyframe of a property (all of a colour's components). When a property has no key left it is
    no longer animated and shows its static value."""
    element = _animatable(project, args.element_id, args.property_path)
    try:
        changed = remove(element, args.property_path, args.keyframe_id)
    except EditError as exc:
        raise ToolError(exc.message) from None
    return project.with_scene(project.scene.update_element(changed)), {
        "success": True,
        "removedKeyframeId": args.keyframe_id,
    }


class CurveArgs(ToolArgs):
    element_id: Annotated[Id, Field(description="The elementId.")]
    property_path: Annotated[Id, Field(json_schema_extra={"enum": _PATHS})]
    keyframe_id: Annotated[Id, Field(description="The key's id.")]
    interpolation: Annotated[
        Literal["linear", "bezier", "step"] | None, Field(description="The segment to the next key.")
    ] = None
    right_handle: Annotated[
        HandleArgs | None, _HANDLE_SCHEMA, Field(description="Outgoing handle: dt seconds (>= 0), dv value.")
    ] = None
    left_handle: Annotated[
        HandleArgs | None, _HANDLE_SCHEMA, Field(description="Incoming handle: dt seconds (<= 0), dv value.")
    ] = None
    tangent_mode: Annotated[str | None, Field(json_schema_extra={"enum": ["auto", "aligned", "broken", "flat"]})] = None
    errors: ClassVar = {
        "element_id": "Invalid elementId",
        "property_path": "Invalid propertyPath",
        "keyframe_id": "Invalid keyframeId",
        "interpolation": "interpolation must be 'linear', 'bezier', or 'step'",
        "right_handle": "rightHandle must be an object with numeric dt and dv",
        "left_handle": "leftHandle must be an object with numeric dt and dv",
    }
    default_error: ClassVar = "Invalid elementId"


def _ticks(handle: HandleArgs | None) -> Handle | None:
    if handle is None:
        return None
    return Handle(dt=seconds_to_ticks(abs(handle.dt)) * (1 if handle.dt >= 0 else -1), dv=handle.dv)


@tool("update_keyframe_curve", CurveArgs, kind="edit", group="motion", hints=Hints(destructive=False))
def update_keyframe_curve(project: Project, args: CurveArgs, ctx: ToolContext) -> ProjectEdit[CurveOutput]:
    """Shape the motion after a keyframe: its interpolation (linear, bezier, step) and bezier handles, dt in
    seconds and dv in the property's unit (leaving bezier clears the handles). E.g. an ease-out: bezier with
    rightHandle {dt: 0.3, dv: 0}."""
    element = _animatable(project, args.element_id, args.property_path)
    if args.tangent_mode is not None and args.tangent_mode not in ("auto", "aligned", "broken", "flat"):
        raise ToolError(f"Invalid tangentMode: {args.tangent_mode}. Must be auto, aligned, broken, or flat.")
    try:
        changed = update_curve(
            element,
            args.property_path,
            args.keyframe_id,
            args.interpolation,
            _ticks(args.right_handle),
            _ticks(args.left_handle),
            args.tangent_mode,
        )
    except EditError as exc:
        raise ToolError(exc.message) from None
    applied = {
        k: v
        for k, v in (
            ("interpolation", args.interpolation),
            ("rightHandle", args.right_handle and args.right_handle.model_dump()),
            ("leftHandle", args.left_handle and args.left_handle.model_dump()),
            ("tangentMode", args.tangent_mode),
        )
        if v is not None
    }
    return project.with_scene(project.scene.update_element(changed)), {
        "success": True,
        "elementId": element.id,
        "keyframeId": args.keyframe_id,
        "applied": applied,
    }
