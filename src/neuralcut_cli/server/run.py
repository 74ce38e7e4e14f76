"""Serving the app with uvicorn, loopback by default, a token required elsewhere."""

from __future__ import annotations

import ipaddress
import os
import socket
from typing import Any

from neuralcut_cli.errors import UsageError
from neuralcut_cli.server.validation import MAX_HEADER_BYTES


def is_loopback(host: str) -> bool:
    if host in ("localhost", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def resolve_token(token: str | None) -> str | None:
    value = token or os.environ.get("NEURALCUT_SERVER_TOKEN") or None
    return value.strip() if value else None


def check_binding(host: str, token: str | None) -> None:
    if not is_loopback(host) and not token:
        raise UsageError(
            f"Refusing to serve on {host} without a token: anyone who can reach it could spend your "
            "provider quota. Pass --token or set NEURALCUT_SERVER_TOKEN (or bind 127.0.0.1)."
        )


def bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        raise UsageError(f"Cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.listen(2048)
    return sock


def server_config(app: Any, log_level: str = "info") -> Any:
    """uvicorn's settings: h11 always (httptools, when installed, has no header limit of its own), with deadlines
    for headers and bodies and a bound on connections (``http_guard``)."""
    import uvicorn

    from neuralcut_cli.server.http_guard import quiet_logs, settings

    quiet_logs()
    return uvicorn.Config(
        app,
        log_level=log_level,
        access_log=log_level == "debug",
        timeout_keep_alive=30,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        **settings(),
    )


def serve(app: Any, sock: socket.socket, log_level: str = "info") -> None:
    import uvicorn

    uvicorn.Server(server_config(app, log_level)).run(sockets=[sock])
