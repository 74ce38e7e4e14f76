"""The real terminal: prompt-toolkit input with history, completion and a
bottom toolbar, and a rich spinner (or streamed text) while a request runs.

Imported only by the REPL, never by one-shot commands.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion, PathCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, InMemoryHistory
from rich.console import Console

from neuralcut_cli.agent.approval import Question
from neuralcut_cli.agent.backends.registry import BACKENDS
from neuralcut_cli.agent.events import Event, StatusChanged, TextArrived, ToolFinished, ToolProgress, ToolStarted
from neuralcut_cli.cli.chat.approve_prompt import terminal_asker
from neuralcut_cli.cli.chat.chat_session import ChatSession
from neuralcut_cli.cli.chat.render import tool_line
from neuralcut_cli.cli.chat.repl import run_repl
from neuralcut_cli.cli.chat.slash import COMMANDS
from neuralcut_cli.cli.chat.waiting import STATUS_TEXT
from neuralcut_cli.cli.views.names import Names
from neuralcut_cli.errors import NeuralCutError
from neuralcut_cli.project.paths import ensure_state_dir


class ChatCompleter(Completer):
    """Slash commands; backends; paths; element ids, asset names and tool names."""

    def __init__(self, chat: ChatSession) -> None:
        self.chat = chat
        self.paths = PathCompleter(expanduser=True)

    def get_completions(self, document: Document, complete_event: Any) -> Iterable[Completion]:
        text = document.text_before_cursor
        if text.startswith("/") and " " not in text:
            for command in COMMANDS:
                if command.name.startswith(text[1:].lower()):
                    yield Completion("/" + command.name, start_position=-len(text), display_meta=command.help)
            return
        if text.startswith("/"):
            name, _, arg = text.partition(" ")
            chosen = next((c for c in COMMANDS if "/" + c.name == name), None)
            if chosen and chosen.argument == "path":
                yield from self.paths.get_completions(Document(arg), complete_event)
            elif chosen and chosen.argument == "backend":
                for option in [entry.name for entry in BACKENDS if entry.listed and not entry.prefix]:
                    if option.startswith(arg):
                        yield Completion(option, start_position=-len(arg))
            return
        words = text.split()
        if not words or text.endswith(" "):
            return
        seen: set[str] = set()
        for size in (3, 2, 1):  # "the mu" -> "the music", "day o" -> "day one", "be" -> "beach"
            said = " ".join(words[-size:])
            for candidate in self._words():
                if candidate.lower().startswith(said.lower()) and candidate.lower() != said.lower():
                    if candidate not in seen:
                        seen.add(candidate)
                        yield Completion(candidate, start_position=-len(said))

    def _words(self) -> list[str]:
        """What people call things here: track names, clip and media names (and 'the music'), short ids."""
        from neuralcut_cli.cli.views.names import Names

        project = self.chat.project()
        short = Names(project)
        called: list[str] = []
        for track in project.scene.tracks.ordered():
            if track.name:
                called += [track.name, f"the {track.name.lower()}"]
        for _, element in project.scene.elements():
            name = getattr(element, "content", "") if element.type == "text" else element.name
            stem = Path(name).stem.replace("_", " ").replace("-", " ").lower() if name else ""
            if stem and len(stem) <= 40:
                called += [stem, f"the {stem}"]
            called.append(short.id(element.id))
        called += [asset.name for asset in project.media_assets if asset.name]
        return list(dict.fromkeys(called))


class Busy:
    """A spinner that says what the agent is doing; each tool call is shown as
    it finishes, and streamed text replaces the spinner."""

    shows_tools = True

    def __init__(self, chat: ChatSession, console: Console) -> None:
        self.chat, self.console = chat, console
        self.status: Any = None
        self.streamed = False
        self.call: Any = None
        self.pending = ""
        self.before: Any = None

    def __enter__(self) -> Busy:
        self.streamed = False
        self.pending = ""
        self.before = self._project()
        self.status = self.console.status("Thinking…", spinner="dots")
        self.status.start()
        self.chat.watch(self.on_event)
        self.chat.answer_with(self.ask)
        return self

    def ask(self, question: Question) -> str:
        """Approval (``--approve ask``): the spinner stops while the person reads and answers."""
        if self.status is not None:
            self.status.stop()
        try:
            return terminal_asker(self.console)(question)
        finally:
            if self.status is not None:
                self.status.start()

    def on_event(self, event: Event) -> None:
        if isinstance(event, ToolStarted):
            self.call = event.call
        elif isinstance(event, ToolFinished) and self.call is not None:
            self.console.print(tool_line(self.call, event.result, self._names()))
        elif isinstance(event, TextArrived):
            if self.status is not None:
                self.status.stop()
                self.status = None
            self.streamed = True
            self.pending += event.text
            done, _, self.pending = self.pending.rpartition("\n")  # whole lines: an id is never cut in two
            if _:
                self._say(done + "\n")
        elif isinstance(event, ToolProgress) and self.status is not None:
            self.status.update(event.text)
        elif isinstance(event, StatusChanged) and self.status is not None:
            text = STATUS_TEXT.get(event.status)
            if text:
                self.status.update(text.format(tool=self.chat.active_tool or "a tool"))

    def _say(self, text: str) -> None:
        """Streamed reply text with ids shortened as in every other view."""
        self.console.print(self._names().prose(text), end="", markup=False, highlight=False)

    def _project(self) -> Any:
        try:
            return self.chat.project()
        except NeuralCutError:
            return None

    def _names(self) -> Names:
        return Names(self.before, self._project())

    def __exit__(self, *exc: object) -> None:
        if self.status is not None:
            self.status.stop()
        if self.pending:
            self._say(self.pending)
        if self.streamed:
            self.console.print()
        self.chat.watch(None)
        self.chat.answer_with(None)


def interactive(chat: ChatSession, console: Console) -> int:
    """The REPL on a real terminal (or a plain prompt on a dumb one)."""
    if os.environ.get("TERM") == "dumb" or not sys.stdout.isatty():
        return run_repl(chat, lambda: input("› "), console, lambda c: Busy(c, console))
    try:
        history: Any = FileHistory(str(ensure_state_dir(chat.project_path) / "input_history"))
    except OSError:
        history = InMemoryHistory()

    def toolbar() -> str:
        state = chat.status
        return f" {chat.project_path.name} · backend {chat.backend_label} · {state} · /help · Ctrl-D to leave"

    prompt: PromptSession[str] = PromptSession(
        history=history,
        completer=ChatCompleter(chat),
        bottom_toolbar=toolbar,
        complete_while_typing=False,
        enable_history_search=True,
    )
    return run_repl(chat, lambda: prompt.prompt("› "), console, lambda c: Busy(c, console))
