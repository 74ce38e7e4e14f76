"""The order of checks, in every tool (issue 24 §13): an argument of the wrong shape is answered before any
lookup, whatever else is wrong. One rule, in the registry: arguments are validated whole before a tool runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolContext

REGISTRY = default_registry()


def _value(name: str, spec: dict[str, Any]) -> Any:
    """A value of the right shape for ``name``; ids name nothing in the project."""
    kind = spec.get("type")
    if "enum" in spec:
        return spec["enum"][0]
    if kind == "array":
        return ["zz-nope"] if spec.get("items", {}).get("type") == "string" else [1]
    if kind == "string" or (isinstance(kind, list) and "string" in kind):
        return "zz-nope"
    if kind in ("number", "integer"):
        return spec.get("minimum", 0) + 1
    if kind == "boolean":
        return True
    return {}


def _cases() -> list[tuple[str, dict[str, Any], str]]:
    """Each tool with an id argument and a number with a lower bound: that number made too small."""
    cases = []
    for tool in REGISTRY.get_all():
        properties = tool.parameters.get("properties", {})
        ids = [n for n in properties if n.endswith(("Id", "Ids"))]
        bounded = [n for n, s in properties.items() if s.get("type") in ("number", "integer") and "minimum" in s]
        if not ids or not bounded:
            continue
        args = {n: _value(n, s) for n, s in properties.items() if n in tool.parameters.get("required", ()) or n in ids}
        args[bounded[0]] = properties[bounded[0]]["minimum"] - 1
        cases.append((tool.name, args, bounded[0]))
    return cases


CASES = _cases()


def test_the_rule_is_checked_on_many_tools() -> None:
    assert len(CASES) >= 12


@pytest.mark.parametrize(("name", "args", "bad"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_argument_is_answered_before_an_unknown_id(
    demo_path: Path, name: str, args: dict[str, Any], bad: str
) -> None:
    from neuralcut_cli.project.edit_session import ProjectSession

    tool = REGISTRY.get(name)
    result = REGISTRY.execute(name, args, ToolContext(ProjectSession(demo_path)))
    field = next(f for f, info in tool.args_model.model_fields.items() if (info.alias or f) == bad)
    assert result["error"] == tool.args_model.errors.get(field, tool.args_model.default_error), (args, result)
    assert "zz-nope" not in result["error"] and "not found" not in result["error"].lower()
