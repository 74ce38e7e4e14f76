"""``neuralcut undo | redo | history``: the project's history across processes."""

from __future__ import annotations

import typer

from neuralcut_cli.cli.errors import guarded
from neuralcut_cli.cli.help_text import command
from neuralcut_cli.cli.options import JsonOpt, ProjectOpt


def _move(project, json_out: bool, backwards: bool) -> None:  # type: ignore[no-untyped-def]
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.project_files import open_session
    from neuralcut_cli.cli.views.tool_result import print_edit_result

    session = open_session(project)
    out = Output()
    before = session.project()
    step, patch = session.move_history(backwards)  # HistoryError: nothing to move, or a conflict
    verb = "undone" if backwards else "redone"
    summary = {"success": True, verb: step.summary()}
    if json_out:
        out.json(summary)
        return
    from neuralcut_cli.cli.views.history_view import local_time

    out.say(f"{'Undid' if backwards else 'Redid'}: {step.source}  (made {local_time(step.time)})")  # as /undo says
    print_edit_result(out.console, "undo" if backwards else "redo", {}, patch, before, session.project())


def undo(project: ProjectOpt = None, json_out: JsonOpt = False) -> None:
    """Undo the last request (all the edits it made), even one made by another process."""
    _move(project, json_out, backwards=True)


def redo(project: ProjectOpt = None, json_out: JsonOpt = False) -> None:
    """Redo the last undone request."""
    _move(project, json_out, backwards=False)


def history(project: ProjectOpt = None, json_out: JsonOpt = False) -> None:
    """List the requests in the undo history: when, what asked for it, what changed."""
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.project_files import open_session

    session = open_session(project)
    done, undone = session.steps()
    out = Output()
    if json_out:
        out.json({"undo": [s.summary() for s in done], "redo": [s.summary() for s in undone]})
        return
    from neuralcut_cli.cli.views.history_view import history_table

    out.console.print(history_table(done, undone))


def register(app: typer.Typer) -> None:
    for function in (undo, redo, history):
        command(app, guarded(function))
