"""Effects on one element (``element.effects[]``): added at the end of its list, changed, switched off or
removed by id. The parameters are checked against the catalogue by the caller.

Only elements drawn as a picture layer take them: video, image, sticker and graphic (a text is drawn straight
onto the frame, and audio and effect elements have no picture of their own).
"""

from __future__ import annotations

from typing import Any

from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.project.elements import ClipEffect, Element
from neuralcut_cli.project.model import Scene

TAKES_CLIP_EFFECTS = ("video", "image", "sticker", "graphic")


def add_clip_effect(scene: Scene, element: Element, effect_type: str, params: dict[str, Any]) -> tuple[Scene, str]:
    """``scene`` with the effect last on ``element``'s list; and the new effect's id."""
    effect = ClipEffect(id=new_id(), type=effect_type, params=params, enabled=True)
    effects = (*(getattr(element, "effects", None) or ()), effect)
    return scene.update_element(element.model_copy(update={"effects": effects})), effect.id


def find_clip_effect(element: Element, effect_id: str) -> ClipEffect | None:
    return next((e for e in getattr(element, "effects", None) or () if e.id == effect_id), None)


def update_clip_effect(
    scene: Scene, element: Element, effect_id: str, params: dict[str, Any], enabled: bool | None
) -> tuple[Scene, ClipEffect]:
    """``scene`` with ``params`` merged into the effect's (and ``enabled`` set when given); and the effect."""
    changed: ClipEffect | None = None
    effects = []
    for effect in getattr(element, "effects", None) or ():
        if effect.id == effect_id:
            effect = effect.model_copy(
                update={
                    "params": {**effect.params, **params},
                    "enabled": effect.enabled if enabled is None else enabled,
                }
            )
            changed = effect
        effects.append(effect)
    assert changed is not None, "the caller checks the effect exists"
    return scene.update_element(element.model_copy(update={"effects": tuple(effects)})), changed


def remove_clip_effect(scene: Scene, element: Element, effect_id: str) -> Scene:
    effects = tuple(e for e in getattr(element, "effects", None) or () if e.id != effect_id)
    return scene.update_element(element.model_copy(update={"effects": effects or None}))
