"""Issue 40 §17: storyboard tiles with gutters, their shot number and length, and long names shortened in the
middle, never cut off at the tile's edge."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import neuralcut

from neuralcut_cli.media.ffmpeg import ffmpeg_exe
from neuralcut_cli.render.contact_sheet import Tile, fitted
from neuralcut_cli.render.fontmetrics import load
from neuralcut_cli.render.fonts import shipped

LONG = "GX010245_wedding_ceremony_final_graded_export.mp4"


def test_a_long_name_is_shortened_in_the_middle_to_fit() -> None:
    tile = Tile(0, "#1  00:02.50  5.0 s", LONG)
    shown = fitted(tile, 456, 24)
    assert shown.startswith("#1  00:02.50  5.0 s  GX01") and shown.endswith(".mp4")  # the take and the extension
    assert "…" in shown or "..." in shown
    assert load(shipped(False)).width(shown, 24) <= 456
    assert fitted(Tile(0, "#2  00:05.50  1.0 s", "intro.mp4"), 456, 24) == "#2  00:05.50  1.0 s  intro.mp4"


@pytest.mark.slow  # a real storyboard
def test_the_label_never_reaches_the_tiles_edge(tmp_path: Path) -> None:
    demo_path = tmp_path / "tour.json"
    assert neuralcut("new", demo_path, "--demo").returncode == 0
    data = json.loads(demo_path.read_text())
    data["scenes"][0]["tracks"]["main"]["elements"][0]["name"] = LONG
    demo_path.write_text(json.dumps(data))
    board = demo_path.parent / "b.png"
    done = neuralcut("storyboard", "-o", board, "--json", "-p", demo_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["tiles"][0]["name"] == LONG
    raw = subprocess.run([ffmpeg_exe(), "-v", "error", "-i", str(board), "-f", "rawvideo", "-pix_fmt", "gray", "-"],
                         capture_output=True, check=True).stdout  # fmt: skip
    picture = np.frombuffer(raw, np.uint8).reshape(334, -1)
    band = picture[12 + 270 : 12 + 310]  # the first tile's label band (a 12-pixel gutter around every tile)
    text_columns = np.nonzero((band > 128).any(axis=0))[0]
    first_tile_end = 12 + 480
    in_first = text_columns[text_columns < first_tile_end + 12]
    assert in_first.size and in_first.max() < first_tile_end - 8  # the text stops short of the edge
    assert (picture[:, first_tile_end : first_tile_end + 12] < 40).all()  # a gutter between the tiles
