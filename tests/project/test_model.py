"""The project model: round trip, unknown keys, defaults, pairing, overlaps."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Cli
from conftest import DEMO, minimal_project

from neuralcut_cli.errors import ProjectLoadError
from neuralcut_cli.project.elements import TextElement, VideoElement, placement_error
from neuralcut_cli.project.io import (
    dump_project,
    parse_project,
    project_from_json,
    read_project,
)
from neuralcut_cli.project.overlaps import conflicts, find_overlaps, track_overlaps


def test_demo_round_trips_byte_for_byte() -> None:
    """The golden file: loading and dumping the demo gives back the same bytes."""
    assert dump_project(read_project(DEMO)) == DEMO.read_bytes()


def test_demo_is_a_realistic_small_edit() -> None:
    project = read_project(DEMO)
    scene = project.scene
    assert len([e for e in scene.tracks.main.elements if e.type == "video"]) >= 3
    kinds = {e.type for _, e in scene.elements()}
    assert {"video", "image", "text", "audio", "effect"} <= kinds
    assert all((a.path or "").startswith("media/") for a in project.media_assets)


def test_unknown_keys_survive_at_every_level(demo_json: dict[str, Any]) -> None:
    data = copy.deepcopy(demo_json)
    data["futureTopLevel"] = {"nested": [1, 2]}
    data["metadata"]["author"] = "Ana"
    data["settings"]["colorSpace"] = "rec709"
    data["mediaAssets"][0]["codec"] = "h264"
    scene = data["scenes"][0]
    scene["markers"] = []
    scene["tracks"]["main"]["locked"] = True
    scene["tracks"]["main"]["elements"][0]["playbackRate"] = 1
    scene["tracks"]["main"]["elements"][0]["transform"]["flipX"] = False
    out = json.loads(dump_project(project_from_json(data)))
    assert out == data


def test_absent_fields_stay_absent() -> None:
    data = minimal_project()
    data["scenes"][0]["tracks"]["main"]["elements"] = [
        {"id": "v", "type": "video", "mediaId": "a", "startTime": 0, "duration": 10}
    ]
    out = json.loads(dump_project(project_from_json(data)))
    assert out == data


def test_omitted_fields_take_opencut_defaults() -> None:
    data = minimal_project()
    data["scenes"][0]["tracks"]["overlay"] = [
        {
            "id": "t",
            "type": "text",
            "elements": [{"id": "x", "type": "text", "content": "Hi", "startTime": 0, "duration": 5}],
        }
    ]
    project = project_from_json(data)
    text = project.scene.tracks.overlay[0].elements[0]
    assert isinstance(text, TextElement)
    assert (text.font_size, text.font_family, text.color, text.text_align) == (15, "Arial", "#ffffff", "center")
    assert (text.font_weight, text.font_style, text.trim_start, text.opacity) == ("normal", "normal", 0, 1)
    assert project.settings.fps.value == 30
    assert (project.settings.canvas_size.width, project.settings.canvas_size.height) == (1920, 1080)


def test_source_duration_defaults_to_duration_plus_trims() -> None:
    video = VideoElement.model_validate(
        {"id": "v", "type": "video", "mediaId": "a", "startTime": 0, "duration": 10, "trimStart": 2, "trimEnd": 3}
    )
    assert video.source_ticks == 15


def test_ints_stay_ints_and_floats_stay_floats() -> None:
    data = minimal_project()
    data["scenes"][0]["tracks"]["audio"] = [
        {
            "id": "a",
            "type": "audio",
            "elements": [
                {"id": "m", "type": "audio", "mediaId": "x", "startTime": 0, "duration": 5, "volume": -6.5},
                {"id": "n", "type": "audio", "mediaId": "x", "startTime": 5, "duration": 5, "volume": 0},
            ],
        }
    ]
    text = dump_project(project_from_json(data)).decode()
    assert '"volume": -6.5' in text and '"volume": 0\n' in text


@pytest.mark.parametrize(
    ("element", "track", "expected"),
    [
        ("video", "video", None),
        ("image", "video", None),
        ("audio", "audio", None),
        ("text", "text", None),
        ("sticker", "graphic", None),
        ("effect", "effect", None),
        ("text", "video", "text elements cannot be placed on video tracks"),
        ("video", "audio", "video elements cannot be placed on audio tracks"),
        ("audio", "video", "audio elements cannot be placed on video tracks"),
        ("sticker", "text", "sticker elements cannot be placed on text tracks"),
        ("effect", "graphic", "effect elements cannot be placed on graphic tracks"),
        ("image", "effect", "image elements cannot be placed on effect tracks"),
    ],
)
def test_pairing_table(element: str, track: str, expected: str | None) -> None:
    assert placement_error(element, track) == expected


def test_a_file_breaking_the_pairing_is_refused_with_its_path() -> None:
    data = minimal_project()
    data["scenes"][0]["tracks"]["main"]["elements"] = [
        {"id": "x", "type": "text", "content": "Hi", "startTime": 0, "duration": 5}
    ]
    with pytest.raises(ProjectLoadError) as info:
        project_from_json(data, "p.json")
    assert "scenes[0].tracks.main.elements[0]: text elements cannot be placed on video tracks" in info.value.message


def _video(id: str, start: int, duration: int) -> dict[str, Any]:
    return {"id": id, "type": "video", "mediaId": "a", "startTime": start, "duration": duration}


def test_overlaps_load_fine_and_are_reported() -> None:
    data = minimal_project()
    data["scenes"][0]["tracks"]["main"]["elements"] = [_video("a", 0, 10), _video("b", 5, 10), _video("c", 15, 5)]
    project = project_from_json(data)
    assert find_overlaps(project.scene.tracks.ordered()) == [("main", "a", "b")]


def test_touching_elements_do_not_overlap() -> None:
    project = project_from_json(minimal_project())
    data = minimal_project()
    data["scenes"][0]["tracks"]["main"]["elements"] = [_video("a", 0, 10), _video("b", 10, 10)]
    track = project_from_json(data).scene.tracks.main
    assert track_overlaps(track.elements) == []
    assert conflicts(track, 10, 20, ignore=["b"]) == []
    assert conflicts(track, 9, 11) == ["a", "b"]
    assert project.scene.is_empty


# -- load errors: one clear message, exit code 2, file untouched -------------

LOAD_ERRORS = [
    ("not json", '{\n  "scenes": [,]\n}', "is not valid JSON: Expecting value at line 2, column 14"),
    ("top level list", "[1, 2]", "expected a JSON object at the top level"),
    ("no scenes", json.dumps({"currentSceneId": "s"}), "scenes is required"),
    ("empty scenes", json.dumps({"scenes": [], "currentSceneId": "s"}), "scenes: must not be empty"),
    ("no current scene", json.dumps({"scenes": [{"id": "s"}]}), "currentSceneId is required"),
    ("unknown current scene", json.dumps(minimal_project(currentSceneId="zz")), "currentSceneId 'zz' names no scene"),
    ("float ticks", None, "scenes[0].tracks.main.elements[0].startTime: expected a whole number, found 1.5"),
    ("unknown element type", None, "scenes[0].tracks.main.elements[0]: unknown type 'hologram'"),
    ("newer version", json.dumps(minimal_project(version=7)), "newer NeuralCut (format version 7)"),
    ("other format", json.dumps(minimal_project(format="premiere")), "is not a NeuralCut project"),
    ("duplicate ids", None, "element id 'a' is used twice"),
    ("bad opacity", None, "scenes[0].tracks.main.elements[0].opacity: must be <= 1, found 3"),
]


def _bad_element_project(kind: str) -> str:
    data = minimal_project()
    elements = {
        "float ticks": [{**_video("a", 0, 5), "startTime": 1.5}],
        "unknown element type": [{"id": "a", "type": "hologram", "startTime": 0, "duration": 5}],
        "duplicate ids": [_video("a", 0, 5), _video("a", 5, 5)],
        "bad opacity": [{**_video("a", 0, 5), "opacity": 3}],
    }[kind]
    data["scenes"][0]["tracks"]["main"]["elements"] = elements
    return json.dumps(data)


@pytest.mark.parametrize(("case", "text", "message"), LOAD_ERRORS, ids=[c[0] for c in LOAD_ERRORS])
def test_load_errors_are_one_clear_message(case: str, text: str | None, message: str, tmp_path: Path, cli: Cli) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text if text is not None else _bad_element_project(case))
    before = path.read_bytes()
    with pytest.raises(ProjectLoadError) as info:
        read_project(path)
    assert message in info.value.message
    result = cli("timeline", "-p", path)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert result.stdout == ""
    assert path.read_bytes() == before


def test_missing_file_and_folder(tmp_path: Path, cli: Cli) -> None:
    result = cli("timeline", "-p", tmp_path / "nope.json")
    assert result.exit_code == 2 and "Project file not found" in result.stderr
    result = cli("assets", "-p", tmp_path)
    assert result.exit_code == 2 and "is a folder" in result.stderr


def test_binary_file_is_not_a_project(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ProjectLoadError) as info:
        read_project(path)
    assert "not" in info.value.message


def test_parse_accepts_text_and_bytes() -> None:
    text = json.dumps(minimal_project())
    assert parse_project(text).current_scene_id == parse_project(text.encode()).current_scene_id == "s1"
