"""``neuralcut mcp -p project.json``: serve the project's tools to an MCP client over stdio."""

from __future__ import annotations

from typing import Annotated

import typer

from neuralcut_cli.cli.errors import guarded
from neuralcut_cli.cli.help_text import command
from neuralcut_cli.cli.options import ProjectOpt, resolve_project


def mcp(
    project: ProjectOpt = None,
    http: Annotated[bool, typer.Option("--http", help="Streamable HTTP instead of stdio.")] = False,
    host: Annotated[
        str, typer.Option("--host", help="With --http: the address (loopback by default; any other needs a token).")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=0, max=65535, help="With --http: the port (0: any free one).")
    ] = 8765,
    token: Annotated[
        str | None,
        typer.Option(
            "--token", help="With --http: the bearer token clients must send (default: $NEURALCUT_SERVER_TOKEN)."
        ),
    ] = None,
) -> None:
    """Serve one project's tools to an MCP client (Claude Code, gemini-cli, Cursor...) over stdio, or over
    streamable HTTP with --http."""
    from neuralcut_cli.server.mcp_server import serve_http, serve_stdio

    if http:
        from neuralcut_cli.cli.output import Output

        serve_http(resolve_project(project), host, port, token, announce=Output().errors.print)
    else:
        serve_stdio(resolve_project(project))


def register(app: typer.Typer) -> None:
    command(app, guarded(mcp))
