"""The fourth hostile-folder list (issue 40 §1-3, §5): nothing NeuralCut writes goes through a link planted in a
project folder, its state folders are real folders, and no file it reads is a FIFO it waits on or a device it
reads for ever."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from cli_helpers import invoke, neuralcut
from hostile_helpers import quiet as _quiet
from hostile_helpers import state as _state

REPO = Path(__file__).resolve().parents[2]


# -- §1: the contact sheet of check --media ----------------------------------------------------------------------


@pytest.mark.slow  # a preview render
def test_the_contact_sheet_never_goes_through_a_link_or_over_a_persons_file(tmp_path: Path) -> None:
    shutil.copytree(REPO / "projects" / "media", tmp_path / "media")
    demo_path = tmp_path / "demo.json"
    shutil.copy(REPO / "projects" / "demo.json", demo_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    beside = demo_path.with_name(f"{demo_path.stem}.check.png")
    beside.symlink_to(outside / "x.png")  # where the old sheet went
    mine = demo_path.with_name("notes.check.png")
    mine.write_bytes(b"a person's file")
    _state(demo_path).mkdir(parents=True)
    (_state(demo_path) / "check.png").symlink_to(outside / "y.png")  # planted where the sheet goes now
    done = neuralcut("check", "--media", "--from", "0", "--to", "2", "-p", demo_path, "--json", timeout=300)
    said = _quiet(done)
    assert not (outside / "x.png").exists() and not (outside / "y.png").exists()
    assert mine.read_bytes() == b"a person's file"
    assert "NeuralCut does not write through links" in said  # the planted link is named, not followed


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_an_output_that_is_a_link_is_refused(demo_path: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.png"
    link = tmp_path / "board.png"
    link.symlink_to(target)
    done = neuralcut("frame", "--at", "1", "-o", link, "-p", demo_path, "--force", timeout=120)
    assert done.returncode == 2 and "does not write through links" in _quiet(done)
    assert not target.exists() and link.is_symlink()


# -- §2: state folders are real folders ----------------------------------------------------------------------------


@pytest.mark.parametrize("folder", ["history", ".", "render"])
def test_a_state_folder_that_is_a_link_receives_nothing(demo_path: Path, tmp_path: Path, folder: str) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    state = _state(demo_path)
    if folder == ".":
        state.parent.mkdir(parents=True)
        state.symlink_to(elsewhere)
    else:
        state.mkdir(parents=True)
        (state / folder).symlink_to(elsewhere)
    before = demo_path.read_bytes()
    done = invoke("tool", "split", '{"times": [5]}', "-p", demo_path)
    if folder == "render":  # the render cache is not touched by an edit, which goes on
        assert done.returncode == 0, _quiet(done)
    else:
        assert done.returncode == 1 and "NeuralCut keeps its state only in real folders" in _quiet(done)
        assert demo_path.read_bytes() == before
    assert list(elsewhere.iterdir()) == []


# -- §3: import-opencut reads only a regular file, and only so much ------------------------------------------------


@pytest.mark.parametrize("what", ["fifo", "zero", "folder"])
@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_import_opencut_reads_no_fifo_device_or_folder(tmp_path: Path, what: str) -> None:
    record = tmp_path / "record.json"
    if what == "fifo":
        os.mkfifo(record)
    elif what == "zero":
        record.symlink_to("/dev/zero")
    else:
        record.mkdir()
    done = neuralcut("import-opencut", record, "-o", tmp_path / "p.json", timeout=120)
    said = _quiet(done)
    assert done.returncode != 0 and "not a file" in said or "FIFO, socket or device" in said, said
    assert not (tmp_path / "p.json").exists()


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_import_timeline_reads_no_device(tmp_path: Path) -> None:
    source = tmp_path / "cut.otio"
    source.symlink_to("/dev/zero")
    done = neuralcut("import-timeline", source, "-o", tmp_path / "p.json", timeout=120)
    assert done.returncode != 0 and "not a regular file" in _quiet(done)


# -- §5: a FIFO where a state or cache file belongs never hangs ----------------------------------------------------


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_a_request_lock_that_is_a_fifo_does_not_hang_an_edit(demo_path: Path) -> None:
    history = _state(demo_path) / "history"
    history.mkdir(parents=True)
    (history / "request-000001.json").write_text(json.dumps({"step": 1}))
    os.mkfifo(history / "request-000001.lock")
    done = neuralcut("tool", "split", '{"times": [5]}', "-p", demo_path, timeout=120)
    _quiet(done)  # answered (whatever it says about the stray marker), within the timeout


@pytest.mark.parametrize("what", ["fifo", "zero"])
@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_a_patterns_cache_that_is_a_fifo_or_a_device_does_not_hang_run(
    demo_path: Path, tmp_path: Path, what: str
) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    env = {**os.environ, "NEURALCUT_CACHE_DIR": str(cache)}
    neuralcut("run", "split at 5s", "-p", demo_path, "--dry-run", env=env, timeout=60)  # makes the cache file
    (made,) = [p for p in cache.rglob("*") if p.is_file() and "pattern" in p.name]
    made.unlink()
    if what == "fifo":
        os.mkfifo(made)
    else:
        made.symlink_to("/dev/zero")
    done = neuralcut("run", "split at 5s", "-p", demo_path, "--json", env=env, timeout=60)
    assert done.returncode == 0, _quiet(done)
    assert [c["name"] for c in json.loads(done.stdout)["toolCalls"]] == ["split"]
