"""Issue 40 §19: ``--debug`` logs the ffmpeg command lines ``frame`` and ``storyboard`` run (as its help says),
to stderr, and no secret reaches them."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import neuralcut


@pytest.mark.slow  # real frames
@pytest.mark.parametrize("command", [["frame", "--at", "1"], ["storyboard"]], ids=["frame", "storyboard"])
def test_debug_logs_the_ffmpeg_commands(tmp_path: Path, command: list[str]) -> None:
    project = tmp_path / "tour.json"
    assert neuralcut("new", project, "--demo").returncode == 0
    done = neuralcut(
        *command, "-o", tmp_path / "x.png", "-p", project, "--debug", env={"OPENAI_API_KEY": "sk-secret-1"}
    )
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stderr.splitlines() if "neuralcut.ffmpeg: ffmpeg " in line]
    assert lines and any("intro.mp4" in line for line in lines)  # the command, with what it reads
    assert "sk-secret-1" not in done.stderr
    quiet = neuralcut(*command, "-o", tmp_path / "y.png", "-p", project)
    assert "neuralcut.ffmpeg" not in quiet.stderr  # only with --debug
