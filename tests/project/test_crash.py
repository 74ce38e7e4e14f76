"""kill -9 at any moment of an edit or an undo leaves the project as it was or
as it should be, with history that agrees, and no stray files.

The killed process is a real ``neuralcut`` (``tests/crash_child.py``): either
killed at a named point of the write (before or after a rename, after a
temporary file is flushed) or by SIGKILL from outside after a random delay.
After each kill the next start settles what was left (``ProjectSession``),
and the test checks the file, ``history``, ``undo`` and ``redo``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from paths import REPO, TESTS

from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolContext

sys.path.insert(0, str(REPO / "benchmarks"))
from generate import make_project

CHILD = TESTS / "crash_child.py"
SPLIT = ["tool", "split", '{"times": [100.5, 200.25]}']
UNDO = ["undo"]


def content(data: bytes) -> dict[str, Any]:
    """The project without the save time: what undo and redo must give back."""
    document = json.loads(data)
    document["metadata"].pop("updatedAt", None)
    return document


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "template.json"
    path.write_text(json.dumps(make_project(3000, 12), indent=2) + "\n")
    return path


def prepared(big: Path, folder: Path) -> tuple[Path, list[dict[str, Any]]]:
    """A fresh project with one edit in its history; the contents before and after that edit."""
    folder.mkdir(parents=True)
    project = folder / "p.json"
    shutil.copy(big, project)
    first = content(project.read_bytes())
    session = ProjectSession(project)
    assert "error" not in default_registry().execute("split", {"times": [1.5]}, ToolContext(session))
    return project, [first, content(project.read_bytes())]


def run_child(project: Path, command: list[str], crash_at: str | None = None, kill_after: float | None = None) -> int:
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("CRASH_AT", None)
    if crash_at:
        env["CRASH_AT"] = crash_at
    process = subprocess.Popen(
        [sys.executable, str(CHILD), *command, "-p", str(project), "--json"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    if kill_after is not None:
        time.sleep(kill_after)
        process.kill()
    return process.wait(timeout=120)


def strays(folder: Path) -> list[str]:
    return sorted(
        str(p.relative_to(folder))
        for p in folder.rglob("*")
        if p.name.endswith((".tmp", ".new")) or p.name == "pending.json"
    )


def check_after_kill(project: Path, states: list[dict[str, Any]], command: list[str]) -> str:
    """The file is one of the two allowed versions, history agrees, undo/redo move between them."""
    session = ProjectSession(project)
    undo, redo = session.steps()  # the next start: settles a pending journal, sweeps temporary files
    assert strays(project.parent) == []
    now = content(project.read_bytes())
    if command == SPLIT:
        if now == states[1]:
            assert (len(undo), len(redo)) == (1, 0)
            return "before"
        assert (len(undo), len(redo)) == (2, 0) and undo[-1].calls[0]["tool"] == "split"
        after = now
        session.move_history(backwards=True)
        assert content(project.read_bytes()) == states[1]
        session.move_history(backwards=False)
        assert content(project.read_bytes()) == after
        return "after"
    if now == states[1]:
        assert (len(undo), len(redo)) == (1, 0)
        session.move_history(backwards=True)
        assert content(project.read_bytes()) == states[0]
        return "before"
    assert now == states[0] and (len(undo), len(redo)) == (0, 1)
    session.move_history(backwards=False)
    assert content(project.read_bytes()) == states[1]
    return "after"


NAMED_POINTS = [
    (SPLIT, "write:pending.json", "before"),
    (SPLIT, "after:pending.json", "before"),
    (SPLIT, "write:p.json", "before"),
    (SPLIT, "before:p.json", "before"),
    (SPLIT, "after:p.json", "after"),  # the project is replaced, the history not yet
    (SPLIT, "after:000002.json", "after"),
    (SPLIT, "after:index.json", "after"),
    (UNDO, "after:pending.json", "before"),
    (UNDO, "before:p.json", "before"),
    (UNDO, "after:p.json", "after"),
    (UNDO, "after:index.json", "after"),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("command", "point", "expected"), NAMED_POINTS, ids=[f"{c[0]}-{p}" for c, p, _ in NAMED_POINTS]
)
def test_kill_at_a_named_point(big: Path, tmp_path: Path, command: list[str], point: str, expected: str) -> None:
    project, states = prepared(big, tmp_path / "p")
    assert run_child(project, command, crash_at=point) == -9
    assert check_after_kill(project, states, command) == expected


@pytest.mark.slow
def test_kill_at_random_moments(big: Path, tmp_path: Path) -> None:
    project, _ = prepared(big, tmp_path / "timing")
    started = time.monotonic()
    assert run_child(project, SPLIT) == 0
    full = time.monotonic() - started
    rng = random.Random(20261130)
    outcomes = []
    for trial in range(20):
        project, states = prepared(big, tmp_path / f"t{trial}")
        command = SPLIT if trial % 3 else UNDO
        run_child(project, command, kill_after=rng.uniform(0.05, full * 1.05))
        outcomes.append(check_after_kill(project, states, command))
    assert len(outcomes) == 20  # with the 11 named points: 31 kills; which side each lands on depends on timing


def test_a_crash_between_project_and_history_is_finished_on_next_start(
    demo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In-process: the journal's last step never runs (as if killed); the next session finishes it."""
    from neuralcut_cli.project.journal import Journal

    monkeypatch.setattr(Journal, "finish", lambda self: None)
    session = ProjectSession(demo_path)
    default_registry().execute("split", {"times": [5]}, ToolContext(session))
    monkeypatch.undo()
    assert (demo_path.parent / ".neuralcut/demo/history/pending.json").exists()
    fresh = ProjectSession(demo_path)
    undo, _ = fresh.steps()
    assert [s.calls[0]["tool"] for s in undo] == ["split"]
    fresh.move_history(backwards=True)
    assert "e-intro" in {e.id for _, e in fresh.project().scene.elements()}
    assert strays(demo_path.parent) == []


def test_a_temporary_file_left_by_a_kill_is_removed_on_next_start(demo_path: Path) -> None:
    stray = demo_path.parent / f".{demo_path.name}.abc123.tmp"
    stray.write_text("half a project")
    history_stray = demo_path.parent / ".neuralcut/demo/history/.index.json.x.tmp"
    history_stray.parent.mkdir(parents=True)
    history_stray.write_text("{")
    ProjectSession(demo_path).steps()
    assert not stray.exists() and not history_stray.exists()
