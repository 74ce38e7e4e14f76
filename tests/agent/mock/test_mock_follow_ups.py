"""Follow-ups end to end (issue 29 §1): "it" in one `neuralcut run` means what the run before it touched, as the
chat store kept it, both in process and through `neuralcut serve` with `--backend http://`; and a property: a
request that fails never changes the file, and one whose edits change nothing says so."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import invoke
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mock_rounds import element, new_texts, project
from paths import DEMO

from neuralcut_cli.agent.backends.mock import MockBackend
from neuralcut_cli.agent.endings import UNCHANGED
from neuralcut_cli.agent.orchestrator import Orchestrator
from neuralcut_cli.agent.stores import ChatStore
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.tools import default_registry


def test_it_means_the_text_the_last_run_added(demo_path: Path) -> None:
    first = invoke("run", 'add "Welcome back" at the bottom for 4 seconds', "-p", demo_path, "--json")
    assert first.returncode == 0, first.stderr
    second = invoke("run", "make it red and underline it", "-p", demo_path, "--json")
    assert second.returncode == 0, second.stderr
    (added,) = new_texts(project(demo_path))
    assert (added["color"], added["textDecoration"]) == ("#ff0000", "underline")
    chat = json.loads((demo_path.parent / ".neuralcut" / "demo" / "chat.json").read_text())
    assert chat["messages"][-1]["subjects"] == [added["id"]]  # kept by the chat store, on the reply


def test_a_refused_request_keeps_the_subject_for_the_next(demo_path: Path) -> None:
    invoke("run", "mute the music", "-p", demo_path)
    assert invoke("run", "make it sparkle", "-p", demo_path).returncode == 1
    assert invoke("run", "unmute it", "-p", demo_path).returncode == 0
    assert element(project(demo_path), "e-music")["muted"] is False


@pytest.fixture
def served() -> Iterator[str]:
    """`neuralcut serve --port 0` (the mock behind it), and its URL."""
    process = subprocess.Popen(
        [sys.executable, "-m", "neuralcut_cli", "serve", "--port", "0", "--log-level", "warning"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert process.stdout is not None
        deadline, url = time.monotonic() + 30, None
        while url is None and time.monotonic() < deadline:
            found = re.search(r"(http://127\.0\.0\.1:\d+)/api/agent/chat", process.stdout.readline())
            url = found.group(1) if found else None
        assert url is not None, "neuralcut serve did not say where it listens"
        yield url
    finally:
        process.terminate()
        process.wait(10)


def test_follow_ups_through_neuralcut_serve(served: str, tmp_path: Path) -> None:
    path = tmp_path / "demo.json"
    shutil.copy(DEMO, path)
    done = invoke("run", "--backend", served, "duplicate the intro", "-p", path)
    assert done.returncode == 0, done.stderr
    copies = [e["id"] for e in project(path)["scenes"][0]["tracks"]["overlay"][0]["elements"]]
    assert invoke("run", "--backend", served, "make the copy half transparent", "-p", path).returncode == 0
    changed = [e for e in (element(project(path), i) for i in copies) if e.get("opacity") == 0.5]
    assert len(changed) == 1 and changed[0]["id"] != "e-intro"
    assert invoke("run", "--backend", served, "delete it", "-p", path).returncode == 0
    assert all(
        e["id"] != changed[0]["id"] for t in project(path)["scenes"][0]["tracks"]["overlay"] for e in t["elements"]
    )


_WORDS = [
    "make", "it", "the", "title", "red", "bigger", "music", "louder", "by", "3", "db", "undo", "everything",
    "move", "intro", "to", "end", "swap", "beach", "and", "city", "fade", "out", "over", "2", "seconds", "split",
    "at", "5s", "second", "half", "delete", "solo", "slow", "mo", "underline", "background", "remove", "copy",
    "lower", "third", "quick", "trim", "so", "starts", "0:07", "pinkish", "sparkle", "nvm", "both", "redo",
]  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=7))
def test_no_failed_request_changes_the_file_and_no_silent_no_op(tmp_path: Path, words: list[str]) -> None:
    path = Path(tempfile.mkdtemp(dir=tmp_path)) / "p.json"  # a fresh folder each example: no history left by another
    shutil.copy(DEMO, path)
    session = ProjectSession(path)
    orchestrator = Orchestrator(MockBackend(), default_registry(), session, ChatStore())
    orchestrator.run('add "Hi" at the top for 2 seconds')  # something for "it" to mean
    before = path.read_bytes()
    outcome = orchestrator.run(" ".join(words))
    after = path.read_bytes()
    if outcome.failed:
        assert after == before, f"{' '.join(words)!r} failed and changed the file: {outcome.reply}"
        return
    edits = [r for r in outcome.tool_results if r.error is None and default_registry().get(r.name).kind == "edit"]
    history = any(r.name in ("undo", "redo") for r in outcome.tool_results)
    if edits and not history and after == before:
        assert outcome.reply.endswith(UNCHANGED), outcome.reply
