"""Every spec error string, from the tool's input: the project file stays
byte for byte as it was and no undo step is recorded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn

import pytest
from cli_helpers import WriteProject
from conftest import minimal_project
from tool_helpers import REGISTRY, Tools, assert_refused

from neuralcut_cli.tools.definition import ToolContext

NAN = float("nan")
INF = float("inf")

CASES = [
    # list_project_assets
    ("list_project_assets", {"filter": "some"}, "Invalid asset usage filter"),
    ("list_project_assets", {"filter": 3}, "Invalid asset usage filter"),
    ("list_project_assets", {"type": "gif"}, "Invalid asset type filter"),
    # split
    ("split", {}, "Invalid split times"),
    ("split", {"times": []}, "Invalid split times"),
    ("split", {"times": "5"}, "Invalid split times"),
    ("split", {"times": 5}, "Invalid split times"),
    ("split", {"times": ["5"]}, "Invalid split times"),
    ("split", {"times": [5, None]}, "Invalid split times"),
    ("split", {"times": [5, -1]}, "Invalid split times"),
    ("split", {"times": [NAN]}, "Invalid split times"),
    ("split", {"times": [INF]}, "Invalid split times"),
    ("split", {"times": [True]}, "Invalid split times"),
    # delete_timeline_elements
    ("delete_timeline_elements", {}, "Invalid element ids"),
    ("delete_timeline_elements", {"elementIds": []}, "Invalid element ids"),
    ("delete_timeline_elements", {"elementIds": [""]}, "Invalid element ids"),
    ("delete_timeline_elements", {"elementIds": "e-title"}, "Invalid element ids"),
    ("delete_timeline_elements", {"elementIds": [3]}, "Invalid element ids"),
    ("delete_timeline_elements", {"elementIds": ["e-title", "nope", "zz"]}, "Timeline elements not found: nope, zz"),
    # move_timeline_elements
    ("move_timeline_elements", {"start": 1}, "Invalid element ids"),
    ("move_timeline_elements", {"elementIds": [], "start": 1}, "Invalid element ids"),
    ("move_timeline_elements", {"elementIds": ["e-title"]}, "Invalid start time"),
    ("move_timeline_elements", {"elementIds": ["e-title"], "start": -2}, "Invalid start time"),
    ("move_timeline_elements", {"elementIds": ["e-title"], "start": "1s"}, "Invalid start time"),
    ("move_timeline_elements", {"elementIds": ["e-title"], "start": INF}, "Invalid start time"),
    ("move_timeline_elements", {"elementIds": ["ghost"], "start": 1}, "Timeline elements not found: ghost"),
    (
        "move_timeline_elements",
        {"elementIds": ["e-title"], "start": 1, "targetTrackId": "t-nope"},
        "Target track not found: t-nope",
    ),
    (
        "move_timeline_elements",
        {"elementIds": ["e-title"], "start": 1, "targetTrackId": 7},
        "Target track not found: 7",
    ),
    (
        "move_timeline_elements",
        {"elementIds": ["e-title"], "start": 1, "targetTrackId": "t-main"},
        "text elements cannot be placed on video tracks",
    ),
    (
        "move_timeline_elements",
        {"elementIds": ["e-music"], "start": 0, "targetTrackId": "t-logo"},
        "audio elements cannot be placed on video tracks",
    ),
    (
        "move_timeline_elements",
        {"elementIds": ["e-intro"], "start": 10},
        "Placement overlaps e-beach, e-city on track t-main",
    ),
    (
        "move_timeline_elements",
        {"elementIds": ["e-logo"], "start": 0, "targetTrackId": "t-main"},
        "Placement overlaps e-intro, e-beach, e-city on track t-main",
    ),
    # add_text
    ("add_text", {"start": 0, "end": 1, "position": "top"}, "Text is required"),
    ("add_text", {"text": "", "start": 0, "end": 1, "position": "top"}, "Text is required"),
    ("add_text", {"text": "   \n", "start": 0, "end": 1, "position": "top"}, "Text is required"),
    ("add_text", {"text": 42, "start": 0, "end": 1, "position": "top"}, "Text is required"),
    ("add_text", {"text": "Hi", "start": 3, "end": 1, "position": "top"}, "Invalid time range"),
    ("add_text", {"text": "Hi", "start": 1, "end": 1, "position": "top"}, "Invalid time range"),
    ("add_text", {"text": "Hi", "start": -1, "end": 1, "position": "top"}, "Invalid time range"),
    ("add_text", {"text": "Hi", "end": 1, "position": "top"}, "Invalid time range"),
    ("add_text", {"text": "Hi", "start": 0, "end": NAN, "position": "top"}, "Invalid time range"),
    ("add_text", {"text": "Hi", "start": 0, "end": 1, "position": "middle-ish"}, "Invalid text position"),
    ("add_text", {"text": "Hi", "start": 0, "end": 1, "position": "top", "style": "fancy"}, "Invalid text style"),
    # update_text
    ("update_text", {"trackId": "t-text", "elementId": "nope", "text": "x"}, "Text element not found"),
    ("update_text", {"trackId": "t-main", "elementId": "e-title", "text": "x"}, "Text element not found"),
    ("update_text", {"text": "x"}, "Text element not found"),  # (the track is derived from elementId: issue 30)
    ("update_text", {"trackId": "t-main", "elementId": "e-intro", "text": "x"}, "Element is not text"),
    ("update_text", {"trackId": "t-text", "elementId": "e-title", "start": 5, "end": 2}, "Invalid time range"),
    ("update_text", {"trackId": "t-text", "elementId": "e-title", "end": 0}, "Invalid time range"),
    ("update_text", {"trackId": "t-text", "elementId": "e-title", "start": -1}, "Invalid time range"),
    ("update_text", {"trackId": "t-text", "elementId": "e-title", "text": " "}, "Text is required"),
    ("update_text", {"trackId": "t-text", "elementId": "e-title", "position": "left"}, "Invalid text position"),
    # add_media_to_timeline
    ("add_media_to_timeline", {"assetId": "a-nope", "startTime": 0, "trackType": "overlay"}, "Asset not found"),
    ("add_media_to_timeline", {"startTime": 0, "trackType": "overlay"}, "Asset not found"),
    ("add_media_to_timeline", {"assetId": "a-logo", "startTime": -1, "trackType": "overlay"}, "Invalid start time"),
    ("add_media_to_timeline", {"assetId": "a-logo", "trackType": "overlay"}, "Invalid start time"),
    (
        "add_media_to_timeline",
        {"assetId": "a-logo", "startTime": 0, "trackType": "sky"},
        "Invalid track type for asset",
    ),
    (
        "add_media_to_timeline",
        {"assetId": "a-music", "startTime": 0, "trackType": "main"},
        "Invalid track type for asset",
    ),
    (
        "add_media_to_timeline",
        {"assetId": "a-music", "startTime": 0, "trackType": "overlay"},
        "Invalid track type for asset",
    ),
    (
        "add_media_to_timeline",
        {"assetId": "a-outtake", "startTime": 0, "trackType": "audio"},
        "Invalid track type for asset",
    ),
    (
        "add_media_to_timeline",
        {"assetId": "a-logo", "startTime": 0, "trackType": "overlay", "duration": 0},
        "Invalid duration",
    ),
    (
        "add_media_to_timeline",
        {"assetId": "a-logo", "startTime": 0, "trackType": "overlay", "duration": -3},
        "Invalid duration",
    ),
    (
        "add_media_to_timeline",
        {"assetId": "a-outtake", "startTime": 0, "trackType": "overlay", "duration": 4.5},
        "Duration exceeds source duration",
    ),
    (
        "add_media_to_timeline",
        {"assetId": "a-outtake", "startTime": 3, "trackType": "main"},
        "Placement overlaps e-intro, e-beach on track t-main",
    ),
    # update_timeline_element_timing
    ("update_timeline_element_timing", {"duration": 3}, "Invalid element id"),
    ("update_timeline_element_timing", {"elementId": "", "duration": 3}, "Invalid element id"),
    ("update_timeline_element_timing", {"elementId": "e-logo"}, "Invalid timing update"),
    ("update_timeline_element_timing", {"elementId": "e-logo", "start": None}, "Invalid timing update"),
    ("update_timeline_element_timing", {"elementId": "e-logo", "start": -1}, "Invalid start time"),
    ("update_timeline_element_timing", {"elementId": "e-logo", "end": "10"}, "Invalid end time"),
    ("update_timeline_element_timing", {"elementId": "e-logo", "duration": 0}, "Invalid duration"),
    ("update_timeline_element_timing", {"elementId": "e-logo", "end": 1}, "Invalid time range"),
    (
        "update_timeline_element_timing",
        {"elementId": "e-logo", "start": 2, "end": 9, "duration": 3},
        "Conflicting timing values",
    ),
    ("update_timeline_element_timing", {"elementId": "e-logo", "end": 9, "duration": 3}, "Conflicting timing values"),
    ("update_timeline_element_timing", {"elementId": "ghost", "duration": 3}, "Timeline element not found: ghost"),
    ("update_timeline_element_timing", {"elementId": "e-city", "duration": 7}, "Duration exceeds source duration"),
    (
        "update_timeline_element_timing",
        {"elementId": "e-intro", "duration": 7},
        "Placement overlaps e-beach on track t-main",
    ),
    # delete_element
    ("delete_element", {"trackId": "t-main", "elementId": "nope"}, "Element not found"),
    ("delete_element", {"trackId": "t-text", "elementId": "e-intro"}, "Element not found"),
    ("delete_element", {"elementId": "e-intro"}, "Element not found"),
    # set_volume
    ("set_volume", {"trackId": "t-audio", "elementId": "e-music", "volume": 1.5}, "Volume must be between 0 and 1"),
    ("set_volume", {"trackId": "t-audio", "elementId": "e-music", "volume": -0.1}, "Volume must be between 0 and 1"),
    ("set_volume", {"trackId": "t-audio", "elementId": "e-music", "volume": "loud"}, "Volume must be between 0 and 1"),
    ("set_volume", {"trackId": "t-audio", "elementId": "e-music"}, "Volume must be between 0 and 1"),
    ("set_volume", {"trackId": "t-main", "elementId": "e-music", "volume": 0.5}, "Element not found"),
    ("set_volume", {"trackId": "t-text", "elementId": "e-title", "volume": 0.5}, "Element does not support volume"),
    ("set_volume", {"trackId": "t-main", "elementId": "e-city", "volume": 0.5}, "Element does not support volume"),
    ("set_volume", {"trackId": "t-audio", "elementId": "ghost", "volume": 0.5}, "Element not found"),
    # add_sticker
    ("add_sticker", {"stickerId": "shapes:blob", "start": 0, "end": 1, "position": "center"}, "Sticker not found"),
    ("add_sticker", {"stickerId": "flags:XX", "start": 0, "end": 1, "position": "center"}, "Sticker not found"),
    ("add_sticker", {"start": 0, "end": 1, "position": "center"}, "Sticker not found"),
    ("add_sticker", {"stickerId": "shapes:star", "start": 2, "end": 1, "position": "center"}, "Invalid time range"),
    ("add_sticker", {"stickerId": "shapes:star", "start": 1, "end": 1, "position": "center"}, "Invalid time range"),
    (
        "add_sticker",
        {"stickerId": "shapes:star", "start": 0, "end": 1, "position": "middle"},
        "Invalid sticker position",
    ),
    # get_effect
    ("get_effect", {}, "Invalid effect type"),
    ("get_effect", {"effectType": ""}, "Invalid effect type"),
    ("get_effect", {"effectType": 5}, "Invalid effect type"),
    ("get_effect", {"effectType": "plasma"}, "Effect not found: plasma"),
    # apply_effect
    ("apply_effect", {"start": 0, "end": 1}, "Invalid effect type"),
    ("apply_effect", {"effectType": "  ", "start": 0, "end": 1}, "Invalid effect type"),
    ("apply_effect", {"effectType": "blur", "start": -1, "end": 1}, "Invalid start time"),
    ("apply_effect", {"effectType": "blur", "end": 1}, "Invalid start time"),
    ("apply_effect", {"effectType": "blur", "start": 0, "end": "x"}, "Invalid end time"),
    ("apply_effect", {"effectType": "blur", "start": 0, "end": 1, "params": [1]}, "Invalid effect parameters"),
    (
        "apply_effect",
        {"effectType": "blur", "start": 0, "end": 1, "params": {"intensity": "high"}},
        "Invalid effect parameters",
    ),
    (
        "apply_effect",
        {"effectType": "blur", "start": 0, "end": 1, "params": {"intensity": True}},
        "Invalid effect parameters",
    ),
    ("apply_effect", {"effectType": "plasma", "start": 0, "end": 1}, "Effect not found: plasma"),
    ("apply_effect", {"effectType": "blur", "start": 2, "end": 1}, "Invalid time range"),
    ("apply_effect", {"effectType": "blur", "start": 1, "end": 1}, "Invalid time range"),
    (
        "apply_effect",
        {"effectType": "blur", "start": 0, "end": 1, "params": {"radius": 3}},
        "Unknown parameter: radius",
    ),
    (
        "apply_effect",
        {"effectType": "blur", "start": 0, "end": 1, "params": {"intensity": -1}},
        "Parameter 'intensity' must be >= 0",
    ),
    (
        "apply_effect",
        {"effectType": "blur", "start": 0, "end": 1, "params": {"intensity": 101}},
        "Parameter 'intensity' must be <= 100",
    ),
    (
        "apply_effect",
        {"effectType": "brightness-contrast", "start": 0, "end": 1, "params": {"brightness": -1.5}},
        "Parameter 'brightness' must be >= -1",
    ),
    (
        "apply_effect",
        {"effectType": "vignette", "start": 0, "end": 1, "params": {"radius": 5}},
        "Parameter 'radius' must be >= 10",
    ),
    (
        "apply_effect",
        {"effectType": "brightness-contrast", "start": 0, "end": 1, "params": {"contrast": 3.5}},
        "Parameter 'contrast' must be <= 3",
    ),
    # update_effect
    ("update_effect", {"params": {"radius": 50}}, "Invalid element id"),
    ("update_effect", {"elementId": "", "params": {"radius": 50}}, "Invalid element id"),
    ("update_effect", {"elementId": "e-vignette"}, "params is required and must be a non-empty object"),
    ("update_effect", {"elementId": "e-vignette", "params": {}}, "params is required and must be a non-empty object"),
    (
        "update_effect",
        {"elementId": "e-vignette", "params": "radius=3"},
        "params is required and must be a non-empty object",
    ),
    ("update_effect", {"elementId": "ghost", "params": {"radius": 50}}, "Timeline element not found: ghost"),
    ("update_effect", {"elementId": "e-title", "params": {"radius": 50}}, "Element is not an effect"),
    ("update_effect", {"elementId": "e-vignette", "params": {"intensity": 50}}, "Unknown parameter: intensity"),
    ("update_effect", {"elementId": "e-vignette", "params": {"softness": 4}}, "Parameter 'softness' must be >= 5"),
    ("update_effect", {"elementId": "e-vignette", "params": {"softness": 81}}, "Parameter 'softness' must be <= 80"),
]


@pytest.mark.parametrize(("name", "args", "error"), CASES, ids=[f"{c[0]}:{c[2]}:{i}" for i, c in enumerate(CASES)])
def test_spec_error_leaves_the_file_untouched(name: str, args: dict[str, Any], error: str, demo_path: Path) -> None:
    assert_refused(demo_path, name, args, error)


def test_arguments_that_are_not_an_object(demo_path: Path) -> None:
    tools = Tools(demo_path)
    assert tools("split", [5]) == {"error": "Invalid split times", "details": "arguments must be a JSON object"}


def test_effect_of_unknown_type_on_the_timeline(write_project: WriteProject) -> None:
    data = minimal_project()
    data["scenes"][0]["tracks"]["overlay"] = [
        {
            "id": "fx",
            "type": "effect",
            "elements": [{"id": "odd", "type": "effect", "effectType": "plasma", "startTime": 0, "duration": 100}],
        }
    ]
    path = write_project(data)
    assert Tools(path)("update_effect", {"elementId": "odd", "params": {"x": 1}}) == {
        "error": "Effect not found: plasma"
    }


EMPTY_CASES = [
    ("split", {"times": [1]}),
    ("delete_timeline_elements", {"elementIds": ["a"]}),
    ("move_timeline_elements", {"elementIds": ["a"], "start": 1}),
]


@pytest.mark.parametrize(("name", "args"), EMPTY_CASES)
def test_empty_timeline(name: str, args: dict[str, Any], write_project: WriteProject) -> None:
    path = write_project(minimal_project())
    before = path.read_bytes()
    assert Tools(path)(name, args) == {"error": "No timeline content"}
    assert path.read_bytes() == before


def test_input_errors_come_before_project_state(write_project: WriteProject) -> None:
    """Order of checks: the input's shape first, then the project state."""
    tools = Tools(write_project(minimal_project()))
    assert tools("split", {"times": []})["error"] == "Invalid split times"
    assert tools("delete_timeline_elements", {"elementIds": [""]})["error"] == "Invalid element ids"
    assert tools("move_timeline_elements", {"elementIds": ["a"], "start": -1})["error"] == "Invalid start time"


NO_PROJECT = [
    ("list_project_assets", {}, "No active project"),
    ("list_timeline", {}, "No active timeline"),
    ("split", {"times": [1]}, "No active timeline"),
    ("apply_effect", {"effectType": "blur", "start": 0, "end": 1}, "No active timeline"),
    ("update_effect", {"elementId": "x", "params": {"intensity": 1}}, "No active timeline"),
    ("apply_effect", {"effectType": "blur", "start": 2, "end": 1}, "Invalid time range"),
]


@pytest.mark.parametrize(("name", "args", "error"), NO_PROJECT)
def test_without_a_project(name: str, args: dict[str, Any], error: str) -> None:
    assert REGISTRY.execute(name, args, ToolContext(session=None)) == {"error": error}


def test_unknown_tool_is_an_error_value() -> None:
    assert REGISTRY.execute("explode", {}, ToolContext()) == {
        "error": "Unknown tool: explode",  # the spec's words; what to call instead in the details (issue 42 §4)
        "details": "no tool is named explode; call one of the tools declared",
    }


def test_definitions_are_described_for_an_llm() -> None:
    for definition in REGISTRY.get_all():
        assert json.loads(json.dumps(definition.parameters))["type"] == "object"
        assert len(definition.description) > 40, definition.name


def test_failed_effect_placement_is_reported(demo_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Placement always finds or adds an effect track; if that ever breaks, the spec's error comes back."""
    from neuralcut_cli.tools import effect_tools

    def broken(*args: Any, **kwargs: Any) -> NoReturn:
        raise RuntimeError("no track")

    monkeypatch.setattr(effect_tools, "place_auto", broken)
    before = demo_path.read_bytes()
    result = Tools(demo_path)("apply_effect", {"effectType": "blur", "start": 0, "end": 1})
    assert result == {"error": "Failed to place effect element", "details": "no track"}
    assert demo_path.read_bytes() == before


def test_a_bug_in_a_tool_is_an_internal_error_with_its_name(demo_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from neuralcut_cli.tools import timeline_edits

    def broken(*args: Any, **kwargs: Any) -> NoReturn:
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(timeline_edits, "split_scene", broken)
    before = demo_path.read_bytes()
    assert Tools(demo_path)("split", {"times": [5]}) == {"error": "Internal error in split: ZeroDivisionError: oops"}
    assert demo_path.read_bytes() == before
