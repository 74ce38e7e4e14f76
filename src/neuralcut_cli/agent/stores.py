"""``ChatStore`` and ``AgentStore``: the agent's state, as the session-shell
spec draws it, in Python.

The chat store is persisted in the project's ``.neuralcut/`` folder (when
given a path), so a conversation survives the process. Writes are atomic.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from neuralcut_cli.agent.types import AgentContext, ChatMessage, ExecutionState

MAX_PERSISTED = 500  # messages kept on disk


class ChatStore:
    """``messages``, ``loading``, ``error``; add_message, set_loading, set_error, clear_messages."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path else None
        self.messages: list[ChatMessage] = []
        self.loading = False
        self.error: str | None = None
        self._load()

    def add_message(self, message: ChatMessage | dict[str, Any]) -> ChatMessage:
        msg = message if isinstance(message, ChatMessage) else ChatMessage.model_validate(message)
        self.messages.append(msg)
        self._save()
        return msg

    def set_loading(self, value: bool) -> None:
        self.loading = value

    def set_error(self, error: str | None) -> None:
        """Record an error (it stays until cleared); loading stops."""
        self.error = error
        self.loading = False
        self._save()

    def clear_messages(self) -> None:
        self.messages = []
        self.error = None
        self._save()

    # -- persistence ---------------------------------------------------------
    def _load(self) -> None:
        if not self.path or not self.path.exists():
            return
        try:
            data = json.loads(self.path.read_text("utf-8"))
            self.messages = [ChatMessage.model_validate(m) for m in data.get("messages", [])]
            self.error = data.get("error")
        except (ValueError, OSError, AttributeError):
            self.messages, self.error = [], None  # an unreadable chat never blocks editing

    def _save(self) -> None:
        if not self.path:
            return
        from neuralcut_cli.project.io import write_atomic

        self.path.parent.mkdir(parents=True, exist_ok=True)
        kept = self.messages[-MAX_PERSISTED:]
        document = {"messages": [m.wire() for m in kept], "error": self.error}
        write_atomic(self.path, json.dumps(document, ensure_ascii=False).encode("utf-8"))


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
