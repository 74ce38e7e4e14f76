"""`neuralcut run` and piped stdin through the real entry point: output, exit codes, files.

Most run in this process (``cli_helpers.invoke``); the ones about a real
process (a closed stdin) start one.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from cli_helpers import EXE, invoke

neuralcut = invoke  # in this process, through main()


def test_run_json_document(demo_path: Path) -> None:
    done = invoke("run", "split at 5s", "-p", demo_path, "--json")
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert set(document) == {"reply", "toolCalls", "toolResults", "status"}
    assert document["status"] == "idle"
    assert document["toolCalls"][0]["name"] == "split" and document["toolCalls"][0]["args"] == {"times": [5.0]}
    assert document["toolResults"][0]["toolCallId"] == document["toolCalls"][0]["id"]
    assert document["toolResults"][0]["result"]["success"] is True
    assert "00:05.00" in document["reply"]


def test_run_human_output(demo_path: Path) -> None:
    done = invoke("run", "delete from 3s to 6s", "-p", demo_path)
    assert done.returncode == 0
    assert "✓ remove_range" in done.stdout
    assert "- removed" in done.stdout or "~ changed" in done.stdout
    assert "Main Track" in done.stdout  # the lanes, tracks by name


def test_run_failure_exits_1_and_keeps_the_file(demo_path: Path) -> None:
    before = demo_path.read_bytes()
    done = invoke("run", "make it pop", "-p", demo_path, "--json")
    assert done.returncode == 1
    document = json.loads(done.stdout)
    assert document["status"] == "error" and "changed nothing" in document["reply"]
    assert demo_path.read_bytes() == before


def test_run_dry_run_changes_nothing(demo_path: Path) -> None:
    before = demo_path.read_bytes()
    done = invoke("run", "delete the title", "-p", demo_path, "--dry-run")
    assert done.returncode == 0
    assert "- removed e-title" in done.stdout and "Dry run" in done.stdout
    assert demo_path.read_bytes() == before
    assert not (demo_path.parent / ".neuralcut" / "demo" / "history").exists()


def test_run_then_undo_across_processes(demo_path: Path) -> None:
    original = json.loads(demo_path.read_text())
    assert invoke("run", "remove 3-6s", "-p", demo_path).returncode == 0
    assert invoke("undo", "-p", demo_path).returncode == 0
    restored = json.loads(demo_path.read_text())
    original["metadata"].pop("updatedAt"), restored["metadata"].pop("updatedAt")
    assert restored == original


def test_run_with_an_unreadable_project_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    done = invoke("run", "split at 5s", "-p", bad)
    assert done.returncode == 2 and "not valid JSON" in done.stderr and "Traceback" not in done.stderr


def test_unknown_backend_is_a_usage_error(demo_path: Path) -> None:
    done = invoke("run", "split at 5s", "-p", demo_path, "--backend", "telepathy")
    assert done.returncode == 2 and "Unknown backend 'telepathy'" in done.stderr


def test_chat_is_persisted_beside_the_project(demo_path: Path) -> None:
    invoke("run", "split at 5s", "-p", demo_path)
    chat = json.loads((demo_path.parent / ".neuralcut" / "demo" / "chat.json").read_text())
    assert [m["role"] for m in chat["messages"]] == ["user", "assistant", "tool", "assistant"]


def test_piped_script(demo_path: Path) -> None:
    script = "# make a cut\nsplit at 5s\n\n   \ndelete the title\n/timeline\n/undo\n"
    done = invoke("-p", demo_path, input=script)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "› split at 5s" in done.stdout and "› delete the title" in done.stdout
    assert "make a cut" not in done.stdout
    assert "Undid: delete the title" in done.stdout
    assert "\x1b[" not in done.stdout
    project = json.loads(demo_path.read_text())
    texts = project["scenes"][0]["tracks"]["overlay"][0]["elements"]
    assert [e["id"] for e in texts] == ["e-title"]  # the delete was undone, the split stayed


def test_piped_script_exits_1_if_any_request_failed(demo_path: Path) -> None:
    done = invoke("chat", "-p", demo_path, input="split at 5s\nmake it pop\nlist the timeline\n")
    assert done.returncode == 1
    assert "› list the timeline" in done.stdout  # it went on after the failure


@pytest.mark.slow
def test_empty_or_closed_stdin_ends_at_once(demo_path: Path) -> None:
    assert invoke("-p", demo_path, input="").returncode == 0
    done = subprocess.run(
        [*EXE, "-p", str(demo_path)], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0
