"""Small timing helpers shared by the benchmark scripts."""

from __future__ import annotations

import statistics
import subprocess
import time
from collections.abc import Callable, Sequence


def best_and_median(fn: Callable[[], object], runs: int = 5) -> tuple[float, float]:
    """(best, median) wall seconds of ``fn`` over ``runs`` runs."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return min(times), statistics.median(times)


def command_median(argv: Sequence[str], runs: int = 11, env: dict | None = None) -> float:
    """Median wall seconds of a whole command (a fresh process each run)."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(list(argv), check=True, stdout=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def once(action: Callable[[], object]) -> float:
    """Wall seconds of one run of ``action``."""
    started = time.perf_counter()
    action()
    return time.perf_counter() - started
