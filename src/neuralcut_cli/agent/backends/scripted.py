"""``ScriptedBackend``: a real backend whose answers are written in advance.

For tests and demos. Each script entry is an ``AssistantTurn`` (or a dict in
its wire form), an exception to raise, or a function of the conversation.
``delay`` seconds pass before each answer (to test cancelling).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from neuralcut_cli.agent.backends.base import BackendDefaults, TextSink
from neuralcut_cli.agent.types import AgentContext, AssistantTurn, ChatMessage
from neuralcut_cli.errors import BackendError
from neuralcut_cli.tools.definition import ToolDefinition

Entry = AssistantTurn | dict[str, Any] | BaseException | Callable[[Sequence[ChatMessage]], AssistantTurn]


class ScriptedBackend(BackendDefaults):
    name = "scripted"

    def __init__(self, script: Sequence[Entry], delay: float = 0.0, repeat_last: bool = False) -> None:
        self.script = list(script)
        self.delay = delay
        self.repeat_last = repeat_last
        self.calls: list[list[ChatMessage]] = []  # what it was asked, for assertions

    def complete(
        self,
        conversation: Sequence[ChatMessage],
        tools: Sequence[ToolDefinition],
        context: AgentContext | None,
        on_text: TextSink | None = None,
    ) -> AssistantTurn:
        self.calls.append(list(conversation))
        if self.delay:
            time.sleep(self.delay)
        if not self.script:
            raise BackendError("the scripted backend has no more answers")
        entry = self.script[0] if (self.repeat_last and len(self.script) == 1) else self.script.pop(0)
        if isinstance(entry, BaseException):
            raise entry
        if callable(entry):
            entry = entry(conversation)
        turn = entry if isinstance(entry, AssistantTurn) else AssistantTurn.model_validate(entry)
        if on_text and turn.content:
            on_text(turn.content)
        return turn

    @classmethod
    def from_file(cls, path: Path) -> ScriptedBackend:
        """``{"delay": 0.5, "turns": [{"content": "...", "toolCalls": [...]}, ...]}``."""
        try:
            data: Any = json.loads(Path(path).read_text("utf-8"))
        except (OSError, ValueError) as exc:
            raise BackendError(f"cannot read the script {path}: {exc}") from None
        turns = data.get("turns", []) if isinstance(data, dict) else data
        delay = float(data.get("delay", 0)) if isinstance(data, dict) else 0.0
        return cls(
            [AssistantTurn.model_validate(t) for t in turns],
            delay=delay,
            repeat_last=bool(data.get("repeat", False)) if isinstance(data, dict) else False,
        )
