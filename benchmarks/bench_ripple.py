"""remove_range with ripple on the 20 000-element, 12-track project, load and save included.

    python benchmarks/bench_ripple.py

One cold ``remove_range {start, end, ripple: true}`` in the middle of the
timeline (a fresh session: load, cut every track, delete, shift everything
after, save, record the undo step), as a ratio to plain ``json.loads`` +
``json.dumps`` of the same file, measured in the same run. Target: <= 6x.
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from generate import write_project
from timing import best_and_median

from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.io import read_project
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolContext

REGISTRY = default_registry()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        master = write_project(folder / "big.json", 20_000, 12)
        text = master.read_text()
        middle = read_project(master).scene.end_time / 120_000 / 2
        base, _ = best_and_median(lambda: json.dumps(json.loads(text)))
        times = []
        for run in range(5):
            work = folder / f"run{run}" / "p.json"
            work.parent.mkdir()
            shutil.copy(master, work)
            started = time.perf_counter()
            out = REGISTRY.execute(
                "remove_range",
                {"start": middle, "end": middle + 7.5, "ripple": True},
                ToolContext(ProjectSession(work)),
            )
            times.append(time.perf_counter() - started)
            assert "error" not in out, out
        moved = len(out["movedElements"])
        mine = statistics.median(times)
        print(
            f"20,000 elements, {master.stat().st_size / 1e6:.1f} MB; removed {len(out['deletedElements'])}, "
            f"cut {len(out['cutElements'])}, shifted {moved}"
        )
        print(f"    json.loads + json.dumps                 {base * 1000:7.1f} ms (best of 5)")
        print(f"    remove_range ripple, load+edit+save     {mine * 1000:7.1f} ms (median of 5)")
        print(f"    ratio                                   {mine / base:5.2f}x   (target <= 6x)")


if __name__ == "__main__":
    main()
