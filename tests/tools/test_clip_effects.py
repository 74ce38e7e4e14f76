"""add_clip_effect, update_clip_effect, remove_clip_effect (issue 14 §3): effects on an element itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tool_helpers import Tools, assert_refused

from neuralcut_cli.project.elements import EffectElement, ImageElement, VideoElement

ERRORS = [
    ("add_clip_effect", {"effectType": "sepia"}, "Invalid element ids"),
    ("add_clip_effect", {"elementIds": [], "effectType": "sepia"}, "Invalid element ids"),
    ("add_clip_effect", {"elementIds": ["e-beach"]}, "Invalid effect type"),
    ("add_clip_effect", {"elementIds": ["e-beach"], "effectType": "plasma"}, "Effect not found: plasma"),
    ("add_clip_effect", {"elementIds": ["ghost"], "effectType": "sepia"}, "Timeline element not found: ghost"),
    (
        "add_clip_effect",
        {"elementIds": ["e-beach", "e-title"], "effectType": "sepia"},
        "Element e-title is text: clip effects go on video, image, sticker or graphic elements (use apply_effect "
        "for an effect over a time range)",
    ),
    (
        "add_clip_effect",
        {"elementIds": ["e-music"], "effectType": "sepia"},
        "Element e-music is audio: clip effects go on video, image, sticker or graphic elements (use apply_effect "
        "for an effect over a time range)",
    ),
    (
        "add_clip_effect",
        {"elementIds": ["e-beach"], "effectType": "sepia", "params": {"intensity": 500}},
        "Parameter 'intensity' must be <= 100",
    ),
    (
        "add_clip_effect",
        {"elementIds": ["e-beach"], "effectType": "tint", "params": {"color": 3}},
        "Parameter 'color' must be a string (hex color)",
    ),
    (
        "add_clip_effect",
        {"elementIds": ["e-beach"], "effectType": "sepia", "params": {"amount": 3}},
        "Unknown parameter: amount",
    ),
    (
        "add_clip_effect",
        {"elementIds": ["e-beach"], "effectType": "sepia", "params": "strong"},
        "Invalid effect parameters",
    ),
    ("update_clip_effect", {"effectId": "x", "enabled": False}, "Invalid element id"),
    ("update_clip_effect", {"elementId": "e-beach", "enabled": False}, "Invalid effect id"),
    ("update_clip_effect", {"elementId": "e-beach", "effectId": "x"}, "Give params to change and/or enabled"),
    ("update_clip_effect", {"elementId": "e-beach", "effectId": "x", "enabled": "no"}, "enabled must be true or false"),
    (
        "update_clip_effect",
        {"elementId": "e-beach", "effectId": "x", "enabled": False},
        "Clip effect not found: x (element e-beach)",
    ),
    ("remove_clip_effect", {"elementId": "e-beach"}, "Invalid effect id"),
    ("remove_clip_effect", {"effectId": "x"}, "Invalid element id"),
    ("remove_clip_effect", {"elementId": "e-beach", "effectId": "x"}, "Clip effect not found: x (element e-beach)"),
    ("remove_clip_effect", {"elementId": "ghost", "effectId": "x"}, "Timeline element not found: ghost"),
]


@pytest.mark.parametrize(("name", "args", "error"), ERRORS, ids=[f"{c[0]}:{i}" for i, c in enumerate(ERRORS)])
def test_every_error_leaves_the_file_untouched(name: str, args: dict[str, Any], error: str, demo_path: Path) -> None:
    assert_refused(demo_path, name, args, error)


def test_add_puts_the_effect_last_with_defaults_merged(demo_path: Path) -> None:
    tools = Tools(demo_path)
    first = tools("add_clip_effect", {"elementIds": ["e-beach"], "effectType": "grayscale"})
    second = tools(
        "add_clip_effect",
        {"elementIds": ["e-beach", "e-logo"], "effectType": "Film Grain", "params": {"intensity": 60}},
    )
    assert second["effectType"] == "film-grain" and second["appliedParams"] == {"intensity": 60, "size": 1}
    effects = tools.element("e-beach", VideoElement).effects or ()
    assert [e.type for e in effects] == ["grayscale", "film-grain"]  # in the order added
    assert effects[0].id == first["added"][0]["effectId"] and effects[0].params == {"intensity": 100}
    assert [e.type for e in tools.element("e-logo", ImageElement).effects or ()] == ["film-grain"]
    assert effects[1].id != (tools.element("e-logo", ImageElement).effects or ())[0].id  # every effect its own id
    assert tools.history_size() == 2


def test_update_merges_params_and_switches_off_and_remove_takes_it_away(demo_path: Path) -> None:
    tools = Tools(demo_path)
    effect_id = tools("add_clip_effect", {"elementIds": ["e-city"], "effectType": "vignette"})["added"][0]["effectId"]
    changed = tools(
        "update_clip_effect", {"elementId": "e-city", "effectId": effect_id, "params": {"radius": 50}, "enabled": False}
    )
    assert changed["appliedParams"] == {"radius": 50, "softness": 35} and changed["enabled"] is False
    assert (tools.element("e-city", VideoElement).effects or ())[0].enabled is False
    assert tools("update_clip_effect", {"elementId": "e-city", "effectId": effect_id, "enabled": True})["enabled"]
    assert tools("remove_clip_effect", {"elementId": "e-city", "effectId": effect_id})["removed"] == effect_id
    assert not tools.element("e-city", VideoElement).effects
    assert tools("undo")["success"] and len(tools.element("e-city", VideoElement).effects or ()) == 1


def test_get_element_shows_clip_effects(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("add_clip_effect", {"elementIds": ["e-beach"], "effectType": "sepia"})
    shown = tools("get_element", {"elementId": "e-beach"})
    assert [e["type"] for e in shown["effects"]] == ["sepia"]


def test_an_effect_named_by_its_look_is_that_effect_and_an_unknown_one_gets_the_closest(demo_path: Path) -> None:
    """Issue 42: a 1.5B model asked for "black and white" called ``add_clip_effect`` with ``black-white``."""
    tools = Tools(demo_path)
    added = tools("add_clip_effect", {"elementIds": ["e-beach"], "effectType": "black-white"})
    assert added["effectType"] == "grayscale"
    assert [e.type for e in tools.element("e-beach", VideoElement).effects or ()] == ["grayscale"]
    over = tools("apply_effect", {"effectType": "B&W", "start": 0, "end": 2})
    assert tools.element(over["elementId"], EffectElement).effect_type == "grayscale"
    before = demo_path.read_bytes()
    assert tools("apply_effect", {"effectType": "sepia tone", "start": 0, "end": 2}) == {
        "error": "Effect not found: sepia tone",
        "closest": ["sepia", "duotone"],
    }
    assert tools("apply_effect", {"effectType": "black", "start": 0, "end": 2})["closest"][0] == "grayscale"
    assert tools("apply_effect", {"effectType": "plasma", "start": 0, "end": 2}) == {
        "error": "Effect not found: plasma"
    }
    assert demo_path.read_bytes() == before
