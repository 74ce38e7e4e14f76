"""Reading a media file's real metadata with the bundled ffmpeg.

``ffmpeg -i FILE`` prints the container duration and each stream; that is
all ``import`` needs: type, duration, width, height, fps, audio present.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from neuralcut_cli.errors import MediaError
from neuralcut_cli.files import not_a_file, shown
from neuralcut_cli.media.ffmpeg import broken_ffmpeg, ffmpeg_output, last_lines, source_args

IMAGE_CODECS = {"png", "mjpeg", "jpeg", "jpegls", "webp", "gif", "bmp", "tiff", "heif", "hevc_image", "apng"}
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp", ".tif", ".tiff", ".heic"}


@dataclass(frozen=True)
class MediaInfo:
    type: str  # video | audio | image
    duration: float | None
    width: int | None
    height: int | None
    fps: float | None
    has_audio: bool
    start: float = 0.0  # seconds: where the container's timestamps begin (an MPEG-TS from a camera: not 0)


def probe(path: Path) -> MediaInfo:
    path = Path(path)
    why = not_a_file(path)
    if why:
        raise MediaError(f"{shown(path)}: {why}")
    try:
        done = ffmpeg_output(["-hide_banner", "-nostdin", *source_args(path)], timeout=60)
    except (MediaError, subprocess.TimeoutExpired) as exc:
        raise MediaError(f"{path}: cannot run ffmpeg ({exc})") from None
    text = done.stderr
    video = next(
        (
            m
            for m in re.finditer(r"Stream #\S+.*?: Video: (\w+)[^\n]*?, (\d{2,5})x(\d{2,5})[^\n]*", text)
            if "attached pic" not in m.group(0)
        ),
        None,
    )  # cover art is not video
    audio = re.search(r"Stream #\S+.*?: Audio: ", text)
    if not video and not audio:
        broken = broken_ffmpeg() if "Input #" not in text else None
        if broken:
            raise MediaError(broken)
        reason = last_lines(text, 1) if "Invalid data" in text or "No such" in text else "no audio or video in it"
        raise MediaError(f"{path.name} is not a media file NeuralCut can read ({reason})")
    duration = _duration(text)
    begins = re.search(r"Duration: [^\n]*?, start: (-?\d+(?:\.\d+)?)", text)
    start = float(begins.group(1)) if begins else 0.0
    if video:
        codec, width, height = video.group(1), int(video.group(2)), int(video.group(3))
        still = codec in IMAGE_CODECS and (path.suffix.lower() in IMAGE_SUFFIXES or not duration or duration <= 0.05)
        if still and not audio:
            return MediaInfo("image", None, width, height, None, False, start)
        fps = _fps(video.group(0))
        if duration is None:
            raise MediaError(f"{path.name}: its duration is unknown (a live stream or a broken file?)")
        return MediaInfo("video", duration, width, height, fps, bool(audio), start)
    if duration is None:
        raise MediaError(f"{path.name}: its duration is unknown")
    return MediaInfo("audio", duration, None, None, None, True, start)


def _duration(text: str) -> float | None:
    match = re.search(r"Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)", text)
    if not match:
        return None
    hours, minutes, seconds = match.groups()
    return round(int(hours) * 3600 + int(minutes) * 60 + float(seconds), 3)


def _fps(stream_line: str) -> float | None:
    match = re.search(r"([\d.]+) fps", stream_line) or re.search(r"([\d.]+) tbr", stream_line)
    return round(float(match.group(1)), 3) if match else None
