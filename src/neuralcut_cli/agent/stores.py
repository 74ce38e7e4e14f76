"""``ChatStore`` and ``AgentStore``: the agent's state, as the session-shell
spec draws it, in Python.

The chat store is persisted in the project's ``.neuralcut/`` folder (when
given a path), so a conversation survives the process. Writes are atomic and
made under a lock as read-merge-write, so requests running in parallel (two
REPLs, scripts) never drop each other's messages; each process keeps its own
conversation in memory. A request's messages are written together when it
ends (``batch``): one write instead of one per message.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from neuralcut_cli.agent.types import AgentContext, ChatMessage, ExecutionState

MAX_PERSISTED = 500  # messages kept on disk
MAX_STORED = 16 * 1024  # characters of one message's text, one call's arguments or one result kept on disk


def stored(wire: dict[str, Any]) -> dict[str, Any]:
    """A message as ``chat.json`` keeps it: a text, a call's arguments or a result longer than ``MAX_STORED``
    (a model that sent 10 MB of arguments, a check listing thousands of findings) is replaced by a note of its
    size, so the file stays small whatever was said. The conversation in memory keeps them whole."""
    out = dict(wire)
    if isinstance(out.get("content"), str) and len(out["content"]) > MAX_STORED:
        out["content"] = out["content"][:MAX_STORED] + f"… ({len(out['content']) - MAX_STORED:,} characters not kept)"
    if out.get("toolCalls"):
        out["toolCalls"] = [_kept(call, "args") for call in out["toolCalls"]]
    if out.get("toolResults"):
        out["toolResults"] = [_kept(result, "result") for result in out["toolResults"]]
    return out


def _kept(item: dict[str, Any], key: str) -> dict[str, Any]:
    size = len(json.dumps(item.get(key), ensure_ascii=False, default=str))
    if size <= MAX_STORED:
        return item
    return {**item, key: {"notKept": f"{size:,} characters"}}


class ChatStore:
    """``messages``, ``loading``, ``error``; add_message, set_loading, set_error, clear_messages."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path else None
        self.messages: list[ChatMessage] = []
        self.loading = False
        self.error: str | None = None
        self._pending: list[Callable[[dict[str, Any]], None]] | None = None
        self._load()

    @contextmanager
    def batch(self) -> Iterator[None]:
        """The writes made inside are made once, together, at the end (also when it ends by an exception)."""
        if self._pending is not None:
            yield
            return
        self._pending = []
        try:
            yield
        finally:
            changes, self._pending = self._pending, None
            if changes:

                def apply_all(document: dict[str, Any]) -> None:
                    for change in changes:
                        change(document)

                self._update(apply_all)

    def add_message(self, message: ChatMessage | dict[str, Any]) -> ChatMessage:
        msg = message if isinstance(message, ChatMessage) else ChatMessage.model_validate(message)
        self.messages.append(msg)
        self._update(lambda doc: doc["messages"].append(stored(msg.wire())))
        return msg

    def set_loading(self, value: bool) -> None:
        self.loading = value

    def set_error(self, error: str | None) -> None:
        """Record an error (it stays until cleared); loading stops."""
        self.error = error
        self.loading = False
        self._update(lambda doc: doc.__setitem__("error", error))

    def clear_messages(self) -> None:
        self.messages = []
        self.error = None
        self._update(lambda doc: doc.update(messages=[], error=None))

    # -- persistence ---------------------------------------------------------
    def _load(self) -> None:
        document = self._read()
        try:
            self.messages = [ChatMessage.model_validate(m) for m in document["messages"]]
            self.error = document["error"] if isinstance(document["error"], str) else None
        except ValueError:
            self.messages, self.error = [], None  # an unreadable chat never blocks editing

    def _read(self) -> dict[str, Any]:
        empty: dict[str, Any] = {"messages": [], "error": None}
        if not self.path:
            return empty
        from neuralcut_cli.project.io import read_json_state

        data = read_json_state(self.path, limit=16 * 1024 * 1024)  # a FIFO, a link, 100,000 levels: afresh
        if not isinstance(data, dict) or not isinstance(data.get("messages"), list):
            return empty
        return {"messages": data["messages"], "error": data.get("error")}

    def _update(self, change: Callable[[dict[str, Any]], None]) -> None:
        """Apply ``change`` to the file as it is now, under the chat's lock (inside ``batch``: at its end)."""
        if not self.path:
            return
        if self._pending is not None:
            self._pending.append(change)
            return
        from neuralcut_cli.project.io import write_atomic
        from neuralcut_cli.project.lock import FileLock
        from neuralcut_cli.secrets import redact

        with FileLock(self.path.with_name(self.path.name + ".lock"), f"{self.path} is busy; try again"):
            for stray in self.path.parent.glob(f".{self.path.name}.*.tmp"):  # left by a killed writer
                stray.unlink(missing_ok=True)
            document = self._read()
            change(document)
            document["messages"] = document["messages"][-MAX_PERSISTED:]
            text = redact(json.dumps(document, ensure_ascii=False))  # a key a server echoed is never stored
            write_atomic(self.path, text.encode("utf-8"))


class AgentStore:
    """``status``, ``active_tool``, ``context``; set_status, set_active_tool, set_context, reset."""

    def __init__(self) -> None:
        self.status: ExecutionState = "idle"
        self.active_tool: str | None = None
        self.context: AgentContext | None = None

    def set_status(self, status: ExecutionState) -> None:
        self.status = status

    def set_active_tool(self, name: str | None) -> None:
        self.active_tool = name

    def set_context(self, context: AgentContext | None) -> None:
        self.context = context

    def reset(self) -> None:
        self.status = "idle"
        self.active_tool = None
