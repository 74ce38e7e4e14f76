"""Media and projects at the scale people work at, generated on the spot (tests and ``benchmarks/``).

Sources are encoded as screen recorders and cameras encode: H.264 by x264 with its default group of pictures
(a keyframe every 250 frames, B-frames; OBS's default preset, veryfast) and AAC sound. Each frame of a source
carries its source number and frame number in large type, so a frame of a render can be traced to the frame
it shows. ``measure`` runs a command and samples the memory of its whole process tree.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from neuralcut_cli.media.ffmpeg import ffmpeg_exe, fonts_dir

T = 120_000
SOURCES = 4
FPS = 30


def ffmpeg(*args: str) -> None:
    subprocess.run([ffmpeg_exe(), "-hide_banner", "-loglevel", "error", "-y", *args], check=True, timeout=900)


def make_sources(folder: Path, seconds: int = 30, size: tuple[int, int] = (1280, 720)) -> list[Path]:
    """Four sources of ``seconds`` each, each its own hue, tone and numbered frames."""
    folder.mkdir(parents=True, exist_ok=True)
    font = fonts_dir() / "DejaVuSans-Bold.ttf"
    paths = [folder / f"src{n}.mp4" for n in range(SOURCES)]

    def one(n: int) -> None:
        if paths[n].exists():
            return
        picture = (
            f"testsrc2=s={size[0]}x{size[1]}:r={FPS}:d={seconds},hue=h={n * 90},"
            f"drawtext=fontfile={font}:text='{n} %{{frame_num}}':fontsize={size[1] // 5}:fontcolor=white:"
            f"box=1:boxcolor=black:x=20:y=20"
        )
        sound = f"sine=f={300 + n * 110}:d={seconds}:sample_rate=48000"
        ffmpeg(
            "-f",
            "lavfi",
            "-i",
            picture,
            "-f",
            "lavfi",
            "-i",
            sound,
            "-c:v",
            "libx264",
            "-preset",
            "veryfast",
            "-pix_fmt",
            "yuv420p",
            "-c:a",
            "aac",
            "-b:a",
            "128k",
            "-shortest",
            str(paths[n]) + ".tmp.mp4",
        )
        os.replace(str(paths[n]) + ".tmp.mp4", paths[n])

    with ThreadPoolExecutor(2) as pool:
        list(pool.map(one, range(SOURCES)))
    return paths


def make_music(folder: Path, seconds: int) -> Path:
    path = folder / f"music-{seconds}.m4a"
    if not path.exists():
        ffmpeg(
            "-f",
            "lavfi",
            "-i",
            f"sine=f=220:d={seconds}:sample_rate=48000",
            "-c:a",
            "aac",
            "-b:a",
            "96k",
            str(path) + ".tmp.m4a",
        )
        os.replace(str(path) + ".tmp.m4a", path)
    return path


def make_talk(folder: Path, minutes: float = 10, size: tuple[int, int] = (640, 360)) -> Path:
    """A talk: picture all along, a voice (a tone) that pauses 0.9 s every 3.7 s."""
    path = folder / f"talk-{minutes:g}.mp4"
    if path.exists():
        return path
    seconds = round(minutes * 60)
    voice = f"aevalsrc=0.3*sin(2*PI*180*t)*gt(mod(t\\,3.7)\\,0.9):s=48000:d={seconds}"
    ffmpeg(
        "-f",
        "lavfi",
        "-i",
        f"testsrc2=s={size[0]}x{size[1]}:r={FPS}:d={seconds}",
        "-f",
        "lavfi",
        "-i",
        voice,
        "-c:v",
        "libx264",
        "-preset",
        "veryfast",
        "-pix_fmt",
        "yuv420p",
        "-c:a",
        "aac",
        "-b:a",
        "96k",
        "-shortest",
        str(path) + ".tmp.mp4",
    )
    os.replace(str(path) + ".tmp.mp4", path)
    return path


def cut_project(
    folder: Path,
    clips: int,
    clip_seconds: float = 3.0,
    source_seconds: int = 30,
    seed: int = 1,
    music: bool = True,
    size: tuple[int, int] = (1280, 720),
    name: str | None = None,
) -> Path:
    """``clips`` cuts of ``clip_seconds`` from random places of the sources, back to back, under a music bed."""
    rng = random.Random(seed)
    assets: list[dict[str, Any]] = [
        {
            "id": f"a-src{n}",
            "name": f"src{n}.mp4",
            "type": "video",
            "path": f"media/src{n}.mp4",
            "duration": source_seconds,
            "width": size[0],
            "height": size[1],
            "fps": FPS,
            "hasAudio": True,
        }
        for n in range(SOURCES)
    ]
    elements, start, length = [], 0, round(clip_seconds * T)
    for number in range(clips):
        source = rng.randrange(SOURCES)
        trim = rng.randrange(0, int((source_seconds - clip_seconds) * FPS)) * (T // FPS)
        elements.append(
            {
                "id": f"e{number:04d}",
                "type": "video",
                "name": f"src{source}.mp4",
                "mediaId": f"a-src{source}",
                "startTime": start,
                "duration": length,
                "trimStart": trim,
                "trimEnd": source_seconds * T - length - trim,
                "sourceDuration": source_seconds * T,
                "volume": 0,
                "muted": False,
            }
        )
        start += length
    audio = []
    if music:
        bed = make_music(folder / "media", int(start / T) + 1)
        assets.append(
            {
                "id": "a-music",
                "name": bed.name,
                "type": "audio",
                "path": f"media/{bed.name}",
                "duration": int(start / T) + 1,
                "hasAudio": True,
            }
        )
        audio = [
            {
                "id": "t-music",
                "name": "Music",
                "type": "audio",
                "elements": [
                    {
                        "id": "e-music",
                        "type": "audio",
                        "name": "music",
                        "mediaId": "a-music",
                        "startTime": 0,
                        "duration": start,
                        "trimStart": 0,
                        "trimEnd": (int(start / T) + 1) * T - start,
                        "sourceDuration": (int(start / T) + 1) * T,
                        "volume": -12,
                        "muted": False,
                    }
                ],
            }
        ]
    project = _project(assets, elements, audio, size)
    path = folder / (name or f"cuts-{clips}.json")
    path.write_text(json.dumps(project, indent=1), encoding="utf-8")
    return path


def talk_project(folder: Path, talk: Path, size: tuple[int, int] = (640, 360)) -> Path:
    """The whole talk as one clip on the main track (then ``remove the silences`` cuts it)."""
    seconds = _duration(talk)
    ticks = round(seconds * FPS) * (T // FPS)
    asset = {
        "id": "a-talk",
        "name": talk.name,
        "type": "video",
        "path": f"media/{talk.name}",
        "duration": seconds,
        "width": size[0],
        "height": size[1],
        "fps": FPS,
        "hasAudio": True,
    }
    element = {
        "id": "e-talk",
        "type": "video",
        "name": talk.name,
        "mediaId": "a-talk",
        "startTime": 0,
        "duration": ticks,
        "trimStart": 0,
        "trimEnd": 0,
        "sourceDuration": ticks,
        "volume": 0,
        "muted": False,
    }
    path = folder / "talk.json"
    path.write_text(json.dumps(_project([asset], [element], [], size), indent=1), encoding="utf-8")
    return path


def _project(
    assets: list[dict[str, Any]], elements: list[dict[str, Any]], audio: list[dict[str, Any]], size: tuple[int, int]
) -> dict[str, Any]:
    return {
        "format": "neuralcut-project",
        "version": 1,
        "metadata": {"id": "scale", "name": "Scale"},
        "settings": {"fps": {"numerator": FPS, "denominator": 1}, "canvasSize": {"width": size[0], "height": size[1]}},
        "mediaAssets": assets,
        "scenes": [
            {
                "id": "s",
                "name": "Main",
                "isMain": True,
                "tracks": {
                    "overlay": [],
                    "main": {"id": "t-main", "name": "Main", "type": "video", "elements": elements},
                    "audio": audio,
                },
            }
        ],
        "currentSceneId": "s",
    }


def _duration(path: Path) -> float:
    from neuralcut_cli.media.probe import probe

    return float(probe(path).duration or 0)


@dataclass(frozen=True)
class Measured:
    code: int
    wall: float  # seconds
    cpu: float  # seconds of processor time of the command and every process it started
    peak_mb: float  # the largest resident memory of the whole process tree at any sample
    stdout: str
    stderr: str


def measure(
    argv: list[str],
    limit_mb: float | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 1800,
    every: float | None = 0.05,
) -> Measured:
    """Run ``argv``, sampling its process tree's memory every ``every`` seconds (None: not at all, when only
    time counts: sampling walks /proc and takes processor time); over ``limit_mb`` it is killed (a watchdog)."""
    started = time.perf_counter()
    before = os.times()
    process = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True
    )
    peak = 0.0
    out_chunks: list[str] = []
    with ThreadPoolExecutor(2) as pool:
        out = pool.submit(process.stdout.read)  # type: ignore[union-attr]
        err = pool.submit(process.stderr.read)  # type: ignore[union-attr]
        while process.poll() is None:
            if every is not None:
                peak = max(peak, tree_rss_mb(process.pid))
            if (limit_mb is not None and peak > limit_mb) or time.perf_counter() - started > timeout:
                os.killpg(process.pid, 9)
            time.sleep(every or 0.05)
        out_chunks.append(out.result())
        error = err.result()
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return Measured(process.returncode, time.perf_counter() - started, cpu, peak, "".join(out_chunks), error)


def tree_rss_mb(root: int) -> float:
    """Resident memory of ``root`` and all its descendants, in MB (Linux ``/proc``)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parent = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry))
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        stack.extend(children.get(pid, []))
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def neuralcut_argv(*args: str) -> list[str]:
    return [sys.executable, "-m", "neuralcut_cli", *args]
