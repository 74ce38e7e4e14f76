"""Render at the scale people work at, against the plain-ffmpeg floor, in one run.

    python benchmarks/bench_render_scale.py [--out benchmarks/out/scale] [--clips 10 50 200]

Builds projects of 10, 50 and 200 cuts of 3 s from four 720p sources (x264 as screen recorders encode:
veryfast, a keyframe every 250 frames, B-frames) under a music bed, and a 10-minute 640x360 talk cut by
``remove the silences``. For each it prints wall time, processor time (every process) and the peak memory of
the whole process tree for ``neuralcut render`` and for the floor: ffmpeg's concat demuxer over the same cuts
(inpoint/outpoint) into one encode with the same encoder settings. Then: ``--jobs 1`` against ``--jobs 2`` (50
cuts), and a render after a one-clip edit against the first render (200 cuts, the cache warm from the first).

Targets (issue 23): processor time at most 1.3x the floor at 200 cuts; ``--jobs 2`` at most 0.65x the wall time
of ``--jobs 1`` on two cores; the render after a one-clip edit at most 25 % of the first; peak memory at most
1.5 GB, and 200 cuts at most 1.3x what 10 need.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from scale_media import (  # noqa: E402  (the tests' generators: one way to make the media)
    Measured,
    cut_project,
    make_sources,
    make_talk,
    measure,
    neuralcut_argv,
    talk_project,
)

from neuralcut_cli.media.ffmpeg import ffmpeg_exe  # noqa: E402
from neuralcut_cli.project.io import read_project  # noqa: E402
from neuralcut_cli.time import ticks_to_seconds  # noqa: E402


def render(project: Path, out: Path, *extra: str, memory: bool = True) -> Measured:
    run = measure(
        neuralcut_argv("render", "-p", str(project), "-o", str(out), "--force", "--json", *extra),
        every=0.05 if memory else None,
    )
    if run.code != 0:
        raise SystemExit(f"render failed: {run.stderr}")
    return run


def floor(project: Path, out: Path) -> Measured:
    """ffmpeg alone: the concat demuxer over the same cuts, one encode, the same encoder settings."""
    data = read_project(project)
    lines = ["ffconcat version 1.0"]
    for element in data.scene.tracks.main.sorted_elements():
        asset = data.asset(element.media_id)  # type: ignore[attr-defined]
        path = (project.parent / asset.path).resolve()  # type: ignore[union-attr, arg-type]
        start = ticks_to_seconds(element.trim_start)
        lines += [
            f"file '{path}'",
            f"inpoint {start:.6f}",
            f"outpoint {start + ticks_to_seconds(element.duration):.6f}",
        ]
    listing = out.with_suffix(".txt")
    listing.write_text("\n".join(lines) + "\n")
    run = measure(
        [
            ffmpeg_exe(),
            "-y",
            "-hide_banner",
            "-loglevel",
            "error",
            "-f",
            "concat",
            "-safe",
            "0",
            "-i",
            str(listing),
            "-c:v",
            "libx264",
            "-preset",
            "veryfast",
            "-crf",
            "20",
            "-pix_fmt",
            "yuv420p",
            "-c:a",
            "aac",
            "-b:a",
            "160k",
            str(out),
        ]
    )
    if run.code != 0:
        raise SystemExit(f"floor failed: {run.stderr}")
    return run


def line(name: str, run: Measured, base: Measured | None = None) -> str:
    ratio = f"   cpu {run.cpu / base.cpu:4.2f}x, wall {run.wall / base.wall:4.2f}x the floor" if base else ""
    return f"  {name:<28} wall {run.wall:7.1f} s   cpu {run.cpu:7.1f} s   peak {run.peak_mb:6.0f} MB{ratio}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "benchmarks" / "out" / "scale")
    parser.add_argument("--clips", type=int, nargs="+", default=[10, 50, 200])
    parser.add_argument("--no-talk", action="store_true", help="skip the 10-minute talk")
    args = parser.parse_args()
    folder = args.out
    make_sources(folder / "media")
    print("cuts of 3 s from four 1280x720 sources, music bed; floor = concat demuxer + one encode, same settings")
    peaks: dict[int, float] = {}
    for clips in args.clips:
        project = cut_project(folder, clips, clip_seconds=3.0)
        ours = render(project, folder / f"cuts-{clips}.mp4", "--no-cache")
        base = floor(project, folder / f"floor-{clips}.mp4")
        peaks[clips] = ours.peak_mb
        print(f"{clips} cuts ({clips * 3} s):")
        print(line("neuralcut render", ours, base))
        print(line("floor", base))
    if len(peaks) > 1:
        low, high = min(peaks), max(peaks)
        print(f"peak memory, {high} cuts against {low}: {peaks[high] / peaks[low]:.2f}x")
    jobs(folder)
    rerender(folder, max(args.clips))
    if not args.no_talk:
        talk(folder)


def jobs(folder: Path) -> None:
    project = cut_project(folder, 50, clip_seconds=3.0)
    one = render(project, folder / "jobs1.mp4", "--no-cache", "--jobs", "1", memory=False)
    two = render(project, folder / "jobs2.mp4", "--no-cache", "--jobs", "2", memory=False)
    print(
        f"50 cuts, --jobs 2 against --jobs 1 (one processor each): wall {two.wall:.1f} s / {one.wall:.1f} s = "
        f"{two.wall / one.wall:.2f}x"
    )


def rerender(folder: Path, clips: int) -> None:
    project = cut_project(folder, clips, clip_seconds=3.0, name=f"edit-{clips}.json")
    shutil.rmtree(folder / ".neuralcut" / project.stem, ignore_errors=True)  # a cold cache for the first render
    first = render(project, folder / "edit.mp4")
    edit = subprocess.run(
        neuralcut_argv(
            "tool", "add_clip_effect", '{"elementIds": ["e0042"], "effectType": "grayscale"}', "-p", str(project)
        ),
        capture_output=True,
        text=True,
    )
    if edit.returncode != 0:
        raise SystemExit(f"edit failed: {edit.stdout}")
    again = render(project, folder / "edit.mp4")
    reused = json.loads(again.stdout)
    print(
        f"{clips} cuts, one clip made grey, render again: {again.wall:.1f} s against {first.wall:.1f} s first = "
        f"{again.wall / first.wall:.2f}x ({reused['reused']} of {reused['segments']} segments reused)"
    )


def talk(folder: Path) -> None:
    video = make_talk(folder / "media")
    project = talk_project(folder, video)
    cut = subprocess.run(
        neuralcut_argv("run", "remove the silences", "-p", str(project), "--json"), capture_output=True, text=True
    )
    if cut.returncode != 0:
        raise SystemExit(f"remove the silences failed: {cut.stdout}{cut.stderr}")
    data = read_project(project)
    ours = render(project, folder / "talk.mp4", "--no-cache")
    base = floor(project, folder / "talk-floor.mp4")
    print(
        f"a 10-minute 640x360 talk, silences removed: {len(data.scene.tracks.main.elements)} clips, "
        f"{ticks_to_seconds(data.scene.end_time):.1f} s:"
    )
    print(line("neuralcut render", ours, base))
    print(line("floor", base))


if __name__ == "__main__":
    main()
