"""The rules every edit passes through after its tool ran, whatever the tool: each takes the project before and
after the edit and returns the project as it must be, with what it says (keys the answer gains). The generic
runner (``definition.ToolDefinition``) applies them in order and knows none of them.

Today one rule: transitions stay true to their clips (``editing.transitions.keep_true``): a cut, move or delete
that touches a joined clip shortens, moves or removes the transition, and says so under ``transitionChanges``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from neuralcut_cli.editing.transitions import keep_true
from neuralcut_cli.project.model import Project

#: The key an edit's answer gains when transitions had to change with it.
TRANSITION_CHANGES = "transitionChanges"

AfterEdit = Callable[[Project, Project], tuple[Project, dict[str, Any]]]


def _transitions_stay_true(before: Project, after: Project) -> tuple[Project, dict[str, Any]]:
    scene, notes = keep_true(before.scene, after.scene)
    if scene is not after.scene:  # the edit cut, moved or removed clips that transitions join
        after = after.with_scene(scene)
    return after, ({TRANSITION_CHANGES: notes} if notes else {})


AFTER_EDIT: tuple[AfterEdit, ...] = (_transitions_stay_true,)


def settled(before: Project, after: Project) -> tuple[Project, dict[str, Any]]:
    """``after`` with every rule applied, and all they said."""
    said: dict[str, Any] = {}
    for rule in AFTER_EDIT:
        after, more = rule(before, after)
        said.update(more)
    return after, said
