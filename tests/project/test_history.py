"""Undo/redo: grouped by request, persisted, bounded, conflict-safe."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tool_helpers import Tools

from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.history import History


def _timeline(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text())
    data["metadata"].pop("updatedAt", None)
    return data


def test_undo_and_redo_one_call(demo_path: Path) -> None:
    tools = Tools(demo_path)
    original = _timeline(demo_path)
    tools("split", {"times": [5]})
    edited = _timeline(demo_path)
    undone = tools("undo")
    assert undone["success"] and undone["undone"]["tools"] == ["split"]
    assert undone["undone"]["changes"]["added"] and undone["undone"]["changes"]["changed"]
    assert _timeline(demo_path) == original
    assert tools("redo")["success"]
    assert _timeline(demo_path) == edited


def test_undo_restores_bytes_apart_from_updated_at(demo_path: Path) -> None:
    tools = Tools(demo_path)
    before = demo_path.read_text().splitlines()
    tools("add_text", {"text": "Hi", "start": 5, "end": 6})
    tools("undo")
    after = demo_path.read_text().splitlines()
    assert [line for line in after if "updatedAt" not in line] == [line for line in before if "updatedAt" not in line]


def test_a_request_is_one_step(demo_path: Path) -> None:
    tools = Tools(demo_path)
    original = _timeline(demo_path)
    with tools.session.request("delete from 3s to 6s"):
        tools("split", {"times": [3, 6]})
        tools("delete_timeline_elements", {"elementIds": ["e-intro"]})
    done, _ = tools.session.history.steps()
    assert [(s.source, [c["tool"] for c in s.calls]) for s in done] == [
        ("delete from 3s to 6s", ["split", "delete_timeline_elements"])
    ]
    tools("undo")
    assert _timeline(demo_path) == original


def test_a_request_undone_by_itself_leaves_the_file_byte_for_byte(demo_path: Path) -> None:
    """A chain that fails midway is undone inside its request: the file is what it was, formatting and all."""
    hand_written = json.dumps(json.loads(demo_path.read_text()), indent=4).encode()  # not how we write
    demo_path.write_bytes(hand_written)
    tools = Tools(demo_path)
    with tools.session.request("split at 5s then something that fails"):
        tools("split", {"times": [5]})
        tools("add_text", {"text": "Hi", "start": 1, "end": 2})
        tools("undo")
    assert demo_path.read_bytes() == hand_written
    assert tools.session.history.steps()[0] == []
    tools("redo")  # the undone request is still redoable, then undoable as usual
    tools("undo")
    assert _timeline(demo_path) == json.loads(hand_written) | {"metadata": _timeline(demo_path)["metadata"]}
    assert demo_path.read_bytes() != hand_written  # a later undo is a save like any other


def test_nothing_to_undo_or_redo(demo_path: Path) -> None:
    tools = Tools(demo_path)
    assert tools("undo") == {"error": "Nothing to undo"}
    assert tools("redo") == {"error": "Nothing to redo"}


def test_a_new_edit_drops_the_redo_branch(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("split", {"times": [5]})
    tools("undo")
    tools("add_text", {"text": "x", "start": 8, "end": 9})
    assert tools("redo") == {"error": "Nothing to redo"}
    files = sorted(p.name for p in (demo_path.parent / ".neuralcut" / "demo" / "history").iterdir())
    assert files == ["000002.json", "index.json"]


def test_history_is_bounded(demo_path: Path) -> None:
    session = ProjectSession(demo_path, history_limit=3)
    tools = Tools(demo_path)
    tools.session = session
    tools.context.session = session
    for second in range(1, 7):
        tools("split", {"times": [second + 0.5]})
    done, _ = session.history.steps()
    assert [s.id for s in done] == [4, 5, 6]
    for _ in range(3):
        assert tools("undo")["success"]
    assert tools("undo") == {"error": "Nothing to undo"}
    history_files = list((demo_path.parent / ".neuralcut" / "demo" / "history").glob("0*.json"))
    assert len(history_files) == 3


def test_history_survives_the_process(demo_path: Path) -> None:
    Tools(demo_path)("split", {"times": [5]})
    fresh = Tools(demo_path)  # a new session, as another process would have
    assert fresh("undo")["undone"]["request"] == 'tool split {"times": [5]}'
    assert History(demo_path).steps() == ([], History(demo_path).steps()[1])


def test_undo_refuses_when_the_file_changed_outside(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("split", {"times": [5]})
    data = json.loads(demo_path.read_text())
    data["scenes"][0]["tracks"]["main"]["elements"][0]["duration"] = 1000  # hand edit of e-intro
    demo_path.write_text(json.dumps(data, indent=2))
    before = demo_path.read_bytes()
    result = tools("undo")
    assert "error" in result and "edited outside neuralcut" in result["error"]
    assert demo_path.read_bytes() == before


def test_unreadable_history_does_not_block_edits(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("split", {"times": [5]})
    (demo_path.parent / ".neuralcut" / "demo" / "history" / "index.json").write_text("{garbage")
    assert "unreadable" in tools("undo")["error"]
    assert tools("split", {"times": [7]})["success"]
    assert tools("undo")["success"]


def test_history_stores_patches_not_copies(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("update_effect", {"elementId": "e-vignette", "params": {"radius": 40}})
    step = (demo_path.parent / ".neuralcut" / "demo" / "history" / "000001.json").read_text()
    assert "e-vignette" in step and "e-intro" not in step and "music.mp3" not in step
