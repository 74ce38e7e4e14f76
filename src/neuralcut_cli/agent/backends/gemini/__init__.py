"""``--backend gemini``: Google Gemini through the ``google-genai`` SDK.

Every registry tool becomes a function declaration; the orchestrator, not
the SDK, runs the tools (automatic function calling is off). Replies stream:
text chunks go to ``on_text`` as they arrive. Errors are mapped once, in
``providers.gemini.errors.explain``, to messages without the key.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Sequence
from typing import Any

from neuralcut_cli.agent.backends.base import BackendDefaults, EmptyAnswer, TextSink, TurnTooLong, within_turn
from neuralcut_cli.agent.backends.gemini import convert
from neuralcut_cli.agent.backends.prompt import project_note, rules
from neuralcut_cli.agent.types import AgentContext, AssistantTurn, ChatMessage
from neuralcut_cli.errors import BackendError
from neuralcut_cli.providers.gemini.client import DEFAULT_MODEL, make_client, require_key
from neuralcut_cli.providers.gemini.errors import explain
from neuralcut_cli.tools.definition import ToolDefinition
from neuralcut_cli.tools.services import ToolServices


class GeminiBackend(BackendDefaults):
    model: str  # always a model
    name = "gemini"

    def __init__(self, client: Any, model: str) -> None:
        self.client = client
        self.model = model
        self._declared: tuple[int, list[Any]] | None = None
        self._ids = itertools.count(1)

    def tool_services(self) -> ToolServices:
        """Seeing a clip and reviewing a render use this session's Gemini model."""
        return ToolServices.for_model(self.model)

    @classmethod
    def from_environment(cls, model: str | None = None) -> GeminiBackend:
        """Fails with a usage error naming both key variables, before any request."""
        require_key()
        return cls(make_client(), model or os.environ.get("NEURALCUT_MODEL") or DEFAULT_MODEL)

    def _tools(self, tools: Sequence[ToolDefinition]) -> list[Any]:
        key = hash(tuple(t.name for t in tools))
        if self._declared is None or self._declared[0] != key:
            self._declared = (key, convert.declarations(tools))
        return self._declared[1]

    def config(self, tools: Sequence[ToolDefinition], context: AgentContext | None) -> Any:
        from google.genai import types

        return types.GenerateContentConfig(
            system_instruction=rules(tools),
            tools=self._tools(tools),
            automatic_function_calling=types.AutomaticFunctionCallingConfig(disable=True),
        )

    def complete(
        self,
        conversation: Sequence[ChatMessage],
        tools: Sequence[ToolDefinition],
        context: AgentContext | None,
        on_text: TextSink | None = None,
    ) -> AssistantTurn:
        request = convert.with_note(convert.contents(conversation), project_note(context))
        try:
            stream = self.client.models.generate_content_stream(
                model=self.model, contents=request, config=self.config(tools, context)
            )
            text, parts = [], []
            for chunk in within_turn(stream):
                for candidate in (chunk.candidates or [])[:1]:
                    for part in (candidate.content.parts if candidate.content else None) or []:
                        parts.append(part)
                        if part.text and not part.thought:
                            text.append(part.text)
                            if on_text:
                                on_text(part.text)
        except TurnTooLong as exc:
            raise BackendError(str(exc)) from None
        except Exception as exc:  # noqa: BLE001 - mapped to one clear message
            raise BackendError(explain(exc).message) from None
        calls = convert.tool_calls(parts, next(self._ids) * 100)
        if not text and not calls:
            raise EmptyAnswer("Gemini returned an empty answer (it may have been blocked); rephrase and try again")
        return AssistantTurn(content="".join(text).strip(), tool_calls=calls)
