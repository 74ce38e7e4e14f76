"""The slow paths at 100,000 elements (issue 25, item 11), as a person runs them.

    python benchmarks/bench_scale_100k.py

A generated 100,000-element, 12-track project. Each command is a fresh
`neuralcut` process (start-up included), run three times, median reported,
with peak memory of the process (``ru_maxrss`` of the children):

- ``timeline`` (the human view: a screenful of each track, the lanes), target under 5 s;
- ``timeline --all`` (every element, one plain line each);
- ``export -o x.otio``, target under 10 s;
- ``frame`` of a text of 3,000 characters no installed font has (Kharoshthi), which took 54 s.
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from generate import make_project

NEURALCUT = [sys.executable, "-m", "neuralcut_cli"]
DEMO = Path(__file__).resolve().parent.parent / "projects" / "demo.json"


def timed(argv: list[str], runs: int = 3) -> tuple[float, float]:
    """(median seconds, peak MB of any one run)."""
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - began)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return statistics.median(times), peak


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="neuralcut-100k-"))
    big = folder / "big.json"
    big.write_text(json.dumps(make_project(100_000, 12)))
    glyphs = folder / "glyphs.json"
    data = json.loads(DEMO.read_text())
    title = data["scenes"][0]["tracks"]["overlay"][0]["elements"][0]
    title["content"] = "".join(chr(0x10A00 + n % 60) for n in range(3000))
    glyphs.write_text(json.dumps(data))
    (folder / "media").symlink_to(DEMO.parent / "media")
    rows = [
        ("timeline (a screenful)", [*NEURALCUT, "timeline", "-p", str(big)], 5.0),
        ("timeline --all", [*NEURALCUT, "timeline", "--all", "-p", str(big)], None),
        ("export .otio", [*NEURALCUT, "export", "-p", str(big), "-o", str(folder / "x.otio"), "--force"], 10.0),
        (
            "frame, 3,000 uncovered chars",
            [*NEURALCUT, "frame", "--at", "1", "-p", str(glyphs), "-o", str(folder / "f.png"), "--force"],
            None,
        ),
    ]
    print(f"{'command':32} {'median s':>9} {'target':>8} {'peak MB (so far)':>17}")
    for name, argv, target in rows:
        seconds, peak = timed(argv)
        shown = f"< {target:g} s" if target else "-"
        print(f"{name:32} {seconds:9.2f} {shown:>8} {peak:17.0f}")


if __name__ == "__main__":
    main()
