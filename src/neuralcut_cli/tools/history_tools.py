"""``undo`` and ``redo``: move the project history one request."""

from __future__ import annotations

from typing import Any

from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.tools.definition import Hints, NoArgs, tool


def _moved(session: ProjectSession, backwards: bool) -> dict[str, Any]:
    step, _ = session.move_history(backwards)
    key = "undone" if backwards else "redone"
    return {"success": True, key: step.summary()}


@tool("undo", NoArgs, kind="history", group="core", hints=Hints(destructive=False))
def undo(session: ProjectSession, args: NoArgs) -> dict[str, Any]:
    """Undo the last request: every edit it made (possibly several tool calls)
    is reverted together. Fails with "Nothing to undo" when there is none."""
    return _moved(session, backwards=True)


@tool("redo", NoArgs, kind="history", group="core", hints=Hints(destructive=False))
def redo(session: ProjectSession, args: NoArgs) -> dict[str, Any]:
    """Redo the last undone request, re-applying all of its edits. A new edit
    after an undo drops what could be redone."""
    return _moved(session, backwards=False)
