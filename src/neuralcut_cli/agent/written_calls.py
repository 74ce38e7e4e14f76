"""A model that writes its tool call as text (a JSON block, ``<tool_call>`` tags) instead of calling the tool.

Small local models do this when their server does not pass the tools through the chat template (llama.cpp without
``--jinja``, for one). The JSON must not reach the person as if it were the answer, with exit 0 and nothing
changed: the orchestrator fails the request and says what happened (issue 30 §7)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

_FENCE = re.compile(r"```(?:json|tool_call|tool)?\s*(.*?)```", re.S | re.I)
_TAGS = re.compile(r"<tool_call>\s*(.*?)\s*</tool_call>", re.S | re.I)

HINT = (
    "The model wrote a call to {name} as text instead of calling the tool, so nothing was changed. Its server may "
    'not be passing the tools to it: llama.cpp\'s llama-server needs --jinja (README: "A model on this machine").'
)


def written_call(text: str, tools: Iterable[str]) -> str | None:
    """The tool a reply writes out as a call, when the reply is (little but) such a call; else None."""
    if "{" not in text:
        return None
    known = set(tools)
    for chunk in [*_TAGS.findall(text), *_FENCE.findall(text), text.strip()]:
        name = _call_name(chunk.strip(), known)
        if name is not None:
            return name
    return None


def _call_name(chunk: str, known: set[str]) -> str | None:
    try:
        data: Any = json.loads(chunk)
    except ValueError:
        return None
    for item in data if isinstance(data, list) else [data]:
        if not isinstance(item, dict):
            continue
        function = item.get("function")
        inner: dict[str, Any] = function if isinstance(function, dict) else item
        name = inner.get("name") or inner.get("tool") or inner.get("tool_name")
        has_args = any(key in inner for key in ("arguments", "parameters", "args", "input"))
        if isinstance(name, str) and name in known and has_args:
            return name
    return None
