"""A long file's silences and loudness measured in stretches side by side (``media.chunks``) are the ones one pass
finds: a silence across a seam is one silence, and the loudness meter's rows run on without a gap or a double."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from neuralcut_cli.media import analysis, loudness
from neuralcut_cli.media.assets import locate
from neuralcut_cli.media.ffmpeg import ffmpeg_exe
from neuralcut_cli.project.model import MediaAsset

pytestmark = pytest.mark.slow  # real ffmpeg passes over two minutes of sound

SECONDS = 130
QUIET = "between(t,64,66.5)+gt(mod(t,10),5)*lt(mod(t,10),6.2)"  # one silence across the seam at 65 s


@pytest.fixture(scope="module")
def talk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("chunks")
    path = folder / "talk.m4a"
    subprocess.run(
        [ffmpeg_exe(), "-v", "error", "-f", "lavfi", "-i", f"aevalsrc='if({QUIET},0,0.3*sin(2*PI*300*t))':s=48000:d="
         f"{SECONDS}", "-c:a", "aac", "-b:a", "128k", str(path)],
        check=True,
    )  # fmt: skip
    return path


def _measure(talk: Path, project: Path, cores: int, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], list[Any]]:
    monkeypatch.setattr(os, "cpu_count", lambda: cores)  # what chunks reads
    file = locate(project, MediaAsset(id="t", name="talk.m4a", type="audio", path=str(talk)))
    found = analysis.silences(file, project, -35, 0.5)
    return found, loudness.blocks(file, project)


def test_stretches_side_by_side_find_what_one_pass_finds(
    talk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    one = _measure(talk, tmp_path / "a" / "p.json", 1, monkeypatch)
    two = _measure(talk, tmp_path / "b" / "p.json", 2, monkeypatch)
    assert two[0] == one[0]
    across = [s for s in two[0] if s[0] < 65 < s[1]]
    assert len(across) == 1 and across[0][0] == pytest.approx(64, abs=0.05)  # one silence, across the seam
    assert across[0][1] == pytest.approx(66.5, abs=0.05)
    assert abs(len(one[1]) - len(two[1])) <= 1  # every 100 ms row once (the last, partial one as the codec pads)
    times = [t for t, _ in two[1]]
    assert times == sorted(times) and all(0.07 < b - a < 0.13 for a, b in zip(times, times[1:], strict=False))
    # (a pass that seeks starts a codec frame late: its rows lie up to 21 ms off the first pass's grid)
    for stretch in ([(0, 130)], [(10, 20), (70, 80)], [(60, 70)], [(64.5, 67)]):
        assert loudness.measure(two[1], stretch) == pytest.approx(loudness.measure(one[1], stretch), abs=0.3)
