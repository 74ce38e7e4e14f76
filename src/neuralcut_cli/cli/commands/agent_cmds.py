"""``neuralcut run MESSAGE`` and ``neuralcut chat`` (the REPL, or one request per line of piped stdin)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from neuralcut_cli.cli.errors import guarded
from neuralcut_cli.cli.help_text import command
from neuralcut_cli.cli.options import (
    ApproveOpt,
    BackendOpt,
    BaseUrlOpt,
    JsonOpt,
    ModelOpt,
    ProjectOpt,
    resolve_approve,
    resolve_backend,
    resolve_base_url,
    resolve_model,
    resolve_project,
)
from neuralcut_cli.errors import ExitCode, UsageError

if TYPE_CHECKING:
    from rich.console import Console


def run(
    message: Annotated[str, typer.Argument(help='The request, e.g. "split at 5s".')],
    project: ProjectOpt = None,
    backend: BackendOpt = None,
    model: ModelOpt = None,
    base_url: BaseUrlOpt = None,
    approve: ApproveOpt = None,
    json_out: JsonOpt = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show what would change; save nothing.")] = False,
    check: Annotated[
        bool, typer.Option("--check", help="Then check the edit as `neuralcut check` does; --json includes it.")
    ] = False,
) -> ExitCode | None:
    """Run one request, then exit. Example: neuralcut run "delete from 3s to 6s" """
    from neuralcut_cli.cli.chat.chat_session import ChatSession
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.text_input import checked_request

    message = checked_request(message)
    mode = resolve_approve(approve)
    out = Output()
    chat = ChatSession(
        resolve_project(project),
        resolve_backend(backend),
        resolve_model(model),
        dry_run=dry_run,
        base_url=resolve_base_url(base_url),
        approve=mode,
    )
    if mode == "ask":
        from neuralcut_cli.cli.chat.approve_prompt import terminal_asker  # only when asking

        chat.answer_with(terminal_asker(out.errors, read=_tty_question(out)))
    from neuralcut_cli.cli.chat.waiting import Waiting

    with Waiting(chat, lambda: out.errors, quiet=mode == "ask"):  # asking prints its own questions there
        exchange = chat.ask(message)
    report = _checked(chat) if check else None
    if json_out:
        out.json({**exchange.outcome.to_json(), **({"check": report.to_json()} if report else {})})
    else:
        from neuralcut_cli.cli.chat.render import print_exchange

        print_exchange(out.console, exchange, dry_run=dry_run)
        if report is not None:
            from neuralcut_cli.cli.views.findings import show_report

            show_report(out.console, report, chat.project())
    if exchange.cancelled:
        return ExitCode.CANCELLED
    return ExitCode.FAILED if exchange.outcome.failed else None


def _checked(chat: Any) -> Any:
    """The timeline checks on the project as the request left it."""
    from neuralcut_cli.check.findings import Report
    from neuralcut_cli.check.timeline import timeline_findings

    return Report(timeline_findings(chat.project(), chat.project_file))


def chat(
    project: ProjectOpt = None,
    backend: BackendOpt = None,
    model: ModelOpt = None,
    base_url: BaseUrlOpt = None,
    approve: ApproveOpt = None,
) -> int:
    """Talk to the project: a REPL on a terminal, one request per line when stdin is piped."""
    return start_chat(project, backend, model, base_url, approve)


def _tty_question(out: Any) -> Callable[[str], str]:
    """Asking on the terminal (stdin must be one: checked before the request starts)."""
    if sys.stdin is None or not sys.stdin.isatty():
        raise UsageError("--approve ask needs a terminal to ask on, and stdin is not one; use --approve auto")
    from rich.markup import escape

    return lambda prompt: out.errors.input(escape(prompt))  # "[y]es": brackets are text here, not markup


def start_chat(
    project: Path | None,
    backend: str | None,
    model: str | None,
    base_url: str | None = None,
    approve: str | None = None,
) -> int:
    import gc

    gc.enable()  # a session can be long: collect cycles as usual
    from neuralcut_cli.cli.chat.chat_session import ChatSession
    from neuralcut_cli.cli.output import Output

    mode = resolve_approve(approve)
    console = Output().console
    session = ChatSession(
        _project_or_offer(project, console),
        resolve_backend(backend),
        resolve_model(model),
        base_url=resolve_base_url(base_url),
        approve=mode,
    )
    if mode == "ask" and (sys.stdin is None or not sys.stdin.isatty()):
        raise UsageError(
            "--approve ask needs a terminal to ask on, and stdin is not one (piped requests); use --approve auto"
        )
    if sys.stdin is not None and sys.stdin.isatty():
        from neuralcut_cli.cli.chat.terminal import interactive

        return interactive(session, console)
    from neuralcut_cli.cli.chat.pipe import run_lines

    return run_lines(session, getattr(sys.stdin, "buffer", None) or sys.stdin or [], console)


def _project_or_offer(project: Path | None, console: Console) -> Path:
    """The project to open; with none here, on a terminal, offer to make one (see ``first_run``)."""
    from rich.markup import escape

    from neuralcut_cli.cli.first_run import Asker, NoProject, offer, projects_here

    try:
        return resolve_project(project)
    except NoProject:
        if not (sys.stdin is not None and sys.stdin.isatty() and console.is_terminal):
            raise
        here = projects_here(Path.cwd())
        if len(here) == 1:  # the one a first run made here, or the person's own: open it
            console.print(f"Opening {escape(here[0].name)}, the project here (-p names another).")
            return here[0]
        if here:
            raise
        made = offer(console, Path.cwd(), Asker(console))
        if made is None:
            raise SystemExit(0) from None
        return made


def register(app: typer.Typer) -> None:
    command(app, guarded(run))
    command(app, guarded(chat))
