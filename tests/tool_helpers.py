"""A small harness for calling tools against a project file in tests."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.io import read_project
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.after_edit import TRANSITION_CHANGES
from neuralcut_cli.tools.definition import ToolContext

REGISTRY = default_registry()


class Tools:
    """``tools("split", {"times": [5]})`` runs a tool on ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.session = ProjectSession(path)
        self.context = ToolContext(self.session)

    def __call__(self, name: str, args: Any = None) -> dict[str, Any]:
        result = REGISTRY.execute(name, {} if args is None else args, self.context)
        json.dumps(result)  # every output is JSON
        if "error" not in result:
            check_answer(name, result)
        return result

    @property
    def project(self) -> Project:
        return read_project(self.path)

    def element(self, element_id: str):  # type: ignore[no-untyped-def]
        found = self.project.scene.find_element(element_id)
        assert found is not None, f"{element_id} not on the timeline"
        return found[1]

    def track_of(self, element_id: str) -> str:
        found = self.project.scene.find_element(element_id)
        assert found is not None
        return found[0].id

    def timeline(self) -> dict[str, Any]:
        return self("list_timeline")

    def history_size(self) -> int:
        done, _ = self.session.history.steps()
        return len(done)


def check_answer(name: str, answer: dict[str, Any]) -> None:
    """``answer`` is what ``name`` declares it answers (its output type): every key declared, of its type, and
    nothing undeclared."""
    definition = REGISTRY.get(name)
    declared = definition.output_type
    keys = set(declared.__annotations__) | ({TRANSITION_CHANGES} if definition.mutates else set())
    assert set(answer) <= keys, f"{name} answered undeclared keys {sorted(set(answer) - keys)}"
    assert declared.__required_keys__ <= set(answer), (
        f"{name} left out {sorted(declared.__required_keys__ - set(answer))}"
    )
    _adapter(declared).validate_python(answer)


@functools.cache
def _adapter(declared: Any) -> TypeAdapter[Any]:
    return TypeAdapter(declared)


def assert_refused(path: Path, name: str, args: Any, error: str) -> None:
    """``name(args)`` answers ``{"error": error}`` (with, at most, ``details`` saying what to fix); the file stays
    byte for byte and no undo step is made."""
    before = path.read_bytes()
    tools = Tools(path)
    answer = tools(name, args)
    assert answer.get("error") == error and set(answer) <= {"error", "details"}, answer
    assert path.read_bytes() == before
    assert tools.history_size() == 0
