"""``--backend openai``: any OpenAI-compatible chat-completions server through the official ``openai`` SDK.

Every registry tool becomes a function tool (its full JSON Schema); the orchestrator runs the calls. Replies
stream: text goes to ``on_text`` as it arrives, tool calls are put together from their pieces by index. A tool
result goes back as a ``role: "tool"`` message with its call's id.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from neuralcut_cli.agent.backends.base import TextSink, TurnTooLong, within_turn
from neuralcut_cli.agent.backends.prompt import RULES, last_user, project_note
from neuralcut_cli.agent.types import AgentContext, AssistantTurn, ChatMessage, ToolCall, error_payload
from neuralcut_cli.errors import BackendError
from neuralcut_cli.providers.openai_compat.client import DEFAULT_MODEL, make_client, resolve
from neuralcut_cli.providers.openai_compat.errors import explain
from neuralcut_cli.tools.definition import ToolDefinition


class OpenAIBackend:
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
        host = urlsplit(self.base_url).hostname or ""
        return "all" if host in ("localhost", "127.0.0.1", "::1") or host.endswith(".local") else "lean"

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
        request = [{"role": "system", "content": RULES}, *messages(conversation)]
        note, at = project_note(context), last_user([m["role"] for m in request])
        if note and at is not None:  # last, with the request: the rules and declarations stay a cacheable prefix
            request[at] = {**request[at], "content": f"{request[at]['content']}\n\n{note}"}
        try:
            stream = self.client.chat.completions.create(
                model=self.model, messages=request, tools=declarations(tools), stream=True
            )
            text, calls = _read(within_turn(stream), on_text)
        except TurnTooLong as exc:
            raise BackendError(str(exc)) from None
        except Exception as exc:  # noqa: BLE001 - mapped to one clear message
            raise explain(exc, self.model, self.base_url) from None
        turn_calls = [
            ToolCall(id=c.get("id") or f"local-{next(self._ids)}", name=c["name"], args=_args(c)) for c in calls
        ]
        if not text and not turn_calls:
            raise BackendError("The model returned an empty answer; rephrase and try again")
        return AssistantTurn(content=text.strip(), tool_calls=turn_calls)


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


def _read(stream: Any, on_text: TextSink | None) -> tuple[str, list[dict[str, Any]]]:
    """The streamed text, and the tool calls put together from their pieces (by index)."""
    text: list[str] = []
    calls: dict[int, dict[str, Any]] = {}
    for chunk in stream:
        for choice in (chunk.choices or [])[:1]:
            delta = choice.delta
            if delta.content:
                text.append(delta.content)
                if on_text:
                    on_text(delta.content)
            for piece in delta.tool_calls or []:
                call = calls.setdefault(piece.index, {"id": None, "name": "", "arguments": ""})
                call["id"] = piece.id or call["id"]
                if piece.function is not None:
                    call["name"] += piece.function.name or ""
                    call["arguments"] += piece.function.arguments or ""
    return "".join(text), [calls[i] for i in sorted(calls)]


def _args(call: dict[str, Any]) -> dict[str, Any]:
    """The call's arguments; text that is not a JSON object becomes an argument the tool will refuse clearly."""
    try:
        parsed = json.loads(call["arguments"] or "{}")
    except ValueError:
        return {"_unreadable_arguments": call["arguments"][:200]}
    return parsed if isinstance(parsed, dict) else {"_unreadable_arguments": call["arguments"][:200]}
