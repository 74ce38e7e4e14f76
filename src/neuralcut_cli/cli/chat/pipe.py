"""Scripts: one request or slash command per line of stdin, plain output.

Empty lines and lines starting with ``#`` are skipped. A line that is not
UTF-8 text is refused (it counts as failed) and the script goes on. The exit
status is 1 if any request failed, else 0. A closed or empty stdin ends at once.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console
from rich.markup import escape

from neuralcut_cli.cli.chat.chat_session import ChatSession
from neuralcut_cli.cli.chat.render import print_exchange
from neuralcut_cli.cli.chat.slash import dispatch
from neuralcut_cli.cli.text_input import decode_line
from neuralcut_cli.errors import ExitCode


def run_lines(chat: ChatSession, lines: Iterable[str | bytes], console: Console) -> int:
    failed = False
    for number, raw in enumerate(lines, 1):
        text = decode_line(raw) if isinstance(raw, bytes) else raw
        if text is None:
            console.print(f"[bold red]error:[/] line {number} is not valid UTF-8 text; skipped")
            failed = True
            continue
        line = text.strip()
        if not line or line.startswith("#"):
            continue
        console.print(f"[bold]› {escape(line)}[/]")
        if line.startswith("/"):
            keep_going, ok = dispatch(chat, console, line)
            failed |= not ok
            if not keep_going:
                break
            continue
        exchange = chat.ask(line)
        print_exchange(console, exchange)
        failed |= exchange.outcome.failed
    return int(ExitCode.FAILED if failed else ExitCode.OK)
