"""``neuralcut serve``: the HTTP API for other clients."""

from __future__ import annotations

from typing import Annotated

import typer

from neuralcut_cli.cli.errors import guarded
from neuralcut_cli.cli.help_text import command
from neuralcut_cli.cli.options import BackendOpt, ModelOpt


def serve(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on (loopback unless a token is set).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port (0 picks a free one).")] = 8765,
    backend: BackendOpt = None,
    model: ModelOpt = None,
    token: Annotated[
        str | None,
        typer.Option(
            "--token",
            help="Require Authorization: Bearer TOKEN (default: $NEURALCUT_SERVER_TOKEN).",
            show_default=False,
        ),
    ] = None,
    log_level: Annotated[str, typer.Option("--log-level", help="uvicorn log level.")] = "info",
) -> None:
    """Serve POST /api/agent/chat (and GET /healthz): clients send the conversation, get the next turn."""
    import gc

    gc.enable()  # a server runs for long: collect cycles as usual
    from neuralcut_cli.agent.backends.registry import entry_for, make_backend
    from neuralcut_cli.cli.options import resolve_backend, resolve_model
    from neuralcut_cli.server.app import create_app
    from neuralcut_cli.server.run import bind, check_binding, resolve_token
    from neuralcut_cli.server.run import serve as run_server

    backend, model = resolve_backend(backend), resolve_model(model)
    secret = resolve_token(token)
    check_binding(host, secret)
    if entry_for(backend).proxy:
        raise typer.BadParameter("a server cannot use another server as its backend", param_hint="--backend")
    chosen = make_backend(backend, model)
    sock = bind(host, port)
    actual = sock.getsockname()[1]
    print(
        f"neuralcut serve: http://{host}:{actual}/api/agent/chat (backend {chosen.name}"
        f"{', token required' if secret else ''})",
        flush=True,
    )
    run_server(create_app(chosen, secret), sock, log_level)


def register(app: typer.Typer) -> None:
    command(app, guarded(serve))
