"""Issue 40 §18: replies and diffs in an editor's words: an effect added is 'added grayscale', keyframes are
one word, undo says 'Undid', a narrow diff keeps what changed, an id prefix says which ids it could be, and
compound times are read as said."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import invoke

from neuralcut_cli.cli.views.values import changes


def test_an_effect_added_or_removed_is_said_by_name() -> None:
    grayscale = {"id": "f1", "type": "grayscale", "params": {"intensity": 100}, "enabled": True}
    assert list(changes({"effects": []}, {"effects": [grayscale]})) == ["added grayscale"]
    assert list(changes({"effects": [grayscale]}, {})) == ["removed grayscale"]
    assert list(changes({"effects": [grayscale]}, {"effects": [{**grayscale, "enabled": False}]})) == ["grayscale off"]
    assert list(changes({"keys": [1]}, {"keys": [1, 2]})) == ["keyframes 1 → 2"]  # one word for them


def test_a_narrow_diff_keeps_the_mute(demo_path: Path) -> None:
    data = json.loads(demo_path.read_text())
    data["scenes"][0]["tracks"]["audio"][0]["elements"][0]["name"] = "a_really_long_music_file_from_the_library_v2.mp3"
    demo_path.write_text(json.dumps(data))
    done = invoke("run", "mute the music", "-p", demo_path, env={"COLUMNS": "60"})
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith(("~ changed", "    "))]
    assert any("muted no → yes" in line for line in done.stdout.splitlines()), done.stdout  # not cut off
    assert all(len(line) <= 60 for line in lines)


def test_undo_says_undid(demo_path: Path) -> None:
    assert invoke("run", "split at 5s", "-p", demo_path).returncode == 0
    done = invoke("undo", "-p", demo_path)
    assert done.stdout.startswith("Undid: split at 5s")


def test_an_id_prefix_says_which_ids_it_could_be(demo_path: Path) -> None:
    before = demo_path.read_bytes()
    done = invoke("run", "delete e-", "-p", demo_path)
    assert done.returncode == 1
    assert "'e-' could be e-beach, e-city, e-intro, e-logo, e-music, e-title or e-vignette" in done.stdout
    assert demo_path.read_bytes() == before


@pytest.mark.parametrize(
    ("said", "seconds"),
    [("split at 0 min 5", 5.0), ("split at 0m5.5s", 5.5), ("split at 0 minutes and 5 seconds", 5.0),
     ("split at 1m30s", 90.0), ("split at 1 hour 30 minutes", 5400.0)],
)  # fmt: skip
def test_compound_times_are_read_as_said(demo_path: Path, said: str, seconds: float) -> None:
    done = invoke("run", said, "-p", demo_path, "--json")
    calls = [c["args"] for c in json.loads(done.stdout)["toolCalls"] if c["name"] == "split"]
    assert calls == [{"times": [seconds]}]  # "0 min 5" was 0 s and 5 minutes
