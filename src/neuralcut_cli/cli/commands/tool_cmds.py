"""``neuralcut tool NAME [ARGS_JSON | -]`` and ``neuralcut tools``: no LLM involved."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from neuralcut_cli.cli.errors import guarded
from neuralcut_cli.cli.help_text import command
from neuralcut_cli.cli.options import JsonOpt, ProjectOpt
from neuralcut_cli.cli.text_input import checked_argument, read_stdin_text
from neuralcut_cli.errors import ExitCode, UsageError


def parse_args_json(text: str) -> dict[str, Any]:
    """ARGS_JSON as a dict, or a usage error that says where it went wrong."""
    from neuralcut_cli.project.io import load_json
    from neuralcut_cli.project.limits import UnsafeJson

    if text == "-":
        text = read_stdin_text("ARGS_JSON on stdin")
    checked_argument(text, "ARGS_JSON")
    if not text.strip():
        return {}
    try:
        value = load_json(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"ARGS_JSON is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except UnsafeJson as exc:
        raise UsageError(f"ARGS_JSON: {exc.at()}") from None
    except ValueError as exc:  # thousands of digits, nesting beyond the interpreter
        raise UsageError(f"ARGS_JSON cannot be read: {exc}") from None
    if not isinstance(value, dict):
        raise UsageError(f"ARGS_JSON must be a JSON object like '{{\"times\": [5]}}', not {type(value).__name__}")
    return value


def tool(
    name: Annotated[str, typer.Argument(help="Tool name (see `neuralcut tools`).")],
    args_json: Annotated[
        str, typer.Argument(metavar="[ARGS_JSON | -]", help="Arguments as a JSON object; - reads stdin.")
    ] = "{}",
    project: ProjectOpt = None,
    json_out: JsonOpt = False,
) -> ExitCode | None:
    """Call one tool directly, without any LLM. Example: neuralcut tool split '{"times": [5]}'"""
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.project_files import open_session
    from neuralcut_cli.project.diff import diff
    from neuralcut_cli.tools import default_registry
    from neuralcut_cli.tools.definition import ToolContext

    registry = default_registry()
    if not registry.has(name):
        close = registry.suggest(name)
        hint = f"; did you mean {' or '.join(close)}?" if close else "; `neuralcut tools` lists them"
        raise UsageError(f"Unknown tool '{name}'{hint}")
    from neuralcut_cli.cli.progress import said as saying

    args = parse_args_json(args_json)
    session = open_session(project)
    before = session.project()
    out = Output()
    with saying(out.errors, shown=not json_out) as progress:  # what a long tool is doing (measuring, rendering)
        result = registry.execute(name, args, ToolContext(session, progress=progress))
    if json_out:
        out.json(result)
    elif "error" in result:
        from neuralcut_cli.cli.views.names import Names

        said = f"{name}: {result['error']}" + (f" ({result['details']})" if result.get("details") else "")
        out.error(Names(before).prose(said))
    else:
        _print_human(out, registry.get(name), result, before, session.project(), diff)
    return ExitCode.FAILED if "error" in result else None


def _print_human(out, definition, result, before, after, diff) -> None:  # type: ignore[no-untyped-def]
    from neuralcut_cli.cli.views.tool_result import print_edit_result, print_read_result

    if definition.mutates:
        print_edit_result(out.console, definition.name, result, diff(before, after), before, after)
    else:
        print_read_result(out.console, definition.name, result, after)


def tools(
    json_out: JsonOpt = False,
    name: Annotated[str | None, typer.Argument(help="Show one tool in full.")] = None,
) -> None:
    """List every tool with its description and input schema."""
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.tools import default_registry

    registry = default_registry()
    chosen = registry.get_all()
    if name is not None:
        if not registry.has(name):
            raise UsageError(f"Unknown tool '{name}'")
        chosen = [registry.get(name)]
    documents = [t.document() for t in chosen]
    out = Output()
    if json_out:
        out.json({"tools": documents})
        return
    from neuralcut_cli.cli.views.tools_view import tools_view

    out.console.print(tools_view(documents, full=name is not None))


def register(app: typer.Typer) -> None:
    command(app, guarded(tool))
    command(app, guarded(tools))


__all__ = ["register", "parse_args_json", "Path"]
