"""kill -9 of neuralcut takes its ffmpeg with it (issue 25, item 10).

Every ffmpeg NeuralCut starts goes through ``media.ffmpeg.spawn``, which asks
Linux to kill the child when its parent dies (``PR_SET_PDEATHSIG``) and
checks that the parent had not already gone. Here ``NEURALCUT_FFMPEG`` is a
stand-in that answers ``-version`` and otherwise sleeps, so the child is
certainly running when the parent is killed, whatever the machine's speed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from paths import REPO

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")


def children_sleeping(marker: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if marker in command and "sleep" in command:
            found.append(int(entry.name))
    return found


@pytest.fixture
def fake_ffmpeg(tmp_path: Path) -> tuple[Path, str]:
    marker = f"{300 + os.getpid() % 1000}.{time.time_ns() % 1000:03d}"
    script = tmp_path / "ffmpeg"
    script.write_text(
        '#!/bin/sh\nif [ "$2" = "-version" ]; then echo "ffmpeg version 9.9-stand-in"; exit 0; fi\n'
        f"exec sleep {marker}\n"
    )
    script.chmod(0o755)
    return script, marker


@pytest.mark.parametrize(
    "command",
    [
        ["run", "remove the silences"],  # a measurement (run_ffmpeg)
        ["render", "-o", "out.mp4", "--force"],  # the segment workers and the sound encoder
        ["import", "projects-media-intro"],  # a probe
    ],
)
def test_a_killed_neuralcut_leaves_no_ffmpeg_running(
    demo_path: Path, fake_ffmpeg: tuple[Path, str], command: list[str]
) -> None:
    script, marker = fake_ffmpeg
    shipped = REPO / "projects" / "media"
    (demo_path.parent / "media").symlink_to(shipped)
    media = shipped / "intro.mp4"
    argv = [str(media) if a == "projects-media-intro" else a for a in command]
    env = {**os.environ, "NEURALCUT_FFMPEG": str(script), "NO_COLOR": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "neuralcut_cli", *argv, "-p", str(demo_path)],
        cwd=demo_path.parent,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while not children_sleeping(marker):
        assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
        assert time.monotonic() < deadline, "no ffmpeg was started"
        time.sleep(0.05)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=60)
    deadline = time.monotonic() + 5
    while children_sleeping(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = children_sleeping(marker)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == [], "ffmpeg kept running after its parent was killed"
