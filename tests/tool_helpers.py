"""A small harness for calling tools against a project file in tests."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, TypeVar, overload

from pydantic import TypeAdapter

from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.elements import Element, ElementBase
from neuralcut_cli.project.io import read_project
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.tracks import Track
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.after_edit import TRANSITION_CHANGES
from neuralcut_cli.tools.definition import ToolContext

REGISTRY = default_registry()
E = TypeVar("E")


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

    @overload
    def element(self, element_id: str) -> Element: ...
    @overload
    def element(self, element_id: str, kind: type[E]) -> E: ...
    def element(self, element_id: str, kind: type[Any] = ElementBase) -> Any:
        """The element ``element_id`` as it is in the file now: it must be on the timeline (and a ``kind``)."""
        return element_of(self.project, element_id, kind)

    def element_track(self, track_id: str) -> Track:
        """A track by id: it must be there."""
        found = self.project.scene.tracks.find(track_id)
        assert found is not None, f"{track_id} is not a track"
        return found

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


@overload
def element_in(path: Path, element_id: str) -> Element: ...
@overload
def element_in(path: Path, element_id: str, kind: type[E]) -> E: ...
def element_in(path: Path, element_id: str, kind: type[Any] = ElementBase) -> Any:
    """The element ``element_id`` of the project file at ``path``: it must be on the timeline (and a ``kind``)."""
    return element_of(read_project(path), element_id, kind)


def element_of(project: Project, element_id: str, kind: type[E]) -> E:
    """The element ``element_id`` of ``project``, which must be on the timeline and a ``kind``."""
    found = project.scene.find_element(element_id)
    assert found is not None, f"{element_id} not on the timeline"
    assert isinstance(found[1], kind), f"{element_id} is a {type(found[1]).__name__}, not a {kind.__name__}"

    return found[1]
