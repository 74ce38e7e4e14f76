"""The mock backend: the offline experience, precision first.

A request is parsed into intents by a rule table (``parse``, ``rules``);
words no rule can use make it refuse, naming them, rather than guess. Each
intent has a plan (``plans``) that calls real tools. Stateless: each turn it
replays the plans of the last user message against the tool results already
in the conversation (``replay.Replay``), so it works the same behind the HTTP
API.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from neuralcut_cli.agent.backends.base import BackendDefaults, TextSink
from neuralcut_cli.agent.backends.mock.listing import Vocab, vocab_of
from neuralcut_cli.agent.backends.mock.parse import Parsed, parse
from neuralcut_cli.agent.backends.mock.plans import run_request
from neuralcut_cli.agent.backends.mock.replay import Context, NeedCall, Replay, tool_registry
from neuralcut_cli.agent.types import AgentContext, AssistantTurn, ChatMessage, ToolCall, ToolResult
from neuralcut_cli.tools.definition import ToolDefinition

#: The longest request the grammar reads; longer text is refused at once
#: (a request is a sentence or two).
MAX_REQUEST_CHARS = 2000

#: The most edits one request may chain: the mock makes one tool call per turn and a request has 24
#: turns, so a longer chain would stop half done; it is refused before anything changes.
MAX_REQUEST_PARTS = 10


class MockBackend(BackendDefaults):
    name = "mock"
    #: Deterministic plans: the request guard's loop limits are for models (agent.guard), and no tool declarations
    #: are sent (it loads only the tools its plans call).
    plans_its_calls = True

    def __init__(self, fps: float = 30.0) -> None:
        self.fps = fps

    def complete(
        self,
        conversation: Sequence[ChatMessage],
        tools: Sequence[ToolDefinition],
        context: AgentContext | None,
        on_text: TextSink | None = None,
    ) -> AssistantTurn:
        request, recorded = _current_request(conversation)
        if request is None:
            return AssistantTurn(content="Ask me to edit the project; type 'help' for examples.")
        if len(request) > MAX_REQUEST_CHARS:
            return _say(
                on_text,
                AssistantTurn(
                    content=f"That request is {len(request):,} characters long; the offline backend reads requests of "
                    f"up to {MAX_REQUEST_CHARS:,}. Ask for one edit at a time.",
                    failed=True,
                ),
            )
        vocab = vocab_of(context, self.fps)
        parsed = _parse_once(request, vocab)
        if parsed.refusal is not None:
            return _say(on_text, AssistantTurn(content=parsed.refusal, failed=True))
        if len(parsed.intents) > MAX_REQUEST_PARTS:
            return _say(
                on_text,
                AssistantTurn(
                    content=f"That request chains {len(parsed.intents)} edits; the offline backend does up to "
                    f"{MAX_REQUEST_PARTS} in one request, so I changed nothing. Send them in smaller groups.",
                    failed=True,
                ),
            )
        replay = Replay(recorded, _Mutating())  # every tool, declared or not: the mock calls them all
        ctx = Context(
            playhead=(context.playback_time_ms / 1000) if context else 0.0,
            assets=vocab.assets,
            memory=previous_subjects(conversation),
        )
        try:
            reply, failed = run_request(parsed.intents, replay, ctx)
        except NeedCall as need:
            call_id = f"call_{len(recorded) + 1}"
            return AssistantTurn(
                content="", tool_calls=[ToolCall(id=call_id, name=need.call.name, args=need.call.args)]
            )
        subjects = [] if failed else list(ctx.memory)
        return _say(on_text, AssistantTurn(content=reply, failed=failed, subjects=subjects))


#: Parses kept by (request, vocabulary): each turn of a long request replays its plans, and reading the
#: request again every turn would make a request of many parts cost the square of its length.
_PARSED: dict[tuple[str, tuple[object, ...]], Parsed] = {}


_PARSED_LOCK = threading.Lock()


def _parse_once(request: str, vocab: Vocab) -> Parsed:
    key = (request, vocab.key())
    with _PARSED_LOCK:
        known = _PARSED.get(key)
    if known is not None:
        return known
    parsed = parse(request, vocab)
    with _PARSED_LOCK:
        while len(_PARSED) >= 32:
            _PARSED.pop(next(iter(_PARSED)))
        _PARSED[key] = parsed
    return parsed


def _say(on_text: TextSink | None, turn: AssistantTurn) -> AssistantTurn:
    if on_text and turn.content:
        on_text(turn.content)
    return turn


def _current_request(conversation: Sequence[ChatMessage]) -> tuple[str | None, list[tuple[ToolCall, ToolResult]]]:
    """The last user message and the (call, result) pairs that followed it."""
    last_user = max((i for i, m in enumerate(conversation) if m.role == "user"), default=None)
    if last_user is None:
        return None, []
    calls: dict[str, ToolCall] = {}
    pairs: list[tuple[ToolCall, ToolResult]] = []
    for message in conversation[last_user + 1 :]:
        for call in message.tool_calls or []:
            calls[call.id] = call
        for result in message.tool_results or []:
            call = calls.get(result.tool_call_id) or ToolCall(id=result.tool_call_id, name=result.name)
            pairs.append((call, result))
    return conversation[last_user].content, pairs


def previous_subjects(conversation: Sequence[ChatMessage]) -> tuple[str, ...]:
    """What the latest earlier request that acted on something acted on (kept on its reply in the chat): what
    "it", "that" and "the new one" mean at the start of this request."""
    last_user = max((i for i, m in enumerate(conversation) if m.role == "user"), default=0)
    for message in reversed(conversation[:last_user]):
        if message.role == "assistant" and message.subjects:
            return tuple(message.subjects)
    return ()


class _Mutating:
    """The tools that change the project, asked one name at a time (only the tools a request calls load)."""

    def __contains__(self, name: object) -> bool:
        tools = tool_registry()
        return isinstance(name, str) and tools.has(name) and tools.get(name).mutates
