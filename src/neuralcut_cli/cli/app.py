"""The ``neuralcut`` command: a typer app that only wires commands.

Heavy modules (``google.genai``, ``prompt_toolkit``, the HTTP server,
renderers) are imported inside the commands that use them. A line that names
a command builds an app with that command alone, importing only its module
(``COMMAND_MODULES``, ``cli.line``); ``app``, with every command (help, a
misspelt command, the tests' runner), is built on first use.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib import import_module
from typing import Annotated, Any

import typer

from neuralcut_cli import __version__
from neuralcut_cli.cli.environment import Environment, current, running_in
from neuralcut_cli.cli.line import command_named
from neuralcut_cli.cli.options import ApproveOpt, BackendOpt, BaseUrlOpt, ModelOpt, ProjectOpt
from neuralcut_cli.cli.typer_fixes import friendly_types, skip_absent_coercion

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

#: Each command and the module of ``cli.commands`` that registers it, in the order ``--help`` lists them
#: (``tests/cli/test_cold_start.py`` holds this to what the modules register).
COMMAND_MODULES = {
    "run": "agent_cmds",
    "chat": "agent_cmds",
    "timeline": "project_cmds",
    "assets": "project_cmds",
    "new": "project_cmds",
    "tool": "tool_cmds",
    "tools": "tool_cmds",
    "undo": "history_cmds",
    "redo": "history_cmds",
    "history": "history_cmds",
    "serve": "serve_cmd",
    "import": "media_cmds",
    "render": "output_cmds",
    "export": "output_cmds",
    "frame": "picture_cmds",
    "storyboard": "picture_cmds",
    "import-timeline": "opencut_cmds",
    "import-opencut": "opencut_cmds",
    "export-opencut": "opencut_cmds",
    "config": "config_cmd",
    "check": "check_cmd",
    "skills": "skills_cmd",
    "backends": "backends_cmd",
    "mcp": "mcp_cmd",
}


def build(modules: Iterable[str] | None = None) -> typer.Typer:
    """The ``neuralcut`` app with the commands the ``modules`` of ``cli.commands`` register (default: all)."""
    made = typer.Typer(
        name="neuralcut",
        help=HELP,
        add_completion=True,
        no_args_is_help=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    made.callback(invoke_without_command=True)(root)
    for module in dict.fromkeys(COMMAND_MODULES.values()) if modules is None else modules:
        import_module(f"neuralcut_cli.cli.commands.{module}").register(made)
    return made


def _version(value: bool) -> None:
    if value:
        print(f"neuralcut {__version__}")
        raise typer.Exit()


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


@cache
def every_command() -> typer.Typer:
    """The app with every command (built once)."""
    return build()


def __getattr__(name: str) -> Any:
    if name == "app":  # every command: for --help, a misspelt command, the tests' runner
        return every_command()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def app_for(args: list[str]) -> typer.Typer:
    """The app a line runs in: the command it names, alone (typer builds every command it holds before it
    parses); every command when it names none."""
    named = command_named(args, build(()), COMMAND_MODULES)
    if named is None:
        return every_command()
    made = build((COMMAND_MODULES[named],))
    made.registered_commands = [info for info in made.registered_commands if info.name == named]
    return made


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
        from neuralcut_cli.cli.config import export_settings

        if not {"--help", "-h", "--version"} & set(args):  # help is there even with a broken config file
            export_settings()  # (a stat when there is no config file)
        code = app_for(args)(args=args, prog_name="neuralcut", standalone_mode=False)
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


def _plain_words(exc: Exception) -> None:
    """Typer's value errors read ``Value error, 'x' is not one of ...``: the library's words go."""
    message = getattr(exc, "message", None)
    if isinstance(message, str):
        exc.message = message.replace("Value error, ", "")  # type: ignore[attr-defined]
