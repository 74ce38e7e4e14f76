"""Project load/save speed and CLI cold start.

    python benchmarks/bench_project.py

(a) load + save of a generated 20 000-element, 12-track project, as a ratio
    to plain ``json.loads`` + ``json.dumps`` of the same file (target <= 5x);
(b) the cold start of ``neuralcut timeline --json`` on the demo, median of
    11 fresh processes (target <= 0.25 s);
(c) ``neuralcut run "split at 5s" --json`` with the mock backend on a fresh
    copy of the demo each time, median of 11, side by side with
    ``llm --version`` (Simon Willison's ``llm`` package, a Python CLI of the
    same kind), the two interleaved in one run; target <= 0.35x. The first
    run fills the offline backend's patterns cache (as the first request on
    a machine does; ``NEURALCUT_CACHE_DIR``) and the package is byte-compiled
    first (as an installed one is), so the median is a person's usual run;
    the first run, with the cache empty, is printed too. ``llm`` is looked
    up as ``$LLM_BIN`` or on the PATH; install it apart so it does not
    share our venv: ``python3 -m venv /tmp/llm && /tmp/llm/bin/pip install llm
    && LLM_BIN=/tmp/llm/bin/llm python benchmarks/bench_project.py``.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from generate import write_project
from timing import best_and_median, command_median

from neuralcut_cli.project.io import read_project, save_project

REPO = Path(__file__).resolve().parent.parent


def load_save_ratio(folder: Path) -> None:
    path = write_project(folder / "big.json", 20_000, 12)
    text = path.read_text()

    def plain() -> None:
        json.dumps(json.loads(text))

    def plain_indented() -> None:
        json.dumps(json.loads(text), indent=2)

    def ours() -> None:
        save_project(path, read_project(path))

    base, _ = best_and_median(plain)
    base_indent, _ = best_and_median(plain_indented)
    mine, mine_median = best_and_median(ours)
    print(f"(a) 20,000 elements, {path.stat().st_size / 1e6:.1f} MB")
    print(f"    json.loads + json.dumps           {base * 1000:7.1f} ms (best of 5)")
    print(f"    json.loads + json.dumps(indent=2) {base_indent * 1000:7.1f} ms")
    print(f"    neuralcut load + save              {mine * 1000:7.1f} ms (median {mine_median * 1000:.1f} ms)")
    print(f"    ratio to compact json              {mine / base:5.2f}x   (target <= 5x)")


def cold_start(folder: Path) -> None:
    demo = folder / "demo.json"
    shutil.copy(REPO / "projects" / "demo.json", demo)
    exe = shutil.which("neuralcut") or str(Path(sys.executable).parent / "neuralcut")
    median = command_median([exe, "timeline", "-p", str(demo), "--json"])
    floor = command_median([sys.executable, "-c", "pass"])
    print(
        f"(b) neuralcut timeline --json, cold: median {median * 1000:.0f} ms of 11 (target <= 250 ms); "
        f"bare python start {floor * 1000:.0f} ms"
    )


def cold_run(folder: Path) -> None:
    demo = folder / "run" / "demo.json"
    demo.parent.mkdir()
    exe = shutil.which("neuralcut") or str(Path(sys.executable).parent / "neuralcut")
    llm = os.environ.get("LLM_BIN") or shutil.which("llm")
    ours: list[float] = []
    theirs: list[float] = []
    env = {**os.environ, "NEURALCUT_CACHE_DIR": str(folder / "cache")}  # empty at the first run
    for _ in range(11):
        shutil.rmtree(demo.parent / ".neuralcut", ignore_errors=True)
        shutil.copy(REPO / "projects" / "demo.json", demo)
        ours.append(timed([exe, "run", "split at 5s", "-p", str(demo), "--json"], env))
        if llm:
            theirs.append(timed([llm, "--version"]))
    mine = statistics.median(ours)
    print(
        f'(c) neuralcut run "split at 5s" --json (mock), cold: median {mine * 1000:.0f} ms of 11 '
        f"(the first, with the patterns cache empty: {ours[0] * 1000:.0f} ms)"
    )
    if not theirs:
        print("    llm --version: not measured (set LLM_BIN or put llm on the PATH; see the docstring)")
        return
    other = statistics.median(theirs)
    print(f"    llm --version, interleaved:       median {other * 1000:.0f} ms of 11")
    print(f"    ratio                              {mine / other:5.2f}x   (target <= 0.35x)")


def timed(argv: list[str], env: dict[str, str] | None = None) -> float:
    started = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - started


def precompile() -> None:
    """Byte-compile the package, as an installed (non-editable) package is.

    With ``PYTHONDONTWRITEBYTECODE`` set (as on some CI machines) an editable
    install would otherwise recompile every module at every start.
    """
    import compileall

    import neuralcut_cli

    compileall.compile_dir(str(Path(neuralcut_cli.__file__).parent), quiet=1)


def main() -> None:
    precompile()
    with tempfile.TemporaryDirectory() as tmp:
        load_save_ratio(Path(tmp))
        cold_start(Path(tmp))
        cold_run(Path(tmp))


if __name__ == "__main__":
    main()
