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


def test_a_file_whose_timestamps_begin_late_is_measured_in_its_own_seconds(
    talk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An MPEG program stream whose clock starts at 10 s (as a camera's does): the silences and the meter's rows
    are in the file's seconds, from 0, in both stretches, as in the same sound without the offset."""
    late = tmp_path / "late.mpg"
    subprocess.run(
        [ffmpeg_exe(), "-v", "error", "-f", "lavfi", "-i", "color=black:s=64x36:r=25", "-i", str(talk), "-shortest",
         "-c:v", "mpeg2video", "-c:a", "mp2", "-b:a", "192k", "-f", "mpeg", "-output_ts_offset", "10", str(late)],
        check=True,
    )  # fmt: skip
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    plain, _ = _measure(talk, tmp_path / "a" / "p.json", 2, monkeypatch)
    file = locate(tmp_path / "b" / "p.json", MediaAsset(id="l", name="late.mpg", type="video", path=str(late)))
    found = analysis.silences(file, tmp_path / "b" / "p.json", -35, 0.5)
    assert len(found) == len(plain)
    assert all(
        abs(a - b) < 0.06 for got, want in zip(found, plain, strict=True) for a, b in zip(got, want, strict=True)
    )
    rows = loudness.blocks(file, tmp_path / "b" / "p.json")
    assert rows[0][0] == pytest.approx(0.1, abs=0.05) and rows[-1][0] == pytest.approx(SECONDS, abs=0.2)


def test_a_name_full_of_what_ffmpeg_reads_specially_is_one_file(
    talk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The name goes into a filter graph (``ffmpeg.sound_args``): quotes, colons, commas, brackets, semicolons,
    backslashes and spaces stay part of it, and add no filter or option."""
    odd = tmp_path / "a'b:c,d[e];f\\g h=1.m4a"
    odd.write_bytes(talk.read_bytes())
    one, rows = _measure(talk, tmp_path / "a" / "p.json", 2, monkeypatch)
    file = locate(tmp_path / "b" / "p.json", MediaAsset(id="o", name=odd.name, type="audio", path=str(odd)))
    assert analysis.silences(file, tmp_path / "b" / "p.json", -35, 0.5) == one
    assert loudness.blocks(file, tmp_path / "b" / "p.json") == rows
