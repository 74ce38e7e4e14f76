"""A first run that guides (issue 18 §5): no project here → how to start; on a
terminal, an offer to make one from the media here (or a copy of the demo);
the README's tour works on a copy and leaves the clone clean."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pexpect
import pytest
from cli_helpers import neuralcut
from conftest import DEMO
from paths import REPO
from pty_helpers import leave, spawn_command

GUIDE = ("neuralcut new my.json --media clip.mp4", "neuralcut new tour.json --demo", "NEURALCUT_PROJECT")

pytestmark = pytest.mark.slow  # real processes


def test_outside_a_project_folder_it_explains_how_to_start(tmp_path: Path) -> None:
    for args in ((), ("timeline",), ("run", "split at 5s")):
        done = neuralcut(*args, cwd=tmp_path, input="")
        assert done.returncode == 2
        assert "Project file not found" not in done.stderr
        assert all(hint in done.stderr for hint in GUIDE), done.stderr
    named = neuralcut("timeline", "-p", tmp_path / "mine.json", cwd=tmp_path)
    assert "Project file not found" in named.stderr  # a file the person named is simply missing
    assert neuralcut("skills", cwd=tmp_path).returncode == 0  # what needs no project still works


@pytest.mark.slow  # a real terminal
def test_on_a_terminal_it_offers_to_make_a_project_from_the_media_here(tmp_path: Path) -> None:
    for name in ("intro.mp4", "music.mp3"):
        shutil.copy(DEMO.parent / "media" / name, tmp_path / name)
    child = spawn_command(cwd=tmp_path)
    child.expect(r"Make my\.json from the 2 media files here \(intro\.mp4, music\.mp3\)\? \[Y/n\]")
    child.sendline("")
    child.expect("Created")
    child.expect("›")
    child.sendline("/timeline")
    child.expect("intro.mp4")
    child.expect("›")
    leave(child)
    child.close()
    assert child.exitstatus == 0
    project = json.loads((tmp_path / "my.json").read_text())
    assert sorted(a["name"] for a in project["mediaAssets"]) == ["intro.mp4", "music.mp3"]


@pytest.mark.slow  # a real terminal
def test_with_no_media_it_offers_the_demo_and_a_no_changes_nothing(tmp_path: Path) -> None:
    child = spawn_command(cwd=tmp_path)
    child.expect(r"No media here\. Make tour\.json, a copy of the demo project, to try NeuralCut\? \[Y/n\]")
    child.sendline("n")
    child.expect("neuralcut new my.json --media clip.mp4")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and list(tmp_path.iterdir()) == []
    child = spawn_command(cwd=tmp_path)
    child.expect(r"\[Y/n\]")
    child.sendline("y")
    child.expect("›")
    child.sendline("split at 5s")
    child.expect("Split at 00:05.00")
    child.expect("›")
    leave(child)
    assert (tmp_path / "tour.json").exists() and (tmp_path / "tour-media" / "intro.mp4").exists()


def test_the_tour_edits_a_copy_and_renders_it(tmp_path: Path) -> None:
    demo_before = DEMO.read_bytes()
    made = neuralcut("new", "tour.json", "--demo", cwd=tmp_path)
    assert made.returncode == 0 and "Created tour.json (1920x1080, 30 fps, 6 assets" in made.stdout
    assert neuralcut("run", "split at 5s", "-p", "tour.json", cwd=tmp_path).returncode == 0
    assert neuralcut("run", "delete from 3s to 6s", "-p", "tour.json", cwd=tmp_path).returncode == 0
    again = neuralcut("new", "tour.json", "--demo", cwd=tmp_path)
    assert again.returncode == 1 and "already exists" in again.stderr
    assert DEMO.read_bytes() == demo_before
    assert not (DEMO.parent / ".neuralcut").exists() or not any((DEMO.parent / ".neuralcut").rglob("*.json"))


@pytest.mark.slow  # a real terminal
def test_a_second_bare_neuralcut_opens_the_project_the_first_made(tmp_path: Path) -> None:
    child = spawn_command(cwd=tmp_path)
    child.expect(r"\[Y/n\]")
    child.sendline("y")
    child.expect("›")
    leave(child)
    child = spawn_command(cwd=tmp_path)  # was: "Make tour-2.json ...?"
    child.expect("Opening tour.json, the project here")
    child.expect("›")
    child.sendline("exit")  # a shell word, not a request for the model
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and sorted(p.name for p in tmp_path.glob("*.json")) == ["tour.json"]
    done = neuralcut("timeline", cwd=tmp_path)  # no terminal: the guide names the project here
    assert done.returncode == 2 and "Projects here: tour.json. Open one: neuralcut -p tour.json" in done.stderr


def test_a_mistyped_project_name_gets_a_suggestion(tmp_path: Path) -> None:
    shutil.copy(DEMO, tmp_path / "demo.json")
    done = neuralcut("timeline", "-p", tmp_path / "demo.jsn")
    assert done.returncode == 2 and "(did you mean demo.json?)" in done.stderr


def test_the_shipped_demo_is_never_edited() -> None:
    before = DEMO.read_bytes()
    for args in (
        ("run", "split at 5s"),
        ("tool", "split", '{"times": [5]}'),
        ("tool", "add_text", '{"text": "Hi", "start": 0, "end": 1}'),
    ):
        done = neuralcut(*args, "-p", REPO / "projects" / "demo.json")
        assert done.returncode == 1, done
        assert "is the demo that ships with NeuralCut" in done.stdout + done.stderr
        assert "neuralcut new tour.json --demo" in done.stdout + done.stderr
    assert DEMO.read_bytes() == before
    assert neuralcut("timeline", "-p", DEMO).returncode == 0  # reading it is fine
    assert not (DEMO.parent / ".neuralcut").exists()  # nor is anything written beside it (chat, locks, caches)
