"""A storyboard of 40 tiles of a long-GOP 720p talk, against ffmpeg extracting the same 40 frames alone.

    python benchmarks/bench_storyboard.py [--seconds 203]

The talk: ``tests/talk_media.py`` (1280x720 H.264, a keyframe every 300 frames and none at scene cuts, AAC
sound), cut by its silences into its spoken lines (what a storyboard of a talk is made of), with a music bed,
a title, a caption, a logo and b-roll over it. NeuralCut: ``neuralcut storyboard --every N`` (40 tiles, each
rendered through the edit's own filter graph, side by side on every core, then tiled with their timecodes).
ffmpeg alone, the frames of the same source moments scaled to the same width, three ways a person would
script it, each measured: one ``ffmpeg -ss T -i talk.mp4 -frames:v 1`` per frame one after another, the same
on every core at once (``xargs -P``), and one pass that decodes everything and ``select``s the frames. The
ratio is to the fastest of them, in one run. Target: at most 1.5x.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEDIA = Path(tempfile.gettempdir()) / "neuralcut-bench-talks"
sys.path.insert(0, str(ROOT / "tests"))

import talk_media as tm  # noqa: E402
from timing import once  # noqa: E402

from neuralcut_cli.media.ffmpeg import ffmpeg_exe  # noqa: E402

TILES = 40
WIDTH = 480


def neuralcut(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "neuralcut_cli", *map(str, args)], capture_output=True, text=True, check=True
    )


def source_times(project: Path, times: list[float]) -> list[float]:
    """The source second of the talk each program time shows (the main track's pieces)."""
    main = json.loads(project.read_text())["scenes"][0]["tracks"]["main"]["elements"]
    out = []
    for at in times:
        piece = next(e for e in main if e["startTime"] <= at * tm.T < e["startTime"] + e["duration"])
        out.append((at * tm.T - piece["startTime"] + piece["trimStart"]) / tm.T)
    return out


def one_frame(source: Path, at: float, target: Path) -> None:
    subprocess.run(
        [ffmpeg_exe(), "-v", "error", "-y", "-ss", f"{at:.3f}", "-i", str(source), "-frames:v", "1"]
        + ["-vf", f"scale={WIDTH}:-2", str(target)],
        check=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=203)
    seconds = parser.parse_args().seconds
    work = Path(tempfile.mkdtemp(prefix="neuralcut-bench-board-"))
    try:
        talk = tm.make_talk(MEDIA, seconds=seconds)  # made once, kept for the next run
        project = tm.talk_project(work / "p", talk)
        neuralcut("run", "remove the silences", "-p", project)
        length = max(e["startTime"] + e["duration"] for e in [
            *json.loads(project.read_text())["scenes"][0]["tracks"]["main"]["elements"]
        ]) / tm.T  # fmt: skip
        every = length / TILES
        times = [i * every for i in range(TILES)]
        sources = source_times(project, times)
        frames = work / "frames"
        frames.mkdir()
        board = work / "board.png"
        ours = once(lambda: neuralcut("storyboard", "-p", project, "-o", board, "--every", f"{every:.6f}", "--force"))
        loop = once(lambda: [one_frame(talk.path, at, frames / f"a{k}.png") for k, at in enumerate(sources)])
        cores = os.cpu_count() or 1
        with ThreadPoolExecutor(cores) as pool:
            parallel = once(
                lambda: list(
                    pool.map(lambda p: one_frame(talk.path, p[1], frames / f"b{p[0]}.png"), enumerate(sources))
                )
            )
        picks = "+".join(f"eq(n\\,{round(at * tm.FPS)})" for at in sources)
        single = once(
            lambda: subprocess.run(
                [ffmpeg_exe(), "-v", "error", "-y", "-i", str(talk.path), "-vf", f"select='{picks}',scale={WIDTH}:-2"]
                + ["-fps_mode", "passthrough", str(frames / "c%02d.png")],
                check=True,
            )
        )
        best = min(loop, parallel, single)
        print(f"talk: {seconds:g} s of 720p, keyframe every 300 frames; cut to {length:.1f} s; {TILES} tiles")
        print(f"ffmpeg, one seek per frame, one after another:  {loop:6.2f} s")
        print(f"ffmpeg, one seek per frame, {cores} at once:          {parallel:6.2f} s")
        print(f"ffmpeg, one pass with select:                   {single:6.2f} s")
        print(f"neuralcut storyboard (the edit drawn, tiled):   {ours:6.2f} s")
        print(f"ratio to the fastest ffmpeg: {ours / best:.2f}x (target <= 1.5x)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
