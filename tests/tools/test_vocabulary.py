"""Issue 42 §5: one argument vocabulary. A tool that takes one element accepts ``elementIds`` with one id, a tool
that takes several accepts ``elementId``, renamed arguments keep their old names, and an id that names nothing
gets the closest real ids of the kind the argument takes."""

from __future__ import annotations

from pathlib import Path

import pytest
from tool_helpers import Tools

from neuralcut_cli.project.elements import AudioElement
from neuralcut_cli.tools import default_registry


@pytest.fixture
def tools(demo_path: Path) -> Tools:
    return Tools(demo_path)


def test_a_one_element_tool_takes_a_list_of_one(tools: Tools) -> None:
    assert tools("set_volume", {"elementIds": ["e-music"], "volume": 0.5}) == {"success": True, "volume": 0.5}
    assert tools.element("e-music", AudioElement).volume == -6.02


def test_a_one_element_tool_refuses_several_and_says_what_to_do(tools: Tools) -> None:
    before = tools.project
    answer = tools("set_volume", {"elementIds": ["e-music", "e-city"], "volume": 0.5})
    assert answer == {
        "error": "set_volume takes one element (elementId), not 2",
        "details": "call set_volume once for each of: e-music, e-city",
    }
    assert tools.project == before


def test_a_several_element_tool_takes_one_id(tools: Tools) -> None:
    assert tools("delete_timeline_elements", {"elementId": "e-logo"})["success"] is True
    assert tools.project.scene.find_element("e-logo") is None


def test_both_spellings_at_once_are_left_for_the_tool_to_refuse(tools: Tools) -> None:
    answer = tools("set_volume", {"elementId": "e-music", "elementIds": ["e-city"], "volume": 0.5})
    assert answer["error"].startswith("Unknown argument")


def test_fade_declares_durations_and_keeps_its_old_names(tools: Tools) -> None:
    schema = default_registry().get("fade").parameters["properties"]
    assert {"inDuration", "outDuration"} <= set(schema) and not {"in", "out"} & set(schema)
    assert tools("fade", {"elementIds": ["e-music"], "outDuration": 2})["out"] == 2
    assert tools("fade", {"elementIds": ["e-intro"], "in": 1})["in"] == 1  # the old name


def test_an_invented_id_gets_the_closest_real_ids_of_its_kind(tools: Tools) -> None:
    answer = tools("set_volume", {"elementId": "e-musik", "volume": 0.5})
    assert answer["error"] == "Element not found"
    assert answer["details"].startswith("e-musik names nothing in this project; elementId takes element ids, the")
    assert "e-music (music.mp3 on Music)" in answer["details"].split("closest: ")[1].split(",")[0]
    track = tools("toggle_track_mute", {"trackId": "t-musc"})
    assert "takes track ids, the closest: t-audio (Music)" in track["details"], track
