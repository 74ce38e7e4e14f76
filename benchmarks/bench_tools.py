"""Tool speed on a generated 20 000-element, 12-track project.

    python benchmarks/bench_tools.py

Each figure includes loading the file, the edit, saving it and recording the
undo step (a fresh session per run, as one `neuralcut tool` call would have).
Targets on the reference machine: each under 1 s; split at 1 000 times at
most 3x split at 10 times. Also reports what one undo step costs on disk.
"""

from __future__ import annotations

import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from generate import write_project

from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.io import read_project
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolContext

REGISTRY = default_registry()


def timed_call(master: Path, folder: Path, name: str, args: dict, runs: int = 3) -> tuple[float, int, float]:
    """Median seconds of a cold tool call, bytes of history it wrote, seconds to undo it."""
    times, history, undo = [], 0, 0.0
    for run in range(runs):
        work = folder / f"run{run}" / "p.json"
        work.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(master, work)
        started = time.perf_counter()
        result = REGISTRY.execute(name, args, ToolContext(ProjectSession(work)))
        times.append(time.perf_counter() - started)
        assert "error" not in result, result
        history = sum(p.stat().st_size for p in (work.parent / ".neuralcut").rglob("*.json"))
        if history:
            started = time.perf_counter()
            assert "error" not in REGISTRY.execute("undo", {}, ToolContext(ProjectSession(work)))
            undo = time.perf_counter() - started
        shutil.rmtree(work.parent)
    return statistics.median(times), history, undo


def main() -> None:
    rng = random.Random(3)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        master = write_project(folder / "big.json", 20_000, 12)
        project = read_project(master)
        end = project.scene.end_time / 120_000
        ids = [e.id for _, e in project.scene.elements()]
        main_ids = [e.id for e in project.scene.tracks.main.elements]
        size = master.stat().st_size
        cases = [
            ("split at 10 times", "split", {"times": sorted(rng.uniform(0, end) for _ in range(10))}),
            ("split at 1,000 times", "split", {"times": sorted(rng.uniform(0, end) for _ in range(1000))}),
            ("delete 1,000 ids", "delete_timeline_elements", {"elementIds": rng.sample(ids, 1000)}),
            (
                "move 100 ids (+0 s, same tracks)",
                "move_timeline_elements",
                {
                    "elementIds": main_ids[-100:],
                    "start": project.scene.tracks.main.elements[-100].start_time / 120_000 + 30,
                },
            ),
            ("list_timeline", "list_timeline", {}),
        ]
        print(f"project: 20,000 elements on 12 tracks, {size / 1e6:.1f} MB, timeline {end / 60:.0f} min")
        results = {}
        for label, name, args in cases:
            seconds, history, undo = timed_call(master, folder, name, args)
            results[label] = seconds
            mark = "ok" if seconds < 1 else "SLOW"
            extra = (
                f"  undo step: {history / 1e3:7.1f} kB ({history / size * 100:4.1f}% of the file), "
                f"undo {undo * 1000:4.0f} ms"
                if history
                else ""
            )
            print(f"  {label:<34} {seconds * 1000:5.0f} ms  {mark:<4}{extra}")
        ratio = results["split at 1,000 times"] / results["split at 10 times"]
        print(f"  split 1,000 / split 10 = {ratio:.2f}x (target <= 3x)")


if __name__ == "__main__":
    main()
