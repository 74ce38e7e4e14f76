"""Turn a pydantic validation error into one line a person can act on.

The line names the JSON path of the bad field (``scenes[0].tracks.main.
elements[2].startTime``), what was expected and what was found.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError

from neuralcut_cli.project.elements import ELEMENT_TYPES
from neuralcut_cli.project.tracks import TRACK_TYPES

_UNION_TAGS = set(ELEMENT_TYPES) | set(TRACK_TYPES)
_MAX_SHOWN = 3

_EXPECTED = {
    "missing": "is required",
    "int_type": "expected a whole number",
    "int_from_float": "expected a whole number",
    "int_parsing": "expected a whole number",
    "string_type": "expected a string",
    "bool_type": "expected true or false",
    "bool_parsing": "expected true or false",
    "dict_type": "expected an object",
    "model_type": "expected an object",
    "list_type": "expected a list",
    "tuple_type": "expected a list",
    "too_short": "must not be empty",
    "string_too_short": "must not be empty",
}


def json_path(loc: Iterable[Any]) -> str:
    """``('scenes', 0, 'tracks', 'main')`` -> ``scenes[0].tracks.main``."""
    parts: list[str] = []
    previous: Any = None
    for item in loc:
        if isinstance(item, int):
            parts.append(f"[{item}]")
        elif item in _UNION_TAGS and isinstance(previous, int):
            pass  # the discriminator's tag, not a key of the file
        elif item.startswith("function-"):
            pass
        else:
            parts.append(f".{item}" if parts else str(item))
        previous = item
    return "".join(parts) or "(top level)"


def describe_error(error: dict[str, Any]) -> str:
    kind = error["type"]
    path = json_path(error["loc"])
    found = _show(error.get("input"))
    if kind == "missing":
        return f"{path} is required"
    if kind == "union_tag_invalid":
        ctx = error.get("ctx", {})
        return f"{path}: unknown type {ctx.get('tag')!r} (expected one of {ctx.get('expected_tags')})"
    if kind == "union_tag_not_found":
        return f"{path}: needs a 'type' field"
    if kind in _EXPECTED:
        return f"{path}: {_EXPECTED[kind]}, found {found}"
    message = str(error.get("msg", "is invalid"))
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    if kind == "value_error" and message.startswith(("[", ".", "elements[")):  # a problem deeper inside
        return f"{path}{'' if message[:1] in '[.' else '.'}{message}"
    return f"{path}: {message[:1].lower()}{message[1:]}, found {found}"


def describe_validation_error(exc: ValidationError) -> str:
    """Up to three problems, one per line, and how many more there are."""
    errors = _without_echoes(exc.errors(include_url=False))
    lines = [describe_error(e) for e in errors[:_MAX_SHOWN]]
    if len(errors) > _MAX_SHOWN:
        lines.append(f"... and {len(errors) - _MAX_SHOWN} more")
    return "\n".join(lines)


def _without_echoes(errors: list[Any]) -> list[Any]:
    """Drop "must not be empty" on a list whose only item failed: the item's own error says why.

    pydantic counts the valid items of ``scenes: [<bad scene>]`` as zero and
    reports ``too_short`` beside the real problem inside the scene.
    """
    inner = [tuple(e["loc"]) for e in errors]
    return [
        e
        for e in errors
        if e["type"] != "too_short"
        or not any(len(loc) > len(e["loc"]) and loc[: len(e["loc"])] == tuple(e["loc"]) for loc in inner)
    ]


def _show(value: Any) -> str:
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
