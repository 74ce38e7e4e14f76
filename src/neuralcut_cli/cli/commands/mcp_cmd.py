"""``neuralcut mcp -p project.json``: serve the project's tools to an MCP client over stdio."""

from __future__ import annotations

import typer

from neuralcut_cli.cli.errors import guarded
from neuralcut_cli.cli.options import ProjectOpt, resolve_project


def mcp(project: ProjectOpt = None) -> None:
    """Serve one project's tools to an MCP client (Claude Code, gemini-cli, Cursor...) over stdio."""
    from neuralcut_cli.server.mcp_server import serve_stdio

    serve_stdio(resolve_project(project))


def register(app: typer.Typer) -> None:
    app.command(help=mcp.__doc__)(guarded(mcp))
