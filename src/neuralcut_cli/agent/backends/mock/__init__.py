"""The mock backend: the offline experience.

Deterministic rules map editing requests (see ``grammar``) to real tool
calls, with multi-step plans where the spec demands them: to delete a time
range it splits at both ends, lists the timeline, and deletes what lies
inside. Stateless: each turn it replays the plan for the last user message
against the tool results already in the conversation (see ``runner``), so it
works the same behind the HTTP API.
"""

from __future__ import annotations

from typing import Sequence

from neuralcut_cli.agent.backends.base import TextSink
from neuralcut_cli.agent.backends.mock.grammar import choose, clean, split_requests
from neuralcut_cli.agent.backends.mock.phrases import Phrase
from neuralcut_cli.agent.backends.mock.runner import Failed, NeedCall, Runner
from neuralcut_cli.agent.types import (
    AgentContext,
    AssistantTurn,
    ChatMessage,
    ToolCall,
    ToolResult,
)
from neuralcut_cli.tools.definition import ToolDefinition

#: The longest request the grammar reads; longer text is refused at once
#: (a request is a sentence or two, and every rule scans all of it).
MAX_REQUEST_CHARS = 2000


class MockBackend:
    name = "mock"

    def __init__(self, fps: float = 30.0) -> None:
        self.fps = fps

    def complete(self, conversation: Sequence[ChatMessage], tools: Sequence[ToolDefinition],
                 context: AgentContext | None, on_text: TextSink | None = None) -> AssistantTurn:
        request, recorded = _current_request(conversation)
        if request is None:
            return AssistantTurn(content="Ask me to edit the project; type 'help' for examples.")
        if len(request) > MAX_REQUEST_CHARS:
            turn = AssistantTurn(content=f"That request is {len(request):,} characters long; the offline backend "
                                         f"reads requests of up to {MAX_REQUEST_CHARS:,}. Ask for one edit at a time.",
                                 failed=True)
            _stream(on_text, turn.content)
            return turn
        runner = Runner(recorded, context)
        fps = context.fps if context is not None and context.fps else self.fps  # the project's rate, also via a proxy
        replies: list[str] = []
        try:
            for part in split_requests(request) or [request]:
                replies.append(choose(Phrase(clean(part), fps), runner))
        except NeedCall as need:
            call_id = f"call_{len(recorded) + 1}"
            return AssistantTurn(content="", tool_calls=[ToolCall(id=call_id, name=need.name, args=need.call_args)])
        except Failed as failure:
            done = "\n".join(replies)
            turn = AssistantTurn(content=(done + "\n" if done else "") + str(failure), failed=True)
            _stream(on_text, turn.content)
            return turn
        turn = AssistantTurn(content="\n".join(replies))
        _stream(on_text, turn.content)
        return turn


def _stream(on_text: TextSink | None, text: str) -> None:
    if on_text and text:
        on_text(text)


def _current_request(conversation: Sequence[ChatMessage]) -> tuple[str | None, list[tuple[ToolCall, ToolResult]]]:
    """The last user message and the (call, result) pairs that followed it."""
    last_user = max((i for i, m in enumerate(conversation) if m.role == "user"), default=None)
    if last_user is None:
        return None, []
    calls: dict[str, ToolCall] = {}
    pairs: list[tuple[ToolCall, ToolResult]] = []
    for message in conversation[last_user + 1:]:
        for call in message.tool_calls or []:
            calls[call.id] = call
        for result in message.tool_results or []:
            call = calls.get(result.tool_call_id) or ToolCall(id=result.tool_call_id, name=result.name)
            pairs.append((call, result))
    return conversation[last_user].content, pairs
