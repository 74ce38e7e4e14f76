"""uvicorn's h11 connection with the timeouts it lacks, for ``neuralcut serve`` and ``neuralcut mcp --http``.

uvicorn closes an idle keep-alive connection, but a connection that sends
its request line and then a header byte now and then ("slowloris") stays open
for ever: 200 of them stayed open past 60 s. Here each request's headers must
be whole within ``HEADER_SECONDS`` of its first byte, and its body within
``BODY_SECONDS`` of its headers (a deadline for the whole, not for each byte:
a body trickled a byte every 5 s is cut off too). The number of open
connections is bounded by uvicorn's ``limit_concurrency`` (a 503 past it).
A client that goes away is a line at debug level, never a traceback.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_SECONDS = 10.0
BODY_SECONDS = 60.0  # the whole body, from the end of its headers
MAX_CONNECTIONS = 128
DRAIN_BYTES = 64 * 1024 * 1024  # read and dropped after a 413, so a client still sending gets the answer


class GuardedH11Protocol(H11Protocol):
    """An h11 connection that cannot be held open by a client that sends too slowly."""

    _deadline: asyncio.TimerHandle | None = None
    _phase: str | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm(HEADER_SECONDS, "headers")

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._disarm()  # idle between requests: uvicorn's keep-alive timeout takes over

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _follow(self) -> None:
        """After data arrived: headers still coming keep their deadline; a body coming restarts its idle clock."""
        state = self.conn.their_state
        if state is h11.IDLE:
            if self._deadline is None:  # the first bytes of a request
                self._arm(HEADER_SECONDS, "headers")
        elif state is h11.SEND_BODY:
            if self._phase != "body":  # armed once, when the body begins: each byte does not buy more time
                self._arm(BODY_SECONDS, "body")
        else:
            self._disarm()

    def _arm(self, seconds: float, what: str) -> None:
        self._disarm()
        self._deadline, self._phase = self.loop.call_later(seconds, self._expire, what), what

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._phase = None

    def _expire(self, what: str) -> None:
        self._deadline, self._phase = None, None
        if self.transport.is_closing():
            return
        self.logger.debug("closing a connection whose %s did not arrive in time", what)
        if what == "headers" and self.conn.our_state is h11.IDLE and self.conn.their_state is h11.IDLE:
            self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
        self.transport.close()


def limit_body(app: Any, most: int) -> Any:
    """An ASGI app that answers a body over ``most`` bytes with a 413 (JSON) after reading the rest and dropping
    it (up to ``DRAIN_BYTES``): a server that closes on a client still sending makes it see a reset, not the
    answer. A body within the limit reaches ``app`` as it came."""

    async def limited(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length", b"")
        messages: list[Any] = []
        size, too_big = 0, declared.isdigit() and int(declared) > most
        more = not too_big
        while more:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            more, too_big = message.get("more_body", False), size > most
            if too_big:
                break
        if too_big:
            await _drain(receive, size)
            body = f'{{"error": "Request body is larger than {most} bytes"}}'.encode()
            await send({"type": "http.response.start", "status": 413, "headers": [
                (b"content-type", b"application/json"), (b"connection", b"close")]})  # fmt: skip
            await send({"type": "http.response.body", "body": body})
            return
        replay = iter(messages)

        async def again() -> Any:
            return next(replay, None) or await receive()

        await app(scope, again, send)

    return limited


async def _drain(receive: Any, size: int) -> None:
    """Read what is left of a refused body, up to ``DRAIN_BYTES`` in all."""
    while size <= DRAIN_BYTES:
        message = await receive()
        if message["type"] != "http.request":
            return
        size += len(message.get("body", b""))
        if not message.get("more_body", False):
            return


class QuietDisconnects(logging.Filter):
    """Drops uvicorn's tracebacks for a client that went away mid-answer; everything else is kept."""

    WORDS = ("ClientDisconnect", "ConnectionResetError", "BrokenPipeError", "Connection lost")

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            text += f" {type(record.exc_info[1]).__name__} {record.exc_info[1]}"
        return not any(word in text for word in self.WORDS)


def quiet_logs() -> None:
    """Filters on uvicorn's and the MCP SDK's loggers (a filter sees only its own logger's records)."""
    known = [name for name in logging.root.manager.loggerDict if name.startswith(("uvicorn", "mcp", "starlette"))]
    for name in {
        "uvicorn",
        "uvicorn.error",
        "mcp.server.streamable_http",
        "mcp.server.streamable_http_manager",
        *known,
    }:
        logger = logging.getLogger(name)
        if not any(isinstance(f, QuietDisconnects) for f in logger.filters):
            logger.addFilter(QuietDisconnects())


def settings() -> dict[str, Any]:
    """What ``uvicorn.Config`` takes from here."""
    return {"http": GuardedH11Protocol, "limit_concurrency": MAX_CONNECTIONS}
