"""The ``neuralcut`` command: a typer app that only wires commands.

Heavy modules (``google.genai``, ``prompt_toolkit``, the HTTP server,
renderers) are imported inside the commands that use them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer
import typer.main
from typer.models import CommandInfo

from neuralcut_cli import __version__
from neuralcut_cli.cli.commands import (
    agent_cmds,
    check_cmd,
    config_cmd,
    history_cmds,
    mcp_cmd,
    media_cmds,
    opencut_cmds,
    output_cmds,
    picture_cmds,
    project_cmds,
    serve_cmd,
    skills_cmd,
    tool_cmds,
)
from neuralcut_cli.cli.environment import Environment, current, running_in
from neuralcut_cli.cli.help_text import friendly_types
from neuralcut_cli.cli.options import ApproveOpt, BackendOpt, BaseUrlOpt, ModelOpt, ProjectOpt
from neuralcut_cli.cli.typer_fixes import skip_absent_coercion

HELP = """NeuralCut: edit a video project by talking to it.

\b
Examples:
  neuralcut                               chat (a REPL; one request per line when piped)
  neuralcut run "split at 5s"             one request, then exit (--json, --dry-run)
  echo "delete from 3s to 6s" | neuralcut requests from a script
  neuralcut timeline                      the project as a table and lanes (--json)
  neuralcut assets --filter unused        media the timeline does not use
  neuralcut tool split '{"times": [5]}'   call one tool directly, no LLM
  neuralcut undo                          revert the last request
  neuralcut new trip.json --media a.mp4   a project from media files
  neuralcut render -o demo.mp4            the edit as a video
  neuralcut --backend gemini              chat with Gemini (GEMINI_API_KEY)

The project is -p PATH, else $NEURALCUT_PROJECT, else projects/demo.json.
"""

app = typer.Typer(
    name="neuralcut",
    help=HELP,
    add_completion=True,
    no_args_is_help=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        print(f"neuralcut {__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    project: ProjectOpt = None,
    backend: BackendOpt = None,
    model: ModelOpt = None,
    base_url: BaseUrlOpt = None,
    approve: ApproveOpt = None,
    version: Annotated[
        bool | None, typer.Option("--version", "-V", callback=_version, is_eager=True, help="Show the version.")
    ] = None,
    color: Annotated[
        str | None,
        typer.Option(
            "--color",
            metavar="auto|always|never",
            help="Colour: auto (a terminal, unless NO_COLOR is set), always or "
            "never; works before or after the command.",
        ),
    ] = None,
    debug: Annotated[
        bool,
        typer.Option(
            "--debug", help="Log what NeuralCut does to stderr (also NEURALCUT_DEBUG=1); keys are never logged."
        ),
    ] = False,
) -> None:
    """With no command: chat (a REPL on a terminal, one request per line when stdin is piped)."""
    current().said_before(project, backend, model, base_url=base_url, approve=approve)
    if ctx.invoked_subcommand is None:
        from neuralcut_cli.cli.commands.agent_cmds import start_chat
        from neuralcut_cli.cli.errors import guarded

        guarded(start_chat)(project, backend, model, base_url, approve)


friendly_types()
skip_absent_coercion()
agent_cmds.register(app)
project_cmds.register(app)
tool_cmds.register(app)
history_cmds.register(app)
serve_cmd.register(app)
media_cmds.register(app)
output_cmds.register(app)
picture_cmds.register(app)
opencut_cmds.register(app)
config_cmd.register(app)
check_cmd.register(app)
skills_cmd.register(app)
mcp_cmd.register(app)


def main(argv: list[str] | None = None, env: Environment | None = None) -> None:
    """Console-script entry point: no tracebacks, and with ``--json`` even a
    misused command line answers one JSON document. ``argv`` defaults to the
    process's, ``env`` to a fresh ``Environment`` over ``os.environ``."""
    import sys

    env = env or Environment()
    with running_in(env):
        _main(sys.argv[1:] if argv is None else argv, env)


def _main(argv: list[str], env: Environment) -> None:
    from typer.exceptions import Abort, Exit, TyperException

    from neuralcut_cli.cli.debug_log import start_debug_log
    from neuralcut_cli.cli.errors import json_requested, report
    from neuralcut_cli.errors import UsageError

    try:
        args = env.take_global_flags(argv)
        if env.debug:
            start_debug_log()
        with _only_the_command_in(args):
            code = app(args=args, prog_name="neuralcut", standalone_mode=False)
    except SystemExit:
        raise
    except Exit as exc:
        raise SystemExit(exc.exit_code) from None
    except Abort:
        raise SystemExit(report(KeyboardInterrupt(), json_requested(argv))) from None
    except TyperException as exc:  # click's usage errors (typer vendors click)
        _plain_words(exc)
        if not json_requested(argv):
            exc.show()  # type: ignore[attr-defined]  # every TyperException raised here is a click usage error
            raise SystemExit(exc.exit_code) from None
        raise SystemExit(report(UsageError(exc.format_message()), True)) from None
    except BaseException as exc:  # noqa: BLE001 - the last line of defence
        raise SystemExit(report(exc, json_requested(argv))) from None
    raise SystemExit(code if isinstance(code, int) else 0)


@contextmanager
def _only_the_command_in(args: list[str]) -> Iterator[None]:
    """While ``args`` run, the app holds only the command they name, if they name one: typer builds every
    registered command's parameters before it parses (a third of a one-shot command's parsing). Help, no
    command and a misspelt one see them all."""
    every = app.registered_commands
    named = _command_named(args)
    app.registered_commands = [named] if named is not None else every
    try:
        yield
    finally:
        app.registered_commands = every


def _command_named(args: list[str]) -> CommandInfo | None:
    """The registered command the first word of ``args`` that is not an option (or its value) names."""
    commands = {info.name: info for info in app.registered_commands}
    takes_value = _root_options_with_values()
    words = iter(args)
    for word in words:
        if word == "--":
            return None
        if word.startswith("-"):
            if word in takes_value:
                next(words, None)
            continue
        return commands.get(word)
    return None


def _root_options_with_values() -> set[str]:
    """``-p``, ``--project``, ...: the options of ``neuralcut`` itself that take a value (read from typer's own
    build of the root alone)."""
    every = app.registered_commands
    app.registered_commands = []
    try:
        root = typer.main.get_command(app)
    finally:
        app.registered_commands = every
    return {
        opt
        for param in root.params
        if param.param_type_name == "option" and not getattr(param, "is_flag", False)
        for opt in (*param.opts, *param.secondary_opts)
    }


def _plain_words(exc: Exception) -> None:
    """Typer's value errors read ``Value error, 'x' is not one of ...``: the library's words go."""
    message = getattr(exc, "message", None)
    if isinstance(message, str):
        exc.message = message.replace("Value error, ", "")  # type: ignore[attr-defined]
