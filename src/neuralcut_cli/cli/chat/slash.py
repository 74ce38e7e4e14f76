"""Slash commands, declared once: read by /help, the dispatcher and the completer.

A unique prefix is enough (``/tim`` is ``/timeline``).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from neuralcut_cli.agent.backends.registry import BACKENDS, choices, entry_for
from neuralcut_cli.cli.chat import pictures, render_slash
from neuralcut_cli.cli.chat.chat_session import ChatSession
from neuralcut_cli.errors import NeuralCutError, UsageError


@dataclass(frozen=True)
class Slash:
    name: str
    help: str
    run: Callable[[ChatSession, Console, str], bool | None]  # returns False to leave
    argument: str = ""  # what to complete: "", "backend", "path"


def _help(chat: ChatSession, console: Console, arg: str) -> None:
    """Two aligned columns; descriptions wrap between words, under themselves."""
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, show_header=False, padding=(0, 2, 0, 0), pad_edge=False)
    table.add_column(no_wrap=True, style="bold")
    table.add_column(style="dim", overflow="fold")
    for command in COMMANDS:
        table.add_row(f"/{command.name}" + (f" [{command.argument}]" if command.argument else ""), command.help)
    console.print(Padding(table, (0, 0, 0, 2)), soft_wrap=False)
    console.print(
        Padding(
            Text.from_markup(
                "Anything else is a request, e.g. [italic]split at 5s[/]; [italic]help[/] lists what the mock understands. "
                "A unique prefix of a command is enough (/tim). Ctrl-C cancels a request, Ctrl-D leaves."
            ),
            (0, 0, 0, 2),
        ),
        soft_wrap=False,
    )


def _timeline(chat: ChatSession, console: Console, arg: str) -> None:
    from neuralcut_cli.cli.views.timeline_view import print_timeline

    print_timeline(console, chat.project())


def _assets(chat: ChatSession, console: Console, arg: str) -> None:
    from neuralcut_cli.cli.views.assets_table import assets_table

    listed = chat.run_tool("list_project_assets", {})
    console.print(assets_table(chat.project(), listed.get("assets", [])))


def _tools(chat: ChatSession, console: Console, arg: str) -> None:
    from neuralcut_cli.cli.views.tools_view import tools_view

    console.print(tools_view([t.document() for t in chat.registry.get_all()]))


def _move(chat: ChatSession, console: Console, backwards: bool) -> None:
    from neuralcut_cli.cli.views.tool_result import print_edit_result

    before = chat.project()
    step, patch = chat.move_history(backwards)  # HistoryError fails the line (see ``dispatch``)
    console.print(f"{'Undid' if backwards else 'Redid'}: {escape(step.source)}")
    print_edit_result(console, "undo" if backwards else "redo", {}, patch, before, chat.project())


def _history(chat: ChatSession, console: Console, arg: str) -> None:
    from neuralcut_cli.cli.views.history_view import history_table

    console.print(history_table(*chat.steps()))


def _clear(chat: ChatSession, console: Console, arg: str) -> None:
    chat.forget_conversation()
    console.clear()
    console.print("Conversation cleared (the project and its history are untouched).")


def _cls(chat: ChatSession, console: Console, arg: str) -> None:
    console.clear()


def _backend(chat: ChatSession, console: Console, arg: str) -> None:
    if arg:
        chat.set_backend(arg.strip())
    console.print(f"Backend: {escape(chat.backend_label)}")


def _model(chat: ChatSession, console: Console, arg: str) -> None:
    entry = entry_for(chat.backend_name)
    if not entry.takes_model:
        if arg:
            switch = ", ".join(f"/backend {e.name}" for e in BACKENDS if e.takes_model)
            raise UsageError(
                f"{entry.called[0].upper()}{entry.called[1:]} has no model to set; switch backend first ({switch})"
            )
        console.print(f"Model: none ({entry.called} has no model)")
        return
    if arg:
        chat.model = arg.strip()
        chat.set_backend(chat.backend_name or "mock", chat.model)
    console.print(f"Model: {escape(chat.backend.model or 'none')}")


def _skills(chat: ChatSession, console: Console, arg: str) -> None:
    from neuralcut_cli.cli.commands.skills_cmd import print_skills, skills_report

    print_skills(console, *skills_report(chat.project_path))


def _approve(chat: ChatSession, console: Console, arg: str) -> None:
    mode = arg.strip().lower()
    if mode:
        if mode not in ("ask", "auto"):
            raise UsageError("/approve ask (show each edit and ask first) or /approve auto")
        chat.set_approve(mode)
    console.print(
        f"Approval: {chat.approve}"
        + (
            " (each edit is shown and asked first)"
            if chat.approve == "ask"
            else " (edits run without asking; /undo reverts a request)"
        )
    )


def _check(chat: ChatSession, console: Console, arg: str) -> None:
    """The timeline checks of ``neuralcut check`` on the open project."""
    from neuralcut_cli.check.findings import Report
    from neuralcut_cli.check.timeline import timeline_findings
    from neuralcut_cli.cli.views.findings import show_report

    project = chat.project()
    show_report(console, Report(timeline_findings(project, chat.project_file)), project)


def _project(chat: ChatSession, console: Console, arg: str) -> None:
    if arg:
        chat.open(Path(arg.strip()).expanduser())
    console.print(f"Project: {escape(str(chat.project_path))}")


COMMANDS: list[Slash] = [
    Slash("help", "this list", _help),
    Slash("timeline", "show the timeline (table and lanes)", _timeline),
    Slash("assets", "show the media assets", _assets),
    Slash("tools", "the tools the agent can call", _tools),
    Slash("undo", "revert the last request", lambda c, o, a: _move(c, o, True)),
    Slash("redo", "re-apply the last undone request", lambda c, o, a: _move(c, o, False)),
    Slash("history", "the requests in the undo history", _history),
    Slash("frame", "write the frame at a time as a picture (shown here if the terminal can)", pictures.frame, "time"),
    Slash("storyboard", "a contact sheet: a frame per shot ('every 2' for one each 2 s)", pictures.storyboard),
    Slash(
        "render",
        "render the edit to a video (a file name, preview, from T, to T; Ctrl-C stops it)",
        render_slash.render,
    ),
    Slash("check", "what a viewer would notice: black gaps, stacked text, captions, silence...", _check),
    Slash("clear", "forget the conversation (and clear the screen)", _clear),
    Slash("cls", "clear the screen (typing clear does too)", _cls),
    Slash("backend", f"show or switch the backend ({choices()})", _backend, "backend"),
    Slash("model", "show or set the model", _model, "model"),
    Slash("approve", "ask before each edit, or not (ask, auto)", _approve),
    Slash("skills", "the skills (recipes) a model can load", _skills),
    Slash("project", "show or open another project file", _project, "path"),
    Slash("exit", "leave (Ctrl-D works too)", lambda c, o, a: False),
]


def find(word: str) -> Slash | list[Slash]:
    """The command a (prefix of a) name means, or the candidates."""
    name = word.lstrip("/").lower()
    exact = [c for c in COMMANDS if c.name == name or (name == "quit" and c.name == "exit")]
    if exact:
        return exact[0]
    matches = [c for c in COMMANDS if c.name.startswith(name)]
    return matches[0] if len(matches) == 1 else matches


def dispatch(chat: ChatSession, console: Console, line: str) -> tuple[bool, bool]:
    """Run a slash command line; ``(keep going, succeeded)``. A command reports a failure by raising a
    ``NeuralCutError`` (printed here, and counted: a script with a failed line exits 1), never by printing."""
    word, _, arg = line.strip().partition(" ")
    command = find(word)
    if isinstance(command, list):
        if command:
            names = [f"/{c.name}" for c in command]
            choices = ", ".join(names[:-1]) + f" or {names[-1]}"
            console.print(f"[red]{escape(word)} could be {choices}[/]: type more of the name.")
        else:
            close = difflib.get_close_matches(word.lstrip("/").lower(), [c.name for c in COMMANDS], n=1, cutoff=0.6)
            guess = f" (did you mean /{close[0]}?)" if close else ""
            console.print(f"[red]Unknown command {escape(word)}[/]{escape(guess)}; /help lists the commands.")
        return True, False
    try:
        return command.run(chat, console, arg) is not False, True
    except NeuralCutError as exc:
        console.print(f"[red]error:[/] {escape(exc.message)}")
        return True, False
