"""A picture scaled past the frame is cut to what shows before it is scaled (``render.visible``): the frames
are the ones the whole enlarged picture gives, still or moving, and the graph does cut."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from media_helpers import all_frames, made_asset, make_media

from neuralcut_cli.project.io import read_project
from neuralcut_cli.render import placement
from neuralcut_cli.render.graph import build_plan
from neuralcut_cli.render.run import Options, render
from neuralcut_cli.render.visible import visible

T = 120_000
W, H = 180, 320  # a 9:16 frame; the 320x180 clip covering it is 3.16x its fitted size


def _expression(text: str, t: float) -> float:
    """An ffmpeg expression of ``t`` evaluated in Python (the functions ``visible`` writes)."""
    names = {"t": t, "clip": lambda v, a, b: min(max(v, a), b), "floor": math.floor, "ceil": math.ceil}
    names.update({"gte": lambda a, b: float(a >= b), "lt": lambda a, b: float(a < b)})
    return float(eval(text, {"__builtins__": {}}, names))


def test_a_still_picture_keeps_what_the_frame_shows_and_a_margin() -> None:
    filters, x, y = visible((1920, 1080), (3414, 1920), (1080, 1920), ("-1167.0", "0.0"), None) or ([], "", "")
    crop, scale = filters
    options = dict(crop.options)
    first, kept = int(options["x"]), int(options["w"])
    per = 3414 / 1920
    assert first * per <= 1167 - 4 and (first + kept) * per >= 1167 + 1080 + 4  # all it shows, and a margin
    scaled = int(dict(scale.options)["w"])
    assert kept < 700 and scaled == round(kept * per / 2) * 2
    assert float(x) == pytest.approx(-1167 + first * scaled / kept)
    assert y == "0.0" and int(options["h"]) == 1080  # the height shows whole: not cut


def test_a_moving_picture_is_cut_where_it_is_at_each_frame() -> None:
    place = "-1167+(-400*t)"  # sliding left 400 px a second
    filters, x, _ = visible((1920, 1080), (3414, 1920), (1080, 1920), (place, "0"), 30.0) or ([], "", "")
    crop, scale = filters
    kept, scaled = int(dict(crop.options)["w"]), int(dict(scale.options)["w"])
    for frame in range(0, 60):
        t = frame / 30
        first = _expression(str(dict(crop.options)["x"]), t - 0.0004)  # the layer's frame a little early
        left = _expression(x, t)
        assert first % 2 == 0 and 0 <= first <= 1920 - kept
        assert left == pytest.approx(-1167 - 400 * t + first * scaled / kept)  # what was cut, moved back
        assert left <= 0 and left + scaled >= 1080  # the frame covered


def test_nothing_is_cut_when_it_all_shows_or_a_moving_layer_comes_slower() -> None:
    assert visible((320, 180), (180, 102), (180, 320), ("0", "109"), None) is None
    assert visible((1920, 1080), (3414, 1920), (1080, 1920), ("-1167+t", "0"), None) is None


@pytest.fixture(scope="module")
def media(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_media(tmp_path_factory.mktemp("media"))


def _project(folder: Path, media: Path, keys: list[dict[str, Any]] | None) -> Path:
    clip = {"id": "c", "type": "video", "mediaId": "clip", "startTime": 0, "duration": 3 * T, "trimStart": 0}
    clip.update({"trimEnd": 0, "sourceDuration": 3 * T, "transform": {"scaleX": 3.16, "scaleY": 3.16}})
    if keys:
        channel = {"c1": {"kind": "scalar", "keys": keys}}
        clip["animations"] = {"channels": channel, "bindings": {"transform.positionX": {
            "path": "transform.positionX", "kind": "number", "components": [{"key": "value", "channelId": "c1"}]}}}  # fmt: skip
    data = {
        "settings": {"fps": {"numerator": 15, "denominator": 1}, "canvasSize": {"width": W, "height": H}},
        "mediaAssets": [made_asset(media, "clip")],
        "currentSceneId": "s",
        "scenes": [{"id": "s", "tracks": {"overlay": [], "main": {"id": "m", "type": "video", "elements": [clip]}}}],
    }
    path = folder / "p.json"
    path.write_text(json.dumps(data))
    return path


def _frames(path: Path) -> np.ndarray:
    return all_frames(path, W, H).astype(np.int16)


@pytest.mark.slow
@pytest.mark.parametrize("moving", [False, True], ids=["still", "sliding"])
def test_the_cut_picture_renders_as_the_whole_one(
    media: Path, tmp_path: Path, moving: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = [{"id": "k1", "time": 0, "value": 150, "segmentToNext": "linear"}, {"id": "k2", "time": 3 * T,
            "value": -150, "segmentToNext": "linear"}] if moving else None  # fmt: skip
    path = _project(tmp_path, media, keys)
    project = read_project(path)
    graph = build_plan(project, path, tmp_path).graph
    assert "crop=" in graph  # the picture is cut before it is scaled
    cut = tmp_path / "cut.mp4"
    render(project, path, cut, options=Options(cache=False))
    monkeypatch.setattr(placement, "visible", lambda *args: None)
    assert "crop=" not in build_plan(project, path, tmp_path).graph
    whole = tmp_path / "whole.mp4"
    render(project, path, whole, options=Options(cache=False))
    a, b = _frames(cut), _frames(whole)
    assert a.shape == b.shape and len(a) == 45
    # the same picture within a pixel: overlay puts a layer on even columns, so the cut one may sit up to 2 px
    # off the whole one (each within 2 px of the exact place), and the scaler samples it at another phase; so
    # the best match of the two, 2 px either way, differs less than the whole one from itself moved one pixel
    for x, y in zip(a, b, strict=True):
        best = min(np.abs(x[:, 2 + dx : W - 2 + dx] - y[:, 2 : W - 2]).mean() for dx in range(-2, 3))
        assert best < np.abs(y[:, 3 : W - 1] - y[:, 2 : W - 2]).mean()
    if moving:  # and it moves: a frame a second apart differ
        assert np.abs(a[0] - a[15]).mean() > 10
