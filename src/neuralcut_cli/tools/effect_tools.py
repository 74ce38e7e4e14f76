"""``list_effects``, ``get_effect``, ``apply_effect``, ``update_effect``."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from pydantic import Field

from neuralcut_cli.catalogs.effects import (
    EffectDef,
    closest_effects,
    effect_by_word,
    find_effect,
    search_effects,
    validate_params,
)
from neuralcut_cli.editing.builders import effect_element
from neuralcut_cli.editing.effects import set_effect_params
from neuralcut_cli.editing.placement import place_auto
from neuralcut_cli.errors import ParamError
from neuralcut_cli.project.colors import parse_color
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import seconds_to_ticks
from neuralcut_cli.tools.common import Id, Seconds
from neuralcut_cli.tools.definition import (
    Hints,
    ProjectEdit,
    ToolArgs,
    ToolContext,
    ToolError,
    tool,
)
from neuralcut_cli.tools.outputs import AppliedEffectOutput, EffectOutput, EffectsOutput, UpdatedEffectOutput

ParamValue = bool | int | float | str


def effect_def(effect_type: str) -> EffectDef:
    """The effect ``effect_type`` names: its id or name, or a word only it has ("black-white" is grayscale); the
    spec's error otherwise, with the closest effects when some share a word with it."""
    effect = find_effect(effect_type) or effect_by_word(effect_type)
    if effect is None:
        closest = closest_effects(effect_type)
        raise ToolError(f"Effect not found: {effect_type}", **({"closest": closest} if closest else {}))
    return effect


def checked_params(effect: EffectDef, params: dict[str, Any]) -> dict[str, Any]:
    try:
        return validate_params(effect, params, _is_color)
    except ParamError as exc:
        raise ToolError(str(exc)) from None


def _is_color(text: str) -> bool:
    try:
        parse_color(text)
    except ValueError:
        return False
    return True


class ListEffectsArgs(ToolArgs):
    query: Annotated[
        str | None,
        Field(max_length=500, description="Optional words to match in names and keywords, e.g. 'black and white'."),
    ] = None


@tool("list_effects", ListEffectsArgs, group="effects")
def list_effects(project: Project, args: ListEffectsArgs, ctx: ToolContext) -> EffectsOutput:
    """List the visual effects that apply_effect can add (id, name,
    description); filter with an optional case-insensitive `query`. Then
    call get_effect for an effect's parameters."""
    query = args.query if isinstance(args.query, str) else None
    return {"effects": [effect.summary() for effect in search_effects(query)]}


class GetEffectArgs(ToolArgs):
    effect_type: Annotated[str, Field(min_length=1, description="Effect id from list_effects, e.g. blur.")]
    errors: ClassVar = {"effect_type": "Invalid effect type"}

    def check(self) -> None:
        if not self.effect_type.strip():
            raise ToolError("Invalid effect type")


@tool("get_effect", GetEffectArgs, group="effects")
def get_effect(project: Project, args: GetEffectArgs, ctx: ToolContext) -> EffectOutput:
    """Describe one effect and every parameter it takes: key, label, type,
    default, min, max, step and a readable description."""
    effect = effect_def(args.effect_type)
    return {
        "id": effect.id,
        "name": effect.name,
        "description": effect.description,
        "params": [p.to_json() for p in effect.params],
    }


class ApplyEffectArgs(ToolArgs):
    effect_type: Annotated[str, Field(min_length=1, description="Effect id, e.g. blur, sepia, vignette.")]
    start: Annotated[Seconds, Field(description="Start in seconds.")]
    end: Annotated[Seconds, Field(description="End in seconds (after start).")]
    params: Annotated[
        dict[str, ParamValue] | None,
        Field(description='Optional parameter values, e.g. {"intensity": 40}; defaults otherwise.'),
    ] = None
    errors: ClassVar = {
        "effect_type": "Invalid effect type",
        "start": "Invalid start time",
        "end": "Invalid end time",
        "params": "Invalid effect parameters",
    }

    def check(self) -> None:
        if not self.effect_type.strip():
            raise ToolError("Invalid effect type")
        if seconds_to_ticks(self.start) >= seconds_to_ticks(self.end):
            raise ToolError("Invalid time range")


@tool("apply_effect", ApplyEffectArgs, kind="edit", group="core", hints=Hints(destructive=False))
def apply_effect(project: Project, args: ApplyEffectArgs, ctx: ToolContext) -> ProjectEdit[AppliedEffectOutput]:
    """Add one of the effects of list_effects over a time range (s): it changes every layer below it. `params`
    override the defaults. For one clip only: add_clip_effect."""
    effect = effect_def(args.effect_type)
    params = {**effect.defaults(), **checked_params(effect, args.params or {})}
    element = effect_element(effect, params, seconds_to_ticks(args.start), seconds_to_ticks(args.end))
    try:
        scene, track = place_auto(project.scene, element, "effect")
    except Exception as exc:  # noqa: BLE001 - a bug in placement, reported as the spec says
        raise ToolError("Failed to place effect element", details=str(exc)) from None
    return project.with_scene(scene), {"elementId": element.id, "trackId": track.id, "appliedParams": params}


class UpdateEffectArgs(ToolArgs):
    element_id: Annotated[Id, Field(description="elementId of an effect element.")]
    params: Annotated[
        dict[str, ParamValue], Field(min_length=1, description='Parameters to change, e.g. {"intensity": 40}.')
    ]
    errors: ClassVar = {
        "element_id": "Invalid element id",
        "params": "params is required and must be a non-empty object",
    }


@tool("update_effect", UpdateEffectArgs, kind="edit", group="effects", hints=Hints(destructive=False, idempotent=True))
def update_effect(project: Project, args: UpdateEffectArgs, ctx: ToolContext) -> ProjectEdit[UpdatedEffectOutput]:
    """Change some parameters of an effect element already on the timeline;
    the others keep their values. Returns the full merged parameters."""
    scene = project.scene
    found = scene.find_element(args.element_id)
    if found is None:
        raise ToolError(f"Timeline element not found: {args.element_id}")
    _, element = found
    if element.type != "effect":
        raise ToolError("Element is not an effect")
    effect = effect_def(element.effect_type)
    scene, merged = set_effect_params(scene, element, checked_params(effect, args.params))
    return project.with_scene(scene), {"success": True, "elementId": element.id, "appliedParams": merged}
