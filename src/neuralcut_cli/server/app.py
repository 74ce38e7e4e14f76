"""The Starlette app: ``POST /api/agent/chat`` and ``GET /healthz``."""

from __future__ import annotations

import asyncio
import hmac
import logging
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from neuralcut_cli.agent.backends.base import Backend
from neuralcut_cli.agent.tool_groups import unlocked_groups
from neuralcut_cli.errors import BackendError, NeuralCutError
from neuralcut_cli.server.validation import (
    MAX_BODY,
    MAX_HEADER_BYTES,
    RequestProblem,
    check_content_type,
    parse_body,
)
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.groups import declared

log = logging.getLogger("neuralcut.server")


def create_app(backend: Backend, token: str | None = None) -> Starlette:
    tools = default_registry().get_all()

    def authorized(request: Request) -> bool:
        if not token:
            return True
        header = request.headers.get("authorization", "")
        scheme, _, given = header.partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode())

    async def chat(request: Request) -> JSONResponse:
        if not authorized(request):
            return _error(
                401, "Missing or wrong token: send Authorization: Bearer <token>", {"WWW-Authenticate": "Bearer"}
            )
        if sum(len(key) + len(value) for key, value in request.headers.raw) > MAX_HEADER_BYTES:
            return _error(431, f"Request headers are larger than {MAX_HEADER_BYTES} bytes")
        try:
            check_content_type(request.headers.get("content-type"))
            body = await _read_body(request)
            chat_request = parse_body(body)
        except RequestProblem as problem:
            return _error(problem.status, problem.message)
        try:
            offered = declared(tools, unlocked_groups(chat_request.messages))
            turn = await run_in_threadpool(backend.complete, chat_request.messages, offered, chat_request.context)
        except (BackendError, NeuralCutError) as exc:
            log.warning("backend failed: %s", exc)
            return _error(502, f"The model backend failed: {exc}")
        except Exception as exc:
            log.exception("backend crashed")
            return _error(502, f"The model backend failed ({type(exc).__name__})")
        return JSONResponse(turn.to_wire())

    async def healthz(request: Request) -> JSONResponse:
        return JSONResponse({"status": "ok", "backend": backend.name})

    async def not_found(request: Request, exc: Any) -> JSONResponse:
        status = getattr(exc, "status_code", 404)
        return _error(status, "Not found" if status == 404 else "Method not allowed")

    return Starlette(
        routes=[Route("/api/agent/chat", chat, methods=["POST"]), Route("/healthz", healthz)],
        exception_handlers={404: not_found, 405: not_found},
    )


DRAIN_LIMIT = 16 * 1024 * 1024  # read and thrown away after a 413, so a client still sending reads the answer
DRAIN_SECONDS = 30.0  # the most a body may take to arrive


async def _read_body(request: Request) -> bytes:
    """The body, at most ``MAX_BODY``; beyond it, a 413 once the rest was read and dropped (up to
    ``DRAIN_LIMIT`` bytes and ``DRAIN_SECONDS``): closing on a client still sending could lose it the answer."""
    chunks: list[bytes] = []
    size = 0

    async def read() -> None:
        nonlocal size
        async for chunk in request.stream():
            size += len(chunk)
            if size > DRAIN_LIMIT:
                return
            if size <= MAX_BODY:
                chunks.append(chunk)

    try:
        await asyncio.wait_for(read(), DRAIN_SECONDS)
    except TimeoutError:
        if size <= MAX_BODY:
            raise RequestProblem(408, f"The request body did not arrive within {DRAIN_SECONDS:g} s") from None
    except Exception:  # noqa: BLE001 - the client went away mid-body: nothing is answered anyway
        raise RequestProblem(400, "The request body ended early") from None
    if size > MAX_BODY:
        raise RequestProblem(413, f"Request body is larger than {MAX_BODY} bytes")
    return b"".join(chunks)


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers)
