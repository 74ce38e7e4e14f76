"""``undo`` and ``redo``: move the project history one request."""

from __future__ import annotations

from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.tools.definition import Hints, NoArgs, tool
from neuralcut_cli.tools.outputs import HistoryOutput


def _moved(session: ProjectSession, backwards: bool) -> HistoryOutput:
    step, _ = session.move_history(backwards)
    undoable, redoable = session.history.depth()
    if backwards:  # ``remaining``: how many more steps the same call could still move
        return {"success": True, "undone": step.summary(), "remaining": undoable}
    return {"success": True, "redone": step.summary(), "remaining": redoable}


@tool("undo", NoArgs, kind="history", group="core", hints=Hints(destructive=False))
def undo(session: ProjectSession, args: NoArgs) -> HistoryOutput:
    """Undo the last request: all of its edits together ("Nothing to undo" when there is none)."""
    return _moved(session, backwards=True)


@tool("redo", NoArgs, kind="history", group="core", hints=Hints(destructive=False))
def redo(session: ProjectSession, args: NoArgs) -> HistoryOutput:
    """Redo the last undone request, all of its edits. A new edit after an undo drops what could be redone."""
    return _moved(session, backwards=False)
