"""A status line on stderr while ``neuralcut run`` waits, on a terminal only.

It says what the agent is doing and for how long (``Thinking… 7 s``), each
tool as it runs, and when the model's server answers with an error that the
SDK retries (``the server answered 503; retrying``): both SDKs speak HTTP
through httpx (or its fork httpx2), which logs every response, so a handler
on those loggers sees the retries without touching the SDKs. The line is transient:
it is gone before the answer is printed. Piped or redirected, nothing.
"""

from __future__ import annotations

import logging
import re
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from neuralcut_cli.agent.events import Event, StatusChanged, ToolProgress, ToolStarted
from neuralcut_cli.cli.chat.chat_session import ChatSession

if TYPE_CHECKING:
    from rich.console import Console
    from rich.live import Live
    from rich.spinner import Spinner
    from rich.table import Table

STATUS_TEXT = {"sending": "Thinking…", "processing": "Running {tool}…", "responding": "Answering…"}
_HTTP_LOGGERS = ("httpx", "httpx2")
_RESPONSE = re.compile(r'HTTP Request: \w+ \S+ "HTTP/[\d.]+ (\d{3})')


class _Retries(logging.Handler):
    def __init__(self, on_error: Any) -> None:
        super().__init__(logging.INFO)
        self.on_error = on_error

    def emit(self, record: logging.LogRecord) -> None:
        match = _RESPONSE.search(record.getMessage())
        if match and int(match.group(1)) >= 400:
            self.on_error(int(match.group(1)))


class Waiting:
    """``with Waiting(chat, lambda: out.errors): chat.ask(text)``: the console is made (and rich imported) only
    when stderr is a terminal."""

    def __init__(self, chat: ChatSession, console: Callable[[], Console], quiet: bool = False) -> None:
        self.chat, self.console, self.quiet = chat, console, quiet
        self.text, self.note = "Thinking…", ""
        self.started = time.monotonic()
        self.live: Live | None = None
        self._handler = _Retries(self._server_error)
        self._levels: dict[str, int] = {}
        self._spinner: Spinner | None = None

    def __rich__(self) -> Table:
        from rich.table import Table
        from rich.text import Text

        line = Text.assemble(
            " ",
            (self.text, "bold"),
            f" {time.monotonic() - self.started:.0f} s",
            (f" · {self.note}" if self.note else "", "yellow"),
        )
        row = Table.grid()
        row.add_row(self._spinner, line)
        return row

    def __enter__(self) -> Waiting:
        if self.quiet or sys.stderr is None or not sys.stderr.isatty():
            return self
        console = self.console()
        if not console.is_terminal:
            return self
        from rich.live import Live
        from rich.spinner import Spinner

        self._spinner = Spinner("dots")
        self.chat.watch(self.on_event)
        for name in _HTTP_LOGGERS:
            logger = logging.getLogger(name)
            self._levels[name] = logger.level
            if logger.getEffectiveLevel() > logging.INFO:
                logger.setLevel(logging.INFO)
            logger.addHandler(self._handler)
        self.live = Live(self, console=console, transient=True, refresh_per_second=8)
        self.live.start()
        return self

    def on_event(self, event: Event) -> None:
        if isinstance(event, ToolStarted):
            self.text = f"Running {event.call.name}…"
        elif isinstance(event, ToolProgress):
            self.text = event.text
        elif isinstance(event, StatusChanged) and event.status in STATUS_TEXT:
            self.text = STATUS_TEXT[event.status].format(tool=self.chat.active_tool or "a tool")
            self.note = "" if event.status != "sending" else self.note

    def _server_error(self, code: int) -> None:
        self.note = f"the server answered {code}; retrying"

    def __exit__(self, *exc: object) -> None:
        if self.live is None:
            return
        self.live.stop()
        for name, level in self._levels.items():
            logging.getLogger(name).removeHandler(self._handler)
            logging.getLogger(name).setLevel(level)
        self.chat.watch(None)
