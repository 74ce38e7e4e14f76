"""A talk recorded on camera, as cameras and screen recorders make it, generated on the spot: 720p H.264 with a
long group of pictures (a keyframe every 300 frames, no keyframes at scene cuts, B-frames) and AAC sound, a
voice stand-in whose every spoken stretch and pause is known, and a music bed beside it.

The voice stand-in: syllables of a harmonic tone (a fundamental of 110-160 Hz and its overtones up to 3 kHz)
under raised-cosine envelopes, 0.12-0.28 s each with short gaps between them, some with a sharp attack (the
plosives that give speech its peaks), at a level that varies from line to line; the pauses between lines hold
room tone at -65 dBFS. Each picture carries its frame number as a 16-bit barcode along its bottom edge
(``frame_number`` reads it back), so a frame of a render names the source frame it shows.

``talk_project`` puts the talk on the main track with a bed on its own track, a title, a caption over one line,
a logo overlay over another and a b-roll clip over a third: the layout the sync rule is measured on.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import wave
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from media_helpers import ffmpeg

RATE = 48_000
FPS = 30
T = 120_000
BITS = 16
CELL = 24  # pixels of one barcode cell


@dataclass(frozen=True)
class Talk:
    """A generated talk: its file, length, and the source seconds of each spoken line."""

    path: Path
    seconds: float
    lines: list[tuple[float, float]]
    size: tuple[int, int] = (1280, 720)
    peaks: list[float] = field(default_factory=list)  # sample peak (linear) of each line

    def pauses(self) -> list[tuple[float, float]]:
        """The quiet between lines (and before the first, after the last)."""
        edges = [0.0, *[t for line in self.lines for t in line], self.seconds]
        return [(edges[i], edges[i + 1]) for i in range(0, len(edges), 2) if edges[i + 1] > edges[i]]


def script(seconds: float, seed: int = 3, pause: tuple[float, float] = (0.8, 2.4)) -> list[tuple[float, float]]:
    """Spoken lines of 1.5-5 s separated by pauses of ``pause`` seconds, from 0.6 s to ``seconds`` - 0.6 s."""
    rng = random.Random(seed)
    lines, at = [], 0.6
    while True:
        length = rng.uniform(1.5, 5.0)
        if at + length > seconds - 0.6:
            break
        lines.append((round(at, 3), round(at + length, 3)))
        at += length + rng.uniform(*pause)
    return lines


def voice(seconds: float, lines: list[tuple[float, float]], seed: int = 5) -> tuple[np.ndarray, list[float]]:
    """The voice stand-in (mono float32 at 48 kHz) and each line's sample peak."""
    rng = np.random.default_rng(seed)
    out = (rng.standard_normal(round(seconds * RATE)) * 10 ** (-65 / 20)).astype(np.float32)
    peaks = []
    for start, end in lines:
        level = 10 ** (rng.uniform(-12, -7) / 20)
        at, peak = start, 0.0
        while at < end - 0.1:
            length = min(float(rng.uniform(0.12, 0.28)), end - at)
            syllable = _syllable(length, float(rng.uniform(110, 160)), bool(rng.random() < 0.25), rng) * level
            first = round(at * RATE)
            out[first : first + len(syllable)] += syllable
            peak = max(peak, float(np.abs(syllable).max()))
            at += length + float(rng.uniform(0.03, 0.09))
        peaks.append(peak)
    return out, peaks


def _syllable(length: float, f0: float, plosive: bool, rng: np.random.Generator) -> np.ndarray:
    n = round(length * RATE)
    t = np.arange(n) / RATE
    tone = sum(np.sin(2 * np.pi * f0 * k * t + rng.uniform(0, 2 * np.pi)) / k for k in range(1, int(3000 / f0)))
    envelope = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / max(1, n - 1))
    signal = tone * envelope * 0.35
    if plosive:  # a burst at the onset: a tenth of the length, peaking near four times the syllable's level
        burst = min(n, round(0.012 * RATE))
        signal[:burst] += rng.standard_normal(burst) * np.linspace(0.5, 0, burst)
    return signal.astype(np.float32)


def write_wav(path: Path, samples: np.ndarray, channels: int = 1) -> None:
    data = np.clip(samples, -1, 1)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes((data * 32767).astype("<i2").tobytes())


def make_talk(folder: Path, seconds: float = 60, size: tuple[int, int] = (1280, 720), seed: int = 3) -> Talk:
    """The talk file (made once per folder and parameters)."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = script(seconds, seed)
    path = folder / f"talk-{seconds:g}-{size[1]}p-{seed}.mp4"
    sound, peaks = voice(seconds, lines, seed)
    if not path.exists():
        wav = folder / f"voice-{seed}.wav"
        write_wav(wav, sound)
        ffmpeg(
            "-f",
            "lavfi",
            "-i",
            f"testsrc2=s={size[0]}x{size[1]}:r={FPS}:d={seconds},{barcode_filter(size)}",
            "-i",
            str(wav),
            "-c:v",
            "libx264",
            "-preset",
            "veryfast",
            "-g",
            "300",
            "-keyint_min",
            "300",
            "-sc_threshold",
            "0",
            "-pix_fmt",
            "yuv420p",
            "-c:a",
            "aac",
            "-b:a",
            "128k",
            "-shortest",
            str(path) + ".tmp.mp4",
        )
        os.replace(str(path) + ".tmp.mp4", path)
        wav.unlink()
    return Talk(path, seconds, lines, size, peaks)


def barcode_filter(size: tuple[int, int]) -> str:
    """Draw the frame number as ``BITS`` black or white cells along the bottom edge."""
    y = size[1] - CELL
    boxes = [f"drawbox=x=0:y={y}:w={CELL * BITS}:h={CELL}:color=black:t=fill"]
    for bit in range(BITS):
        boxes.append(
            f"drawbox=x={bit * CELL}:y={y}:w={CELL}:h={CELL}:color=white:t=fill:enable='mod(floor(n/{2**bit})\\,2)'"
        )
    return ",".join(boxes)


def frame_number(rgb: np.ndarray) -> int:
    """The source frame a picture (height x width x 3) shows, from its barcode (scaled with the picture)."""
    height, width = rgb.shape[:2]
    cell = CELL * height / 720 if width / height > 1 else CELL * width / 1280
    y = int(height - cell / 2)
    value = 0
    for bit in range(BITS):
        x = int(bit * cell + cell / 2)
        if rgb[y, x].mean() > 128:
            value |= 1 << bit
    return value


def make_bed(folder: Path, seconds: float) -> Path:
    """A music bed: a slow chord with a pulse, at about -14 LUFS before its track's volume."""
    path = folder / f"bed-{seconds:g}.m4a"
    if not path.exists():
        t = np.arange(round(seconds * RATE)) / RATE
        chord = sum(np.sin(2 * np.pi * f * t) for f in (220.0, 277.18, 329.63)) / 3
        pulse = 0.75 + 0.25 * np.sin(2 * np.pi * 2 * t)
        wav = folder / "bed.wav"
        write_wav(wav, (chord * pulse * 0.3).astype(np.float32))
        ffmpeg("-i", str(wav), "-c:a", "aac", "-b:a", "128k", str(path) + ".tmp.m4a")
        os.replace(str(path) + ".tmp.m4a", path)
        wav.unlink()
    return path


def make_broll(folder: Path, seconds: float = 8, size: tuple[int, int] = (1280, 720)) -> Path:
    path = folder / "broll.mp4"
    if not path.exists():
        ffmpeg(
            "-f",
            "lavfi",
            "-i",
            f"color=c=0x2060c0:s={size[0]}x{size[1]}:r={FPS}:d={seconds}",
            "-c:v",
            "libx264",
            "-preset",
            "veryfast",
            "-pix_fmt",
            "yuv420p",
            str(path),
        )
    return path


def make_logo(folder: Path) -> Path:
    path = folder / "logo.png"
    if not path.exists():
        ffmpeg("-f", "lavfi", "-i", "color=c=0xff2020:s=160x160:d=1", "-frames:v", "1", str(path))
    return path


def ticks(seconds: float) -> int:
    """Seconds as ticks on the 30 fps frame grid."""
    return round(seconds * FPS) * (T // FPS)


def talk_project(folder: Path, talk: Talk, bed_db: float = -12) -> Path:
    """The talk on the main track, a bed under all of it, a title over the first line, a caption over line 3, a
    logo over line 5 and b-roll over line 7 (the elements ``e-title``, ``e-caption``, ``e-logo``, ``e-broll``)."""
    media = folder / "media"
    media.mkdir(parents=True, exist_ok=True)
    talk_file = media / talk.path.name
    if not talk_file.exists():
        shutil.copyfile(talk.path, talk_file)
    bed, broll, logo = make_bed(media, talk.seconds), make_broll(media), make_logo(media)
    length = ticks(talk.seconds)
    line = talk.lines
    w, h = talk.size
    assets = [
        _asset("a-talk", talk_file, "video", talk.seconds, (w, h), audio=True),
        _asset("a-bed", bed, "audio", talk.seconds, None, audio=True),
        _asset("a-broll", broll, "video", 8.0, (w, h), audio=False),
        _asset("a-logo", logo, "image", None, (160, 160), audio=False),
    ]
    main = [_media("e-talk", "video", "a-talk", 0, length, length, name=talk_file.name)]
    bed_element = _media("e-bed", "audio", "a-bed", 0, length, ticks(talk.seconds), name="bed.m4a")
    bed_element["volume"] = bed_db
    broll_start, broll_end = ticks(line[6][0]), ticks(line[6][1])
    broll_element = _media(
        "e-broll", "video", "a-broll", broll_start, broll_end - broll_start, ticks(8), name="broll.mp4"
    )
    broll_element["muted"] = True
    broll_element["transform"] = {"scaleX": 0.4, "scaleY": 0.4, "position": {"x": -w * 0.28, "y": -h * 0.25}}
    tracks = {
        "overlay": [
            {
                "id": "t-title",
                "name": "Titles",
                "type": "text",
                "elements": [_text("e-title", "Day one", 0, line[0][1])],
            },
            {
                "id": "t-captions",
                "name": "Captions",
                "type": "text",
                "elements": [_text("e-caption", "The third line", line[2][0], line[2][1], y=h * 0.35)],
            },
            {
                "id": "t-logo",
                "name": "Logo",
                "type": "video",
                "elements": [
                    {
                        "id": "e-logo",
                        "type": "image",
                        "name": "logo.png",
                        "mediaId": "a-logo",
                        "startTime": ticks(line[4][0]),
                        "duration": ticks(line[4][1]) - ticks(line[4][0]),
                        "transform": {"scaleX": 1, "scaleY": 1, "position": {"x": w * 0.4, "y": -h * 0.35}},
                    }
                ],
            },
            {"id": "t-broll", "name": "B-roll", "type": "video", "elements": [broll_element]},
        ],
        "main": {"id": "t-main", "name": "Main", "type": "video", "elements": main},
        "audio": [{"id": "t-music", "name": "Music", "type": "audio", "elements": [bed_element]}],
    }
    project = {
        "format": "neuralcut-project",
        "version": 1,
        "metadata": {"id": "talk", "name": "Talk"},
        "settings": {"fps": {"numerator": FPS, "denominator": 1}, "canvasSize": {"width": w, "height": h}},
        "mediaAssets": assets,
        "scenes": [{"id": "s", "name": "Main", "isMain": True, "tracks": tracks}],
        "currentSceneId": "s",
    }
    path = folder / "talk.json"
    path.write_text(json.dumps(project, indent=1), encoding="utf-8")
    return path


def _asset(
    asset_id: str, path: Path, kind: str, seconds: float | None, size: tuple[int, int] | None, audio: bool
) -> dict[str, Any]:
    out: dict[str, Any] = {"id": asset_id, "name": path.name, "type": kind, "path": f"media/{path.name}"}
    if seconds is not None:
        out["duration"] = seconds
    if size is not None:
        out["width"], out["height"] = size
    if kind == "video":
        out["fps"] = FPS
    if kind != "image":
        out["hasAudio"] = audio
    return out


def _media(
    element_id: str, kind: str, media_id: str, start: int, duration: int, source: int, name: str
) -> dict[str, Any]:
    return {
        "id": element_id,
        "type": kind,
        "name": name,
        "mediaId": media_id,
        "startTime": start,
        "duration": duration,
        "trimStart": 0,
        "trimEnd": source - duration,
        "sourceDuration": source,
        "volume": 0,
        "muted": False,
    }


def _text(element_id: str, content: str, start: float, end: float, y: float = -250) -> dict[str, Any]:
    return {
        "id": element_id,
        "type": "text",
        "name": content,
        "content": content,
        "startTime": ticks(start),
        "duration": ticks(end) - ticks(start),
        "fontSize": 6,
        "fontWeight": "bold",
        "transform": {"scaleX": 1, "scaleY": 1, "position": {"x": 0, "y": y}},
    }
