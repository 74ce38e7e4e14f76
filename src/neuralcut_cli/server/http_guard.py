"""uvicorn's h11 connection with the timeouts it lacks, for ``neuralcut serve`` and ``neuralcut mcp --http``.

uvicorn closes an idle keep-alive connection, but a connection that sends
its request line and then a header byte now and then ("slowloris") stays open
for ever: 200 of them stayed open past 60 s. Here each request's headers must
be whole within ``HEADER_SECONDS`` of its first byte, and a body that stops
arriving for ``BODY_IDLE_SECONDS`` ends the connection. The number of open
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
BODY_IDLE_SECONDS = 30.0
MAX_CONNECTIONS = 128


class GuardedH11Protocol(H11Protocol):
    """An h11 connection that cannot be held open by a client that sends too slowly."""

    _deadline: asyncio.TimerHandle | None = None

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
            self._arm(BODY_IDLE_SECONDS, "body")
        else:
            self._disarm()

    def _arm(self, seconds: float, what: str) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._expire, what)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self, what: str) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        self.logger.debug("closing a connection whose %s did not arrive in time", what)
        if what == "headers" and self.conn.our_state is h11.IDLE and self.conn.their_state is h11.IDLE:
            self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
        self.transport.close()


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
