"""Saving: atomic, locked, stable key order, nothing changed but updatedAt."""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from multiprocessing.synchronize import Event
from pathlib import Path

import pytest

from neuralcut_cli.errors import ProjectLockedError
from neuralcut_cli.project.io import read_project, save_project, write_atomic
from neuralcut_cli.project.lock import ProjectLock


def test_load_and_save_changes_only_updated_at(demo_path: Path) -> None:
    before = json.loads(demo_path.read_text())
    save_project(demo_path, read_project(demo_path))
    after = json.loads(demo_path.read_text())
    assert after["metadata"].pop("updatedAt") != before["metadata"].pop("updatedAt")
    assert after == before
    assert list(after) == list(before)  # key order kept


def test_save_leaves_no_temporary_files(demo_path: Path) -> None:
    save_project(demo_path, read_project(demo_path))
    assert sorted(p.name for p in demo_path.parent.iterdir() if not p.name.startswith(".neuralcut")) == ["demo.json"]


def test_atomic_write_keeps_the_old_file_when_writing_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "p.json"
    target.write_text("old")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    from neuralcut_cli.errors import ProjectSaveError

    with pytest.raises(ProjectSaveError) as info:
        write_atomic(target, b"new")
    assert "No space left" in info.value.message
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["p.json"]


def _hold_lock(path: str, ready: Event, release: Event) -> None:  # runs in another process
    with ProjectLock(Path(path)):
        ready.set()
        release.wait(10)


@pytest.mark.slow
def test_lock_excludes_another_process(demo_path: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    ready, release = ctx.Event(), ctx.Event()
    holder = ctx.Process(target=_hold_lock, args=(str(demo_path), ready, release))
    holder.start()
    try:
        assert ready.wait(20)
        started = time.monotonic()
        with pytest.raises(ProjectLockedError) as info:
            with ProjectLock(demo_path, timeout=0.3):
                pass
        assert time.monotonic() - started >= 0.3
        assert "Another neuralcut process is editing" in info.value.message
    finally:
        release.set()
        holder.join(20)
    with ProjectLock(demo_path, timeout=5):  # free again once the holder is gone
        pass


def test_lock_is_reentrant_within_one_object(demo_path: Path) -> None:
    lock = ProjectLock(demo_path)
    with lock:
        with lock:
            pass
    with ProjectLock(demo_path, timeout=0.1):
        pass
