"""Read-only tools: they report the project and never change it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from cli_helpers import WriteProject
from tool_helpers import Tools


@pytest.fixture
def tools(demo_path: Path) -> Tools:
    return Tools(demo_path)


def test_list_project_assets_returns_all_by_default(tools: Tools) -> None:
    assets = tools("list_project_assets")["assets"]
    assert [a["id"] for a in assets] == ["a-intro", "a-beach", "a-city", "a-outtake", "a-logo", "a-music"]
    assert assets[0] == {
        "id": "a-intro",
        "name": "intro.mp4",
        "type": "video",
        "duration": 8.0,
        "usedInTimeline": True,
        "missing": True,
    }  # the copy of the demo has no media folder beside it
    logo = next(a for a in assets if a["id"] == "a-logo")
    assert "duration" not in logo  # images have no duration


def test_an_asset_whose_file_is_there_is_not_missing(demo_path: Path) -> None:
    (demo_path.parent / "media").mkdir()
    (demo_path.parent / "media" / "intro.mp4").write_bytes(b"x")
    assets = {a["id"]: a for a in Tools(demo_path)("list_project_assets")["assets"]}
    assert "missing" not in assets["a-intro"] and assets["a-beach"]["missing"] is True


@pytest.mark.parametrize(
    ("args", "ids"),
    [
        ({"filter": "all"}, ["a-intro", "a-beach", "a-city", "a-outtake", "a-logo", "a-music"]),
        ({"filter": "used"}, ["a-intro", "a-beach", "a-city", "a-logo", "a-music"]),
        ({"filter": "unused"}, ["a-outtake"]),
        ({"type": "video"}, ["a-intro", "a-beach", "a-city", "a-outtake"]),
        ({"type": "audio"}, ["a-music"]),
        ({"type": "image"}, ["a-logo"]),
        ({"type": "all", "filter": "unused"}, ["a-outtake"]),
        ({"type": "audio", "filter": "unused"}, []),
    ],
)
def test_list_project_assets_filters(tools: Tools, args: dict[str, Any], ids: list[str]) -> None:
    assert [a["id"] for a in tools("list_project_assets", args)["assets"]] == ids


def test_usage_follows_the_timeline(tools: Tools) -> None:
    assert tools("delete_timeline_elements", {"elementIds": ["e-music"]})["success"]
    unused = tools("list_project_assets", {"filter": "unused"})["assets"]
    assert [a["id"] for a in unused] == ["a-outtake", "a-music"]


def test_list_timeline_structure(tools: Tools) -> None:
    tracks = tools("list_timeline")["tracks"]
    assert [(t["trackId"], t["type"]) for t in tracks] == [
        ("t-text", "text"),
        ("t-fx", "effect"),
        ("t-logo", "overlay"),
        ("t-main", "main"),
        ("t-audio", "audio"),
    ]
    title = tracks[0]["elements"][0]
    assert title == {
        "elementId": "e-title",
        "type": "text",
        "name": "Title",
        "start": 0.0,
        "end": 3.0,
        "content": "Day one",
    }
    logo = tracks[2]["elements"][0]
    assert logo["assetId"] == "a-logo" and (logo["start"], logo["end"]) == (2.0, 20.0)
    music = tracks[4]["elements"][0]
    assert music["volume"] == pytest.approx(0.501, abs=0.001) and music["muted"] is False
    fx = tracks[1]["elements"][0]
    assert fx["effectType"] == "vignette" and fx["params"] == {"radius": 75, "softness": 35}


def test_list_timeline_elements_are_in_time_order(write_project: WriteProject) -> None:
    from conftest import minimal_project

    data = minimal_project()
    data["scenes"][0]["tracks"]["main"]["elements"] = [
        {"id": "late", "type": "video", "mediaId": "m", "startTime": 240000, "duration": 1000},
        {"id": "early", "type": "video", "mediaId": "m", "startTime": 0, "duration": 1000},
    ]
    tracks = Tools(write_project(data))("list_timeline")["tracks"]
    assert [e["elementId"] for e in tracks[0]["elements"]] == ["early", "late"]
    assert tracks[0]["elements"][1]["start"] == 2.0


def test_read_tools_do_not_mutate(tools: Tools, demo_path: Path) -> None:
    before = demo_path.read_bytes()
    for name, args in [
        ("list_project_assets", {}),
        ("list_timeline", {}),
        ("list_effects", {}),
        ("get_effect", {"effectType": "blur"}),
        ("echo_context", {}),
        ("list_stickers", {}),
    ]:
        assert "error" not in tools(name, args)
    assert demo_path.read_bytes() == before
    assert tools.history_size() == 0
    assert not (demo_path.parent / ".neuralcut").exists()


def test_echo_context(tools: Tools) -> None:
    tools.context.playback_time_ms = 1500
    assert tools("echo_context") == {
        "projectId": "demo",
        "activeSceneId": "s-main",
        "mediaCount": 6,
        "mediaNames": ["intro.mp4", "beach.mp4", "city.mp4", "outtake.mp4", "logo.png", "music.mp3"],
        "playbackTimeMs": 1500,
    }


def test_list_effects_all_and_query(tools: Tools) -> None:
    effects = tools("list_effects")["effects"]
    assert [e["id"] for e in effects][:7] == [
        "blur",
        "brightness-contrast",
        "grayscale",
        "saturation",
        "sepia",
        "invert",
        "vignette",
    ]
    assert len(effects) == 30 and "color-key" in [e["id"] for e in effects]  # the 23 of NeuralCut web after them
    assert all(e["description"].endswith(".") and len(e["description"]) > 30 for e in effects)
    assert [e["id"] for e in tools("list_effects", {"query": "BLUR"})["effects"]] == ["blur"]
    assert [e["id"] for e in tools("list_effects", {"query": "black and white"})["effects"]] == ["grayscale"]
    assert [e["id"] for e in tools("list_effects", {"query": "vintage"})["effects"]] == ["sepia"]
    assert tools("list_effects", {"query": "explosion"}) == {"effects": []}


def test_get_effect_full_metadata(tools: Tools) -> None:
    blur = tools("get_effect", {"effectType": "blur"})
    assert blur["id"] == "blur" and blur["name"] == "Blur"
    assert blur["params"] == [
        {
            "key": "intensity",
            "label": "Intensity",
            "type": "number",
            "default": 15,
            "min": 0,
            "max": 100,
            "step": 1,
            "description": "Number between 0 and 100, step 1. Default: 15",
        }
    ]
    bc = tools("get_effect", {"effectType": "brightness-contrast"})
    assert bc["params"][0]["description"] == "Number between -1 and 1, step 0.01. Default: 0"
    vignette = tools("get_effect", {"effectType": "vignette"})
    assert [(p["key"], p["default"], p["min"], p["max"]) for p in vignette["params"]] == [
        ("radius", 75, 10, 100),
        ("softness", 35, 5, 80),
    ]
    assert "shader" not in str(vignette).lower()


def test_list_stickers(tools: Tools) -> None:
    everything = tools("list_stickers")["stickers"]
    ids = {s["id"] for s in everything}
    assert {"shapes:circle", "shapes:square", "shapes:triangle", "shapes:star", "shapes:heart", "shapes:arrow"} <= ids
    assert len([s for s in everything if s["provider"] == "flags"]) == 249
    assert tools("list_stickers", {"query": "japan"})["stickers"] == [
        {"id": "flags:JP", "name": "Flag of Japan", "provider": "flags"}
    ]
    assert all(s["provider"] == "shapes" for s in tools("list_stickers", {"provider": "shapes"})["stickers"])
