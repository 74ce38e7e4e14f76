"""What the orchestrator tells whoever watches a request, as it happens: small typed events.

A listener is given one of these at a time (``Orchestrator(listener=...)``,
``ChatSession.listener``); views match on the type.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from neuralcut_cli.agent.types import ToolCall, ToolResult


@dataclass(frozen=True)
class StatusChanged:
    """The agent's status: ``idle``, ``sending``, ``running`` (a tool), ``error``..."""

    status: str


@dataclass(frozen=True)
class TextArrived:
    """A piece of the model's reply, as it streams."""

    text: str


@dataclass(frozen=True)
class ToolStarted:
    call: ToolCall


@dataclass(frozen=True)
class ToolProgress:
    """What a long tool says it is doing ("measuring silences, 40 %")."""

    text: str


@dataclass(frozen=True)
class ToolFinished:
    result: ToolResult


Event = StatusChanged | TextArrived | ToolStarted | ToolProgress | ToolFinished
Listener = Callable[[Event], None]
