"""JSON schemas for tool inputs, cleaned for LLM function declarations.

pydantic's schemas carry titles, ``anyOf`` with ``null`` for optional fields
and ``$defs``; an LLM needs none of that. The result is plain JSON Schema:
``type``, ``properties``, ``required``, ``items``, ``enum``, ``description``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from neuralcut_cli.time import MAX_SECONDS

_DROP = {"title", "default"}
_OBVIOUS = {"minLength", "minItems"}


def tool_schema(model: type[BaseModel]) -> dict[str, Any]:
    schema = model.model_json_schema(by_alias=True)
    defs = schema.pop("$defs", {})
    cleaned: dict[str, Any] = _clean(schema, defs)
    cleaned.setdefault("properties", {})
    cleaned["type"] = "object"
    return cleaned


def _clean(node: Any, defs: dict[str, Any]) -> Any:
    if isinstance(node, list):
        return [_clean(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target = defs[node["$ref"].split("/")[-1]]
        merged = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        return _clean(merged, defs)
    if "anyOf" in node:
        options = [o for o in node["anyOf"] if o.get("type") != "null"]
        if len(options) == 1:
            rest = {k: v for k, v in node.items() if k != "anyOf"}
            return _clean({**options[0], **rest}, defs)
    out = {}
    for key, value in node.items():
        if key in _DROP or (key == "maximum" and value == MAX_SECONDS) or (key in _OBVIOUS and value == 1):
            continue  # checked when the call arrives, not worth declaring: the 24-hour limit, "not empty"
        if key == "properties":
            out[key] = {name: _clean(prop, defs) for name, prop in value.items()}
        else:
            out[key] = _clean(value, defs)
    return out
