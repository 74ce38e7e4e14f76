"""Changing the parameters of an effect element already on the timeline.

Only the keys given change; the others keep their values. The parameters
are checked against the catalogue by the caller.
"""

from __future__ import annotations

from typing import Any

from neuralcut_cli.project.elements import EffectElement
from neuralcut_cli.project.model import Scene


def set_effect_params(scene: Scene, element: EffectElement, params: dict[str, Any]) -> tuple[Scene, dict[str, Any]]:
    """``scene`` with ``params`` merged into the effect's; and the merged parameters."""
    merged = {**element.params, **params}
    return scene.update_element(element.model_copy(update={"params": merged})), merged
