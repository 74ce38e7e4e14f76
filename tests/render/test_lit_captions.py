"""A caption whose words light up as they are said (issue 39), rendered and measured frame by frame: the lit
word changes within a frame of its word's time, nothing but the caption changes, and the lines are as laid out."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pysubs2
import pytest
from cli_helpers import neuralcut
from media_helpers import all_frames
from paths import REPO

from neuralcut_cli.media.ffmpeg import ffmpeg_exe

pytestmark = pytest.mark.slow  # a real render
W, H = 960, 540  # the preview of a 1920x1080 canvas
FPS = 30
WORDS = ["Every", "word", "lights", "up", "while", "it", "is", "said", "here."]
AT = [1.0 + 0.5 * k for k in range(len(WORDS))]  # each word said for 0.4 s from 1 s, half a second apart


def _project(folder: Path) -> Path:
    shutil.copytree(REPO / "projects" / "media", folder / "media")
    subprocess.run(
        [ffmpeg_exe(), "-v", "error", "-f", "lavfi", "-i", "color=c=0x203050:s=1920x1080", "-frames:v", "1"]
        + [str(folder / "media" / "plain.png")],
        check=True,
    )
    data = json.loads((REPO / "projects" / "demo.json").read_text())
    data["mediaAssets"].append(
        {
            "id": "a-plain",
            "name": "plain.png",
            "type": "image",
            "path": "media/plain.png",
            "width": 1920,
            "height": 1080,
        }
    )
    scene = data["scenes"][0]["tracks"]
    still = {"id": "e-still", "type": "image", "mediaId": "a-plain", "startTime": 0, "duration": 6 * 120_000}
    scene.update({"overlay": [], "audio": []})
    scene["main"]["elements"] = [still]  # one colour that does not move: what changes is the caption
    path = folder / "p.json"
    path.write_text(json.dumps(data))
    subs = pysubs2.SSAFile()
    for word, at in zip(WORDS, AT, strict=True):
        subs.append(pysubs2.SSAEvent(start=round(at * 1000), end=round((at + 0.4) * 1000), text=word))
    subs.save(str(folder / "words.srt"))
    for args in (("import", folder / "words.srt"), ("tool", "add_captions", '{"style": "highlight"}')):
        done = neuralcut(*args, "-p", path)
        assert done.returncode == 0, done.stderr
    return path


def _frames(video: Path) -> np.ndarray:
    return all_frames(video, W, H).astype(int)


def _lit(frame: np.ndarray) -> np.ndarray:
    """Where the highlight's yellow is (#ffd400)."""
    r, g, b = frame[..., 0], frame[..., 1], frame[..., 2]
    return (r > 200) & (g > 170) & (g < 240) & (b < 90)


def test_each_word_lights_up_on_its_own_frames_and_nothing_else_changes(tmp_path: Path) -> None:
    project = _project(tmp_path)
    captions = [e for t in json.loads(project.read_text())["scenes"][0]["tracks"]["overlay"] for e in t["elements"]]
    assert all(len(line) <= 42 for c in captions for line in c["content"].split("\n"))
    assert all(c["content"].count("\n") <= 1 for c in captions)  # at most two lines
    out = tmp_path / "lit.mp4"
    done = neuralcut("render", "-p", project, "-o", out, "--to", 6, "--preview", "--force", timeout=600)
    assert done.returncode == 0, done.stderr
    frames = _frames(out)
    still = _lit(frames[5])  # before any caption: what of the picture itself looks yellow
    lit = [_lit(f) & ~still for f in frames]
    caption = np.zeros((H, W), bool)
    for mask in lit:
        caption |= mask
    rows, cols = np.nonzero(caption)
    box = (rows.min() - 8, rows.max() + 8, cols.min() - 8, cols.max() + 8)  # where the words are
    for word, at in zip(WORDS, AT, strict=True):
        first, last = round(at * FPS), round((at + 0.4) * FPS)  # the frames it is said on
        inside = [lit[n].sum() for n in range(first + 1, last - 1)]
        assert min(inside) > 20, (word, inside)  # lit all the while it is said
        steady = [(lit[n] ^ lit[first + 1]).sum() / lit[first + 1].sum() for n in range(first + 1, last - 1)]
        assert max(steady) < 0.15, (word, steady)  # the same word all the while (an encoder's edge noise aside)
        assert lit[first - 2].sum() < 5 and lit[last + 1].sum() < 5, word  # and not before or after (the gaps)
        on = next(n for n in range(first - 3, last) if lit[n].sum() > 20)
        assert abs(on - first) <= 1, (word, on, first)  # within a frame of the word's time
    for a, b in ((round(1.2 * FPS), round(1.7 * FPS)), (round(2.2 * FPS), round(2.7 * FPS))):
        changed = np.abs(frames[a] - frames[b]).max(axis=-1) > 48
        rows, cols = np.nonzero(changed)
        assert len(rows) and rows.min() >= box[0] and rows.max() <= box[1]  # only inside the caption
        assert cols.min() >= box[2] and cols.max() <= box[3]
