"""``project.diff`` writes a model as the project file holds it without the model's own serializer (which would
build the class's schema on first use): for every model of a project that uses every kind of part, its JSON is
exactly ``model_dump(mode="json", by_alias=True, exclude_unset=True)``."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from paths import DEMO, FIXTURES
from pydantic import BaseModel
from tool_helpers import Tools

from neuralcut_cli.project.base import CamelModel
from neuralcut_cli.project.diff import _as_json, apply, diff
from neuralcut_cli.project.io import read_project
from neuralcut_cli.project.model import Project


def _models(value: Any) -> Iterator[BaseModel]:
    if isinstance(value, BaseModel):
        yield value
        for name in type(value).model_fields:
            yield from _models(value.__dict__.get(name))
        for extra in (value.__pydantic_extra__ or {}).values():
            yield from _models(extra)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _models(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _models(item)


def _every_part(tmp_path: Path) -> Tools:
    """The demo with a transition, keyframes, a clip effect, an effect, a boxed title, a sticker and a retime."""
    path = tmp_path / "every.json"
    shutil.copy(DEMO, path)
    tools = Tools(path)
    steps = [
        ("add_transition", {"elementIds": ["e-intro", "e-beach"], "type": "dissolve", "duration": 0.5}),
        ("upsert_keyframe", {"elementId": "e-logo", "propertyPath": "opacity", "time": 0.5, "value": 0.4}),
        ("upsert_keyframe", {"elementId": "e-logo", "propertyPath": "opacity", "time": 1.5, "value": 1}),
        ("add_clip_effect", {"elementIds": ["e-city"], "effectType": "film-grain"}),
        ("apply_effect", {"effectType": "blur", "start": 1, "end": 2}),
        ("add_text", {"text": "Boxed", "start": 0, "end": 2, "background": {"enabled": True, "color": "#000000"}}),
        ("add_sticker", {"stickerId": "shapes:star", "start": 1, "end": 3}),
        ("set_speed", {"elementIds": ["e-city"], "rate": 2}),
    ]
    for name, args in steps:
        answer = tools(name, args)
        assert "error" not in answer, (name, answer)
    return tools


def test_every_model_of_a_project_writes_as_model_dump_would(tmp_path: Path) -> None:
    projects = [read_project(DEMO), _every_part(tmp_path).project]
    projects += [read_project(p) for p in sorted(FIXTURES.glob("*.json")) if "project" in p.name]
    kinds: set[str] = set()
    for project in projects:
        for model in _models(project):
            assert _as_json(model) == model.model_dump(mode="json", by_alias=True, exclude_unset=True), model
            kinds.add(type(model).__name__)
    for kind in ("Transition", "ScalarChannel", "ClipEffect", "EffectElement", "TextBackground", "StickerElement"):
        assert any(kind in k for k in kinds), f"no {kind} in the projects checked"


def test_no_project_model_has_a_serializer_of_its_own() -> None:
    def every(cls: type[CamelModel]) -> Iterator[type[CamelModel]]:
        for sub in cls.__subclasses__():
            yield sub
            yield from every(sub)

    for model in every(CamelModel):
        decorators = model.__pydantic_decorators__
        assert not decorators.field_serializers and not decorators.model_serializers, model.__name__
        assert not model.model_computed_fields, model.__name__


def test_an_edits_patch_undoes_and_redoes_exactly(tmp_path: Path) -> None:
    before = read_project(DEMO)
    after = _every_part(tmp_path).project
    patch = diff(before, after)
    assert patch is not None
    undone, redone = apply(after, patch, forward=False), apply(before, patch, forward=True)
    assert isinstance(undone, Project) and isinstance(redone, Project)
    assert undone.to_json_dict() == before.to_json_dict() and redone.to_json_dict() == after.to_json_dict()
