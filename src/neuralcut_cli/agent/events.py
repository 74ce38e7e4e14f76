"""What the orchestrator tells whoever watches a request, as it happens: small typed events.

A listener is given one of these at a time (``Orchestrator(listener=...)``,
``ChatSession.listener``); views match on the type.
"""

from __future__ import annotations

from collections.abc import Callable

from neuralcut_cli.agent.types import ToolCall, ToolResult
from neuralcut_cli.values import Value


class StatusChanged(Value):
    """The agent's status: ``idle``, ``sending``, ``running`` (a tool), ``error``..."""

    status: str


class TextArrived(Value):
    """A piece of the model's reply, as it streams."""

    text: str


class ToolStarted(Value):
    call: ToolCall


class ToolProgress(Value):
    """What a long tool says it is doing ("measuring silences, 40 %")."""

    text: str


class ToolFinished(Value):
    result: ToolResult


Event = StatusChanged | TextArrived | ToolStarted | ToolProgress | ToolFinished
Listener = Callable[[Event], None]
