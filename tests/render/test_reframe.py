"""Vertical video (issue 39): ``set_aspect_ratio`` and ``reframe``, rendered and measured. A real photograph of a
face (scikit-image's astronaut) moves across a 1920x1080 clip; after 9:16 and ``reframe follow face`` a face
detector run on the output finds it in the middle of the frame, moving calmly."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from cli_helpers import neuralcut
from media_helpers import all_frames

from neuralcut_cli.media.ffmpeg import ffmpeg_exe

pytestmark = pytest.mark.slow  # real renders and a real face detector
skimage = pytest.importorskip("skimage.data", reason="the reframe extra (scikit-image's photographs) is not installed")
T = 120_000
OUT = (540, 960)  # a 9:16 preview


@pytest.fixture(scope="module")
def clips(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import imageio.v3 as iio

    folder = tmp_path_factory.mktemp("reframe")
    iio.imwrite(folder / "face.png", skimage.astronaut())
    moving = "[1]scale=400:400[f];[0][f]overlay=x='300+100*t':y=300:shortest=1"  # 300 to 1300 px in 10 s
    for name, graph in (("moving.mp4", moving), ("empty.mp4", None)):
        args = ["-f", "lavfi", "-i", "color=c=0x506070:s=1920x1080:r=30:d=10"]
        if graph:
            args += ["-loop", "1", "-i", str(folder / "face.png"), "-filter_complex", graph]
        else:  # no face: a gradient, so a crop's place shows
            args[3] = "color=s=1920x1080:r=30:d=10,geq=lum='X*255/W':cb=128:cr=128"  # black at left, white at right
        subprocess.run(
            [ffmpeg_exe(), "-v", "error", "-y", *args, "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"]
            + ["-t", "10", str(folder / name)],
            check=True,
        )
    return folder


def _project(folder: Path, clips: Path, name: str) -> Path:
    asset = {"id": "a", "name": name, "type": "video", "path": str(clips / name), "duration": 10, "width": 1920}
    asset.update({"height": 1080, "fps": 30, "hasAudio": False})
    clip = {"id": "c", "type": "video", "mediaId": "a", "startTime": 0, "duration": 10 * T, "trimStart": 0}
    clip.update({"trimEnd": 0, "sourceDuration": 10 * T})
    title = {"id": "t", "type": "text", "content": "Day one of the trip", "startTime": 0, "duration": 10 * T}
    title.update({"fontSize": 8, "transform": {"scaleX": 1, "scaleY": 1, "position": {"x": 0, "y": -400}}})
    logo = {"id": "l", "type": "image", "mediaId": "p", "startTime": 0, "duration": 10 * T}
    logo.update({"transform": {"scaleX": 0.2, "scaleY": 0.2, "position": {"x": 800, "y": -400}}})
    data = {
        "settings": {"fps": {"numerator": 30, "denominator": 1}, "canvasSize": {"width": 1920, "height": 1080}},
        "mediaAssets": [
            asset,
            {
                "id": "p",
                "name": "face.png",
                "type": "image",
                "path": str(clips / "face.png"),
                "width": 512,
                "height": 512,
            },
        ],  # fmt: skip
        "scenes": [
            {
                "id": "s",
                "tracks": {
                    "overlay": [
                        {"id": "tt", "type": "text", "elements": [title]},
                        {"id": "tl", "type": "video", "elements": [logo]},
                    ],
                    "main": {"id": "m", "type": "video", "elements": [clip]},
                },
            }
        ],  # fmt: skip
        "currentSceneId": "s",
    }
    path = folder / "p.json"
    path.write_text(json.dumps(data))
    return path


def _tool(project: Path, name: str, args: dict[str, Any]) -> dict[str, Any]:
    done = neuralcut("tool", name, json.dumps(args), "-p", project, "--json", timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _frames(video: Path) -> np.ndarray:
    return all_frames(video, OUT[0], OUT[1], fps=4)


def test_a_moving_face_stays_in_the_middle_of_a_vertical_frame(clips: Path, tmp_path: Path) -> None:
    from neuralcut_cli.media.faces import faces

    project = _project(tmp_path, clips, "moving.mp4")
    shaped = _tool(project, "set_aspect_ratio", {"ratio": "9:16"})
    assert (shaped["width"], shaped["height"]) == (1080, 1920)
    said = {m["elementId"]: m["what"] for m in shaped["moved"]}
    assert said["l"] == "kept in the top-right corner"  # the logo, and the title where it went over the top
    assert said.get("t") in (None, "moved inside the frame", "made smaller to fit the frame")
    answer = _tool(project, "reframe", {"follow": "face"})
    (clip,) = answer["clips"]
    assert clip["faceSeen"] > 0.9 and clip["keys"] >= 2
    out = tmp_path / "vertical.mp4"
    assert neuralcut("render", "-p", project, "-o", out, "--preview", "--force", timeout=600).returncode == 0
    xs = []
    for frame in _frames(out):
        found = faces(frame)
        xs.append(found[0].centre[0] / OUT[0] if found else None)
    inside = [x for x in xs if x is not None and 0.2 <= x <= 0.8]
    assert len(inside) >= 0.9 * len(xs), xs  # in the middle 60 % of the width
    seen = [x for x in xs if x is not None]
    assert max(abs(b - a) for a, b in zip(seen, seen[1:], strict=False)) <= 0.04, xs  # calm: no jump
    assert neuralcut("check", "-p", project, "--json").returncode == 0  # the title and logo inside the frame


def test_no_face_is_centred_and_left_keeps_the_left_edge(clips: Path, tmp_path: Path) -> None:
    project = _project(tmp_path, clips, "empty.mp4")
    _tool(project, "set_aspect_ratio", {"ratio": "9:16"})
    (clip,) = _tool(project, "reframe", {"follow": "face"})["clips"]
    assert clip["faceSeen"] == 0
    element = json.loads(project.read_text())["scenes"][0]["tracks"]["main"]["elements"][0]
    keys = element["animations"]["channels"]["transform.positionX:value"]["keys"]
    assert {k["value"] for k in keys} == {0}  # the middle of the picture
    out = tmp_path / "centred.mp4"
    assert neuralcut("render", "-p", project, "-o", out, "--preview", "--force", timeout=600).returncode == 0
    middle = _frames(out)[4][OUT[1] // 2, OUT[0] // 2].mean()
    assert 110 < middle < 145  # the ramp's middle grey
    _tool(project, "reframe", {"follow": "left"})
    out = tmp_path / "left.mp4"
    assert neuralcut("render", "-p", project, "-o", out, "--preview", "--force", timeout=600).returncode == 0
    assert _frames(out)[4][OUT[1] // 2, 2].mean() < 20  # the picture's left edge (black) at the frame's left
    assert neuralcut("undo", "-p", project).returncode == 0  # one step each
    element = json.loads(project.read_text())["scenes"][0]["tracks"]["main"]["elements"][0]
    assert element["animations"]["channels"]["transform.positionX:value"]["keys"]


def test_the_frame_errors(clips: Path, tmp_path: Path) -> None:
    project = _project(tmp_path, clips, "moving.mp4")
    before = project.read_bytes()
    for name, args, said in (
        ("set_aspect_ratio", {"ratio": "16:9"}, "The canvas is 16:9 already (1920x1080)"),
        ("set_aspect_ratio", {"ratio": "2:1"}, "ratio must be one of: 9:16, 1:1, 4:5, 16:9"),
        ("reframe", {"follow": "up"}, "follow must be face, center, left or right"),
        ("reframe", {"elementIds": ["t"]}, "t is a text: only video clips are reframed"),
        ("reframe", {"elementIds": ["nope"]}, "Timeline element not found: nope"),
    ):
        done = neuralcut("tool", name, json.dumps(args), "-p", project, "--json")
        assert done.returncode == 1 and json.loads(done.stdout)["error"] == said, (name, done.stdout)
    assert project.read_bytes() == before
