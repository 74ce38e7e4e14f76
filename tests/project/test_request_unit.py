"""A request is one unit (issue 25, item 3): killed after its first edit, or at any other moment, the project
is the old file or the whole request, never half of it.

Chosen: roll back. The request's first edit journals where it began (the file before it) while the process
holds the request's lock; the next command that opens the project finds a request whose process is gone and
puts the file back, dropping its undo step (``project/open_request.py``).
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import invoke
from paths import REPO, TESTS

from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolContext

CHILD = TESTS / "crash_child.py"
CHAIN = "split at 2s, then mute the music"


_UUID = re.compile(rb"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def content(data: bytes) -> dict[str, Any]:
    """The project without its save time, the ids an edit made named by order of appearance (a split's new
    pieces get fresh ids in every run)."""
    made: dict[bytes, bytes] = {}
    data = _UUID.sub(lambda m: made.setdefault(m.group(0), b"new-%d" % len(made)), data)
    document = json.loads(data)
    document["metadata"].pop("updatedAt", None)
    return document


def killed_run(project: Path, crash_at: str) -> int:
    env = {**os.environ, "NO_COLOR": "1", "CRASH_AT": crash_at}
    return subprocess.run(
        [sys.executable, str(CHILD), "run", CHAIN, "-p", str(project)], env=env, capture_output=True, timeout=120
    ).returncode


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory, demo_json: dict[str, Any]) -> tuple[bytes, dict[str, Any]]:
    """The demo's bytes, and its content after the whole request."""
    folder = tmp_path_factory.mktemp("whole")
    project = folder / "p.json"
    original = (json.dumps(demo_json, indent=2) + "\n").encode()
    project.write_bytes(original)
    done = invoke("run", CHAIN, "-p", project)
    assert done.returncode == 0, done.stderr
    after = content(project.read_bytes())
    assert after != content(original)
    return original, after


@pytest.fixture(scope="module")
def demo_json() -> dict[str, Any]:
    return json.loads((REPO / "projects" / "demo.json").read_text())


def history_steps(project: Path) -> list[list[str]]:
    shown = invoke("history", "-p", project, "--json")
    assert shown.returncode == 0, shown.stderr
    return [step["tools"] for step in json.loads(shown.stdout)["undo"]]


def strays(folder: Path) -> list[str]:
    return sorted(
        p.name
        for p in folder.rglob("*")
        if p.name.endswith((".tmp", ".new")) or p.name == "pending.json" or p.name.startswith("request-")
    )


@pytest.mark.slow
@pytest.mark.parametrize("trial", range(10))
def test_killed_right_after_the_first_edit_the_next_command_rolls_the_request_back(
    tmp_path: Path, whole: tuple[bytes, dict[str, Any]], trial: int
) -> None:
    original, _ = whole
    project = tmp_path / "p.json"
    project.write_bytes(original)
    assert killed_run(project, "after:p.json#1") == -9
    assert content(project.read_bytes()) != content(original)  # half done on disk, for now
    shown = invoke("timeline", "-p", project, "--json")  # the next command, a reader
    assert shown.returncode == 0, shown.stderr
    assert "Rolled back the request 'split at 2s, then mute the music'" in shown.stderr
    assert project.read_bytes() == original  # byte for byte where it began
    assert history_steps(project) == []
    assert strays(tmp_path) == []


@pytest.mark.slow
@pytest.mark.parametrize("trial", range(20))
def test_killed_at_a_random_moment_the_file_is_old_or_whole(
    tmp_path: Path, whole: tuple[bytes, dict[str, Any]], trial: int
) -> None:
    original, after = whole
    project = tmp_path / "p.json"
    project.write_bytes(original)
    point = random.Random(trial).randint(1, 14)
    code = killed_run(project, f"rename:{point}")
    steps = history_steps(project)  # takes the lock: settles the journal and any unfinished request
    now = project.read_bytes()
    if now == original:
        assert steps == []
    else:
        assert code in (0, -9) and content(now) == after, f"half a request after a kill at rename {point}"
        assert steps == [["split", "set_volume", "set_volume"]]
    assert strays(tmp_path) == []


def test_a_request_stopped_by_an_exception_is_rolled_back_in_process(demo_path: Path) -> None:
    before = demo_path.read_bytes()
    session = ProjectSession(demo_path)
    tools = default_registry()
    with pytest.raises(KeyboardInterrupt), session.request("split at 2s, then mute the music"):
        assert "error" not in tools.execute("split", {"times": [2]}, ToolContext(session))
        assert demo_path.read_bytes() != before
        raise KeyboardInterrupt
    assert demo_path.read_bytes() == before
    assert session.history.steps() == ([], [])
    assert "stopped before it finished" in session.notices[0]


def test_a_request_still_running_is_never_rolled_back_by_another_reader(demo_path: Path) -> None:
    writer, reader = ProjectSession(demo_path), ProjectSession(demo_path)
    tools = default_registry()
    with writer.request("split at 2s, then mute the music"):
        assert "error" not in tools.execute("split", {"times": [2]}, ToolContext(writer))
        edited = demo_path.read_bytes()
        assert reader.settle() == []
        assert demo_path.read_bytes() == edited
        assert "error" not in tools.execute(
            "set_volume", {"elementId": "e-music", "trackId": "t-audio", "volume": 0}, ToolContext(writer)
        )
    assert len(writer.history.steps()[0]) == 1
    assert not list((demo_path.parent / ".neuralcut").rglob("request-*"))


def test_a_finished_request_leaves_no_marker_and_one_step(demo_path: Path) -> None:
    done = invoke("run", CHAIN, "-p", demo_path)
    assert done.returncode == 0, done.stderr
    assert not list((demo_path.parent / ".neuralcut").rglob("request-*"))
    assert history_steps(demo_path) == [["split", "set_volume", "set_volume"]]
    shutil.rmtree(demo_path.parent / ".neuralcut")


def test_a_model_that_fails_after_an_edit_leaves_the_project_as_it_was(demo_path: Path) -> None:
    """A request is one unit for a model too: an error after the first edit rolls the request back, and the
    reply says so."""
    from agent_helpers import orchestrator

    from neuralcut_cli.errors import BackendError

    before = demo_path.read_bytes()
    orch, _, _ = orchestrator(
        demo_path, [{"toolCalls": [{"name": "split", "args": {"times": [2]}}]}, BackendError("the server went away")]
    )
    outcome = orch.run("split at 2s, then mute the music")
    assert outcome.status == "error" and "the server went away" in (outcome.error or "")
    assert "Rolled back the request 'split at 2s, then mute the music'" in outcome.reply
    assert demo_path.read_bytes() == before
    assert ProjectSession(demo_path).history.steps() == ([], [])
