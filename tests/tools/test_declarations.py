"""One declaration per tool (issue 26, item 1): every fact about a tool is stated where the tool is, and the
registry's groups, MCP hints, approval and the tests' lists are read from it.

A declaration that lacks a fact is refused when it is made, so a new tool cannot ship without one.
"""

from __future__ import annotations

from typing import Any, get_args

import pytest
from typing_extensions import is_typeddict

from neuralcut_cli.agent.approval import Approval
from neuralcut_cli.server.mcp_server import tool_entry
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import GROUP_NAMES, Hints, NoArgs, ToolContext, ToolDefinition, tool
from neuralcut_cli.tools.groups import core, declared, groups

TOOLS = default_registry().get_all()


def run(project: Any, args: Any, ctx: ToolContext) -> dict[str, Any]:
    """A tool that does nothing."""
    return {}


@pytest.mark.parametrize(
    "declaration,missing",
    [
        ({}, "group"),  # no group at all: a TypeError names the argument
        ({"group": "misc"}, "group must be one of"),
        ({"group": "clips", "kind": "edit"}, "says whether it destroys"),
        ({"group": "clips", "kind": "edit", "hints": Hints(idempotent=True)}, "says whether it destroys"),
    ],
)
def test_a_declaration_that_lacks_a_fact_is_refused(declaration: dict[str, Any], missing: str) -> None:
    with pytest.raises((TypeError, ValueError), match=missing):
        tool("new_tool", NoArgs, **declaration)(run)


def test_a_whole_declaration_is_taken() -> None:
    made = tool("new_tool", NoArgs, kind="edit", group="clips", hints=Hints(destructive=False))(run)
    assert (made.group, made.kind, made.hints.destructive, made.approval) == ("clips", "edit", False, "dry-run")


@pytest.mark.parametrize("definition", TOOLS, ids=[t.name for t in TOOLS])
def test_every_tool_declares_every_fact(definition: Any) -> None:
    assert definition.description, "the model reads the docstring"
    assert definition.group in GROUP_NAMES
    assert definition.kind in ("read", "edit", "history")
    if definition.mutates:
        assert definition.hints.destructive in (True, False)
    assert definition.approval == (
        "upload" if definition.hints.open_world else "dry-run" if definition.kind == "edit" else "none"
    )


def test_groups_and_the_core_are_read_from_the_declarations() -> None:
    assert core() == tuple(t.name for t in TOOLS if t.group == "core")
    for group, names in groups().items():
        assert names == tuple(t.name for t in TOOLS if t.group == group)
    assert [t.name for t in declared(TOOLS, [])] == list(core())


def test_mcp_hints_are_the_declarations() -> None:
    for definition in TOOLS:
        hints = tool_entry(definition).annotations
        read_only = definition.kind == "read"
        assert hints.read_only_hint is read_only
        assert hints.destructive_hint == (None if read_only else definition.hints.destructive)
        assert hints.open_world_hint is definition.hints.open_world
    assert {t.name for t in TOOLS if t.hints.destructive} >= {
        "delete_timeline_elements",
        "remove_range",
        "cut_words",
        "remove_silences",
    }


def test_approval_asks_what_the_declaration_says(demo_path: Any) -> None:
    """An edit is shown as a dry run first; an upload asks once per file; a read never asks."""
    from neuralcut_cli.agent.types import ToolCall
    from neuralcut_cli.project.edit_session import ProjectSession

    asked: list[Any] = []
    approval = Approval(mode="ask", asker=lambda question: _noted(asked, question, "no"))
    registry, session = default_registry(), ProjectSession(demo_path)
    assert approval.check(ToolCall(id="1", name="list_timeline", args={}), registry, session, None) is None
    assert approval.check(ToolCall(id="2", name="split", args={"times": [5]}), registry, session, None)
    assert approval.check(
        ToolCall(id="3", name="load_asset_context", args={"assetId": "a-intro"}), registry, session, None
    )
    assert [q.call.name for q in asked] == ["split", "load_asset_context"]
    assert "uploads a-intro" in asked[1].note


@pytest.mark.parametrize("definition", TOOLS, ids=[t.name for t in TOOLS])
def test_every_tool_declares_a_typed_answer_and_typed_arguments(definition: ToolDefinition) -> None:
    """Issue 26 §2: the answer is a typed dictionary of ``tools.outputs`` (read from the function's return type,
    an edit's second item), and no argument is typed ``Any``."""
    assert is_typeddict(definition.output_type), f"{definition.name} answers {definition.output_type!r}"
    for name, info in definition.args_model.model_fields.items():
        assert info.annotation is not Any and Any not in get_args(info.annotation), f"{definition.name}.{name}"


def test_an_answer_that_breaks_its_declaration_is_caught() -> None:
    from tool_helpers import check_answer

    check_answer("split", {"success": True, "affectedElements": ["e1"]})
    cases: list[tuple[dict[str, Any], str]] = [
        ({"success": True}, "left out"),
        ({"success": True, "affectedElements": ["e1"], "extra": 1}, "undeclared"),
        ({"success": True, "affectedElements": "e1"}, "list"),
    ]
    for wrong, says in cases:
        with pytest.raises((AssertionError, ValueError), match=says):
            check_answer("split", wrong)


def _noted(asked: list[Any], question: Any, answer: str) -> str:
    """An asker that notes each question and gives ``answer``."""
    asked.append(question)
    return answer
