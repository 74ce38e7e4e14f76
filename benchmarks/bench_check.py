"""What checking costs, in one run.

    python benchmarks/bench_check.py [--out benchmarks/out/check] [--minutes 10]

(a) the timeline checks on a generated 20,000-element, 12-track project (best of 5; target under 200 ms);
(b) the media checks on a generated talk of ``--minutes`` (640x360, x264 as screen recorders encode) against one
    bare ffmpeg pass with the same filters (``blackdetect``, ``freezedetect``, ``silencedetect``, ``ebur128``);
    target at most 1.3x.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(REPO / "tests"))

from generate import write_project  # noqa: E402
from scale_media import make_talk  # noqa: E402
from timing import best_and_median  # noqa: E402

from neuralcut_cli.check import media  # noqa: E402
from neuralcut_cli.check.media import media_findings  # noqa: E402
from neuralcut_cli.check.timeline import timeline_findings  # noqa: E402
from neuralcut_cli.media.ffmpeg import run_ffmpeg, source_args  # noqa: E402
from neuralcut_cli.project.io import read_project  # noqa: E402


def timeline(folder: Path) -> None:
    path = write_project(folder / "big.json", 20_000, 12)
    project = read_project(path)
    best, median = best_and_median(lambda: timeline_findings(project, path))
    found = len(timeline_findings(project, path))
    print(f"(a) timeline checks, 20,000 elements: best {best * 1000:.0f} ms, median {median * 1000:.0f} ms "
          f"({found} findings; target < 200 ms)")  # fmt: skip


def media_pass(folder: Path, minutes: float) -> None:
    talk = make_talk(folder, minutes)
    filters = [
        "-vf", f"blackdetect=d={media.BLACK_SECONDS}:pix_th=0.10,freezedetect=n=-60dB:d={media.FROZEN_SECONDS}",
        "-af", f"silencedetect=n={media.SILENT_DB}dB:d={media.SILENT_SECONDS},ebur128=peak=true",
    ]  # fmt: skip
    started = time.perf_counter()
    run_ffmpeg([*source_args(talk), *filters, "-f", "null", "-"])
    bare = time.perf_counter() - started
    started = time.perf_counter()
    found = media_findings(talk, -14)
    ours = time.perf_counter() - started
    print(f"(b) media checks on {minutes:g} minutes: {ours:.1f} s against one bare ffmpeg pass {bare:.1f} s: "
          f"{ours / bare:.2f}x ({len(found)} findings; target <= 1.3x)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=REPO / "benchmarks" / "out" / "check")
    parser.add_argument("--minutes", type=float, default=10)
    options = parser.parse_args()
    options.out.mkdir(parents=True, exist_ok=True)
    timeline(options.out)
    media_pass(options.out, options.minutes)


if __name__ == "__main__":
    main()
