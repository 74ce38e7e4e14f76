"""Scripts: one request or slash command per line of stdin, plain output.

Empty lines and lines starting with ``#`` are skipped. The exit status is 1
if any request failed, else 0. A closed or empty stdin ends at once.
"""

from __future__ import annotations

from typing import Iterable

from rich.console import Console
from rich.markup import escape

from neuralcut_cli.cli.chat.render import print_exchange
from neuralcut_cli.cli.chat.session import ChatSession
from neuralcut_cli.cli.chat.slash import dispatch
from neuralcut_cli.errors import ExitCode


def run_lines(chat: ChatSession, lines: Iterable[str], console: Console) -> int:
    failed = False
    for raw in lines:
        line = raw.strip()
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
