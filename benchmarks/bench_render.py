"""Render speed on this machine, as multiples of real time (higher is faster).

    python benchmarks/bench_render.py

Renders projects/demo.json (20 s, 1920x1080, 30 fps) with --preview and in
full, and, as the floor, a plain ffmpeg re-encode of one demo clip with the
same encoder settings. Best of 3 each.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from neuralcut_cli.media.ffmpeg import ffmpeg_exe
from neuralcut_cli.project.io import read_project
from neuralcut_cli.render.run import render

REPO = Path(__file__).resolve().parent.parent
DEMO = REPO / "projects" / "demo.json"


def best(fn, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    project = read_project(DEMO)
    length = project.scene.end_time / 120_000
    clip = REPO / "projects" / "media" / "beach.mp4"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        preview = best(lambda: render(project, DEMO, out / "preview.mp4", preview=True))
        full = best(lambda: render(project, DEMO, out / "full.mp4"))

        def reencode(preset: str, crf: str, size: str) -> None:
            subprocess.run(
                [
                    ffmpeg_exe(),
                    "-y",
                    "-hide_banner",
                    "-loglevel",
                    "error",
                    "-i",
                    str(clip),
                    "-vf",
                    f"scale={size}",
                    "-c:v",
                    "libx264",
                    "-preset",
                    preset,
                    "-crf",
                    crf,
                    "-pix_fmt",
                    "yuv420p",
                    "-c:a",
                    "aac",
                    str(out / "plain.mp4"),
                ],
                check=True,
            )

        floor_full = best(lambda: reencode("veryfast", "20", "1920:1080"))
        floor_preview = best(lambda: reencode("ultrafast", "28", "960:540"))
    clip_length = 10.0
    print(f"demo: {length:g} s at 1920x1080, 30 fps; floor: beach.mp4 ({clip_length:g} s) re-encoded to the same size")
    print(
        f"  render --preview   {length / preview:5.1f}x real time   (plain re-encode at 960x540:   {clip_length / floor_preview:5.1f}x)"
    )
    print(
        f"  render (full)      {length / full:5.1f}x real time   (plain re-encode at 1920x1080: {clip_length / floor_full:5.1f}x)"
    )


if __name__ == "__main__":
    sys.exit(main())
