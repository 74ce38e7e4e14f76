"""Media checks (issue 28 §3) on generated media whose truth is known: 2 s of black at 2-4 s, 1.5 s frozen at
4-5.5 s, a tone at -30 LUFS for 4 s then 4 s of silence; and a clean file that trips none of them."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import neuralcut
from paths import REPO

from neuralcut_cli.check.media import media_findings, target_lufs
from neuralcut_cli.errors import UsageError
from neuralcut_cli.media.ffmpeg import ffmpeg_exe

pytestmark = pytest.mark.slow  # real media made and read by ffmpeg
FRAME = 1 / 25


def _make(path: Path, video: str, audio: str) -> Path:
    subprocess.run(
        [ffmpeg_exe(), "-hide_banner", "-loglevel", "error", "-y", "-filter_complex", f"{video}[v];{audio}[a]",
         "-map", "[v]", "-map", "[a]", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "192k",
         str(path)],
        check=True, timeout=120,
    )  # fmt: skip
    return path


def _tone(lufs: float, seconds: float) -> str:
    """A 1 kHz tone on both channels at ``lufs`` (a stereo sine of peak a measures 20 log10 a LUFS)."""
    amplitude = 10 ** (lufs / 20) * 8  # ffmpeg's sine is 1/8 of full scale
    return f"sine=f=1000:r=48000:d={seconds},volume={amplitude:.5f},pan=stereo|c0=c0|c1=c0"


@pytest.fixture(scope="module")
def troubled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    picture = (
        "testsrc2=s=320x180:r=25:d=2[p0];color=c=black:s=320x180:r=25:d=2,noise=alls=3:allf=t[p1];"
        "color=c=0x808080:s=320x180:r=25:d=1.5[p2];testsrc2=s=320x180:r=25:d=2.5[p3];"
        "[p0][p1][p2][p3]concat=n=4:v=1:a=0,format=yuv420p"
    )
    sound = f"{_tone(-30, 4)}[t];anullsrc=r=48000:cl=stereo:d=4[q];[t][q]concat=n=2:v=0:a=1"
    return _make(tmp_path_factory.mktemp("media") / "troubled.mp4", picture, sound)


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _make(tmp_path_factory.mktemp("media") / "clean.mp4", "testsrc2=s=320x180:r=25:d=6", _tone(-14, 6))


def _one(findings: list[Any], code: str) -> Any:
    (found,) = [f for f in findings if f.code == code]
    return found


def test_each_problem_is_found_within_a_frame_and_a_lu(troubled: Path) -> None:
    found = media_findings(troubled, target_lufs("youtube"))
    black = _one(found, "black-frames")
    assert black.severity == "error" and abs(black.start - 2) <= FRAME and abs(black.end - 4) <= FRAME
    frozen = _one(found, "frozen")
    assert abs(frozen.start - 4) <= FRAME and abs(frozen.end - 5.5) <= FRAME
    silence = _one(found, "silence")
    assert abs(silence.start - 4) <= 0.05 and abs(silence.end - 8) <= 0.05
    loud = _one(found, "loudness")
    assert abs(loud.measured - -30) <= 1 and "too quiet" in loud.what
    assert loud.fix == {"tool": "normalize_loudness", "args": {"targetLufs": -14.0}}


def test_sound_that_outlasts_the_picture_is_measured(tmp_path: Path) -> None:
    uneven = _make(tmp_path / "uneven.mp4", "testsrc2=s=320x180:r=25:d=3", _tone(-14, 5))
    lengths = _one(media_findings(uneven, target_lufs(None)), "stream-lengths")
    assert lengths.severity == "warning" and "sound runs 2.00 s past the picture" in lengths.what
    assert abs(lengths.measured - 2.0) <= FRAME and abs(lengths.start - 3) <= FRAME and abs(lengths.end - 5) <= 0.05


def test_a_clean_file_trips_nothing(clean: Path) -> None:
    assert media_findings(clean, target_lufs(None)) == []


def test_targets_by_name_or_number() -> None:
    assert [target_lufs(t) for t in ("youtube", "Podcast", "broadcast", "-18")] == [-14.0, -16.0, -23.0, -18.0]
    with pytest.raises(UsageError, match="--target takes youtube, podcast, broadcast or a number of LUFS"):
        target_lufs("loud")


def test_neuralcut_check_render_adds_the_media_findings(troubled: Path, tmp_path: Path) -> None:
    shutil.copytree(REPO / "projects" / "media", tmp_path / "media")
    project = tmp_path / "demo.json"
    shutil.copy(REPO / "projects" / "demo.json", project)
    done = neuralcut("check", "-p", project, "--render", troubled, "--target", "broadcast", "--json", timeout=120)
    answer = json.loads(done.stdout)
    codes = {f["code"] for f in answer["findings"]}
    assert done.returncode == 1 and {"black-frames", "frozen", "silence", "loudness"} <= codes
    assert next(f for f in answer["findings"] if f["code"] == "loudness")["fix"]["args"] == {"targetLufs": -23.0}
    missing = neuralcut("check", "-p", project, "--render", tmp_path / "nope.mp4")
    assert missing.returncode == 2 and "no such file" in missing.stderr


def test_neuralcut_check_media_renders_a_preview_and_checks_it(tmp_path: Path) -> None:
    shutil.copytree(REPO / "projects" / "media", tmp_path / "media")
    project = tmp_path / "demo.json"
    shutil.copy(REPO / "projects" / "demo.json", project)
    assert neuralcut("tool", "delete_timeline_elements", '{"elementIds": ["e-beach"]}', "-p", project).returncode == 0
    done = neuralcut("check", "-p", project, "--media", "--json", timeout=300)
    answer = json.loads(done.stdout)
    black = [f for f in answer["findings"] if f["code"] == "black-frames"]
    assert done.returncode == 1 and black and abs(black[0]["start"] - 6) <= 0.1  # seen in the render too
    sheet = next(f for f in answer["findings"] if f["code"] == "contact-sheet")
    assert sheet["severity"] == "info" and "each of the 2 cuts" in sheet["what"]
    assert (tmp_path / ".neuralcut" / "demo" / "check.png").stat().st_size > 1000  # for eyes, in its state folder
