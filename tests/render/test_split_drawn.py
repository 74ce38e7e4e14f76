"""An element that a cut splits in two is drawn on every frame on both sides of the split (issue 37: the last
frame before a split between two frames came out without it, where the layer ran out between two of the
output's frames)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import neuralcut
from media_helpers import all_frames
from paths import REPO

pytestmark = pytest.mark.slow  # real renders

WIDTH, HEIGHT = 960, 540  # the demo's preview
LOGO = (slice(30, 40), slice(840, 850))  # the logo's dark inside (top right), at preview size: ~30 (~100 without)


def _frames(video: Path) -> np.ndarray:
    return all_frames(video, WIDTH, HEIGHT)


@pytest.mark.parametrize("at", [7.0123, 7.05, 9.0])  # between two frames (twice), and on one
def test_an_element_split_by_a_cut_is_drawn_on_every_frame(tmp_path: Path, at: float) -> None:
    shutil.copytree(REPO / "projects" / "media", tmp_path / "media")
    project = tmp_path / "p.json"
    shutil.copy(REPO / "projects" / "demo.json", project)
    assert neuralcut("tool", "split", json.dumps({"times": [at]}), "-p", project).returncode == 0
    logos = [e for t in json.loads(project.read_text())["scenes"][0]["tracks"]["overlay"] for e in t["elements"]]
    assert len([e for e in logos if e.get("mediaId") == "a-logo"]) == 2  # the logo is in two pieces now
    out = tmp_path / "o.mp4"
    done = neuralcut("render", "-p", project, "-o", out, "--from", at - 1, "--to", at + 1, "--preview", timeout=300)
    assert done.returncode == 0, done.stderr
    frames = _frames(out)
    assert len(frames) >= 59
    shown = [round(float(frame[LOGO].mean())) for frame in frames]
    assert max(shown) < 60, shown  # every frame shows the logo's dark inside (the picture behind it reads ~100)
