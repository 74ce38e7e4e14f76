"""Between NeuralCut's shared types and the SDK's ``Content``/``Part``.

User messages become user contents; an assistant turn with tool calls
becomes a model content with ``function_call`` parts (ids and thought
signatures kept); tool results become ``function_response`` parts with
``{"output": ...}`` or ``{"error": ...}``. Files loaded with
``load_asset_context`` during the conversation are attached to the last
user message so the model can see and hear them.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from typing import Any

from neuralcut_cli.agent.types import ChatMessage, ToolCall, error_payload
from neuralcut_cli.tools.definition import ToolDefinition


def declarations(tools: Sequence[ToolDefinition]) -> list[Any]:
    from google.genai import types

    return [
        types.Tool(
            function_declarations=[
                types.FunctionDeclaration(name=t.name, description=t.description, parameters_json_schema=t.parameters)
                for t in tools
            ]
        )
    ]


def loaded_files(conversation: Sequence[ChatMessage]) -> list[tuple[str, str]]:
    """``(fileUri, mimeType)`` of every asset loaded so far, once each."""
    files: dict[str, str] = {}
    for message in conversation:
        for result in message.tool_results or []:
            output = result.result if isinstance(result.result, dict) else {}
            if result.name == "load_asset_context" and output.get("status") == "loaded" and output.get("fileUri"):
                files[output["fileUri"]] = output.get("mimeType") or "video/mp4"
    return list(files.items())


def contents(conversation: Sequence[ChatMessage]) -> list[Any]:
    from google.genai import types

    out: list[Any] = []
    for message in conversation:
        if message.role == "user":
            out.append(types.Content(role="user", parts=[types.Part(text=message.content or " ")]))
        elif message.role == "assistant":
            parts = [types.Part(text=message.content)] if message.content else []
            parts += [_call_part(call) for call in message.tool_calls or []]
            if parts:
                out.append(types.Content(role="model", parts=parts))
        elif message.role == "tool" and message.tool_results:
            parts = [
                types.Part(
                    function_response=types.FunctionResponse(
                        id=result.tool_call_id if not result.tool_call_id.startswith("local-") else None,
                        name=result.name,
                        response=error_payload(result) if result.error else {"output": result.result},
                    )
                )
                for result in message.tool_results
            ]
            out.append(types.Content(role="user", parts=parts))
    files = loaded_files(conversation)
    if files:
        last_user = max(
            (i for i, c in enumerate(out) if c.role == "user" and c.parts and c.parts[0].text), default=None
        )
        if last_user is not None:
            attachments = [types.Part(file_data=types.FileData(file_uri=uri, mime_type=mime)) for uri, mime in files]
            out[last_user] = types.Content(role="user", parts=attachments + list(out[last_user].parts))
    return out


def with_note(contents: list[Any], note: str) -> list[Any]:
    """The project note as a last text part of the last user turn (the request's), after its words."""
    from google.genai import types

    if not note:
        return contents
    at = max((i for i, c in enumerate(contents) if c.role == "user" and c.parts and c.parts[-1].text), default=None)
    if at is None:
        return contents
    parts = [*contents[at].parts, types.Part(text=note)]
    return [*contents[:at], types.Content(role="user", parts=parts), *contents[at + 1 :]]


def _call_part(call: ToolCall) -> Any:
    from google.genai import types

    signature = base64.b64decode(call.provider_data) if call.provider_data else None
    call_id = None if call.id.startswith("local-") else call.id
    return types.Part(
        function_call=types.FunctionCall(id=call_id, name=call.name, args=call.args), thought_signature=signature
    )


def tool_calls(parts: Sequence[Any], first_index: int) -> list[ToolCall]:
    """The function calls among response parts, in order; ids made up where the model gave none."""
    calls: list[ToolCall] = []
    for part in parts:
        call = getattr(part, "function_call", None)
        if call is None:
            continue
        signature = part.thought_signature
        calls.append(
            ToolCall(
                id=call.id or f"local-{first_index + len(calls)}",
                name=call.name or "",
                args=dict(call.args or {}),
                provider_data=base64.b64encode(signature).decode() if signature else None,
            )
        )
    return calls
