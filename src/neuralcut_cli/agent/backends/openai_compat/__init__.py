"""``--backend openai``: any OpenAI-compatible chat-completions server through the official ``openai`` SDK.

Every registry tool becomes a function tool (its full JSON Schema); the orchestrator runs the calls. Replies
stream: text goes to ``on_text`` as it arrives, tool calls are put together from their pieces by index. A tool
result goes back as a ``role: "tool"`` message with its call's id.
"""

from __future__ import annotations

import itertools
import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from neuralcut_cli.agent.backends.base import (
    LOCAL_TURN_SECONDS,
    TURN_SECONDS,
    BackendDefaults,
    EmptyAnswer,
    TextSink,
    TurnTooLong,
    within_turn,
)
from neuralcut_cli.agent.backends.prompt import last_user, project_note, rules
from neuralcut_cli.agent.types import AgentContext, AssistantTurn, ChatMessage, ToolCall, error_payload
from neuralcut_cli.errors import BackendError
from neuralcut_cli.providers.openai_compat.client import DEFAULT_MODEL, is_local, make_client, resolve
from neuralcut_cli.providers.openai_compat.errors import explain
from neuralcut_cli.tools.definition import ToolDefinition
from neuralcut_cli.tools.services import ToolServices, image_reviewer


class OpenAIBackend(BackendDefaults):
    model: str  # always a model
    name = "openai"

    def __init__(self, client: Any, model: str, base_url: str = "") -> None:
        self.client = client
        self.model = model
        self.base_url = base_url
        self._ids = itertools.count(1)

    @property
    def declares(self) -> str:
        """``all`` for a server on this machine (its prompt cache pays for the declarations once, and a small model
        then sees the tool a request needs), ``lean`` for a hosted API (charged per token). ``NEURALCUT_TOOLS``
        overrides either."""
        return "all" if is_local(self.base_url) else "lean"

    def tool_services(self) -> ToolServices:
        """This model reviews renders (a contact sheet as an image); seeing a clip stays with Gemini's defaults."""
        services = ToolServices.for_model(None)
        services.reviewer = image_reviewer(self.client, self.model, self.base_url)
        return services

    def usable(self, tools: Sequence[ToolDefinition]) -> list[ToolDefinition]:
        """The tools its model can use: not ``review_render`` when it takes no images (its server says so, or
        ``NEURALCUT_OPENAI_IMAGES=0``), nor ``load_asset_context`` without a Gemini key (Gemini sees the clips). A
        small local model offered them called them for "what's at 12s?" and answered their refusal."""
        from neuralcut_cli.providers.gemini.client import api_key
        from neuralcut_cli.providers.openai_compat.vision import takes_images

        blind = {"review_render"} if takes_images(self.base_url) is False else set()
        blind |= set() if api_key() else {"load_asset_context"}
        return [t for t in tools if t.name not in blind]

    @classmethod
    def from_environment(cls, model: str | None = None, base_url: str | None = None) -> OpenAIBackend:
        """Fails with a usage error before any request when there is neither a key nor a server."""
        base, _ = resolve(base_url)
        return cls(make_client(base_url), model or os.environ.get("NEURALCUT_MODEL") or DEFAULT_MODEL, base or "")

    def complete(
        self,
        conversation: Sequence[ChatMessage],
        tools: Sequence[ToolDefinition],
        context: AgentContext | None,
        on_text: TextSink | None = None,
    ) -> AssistantTurn:
        tools = self.usable(tools)
        request = [{"role": "system", "content": rules(tools)}, *messages(conversation)]
        note, at = project_note(context), last_user([m["role"] for m in request])
        if note and at is not None:  # last, with the request: the rules and declarations stay a cacheable prefix
            request[at] = {**request[at], "content": f"{request[at]['content']}\n\n{note}"}
        streamed = Streamed()
        try:
            self._stream(request, tools, streamed, on_text)
        except MalformedCall as exc:  # the server could not read the call the model wrote (llama.cpp: a 500)
            if streamed.name or exc.name:  # the model is told what it called does not exist (or how to call it)
                return AssistantTurn(
                    content="",
                    tool_calls=[ToolCall(id=f"local-{next(self._ids)}", name=streamed.name or exc.name, args={})],
                )
            retry = {"role": "user", "content": RETRY.format(said=exc.said[:200])}
            streamed = Streamed()
            self._stream([*request, retry], tools, streamed, on_text, retried=True)
        turn_calls = [
            ToolCall(id=c.get("id") or f"local-{next(self._ids)}", name=c["name"], args=_args(c))
            for c in streamed.calls
        ]
        if not streamed.text and not turn_calls:
            raise EmptyAnswer("The model returned an empty answer; rephrase and try again")
        return AssistantTurn(content="".join(streamed.text).strip(), tool_calls=turn_calls)

    def _stream(
        self,
        request: list[dict[str, Any]],
        tools: Sequence[ToolDefinition],
        into: Streamed,
        on_text: TextSink | None,
        retried: bool = False,
    ) -> None:
        """One streamed answer, read into ``into`` (so what came before an error is known)."""
        try:
            # a small model on this machine: its likeliest call, and an end to a reply that runs on (seen: 1,800
            # tokens of looping text at 4 tokens/s)
            steady = {"temperature": 0, "max_tokens": LOCAL_MAX_TOKENS} if is_local(self.base_url) else {}
            stream = self.client.chat.completions.create(
                model=self.model, messages=request, tools=declarations(tools), stream=True, **steady
            )
            _read(within_turn(stream, LOCAL_TURN_SECONDS if is_local(self.base_url) else TURN_SECONDS), on_text, into)
        except TurnTooLong as exc:
            raise BackendError(str(exc)) from None
        except Exception as exc:  # noqa: BLE001 - mapped to one clear message
            error = explain(exc, self.model, self.base_url)
            said = str(error)
            if not retried and _FORMAT.search(said) and not _refused(exc):
                raise MalformedCall(said, _named(said) or _named("".join(into.text))) from None
            raise error from None


class MalformedCall(Exception):
    """The server failed on a call the model wrote (it cannot parse it, or the name is not declared)."""

    def __init__(self, said: str, name: str) -> None:
        super().__init__(said)
        self.said, self.name = said, name


#: The most tokens one answer from a server on this machine may write (a call or a short reply needs far fewer).
LOCAL_MAX_TOKENS = 512
RETRY = (
    "(Your answer could not be read as a tool call: {said}. Call a declared tool by its exact name with JSON "
    "arguments, or answer in words.)"
)
#: A server's words for a call it could not read (llama.cpp: "Failed to parse input", "invalid tool call").
_FORMAT = re.compile(r"pars(e|ing)|tool.?call|function.?call|grammar|invalid json|format", re.I)
_NAME = re.compile(r'"name"\s*:\s*"([A-Za-z_][A-Za-z0-9_.-]{0,63})"')


def _refused(exc: Exception) -> bool:
    """A request the server refused as a whole (4xx: no tools, a schema it cannot compile), not a call it misread."""
    import openai

    return isinstance(exc, openai.APIStatusError) and exc.status_code < 500


def _named(text: str) -> str:
    """The tool name a failed answer wrote (``"name": "blur"``), or ""."""
    found = _NAME.search(text)
    return found.group(1) if found else ""


def declarations(tools: Sequence[ToolDefinition]) -> list[dict[str, Any]]:
    return [
        {"type": "function", "function": {"name": t.name, "description": t.description, "parameters": t.parameters}}
        for t in tools
    ]


def messages(conversation: Sequence[ChatMessage]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for message in conversation:
        if message.role == "user":
            out.append({"role": "user", "content": message.content or " "})
        elif message.role == "assistant":
            entry: dict[str, Any] = {"role": "assistant", "content": message.content or None}
            if message.tool_calls:
                entry["tool_calls"] = [
                    {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": json.dumps(c.args)}}
                    for c in message.tool_calls
                ]
            out.append(entry)
        elif message.role == "tool":
            for result in message.tool_results or []:
                payload = error_payload(result) if result.error else {"output": result.result}
                out.append({"role": "tool", "tool_call_id": result.tool_call_id, "content": json.dumps(payload)})
    return out


@dataclass
class Streamed:
    """What an answer streamed so far: its text pieces and its calls, put together from their pieces by index."""

    text: list[str] = field(default_factory=list)
    pieces: dict[int, dict[str, Any]] = field(default_factory=dict)

    @property
    def calls(self) -> list[dict[str, Any]]:
        return [self.pieces[i] for i in sorted(self.pieces)]

    @property
    def name(self) -> str:
        """The last call's name so far ("" before any)."""
        return self.calls[-1]["name"] if self.pieces else ""


def _read(stream: Any, on_text: TextSink | None, into: Streamed) -> None:
    """The streamed text and tool calls, into ``into``."""
    for chunk in stream:
        for choice in (chunk.choices or [])[:1]:
            delta = choice.delta
            if delta.content:
                into.text.append(delta.content)
                if on_text:
                    on_text(delta.content)
            for piece in delta.tool_calls or []:
                call = into.pieces.setdefault(piece.index, {"id": None, "name": "", "arguments": ""})
                call["id"] = piece.id or call["id"]
                if piece.function is not None:
                    call["name"] += piece.function.name or ""
                    call["arguments"] += piece.function.arguments or ""


def _args(call: dict[str, Any]) -> dict[str, Any]:
    """The call's arguments; text that is not a JSON object becomes an argument the tool will refuse clearly."""
    try:
        parsed = json.loads(call["arguments"] or "{}")
    except ValueError:
        return {"_unreadable_arguments": call["arguments"][:200]}
    return parsed if isinstance(parsed, dict) else {"_unreadable_arguments": call["arguments"][:200]}
