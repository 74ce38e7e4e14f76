"""The one-method interface every LLM backend implements."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Protocol, TypeVar

from neuralcut_cli.agent.types import AgentContext, AssistantTurn, ChatMessage
from neuralcut_cli.errors import BackendError
from neuralcut_cli.tools.definition import ToolDefinition
from neuralcut_cli.tools.services import ToolServices

TextSink = Callable[[str], None]
T = TypeVar("T")


class Backend(Protocol):
    """``complete(conversation, tools, context) -> AssistantTurn``, and what the orchestrator and the faces may ask
    of any backend (``BackendDefaults`` gives the usual answers): nothing is probed for."""

    name: str

    @property
    def model(self) -> str | None:
        """The model it talks to; None for a backend with no model (the offline one, a script, a proxy)."""
        ...

    @property
    def plans_its_calls(self) -> bool:
        """True when it plans every call of a request itself (the offline backend): the loop guard and the tool
        groups are for models, so no declarations are sent and no budget applies."""
        ...

    @property
    def declares(self) -> str:
        """``lean`` (the core tools and ``use_tools``) or ``all`` (every tool, every request)."""
        ...

    def tool_services(self) -> ToolServices:
        """The services its model offers the tools (seeing a clip, reviewing a render); the defaults otherwise."""
        ...

    def complete(
        self,
        conversation: Sequence[ChatMessage],
        tools: Sequence[ToolDefinition],
        context: AgentContext | None,
        on_text: TextSink | None = None,
    ) -> AssistantTurn:
        """One model turn. ``on_text`` receives reply text as it streams, if the backend streams."""
        ...


class BackendDefaults:
    """The usual answers to ``Backend``'s questions: a backend that differs says so by overriding one."""

    model: str | None = None
    plans_its_calls = False

    @property
    def declares(self) -> str:
        return "lean"

    def tool_services(self) -> ToolServices:
        return ToolServices.for_model(None)


TURN_SECONDS = 300.0  # the longest one model turn may stream (``NEURALCUT_TURN_TIMEOUT``)
#: ... from a server on this machine: a small CPU reads the first request's tools (~13,500 tokens) in minutes
LOCAL_TURN_SECONDS = 1800.0


class EmptyAnswer(BackendError):
    """The model answered with neither text nor a call (after edits that succeeded: it has nothing to add)."""


class TurnTooLong(Exception):
    """A model's answer was still streaming at the turn's deadline."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"The model was still answering after {seconds:g} s (NEURALCUT_TURN_TIMEOUT); try again")
        self.seconds = seconds


def turn_seconds(default: float = TURN_SECONDS) -> float:
    import os

    try:
        value = float(os.environ.get("NEURALCUT_TURN_TIMEOUT", "") or default)
    except ValueError:
        return default
    return value if value > 0 else default


def within_turn(stream: Iterable[T], default: float = TURN_SECONDS) -> Iterator[T]:
    """``stream``'s pieces until the turn's deadline (``turn_seconds``): a server that sends a piece a second
    bounds each read, never the turn, so the turn is bounded here. The stream is closed when it is cut short."""
    import time

    seconds = turn_seconds(default)
    deadline = time.monotonic() + seconds
    for piece in stream:
        yield piece
        if time.monotonic() > deadline:
            close = getattr(stream, "close", None)
            if callable(close):
                close()
            raise TurnTooLong(seconds)
