"""The outside evaluation: every request of ``benchmarks/outside/cases.py`` run as ``neuralcut run`` on a fresh
copy of the demo project, its final state checked, reported as right / refused / wrong by family and by half
(``tune``: what the offline backend was improved on; ``held``: kept back, only measured).

    python benchmarks/eval_outside.py                 # the table; exit 1 when any edit is wrong
    python benchmarks/eval_outside.py --half held     # one half
    python benchmarks/eval_outside.py --family refs --show refused   # each refused request with its reply
    python benchmarks/eval_outside.py --markdown benchmarks/outside/after.md

A refusal counts as one only when its reply offers a request the backend understands ("Requests I understand
that come close", "Say e.g." or "Say '...'"); a refusal without one is listed under ``bare``. A request whose goal
the project already meets ("make it last 5 seconds" when it does) is right when the reply says so.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "outside"))

from cases import CASES, Case, half  # noqa: E402
from checks import P, outcome  # noqa: E402

ROOT = HERE.parent
DEMO = ROOT / "projects"
CLI = [sys.executable, "-m", "neuralcut_cli"]
OFFERS = ("Requests I understand that come close", "Say e.g.", "e.g. '", "Say '")


@dataclass
class Result:
    case: Case
    verdict: str  # right | refused | wrong | setup
    why: str
    reply: str


def _env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEURALCUT_", "GEMINI", "GOOGLE", "OPENAI"))}
    env.update(
        XDG_CONFIG_HOME=str(folder / "config"),
        XDG_STATE_HOME=str(folder / "state"),
        HF_HUB_OFFLINE="1",
        COLUMNS="100",
        NO_COLOR="1",
    )
    return env


def run_case(case: Case) -> Result:
    with tempfile.TemporaryDirectory(prefix="nc-eval-") as tmp:
        folder = Path(tmp)
        shutil.copytree(DEMO, folder / "projects", ignore=shutil.ignore_patterns(".neuralcut*", "*.bak"))
        project = folder / "projects" / "demo.json"
        env = _env(folder)
        for step in case.setup:
            done = subprocess.run([*CLI, "run", "-p", str(project), step], env=env, capture_output=True, text=True)
            if done.returncode != 0:
                return Result(case, "setup", f"setup {step!r} failed: {done.stdout[-300:]}", "")
        before = P(json.loads(project.read_text()))
        done = subprocess.run(
            [*CLI, "run", "-p", str(project), case.text, "--json"], env=env, capture_output=True, text=True
        )
        after = P(json.loads(project.read_text()))
        try:
            answer = json.loads(done.stdout)
        except json.JSONDecodeError:
            return Result(case, "wrong", f"no JSON answer: {done.stdout[-200:]} {done.stderr[-300:]}", "")
        reply = str(answer.get("reply", ""))
        calls = [c["name"] for c in answer.get("toolCalls", [])]
        verdict, why = outcome(case.expect, before, after, done.returncode, reply, calls)
        if verdict == "refused" and not any(o in reply for o in OFFERS) and case.expect.kind == "edit":
            why = f"bare: {why}"
        return Result(case, verdict, why, reply)


def table(results: list[Result]) -> str:
    counts: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for r in results:
        counts[(r.case.family, half(r.case))][r.verdict] += 1
    families = sorted({r.case.family for r in results})
    lines = [
        "| family | tune: right / refused / wrong | held: right / refused / wrong |",
        "|---|---|---|",
    ]
    total = {h: Counter[str]() for h in ("tune", "held")}
    for family in families:
        cells = []
        for h in ("tune", "held"):
            got = counts[(family, h)]
            total[h].update(got)
            cells.append(_cell(got))
        lines.append(f"| {family} | {cells[0]} | {cells[1]} |")
    lines.append(f"| **all** | {_cell(total['tune'])} | {_cell(total['held'])} |")
    return "\n".join(lines)


def _cell(got: Counter[str]) -> str:
    n = sum(got.values())
    setup = f" (setup failed {got['setup']})" if got["setup"] else ""
    return f"{got['right']} / {got['refused']} / {got['wrong']} of {n}{setup}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--half", choices=("tune", "held"))
    parser.add_argument("--family")
    parser.add_argument("--show", choices=("right", "refused", "wrong", "setup"), action="append", default=[])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--markdown", type=Path, help="also write the table and the wrong edits here")
    args = parser.parse_args()
    chosen = [c for c in CASES if (args.half is None or half(c) == args.half) and args.family in (None, c.family)]
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(run_case, chosen))
    report = [f"{len(results)} requests, each as `neuralcut run` on a fresh demo copy.", "", table(results), ""]
    wrong = [r for r in results if r.verdict in ("wrong", "setup")]
    for r in wrong:
        report.append(f"- WRONG [{r.case.family}/{half(r.case)}] {r.case.text!r}: {r.why}")
    bare = [r for r in results if r.verdict == "refused" and r.why.startswith("bare")]
    report.append(f"\nRefusals without a close request offered: {len(bare)}")
    for r in bare:
        report.append(f"- bare [{r.case.family}] {r.case.text!r}")
    text = "\n".join(report)
    print(text)
    for r in results:
        if r.verdict in args.show:
            print(f"\n== [{r.verdict}] [{r.case.family}/{half(r.case)}] {r.case.text}\n   {r.why}\n   {r.reply[:600]}")
    if args.markdown:
        args.markdown.write_text(text + "\n")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
