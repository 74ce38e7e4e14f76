"""A project folder from someone else (issue 24 §17-20, §22): its ``.neuralcut/`` state, skills and config may be
crafted. Nothing NeuralCut derives from them reaches outside the folder, nothing it reads hangs or is unbounded,
and each wrong thing gets a message and an exit code, never an internal error."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import invoke, neuralcut
from hostile_helpers import quiet as _quiet
from hostile_helpers import state as _state

# -- 17. paths from state files stay inside --------------------------------------------------------------------


def test_a_crafted_journal_cannot_move_or_delete_files_outside(demo_path: Path, tmp_path: Path) -> None:
    victim, planted = tmp_path / "victim.txt", tmp_path / "planted.txt"
    victim.write_text("keep me")
    history = _state(demo_path) / "history"
    history.mkdir(parents=True)
    (history / "..%2f..%2fplanted.txt.new").write_text("x")
    (history / "pending.json").write_text(
        json.dumps(
            {
                "after": "whatever",
                "writes": ["../../../planted.txt", str(planted)],
                "drops": ["../../../victim.txt", str(victim)],
            }
        )
    )
    _quiet(invoke("run", "split at 5s", "-p", demo_path))
    _quiet(invoke("history", "-p", demo_path))
    assert victim.read_text() == "keep me" and not planted.exists()


def test_a_lock_that_is_a_link_is_never_followed(demo_path: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere" / "created-by-neuralcut"
    state = _state(demo_path)
    state.mkdir(parents=True)
    (state / "lock").symlink_to(outside)
    before = demo_path.read_bytes()
    done = invoke("tool", "split", '{"times": [5]}', "-p", demo_path)
    assert done.returncode == 1 and "the lock is a link; remove it" in _quiet(done)
    assert not outside.exists() and demo_path.read_bytes() == before


# -- 18. history steps are data ---------------------------------------------------------------------------------


def test_an_undo_step_that_would_write_an_invalid_project_writes_nothing(demo_path: Path) -> None:
    done = invoke(
        "tool", "update_text", '{"trackId": "t-text", "elementId": "e-title", "color": "#00ff00"}', "-p", demo_path
    )
    assert done.returncode == 0, done.stderr
    step = next(p for p in (_state(demo_path) / "history").glob("0*.json"))
    text = step.read_text()  # undo puts back the colour the step recorded before: make it a filter
    assert '[["#ffffff"],["#00ff00"]]' in text
    step.write_text(text.replace('[["#ffffff"],', '[["#fff;drawtext=textfile=/etc/passwd"],'))
    before = demo_path.read_bytes()
    done = invoke("undo", "-p", demo_path)
    assert done.returncode == 1 and "would leave a project that does not load" in _quiet(done)
    assert demo_path.read_bytes() == before
    assert invoke("timeline", "-p", demo_path).returncode == 0


# -- 19. state files of the wrong kind ------------------------------------------------------------------------


def test_a_state_folder_that_is_a_file_is_named(demo_path: Path) -> None:
    (demo_path.parent / ".neuralcut").write_text("not a folder")
    done = invoke("tool", "split", '{"times": [5]}', "-p", demo_path)
    assert done.returncode == 1 and ".neuralcut" in _quiet(done) and "move aside" in done.stderr


@pytest.mark.parametrize("name", ["lock", "history/pending.json"])
def test_a_state_file_that_is_a_folder_is_named(demo_path: Path, name: str) -> None:
    (_state(demo_path) / name).mkdir(parents=True)
    done = invoke("tool", "split", '{"times": [5]}', "-p", demo_path)
    assert done.returncode == 1 and "remove it" in _quiet(done)


@pytest.mark.slow  # real processes: a hang would stall, so each has a timeout
def test_fifos_where_files_belong_never_hang(demo_path: Path, tmp_path: Path) -> None:
    state = _state(demo_path)
    (state / "history").mkdir(parents=True)
    os.mkfifo(state / "chat.json")
    (demo_path.parent / ".neuralcut" / "skills").mkdir()
    os.mkfifo(demo_path.parent / ".neuralcut" / "skills" / "evil.md")
    os.mkfifo(tmp_path / "config.toml")
    env = {"NEURALCUT_CONFIG": str(tmp_path / "config.toml")}
    done = neuralcut("run", "split at 5s", "-p", demo_path, timeout=120)
    assert done.returncode == 0, _quiet(done)
    done = neuralcut("skills", "-p", demo_path, timeout=120)
    assert "evil.md" in _quiet(done) and "FIFO" in done.stdout + done.stderr
    done = neuralcut("config", env=env, timeout=120)
    assert done.returncode == 2 and "FIFO" in _quiet(done)


@pytest.mark.parametrize(
    "content",
    ['{"messages": ' + "[" * 100_000 + "]" * 100_000 + "}", '{"messages": [{"role": "user", "content": "\\ud800"}]}'],
)
def test_a_hostile_chat_history_is_set_aside(demo_path: Path, content: str) -> None:
    state = _state(demo_path)
    state.mkdir(parents=True)
    (state / "chat.json").write_text(content)
    done = invoke("run", "split at 5s", "-p", demo_path)
    assert done.returncode == 0, _quiet(done)
    assert json.loads((state / "chat.json").read_text())["messages"][0]["content"] == "split at 5s"  # afresh


# -- 20. bounded reads ----------------------------------------------------------------------------------------


def test_huge_subtitle_and_config_files_are_refused_at_once(demo_path: Path, tmp_path: Path) -> None:
    huge = tmp_path / "huge.srt"
    cue = "1\n00:00:01,000 --> 00:00:02,000\nHello\n\n"
    huge.write_text(cue * (50 * 1024 * 1024 // len(cue)))
    done = invoke("import", huge, "-p", demo_path)
    assert done.returncode == 1 and "larger than 20 MB, the most NeuralCut reads" in _quiet(done)
    config = tmp_path / "config.toml"
    config.write_text("# padding\n" * (5 * 1024 * 1024 // 10))
    done = invoke("config", env={"NEURALCUT_CONFIG": str(config)})
    assert done.returncode == 2 and "larger than 1 MB" in _quiet(done)


# -- 22. a read-only folder ------------------------------------------------------------------------------------


def test_a_project_in_a_read_only_folder_is_not_edited(tmp_path: Path, demo_json: dict[str, Any]) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    project = folder / "p.json"
    project.write_text(json.dumps(demo_json))
    folder.chmod(0o555)
    try:
        done = invoke("tool", "split", '{"times": [5]}', "-p", project)
        assert done.returncode == 1 and "is in a read-only folder; nothing was changed" in _quiet(done)
        assert json.loads(project.read_text()) == demo_json
    finally:
        folder.chmod(0o755)
