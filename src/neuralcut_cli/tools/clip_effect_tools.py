"""``add_clip_effect``, ``update_clip_effect``, ``remove_clip_effect``: effects on one element (its own
``effects[]``, applied before it is placed), rather than an effect element over a range of everything below."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from pydantic import Field

from neuralcut_cli.editing import clip_effects as edit
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import Project, Scene
from neuralcut_cli.tools.common import Id
from neuralcut_cli.tools.definition import Hints, ProjectEdit, ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.effect_tools import ParamValue, checked_params, effect_def
from neuralcut_cli.tools.outputs import AddClipEffectOutput, RemoveClipEffectOutput, UpdateClipEffectOutput


def _taker(scene: Scene, element_id: str) -> Element:
    found = scene.find_element(element_id)
    if found is None:
        raise ToolError(f"Timeline element not found: {element_id}")
    element = found[1]
    if element.type not in edit.TAKES_CLIP_EFFECTS:
        raise ToolError(
            f"Element {element_id} is {element.type}: clip effects go on video, image, sticker or "
            "graphic elements (use apply_effect for an effect over a time range)"
        )
    return element


class AddClipEffectArgs(ToolArgs):
    element_ids: Annotated[list[Id], Field(min_length=1, description="Video, image, sticker or graphic elements.")]
    effect_type: Annotated[str, Field(min_length=1, description="Effect id from list_effects, e.g. film-grain.")]
    params: Annotated[
        dict[str, ParamValue] | None,
        Field(description="Optional parameter values; defaults otherwise (see get_effect)."),
    ] = None
    errors: ClassVar = {
        "element_ids": "Invalid element ids",
        "effect_type": "Invalid effect type",
        "params": "Invalid effect parameters",
    }


@tool("add_clip_effect", AddClipEffectArgs, kind="edit", group="effects", hints=Hints(destructive=False))
def add_clip_effect(project: Project, args: AddClipEffectArgs, ctx: ToolContext) -> ProjectEdit[AddClipEffectOutput]:
    """Put an effect on elements themselves, for their whole length, after the effects they already have (e.g.
    film grain on one clip, black and white on a photo). Any effect of list_effects."""
    effect = effect_def(args.effect_type)
    params = {**effect.defaults(), **checked_params(effect, args.params or {})}
    scene, added = project.scene, []
    for element_id in dict.fromkeys(args.element_ids):
        scene, effect_id = edit.add_clip_effect(scene, _taker(scene, element_id), effect.id, params)
        added.append({"elementId": element_id, "effectId": effect_id})
    return project.with_scene(scene), {
        "success": True,
        "added": added,
        "effectType": effect.id,
        "appliedParams": params,
    }


class UpdateClipEffectArgs(ToolArgs):
    element_id: Annotated[Id, Field(description="The element that has the effect.")]
    effect_id: Annotated[Id, Field(description="The effect's id (from add_clip_effect or get_element).")]
    params: Annotated[dict[str, ParamValue] | None, Field(description="Parameters to change.")] = None
    enabled: Annotated[bool | None, Field(description="false switches the effect off, true on again.")] = None
    errors: ClassVar = {
        "element_id": "Invalid element id",
        "effect_id": "Invalid effect id",
        "params": "Invalid effect parameters",
        "enabled": "enabled must be true or false",
    }

    def check(self) -> None:
        if not self.params and self.enabled is None:
            raise ToolError("Give params to change and/or enabled")


def _clip_effect(element: Element, effect_id: str) -> Any:
    effect = edit.find_clip_effect(element, effect_id)
    if effect is None:
        raise ToolError(f"Clip effect not found: {effect_id} (element {element.id})")
    return effect


@tool(
    "update_clip_effect",
    UpdateClipEffectArgs,
    kind="edit",
    group="effects",
    hints=Hints(destructive=False, idempotent=True),
)
def update_clip_effect(
    project: Project, args: UpdateClipEffectArgs, ctx: ToolContext
) -> ProjectEdit[UpdateClipEffectOutput]:
    """Change some parameters of an effect on an element (the others keep their values), or switch it off
    and on with `enabled`. Returns the merged parameters."""
    element = _taker(project.scene, args.element_id)
    current = _clip_effect(element, args.effect_id)
    params = checked_params(effect_def(current.type), args.params or {})
    scene, changed = edit.update_clip_effect(project.scene, element, args.effect_id, params, args.enabled)
    return project.with_scene(scene), {
        "success": True,
        "elementId": element.id,
        "effectId": changed.id,
        "appliedParams": changed.params,
        "enabled": changed.enabled,
    }


class RemoveClipEffectArgs(ToolArgs):
    element_id: Annotated[Id, Field(description="The element that has the effect.")]
    effect_id: Annotated[Id, Field(description="The effect's id.")]
    errors: ClassVar = {"element_id": "Invalid element id", "effect_id": "Invalid effect id"}


@tool("remove_clip_effect", RemoveClipEffectArgs, kind="edit", group="effects", hints=Hints(destructive=True))
def remove_clip_effect(
    project: Project, args: RemoveClipEffectArgs, ctx: ToolContext
) -> ProjectEdit[RemoveClipEffectOutput]:
    """Take an effect off an element (the effect id comes from add_clip_effect or get_element)."""
    element = _taker(project.scene, args.element_id)
    _clip_effect(element, args.effect_id)
    scene = edit.remove_clip_effect(project.scene, element, args.effect_id)
    return project.with_scene(scene), {"success": True, "elementId": element.id, "removed": args.effect_id}
