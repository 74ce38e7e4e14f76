"""Keyframes rendered as the timeline says, measured on real output: a fade's luma, a volume ramp's and a
duck's loudness, a zoom's size (issue 14 §4)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import neuralcut
from media_helpers import frame, made_asset, make_media, pixel
from test_render_model import H, W, close, pcm
from tool_helpers import Tools

from neuralcut_cli.editing.keyframes import value_at
from neuralcut_cli.project.io import read_project

T = 120_000
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def media(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_media(tmp_path_factory.mktemp("media"))


def project(
    folder: Path,
    media: Path,
    main: list[dict[str, Any]],
    overlay: list[dict[str, Any]] | None = None,
    audio: list[dict[str, Any]] | None = None,
) -> Path:
    assets = [made_asset(media, name) for name in ("clip", "red", "pic", "tone")]
    data = {
        "settings": {
            "fps": {"numerator": 15, "denominator": 1},
            "canvasSize": {"width": W, "height": H},
            "background": {"type": "color", "color": "#000000"},
        },
        "mediaAssets": assets,
        "currentSceneId": "s",
        "scenes": [
            {
                "id": "s",
                "tracks": {
                    "overlay": overlay or [],
                    "main": {"id": "main", "type": "video", "elements": main},
                    "audio": audio or [],
                },
            }
        ],
    }
    path = folder / "p.json"
    path.write_text(json.dumps(data))
    return path


def render(path: Path) -> Path:
    out = path.parent / "out.mp4"
    done = neuralcut("render", "-p", path, "-o", out, "--force", timeout=300)
    assert done.returncode == 0, done.stderr
    return out


def video(element_id: str, media_id: str, duration: int, source: int, **more: Any) -> dict[str, Any]:
    return {
        "id": element_id,
        "type": "video",
        "mediaId": media_id,
        "startTime": 0,
        "duration": duration,
        "trimStart": 0,
        "trimEnd": source - duration,
        "sourceDuration": source,
        **more,
    }


def luma(picture: bytes) -> float:
    total = 0.0
    for y in range(0, H, 6):
        for x in range(0, W, 6):
            r, g, b = pixel(picture, W, x, y)
            total += 0.299 * r + 0.587 * g + 0.114 * b
    return total / (len(range(0, H, 6)) * len(range(0, W, 6)))


def rms_db(values: list[int], start: float, length: float = 0.1) -> float:
    part = values[int(start * 48000) : int((start + length) * 48000)]
    rms = (sum(v * v for v in part) / len(part)) ** 0.5
    return 20 * math.log10(max(rms, 1e-9))


def test_a_fade_in_rises_from_black_to_the_clip(media: Path, tmp_path: Path) -> None:
    path = project(tmp_path, media, [video("r", "red", 2 * T, 2 * T)])
    Tools(path)("fade", {"elementIds": ["r"], "in": 1})
    out = render(path)
    full = luma(frame(out, 1.5, W, H))
    levels = [luma(frame(out, t, W, H)) for t in (0.0, 0.2, 0.4, 0.6, 0.8)]
    assert levels == sorted(levels) and levels[0] < 0.03 * full
    for t, level in zip((0.2, 0.4, 0.6, 0.8), levels[1:], strict=True):
        assert abs(level - t * full) <= 0.03 * full + 1, (t, level, full)  # opacity t over black


def test_loudness_follows_a_volume_ramp(media: Path, tmp_path: Path) -> None:
    path = project(tmp_path, media, [video("c", "clip", 3 * T, 3 * T)])
    tools = Tools(path)
    tools("animate", {"elementId": "c", "property": "volume", "from": -20, "to": 0, "start": 0.5, "end": 2.5})
    samples = pcm(render(path))
    clip = read_project(path).scene.find_element("c")[1]  # type: ignore[index]
    top = rms_db(samples, 2.7)
    for t in (0.6, 1.0, 1.5, 2.0, 2.4):
        expected = value_at(clip, "volume", int((t + 0.05) * T))  # the middle of the 100 ms window
        assert abs((rms_db(samples, t) - top) - expected) <= 1.0, t


def test_a_duck_lowers_the_music_by_its_depth(media: Path, tmp_path: Path) -> None:
    music = {
        "id": "m",
        "type": "audio",
        "mediaId": "tone",
        "startTime": 0,
        "duration": 4 * T,
        "trimStart": 0,
        "trimEnd": 0,
        "sourceDuration": 4 * T,
        "sourceType": "upload",
    }
    quiet = video("r", "red", T, 2 * T, startTime=int(1.5 * T), muted=True)  # the "voice": 1.5-2.5 s, no sound
    path = project(tmp_path, media, [quiet], audio=[{"id": "au", "type": "audio", "elements": [music]}])
    Tools(path)(
        "duck", {"musicElementIds": ["m"], "underElementIds": ["r"], "depth": 12, "attack": 0.2, "release": 0.2}
    )
    samples = pcm(render(path))
    assert abs((rms_db(samples, 1.8) - rms_db(samples, 0.5)) + 12) <= 1.0
    assert abs(rms_db(samples, 3.2) - rms_db(samples, 0.5)) <= 1.0  # back after the release


def test_a_zoom_has_the_evaluators_size_midway(media: Path, tmp_path: Path) -> None:
    picture = {"id": "p", "type": "image", "mediaId": "pic", "startTime": 0, "duration": 2 * T}
    path = project(tmp_path, media, [], [{"id": "o", "type": "video", "elements": [picture]}])
    tools = Tools(path)
    for axis in ("X", "Y"):
        tools("animate", {"elementId": "p", "property": f"transform.scale{axis}", "from": 0.5, "to": 1})
    out = render(path)
    scale = value_at(read_project(path).scene.find_element("p")[1], "transform.scaleX", T)  # type: ignore[index]
    middle = frame(out, 1.0, W, H)
    green = [x for x in range(W) if close(pixel(middle, W, x, H // 2), (0, 128, 0), 40)]
    assert abs(len(green) - 120 * scale) <= 3  # fitted 120 px wide at scale 1
