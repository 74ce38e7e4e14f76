"""The one-method interface every LLM backend implements."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from neuralcut_cli.agent.types import AgentContext, AssistantTurn, ChatMessage
from neuralcut_cli.tools.definition import ToolDefinition

TextSink = Callable[[str], None]


class Backend(Protocol):
    """``complete(conversation, tools, context) -> AssistantTurn``."""

    name: str

    def complete(
        self,
        conversation: Sequence[ChatMessage],
        tools: Sequence[ToolDefinition],
        context: AgentContext | None,
        on_text: TextSink | None = None,
    ) -> AssistantTurn:
        """One model turn. ``on_text`` receives reply text as it streams, if the backend streams."""
        ...
