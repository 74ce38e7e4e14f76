"""What transitions cost a render, in one run.

    python benchmarks/bench_transitions.py [--out benchmarks/out/transitions] [--clips 50]

Builds an edit of ``--clips`` cuts of 3 s from four 720p sources (x264 as screen recorders encode) under a
music bed, then the same edit with a 1 s dissolve at every cut (``add_transition`` with ``everyCut``: the
sources have media on both sides of every cut), and renders both with ``--no-cache``. Prints wall and processor
time of each and their ratio.

Target (issue 27): the edit with a dissolve at every cut renders in at most 1.3x the time of the same edit
without transitions.
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

from scale_media import Measured, cut_project, make_sources, measure, neuralcut_argv  # noqa: E402


def render(project: Path, out: Path) -> Measured:
    run = measure(neuralcut_argv("render", "-p", str(project), "-o", str(out), "--force", "--no-cache", "--json"))
    if run.code != 0:
        raise SystemExit(f"render failed: {run.stderr}")
    return run


def with_dissolves(project: Path) -> Path:
    copy = project.with_name(project.stem + "-dissolves.json")
    shutil.copy(project, copy)
    main = json.loads(copy.read_text())["scenes"][0]["tracks"]["main"]["id"]
    args = json.dumps({"trackId": main, "everyCut": True, "type": "dissolve", "duration": 1})
    done = subprocess.run(
        neuralcut_argv("tool", "add_transition", args, "-p", str(copy), "--json"),
        capture_output=True,
        text=True,
        check=False,
    )
    answer = json.loads(done.stdout or "{}")
    if "error" in answer or done.returncode != 0:
        raise SystemExit(f"add_transition failed: {done.stdout} {done.stderr}")
    print(f"{len(answer['added'])} dissolves added")
    return copy


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=REPO / "benchmarks" / "out" / "transitions")
    parser.add_argument("--clips", type=int, default=50)
    options = parser.parse_args()
    folder = options.out
    make_sources(folder / "media")
    plain = cut_project(folder, options.clips)
    dissolved = with_dissolves(plain)
    base = render(plain, folder / "plain.mp4")
    mixed = render(dissolved, folder / "dissolves.mp4")
    for name, run in (("no transitions", base), ("a dissolve at every cut", mixed)):
        print(f"{name:24} wall {run.wall:7.1f} s   processor {run.cpu:7.1f} s   peak {run.peak_mb:6.0f} MB")
    print(f"ratio: wall {mixed.wall / base.wall:.2f}x, processor {mixed.cpu / base.cpu:.2f}x   (target <= 1.3x)")


if __name__ == "__main__":
    main()
