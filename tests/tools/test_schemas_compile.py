"""Issue 42 §1: every tool's JSON schema is one the servers people run compile. llama.cpp turns a schema into a
grammar and refuses repetition bounds above about 1000 (``maxLength: 2000`` gave HTTP 400 "failed to parse
grammar" on the first request); the hosted APIs take a subset of JSON Schema. The real llama-server compiles each
schema in the slow tier (``tests/agent/test_local_model.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolDefinition

#: The bound llama.cpp's grammar builder accepts for a repetition (``{m,n}``).
MOST_REPEATS = 1000
#: Keywords the three compile: llama.cpp's json-schema-to-grammar, Gemini's ``parameters_json_schema`` and
#: OpenAI's function parameters (``description`` is text; the rest constrain).
ACCEPTED = {
    "type", "description", "properties", "required", "items", "enum", "minimum", "maximum", "exclusiveMinimum",
    "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems", "additionalProperties", "anyOf",
    "minProperties", "title", "default",
}  # fmt: skip
TOOLS = default_registry().get_all()


def _walk(schema: Any, path: str) -> list[tuple[str, str, Any]]:
    """(where, keyword, value) for every keyword under ``schema`` (property names are not keywords)."""
    found: list[tuple[str, str, Any]] = []
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "properties":
                for name, sub in value.items():
                    found += _walk(sub, f"{path}.{name}")
                found.append((path, key, None))
                continue
            found.append((path, key, value))
            found += _walk(value, f"{path}/{key}")
    elif isinstance(schema, list):
        for item in schema:
            found += _walk(item, path)
    return found


@pytest.mark.parametrize("tool", TOOLS, ids=[t.name for t in TOOLS])
def test_no_bound_is_above_what_llama_cpp_compiles(tool: ToolDefinition) -> None:
    bounds = [
        (where, key, value)
        for where, key, value in _walk(tool.parameters, tool.name)
        if key in ("maxLength", "minLength", "maxItems", "minItems") and value > MOST_REPEATS
    ]
    assert not bounds, bounds


@pytest.mark.parametrize("tool", TOOLS, ids=[t.name for t in TOOLS])
def test_every_keyword_is_one_the_servers_compile(tool: ToolDefinition) -> None:
    unknown = {(where, key) for where, key, _ in _walk(tool.parameters, tool.name) if key not in ACCEPTED}
    assert not unknown, unknown
    assert tool.parameters["type"] == "object"


def test_the_bound_that_broke_the_recipe_is_caught() -> None:
    """The check itself: review_render's question once had maxLength 2000."""
    broken = {"type": "object", "properties": {"question": {"type": "string", "maxLength": 2000}}}
    assert [k for _, k, v in _walk(broken, "review_render") if k == "maxLength" and v > MOST_REPEATS]
    question = default_registry().get("review_render").parameters["properties"]["question"]
    assert question["maxLength"] == 1000
