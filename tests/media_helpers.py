"""Test media made on the spot with the bundled ffmpeg, and frame sampling."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

import subprocess
from pathlib import Path

from neuralcut_cli.media.ffmpeg import ffmpeg_exe


def ffmpeg(*args: str) -> None:
    subprocess.run([ffmpeg_exe(), "-hide_banner", "-loglevel", "error", "-y", *args], check=True, timeout=120)


#: The assets ``make_media`` writes, as a project's ``mediaAssets`` describes them (``made_asset``).
MADE = {
    "clip": {"name": "clip.mp4", "type": "video", "duration": 3.0, "width": 320, "height": 180, "hasAudio": True},
    "red": {"name": "red.mp4", "type": "video", "duration": 2.0, "width": 320, "height": 180, "hasAudio": True},
    "pic": {"name": "pic.png", "type": "image", "width": 64, "height": 48},
    "tone": {"name": "tone.mp3", "type": "audio", "duration": 4.0},
}


def made_asset(media: Path, asset_id: str) -> dict[str, object]:
    """The media asset ``asset_id`` of ``make_media``'s folder ``media``."""
    fields = MADE[asset_id]
    return {"id": asset_id, **fields, "path": str(media / str(fields["name"]))}


def make_media(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    ffmpeg(
        "-f",
        "lavfi",
        "-i",
        "testsrc2=s=320x180:r=15:d=3",
        "-f",
        "lavfi",
        "-i",
        "sine=f=440:d=3",
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-pix_fmt",
        "yuv420p",
        "-c:a",
        "aac",
        "-shortest",
        str(folder / "clip.mp4"),
    )
    ffmpeg(
        "-f",
        "lavfi",
        "-i",
        "testsrc2=s=160x120:r=25:d=2",
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-pix_fmt",
        "yuv420p",
        str(folder / "silent.mp4"),
    )
    ffmpeg(
        "-f",
        "lavfi",
        "-i",
        "color=c=red:s=320x180:r=15:d=2",
        "-f",
        "lavfi",
        "-i",
        "anullsrc=r=48000:cl=mono",
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-pix_fmt",
        "yuv420p",
        "-c:a",
        "aac",
        "-t",
        "2",
        str(folder / "red.mp4"),
    )
    ffmpeg("-f", "lavfi", "-i", "color=c=green:s=64x48:d=1", "-frames:v", "1", str(folder / "pic.png"))
    ffmpeg("-f", "lavfi", "-i", "sine=f=330:d=4", "-c:a", "libmp3lame", "-b:a", "64k", str(folder / "tone.mp3"))
    (folder / "notes.txt").write_text("not media")
    return folder


def frame(video: Path, seconds: float, width: int, height: int) -> bytes:
    done = subprocess.run(
        [
            ffmpeg_exe(),
            "-hide_banner",
            "-loglevel",
            "error",
            "-ss",
            str(seconds),
            "-i",
            str(video),
            "-frames:v",
            "1",
            "-f",
            "rawvideo",
            "-pix_fmt",
            "rgb24",
            "-",
        ],
        capture_output=True,
        check=True,
        timeout=60,
    )
    assert len(done.stdout) == width * height * 3
    return done.stdout


def pixel(data: bytes, width: int, x: int, y: int) -> tuple[int, int, int]:
    offset = (y * width + x) * 3
    return data[offset], data[offset + 1], data[offset + 2]


def all_frames(video: Path, width: int, height: int, fps: float | None = None) -> NDArray[np.uint8]:
    """Every frame of ``video`` (or ``fps`` of them a second) as an ``(n, height, width, 3)`` RGB array."""
    import numpy as np

    rate = ["-vf", f"fps={fps:g}"] if fps else []
    raw = subprocess.run(
        [ffmpeg_exe(), "-v", "error", "-i", str(video), *rate, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
        capture_output=True,
        check=True,
    ).stdout
    return np.frombuffer(raw, np.uint8).reshape(-1, height, width, 3)
