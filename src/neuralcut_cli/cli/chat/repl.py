"""The interactive loop, independent of the terminal library.

``run_repl(chat, read_line, console, busy)``: tests pass an iterator of
lines and a console over StringIO; the real terminal passes prompt-toolkit
(see ``terminal``). Ctrl-C at the prompt clears the line; during a request
it cancels the request, and during a slash command (``/storyboard``) it stops
the command; either way the prompt comes back. Ctrl-D (EOF) leaves with status 0.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Protocol

from rich.console import Console

from neuralcut_cli.cli.chat.chat_session import ChatSession
from neuralcut_cli.cli.chat.render import print_exchange
from neuralcut_cli.cli.chat.slash import dispatch


class Watcher(Protocol):
    """What shows a request while it runs (the spinner, streamed text); the REPL then prints what it did not."""

    streamed: bool  # the reply was shown as it streamed
    shows_tools: bool  # each tool call was shown as it finished


@dataclass
class Quiet:
    """Shows nothing while a request runs: the REPL prints the whole exchange after it."""

    streamed: bool = False
    shows_tools: bool = False


Busy = Callable[[ChatSession], AbstractContextManager[Watcher]]
SHELL_WORDS = {"exit": "exit", "quit": "exit", "bye": "exit", "clear": "cls", "cls": "cls"}  # clear: the screen


def banner(chat: ChatSession) -> str:
    project = chat.project()
    return (
        f"NeuralCut · {project.metadata.name or chat.project_path.name} ({chat.project_path}) · "
        f"backend {chat.backend_label}\nType a request (e.g. 'split at 5s'), /help for commands, Ctrl-D to leave."
    )


def run_repl(
    chat: ChatSession, read_line: Callable[[], str], console: Console, busy: Busy = lambda chat: nullcontext(Quiet())
) -> int:
    console.print(banner(chat))
    while True:
        try:
            line = read_line()
        except KeyboardInterrupt:
            continue
        except EOFError:
            console.print("Bye.")
            return 0
        line = line.strip()
        if not line:
            continue
        if line.lower().rstrip("!.") in SHELL_WORDS:  # what people type to leave or tidy a shell
            line = "/" + SHELL_WORDS[line.lower().rstrip("!.")]
        if line.startswith("/"):
            try:
                keep_going, _ = dispatch(chat, console, line)
            except KeyboardInterrupt:  # Ctrl-C stops the command (its ffmpeg runs with it), not the session
                console.print("[yellow]Cancelled.[/]")
                continue
            if not keep_going:
                return 0
            continue
        with busy(chat) as live:
            exchange = chat.ask(line)
        print_exchange(
            console,
            exchange,
            show_reply=not live.streamed,
            show_tools=not live.shows_tools,
        )
