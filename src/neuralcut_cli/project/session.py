"""One project file as one process sees it: cached reads, transactional edits.

Every edit runs as lock -> (re)load if the file changed -> edit -> save ->
record history -> unlock, so a failed edit changes nothing and two processes
never lose each other's edits. The loaded tree is cached with the file's
stamp, so consecutive edits in one process do not re-parse the file.

Requests group edits: ``with session.request("split at 5s"):`` makes every
edit inside one undo step.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from neuralcut_cli.project.diff import Patch, diff
from neuralcut_cli.project.gcpause import gc_paused
from neuralcut_cli.project.history import DEFAULT_LIMIT, History, Step
from neuralcut_cli.project.io import FileStamp, read_project, save_project
from neuralcut_cli.project.lock import ProjectLock
from neuralcut_cli.project.model import Project


@dataclass
class Edit:
    """What a transaction hands to the code that edits: replace ``project``."""

    project: Project


class ProjectSession:
    """A project file, its lock and its history."""

    def __init__(self, path: Path | str, history_limit: int = DEFAULT_LIMIT, dry_run: bool = False) -> None:
        self.path = Path(path)
        self.lock = ProjectLock(self.path)
        self.history = History(self.path, history_limit)
        self.dry_run = dry_run
        self._project: Project | None = None
        self._stamp: FileStamp | None = None
        self._source: str | None = None  # set while a request groups edits

    # -- reading -----------------------------------------------------------
    def project(self) -> Project:
        """The current project, re-read only when the file changed on disk."""
        if self.dry_run and self._project is not None:
            return self._project
        stamp = FileStamp.of(self.path)
        if self._project is None or stamp != self._stamp:
            self._project = read_project(self.path)
            self._stamp = stamp
        return self._project

    @property
    def project_id(self) -> str:
        return self.project().metadata.id or self.path.stem

    # -- writing -----------------------------------------------------------
    @contextmanager
    def request(self, source: str) -> Iterator[None]:
        """Group the edits made inside into one undo step labelled ``source``."""
        previous = self._source
        self._source = source
        self.history.begin()
        try:
            yield
        finally:
            self._source = previous
            self.history.begin()

    @contextmanager
    def edit(self, call: dict[str, Any]) -> Iterator[Edit]:
        """A transaction: set ``edit.project``; it is saved only if the block succeeds."""
        with self.lock:
            before = self.project()
            box = Edit(before)
            yield box
            patch = None if box.project is before else diff(before, box.project)
            if patch is None:
                return
            self._commit(box.project)
            if self.dry_run:
                return
            if self._source is None:  # a lone call is a request of its own
                self.history.begin()
            self.history.record(self._source or _describe(call), call, patch)

    def _commit(self, project: Project) -> None:
        if self.dry_run:
            self._project = project
            return
        self._project = save_project(self.path, project)
        self._stamp = FileStamp.of(self.path)

    def move_history(self, backwards: bool) -> tuple[Step, Patch | None]:
        """Undo or redo one step; return it and the patch it caused."""
        with self.lock, gc_paused():
            before = self.project()
            after, step = self.history.move(before, backwards, persist=not self.dry_run)
            self._commit(after)
            return step, diff(before, after)


def _describe(call: dict[str, Any]) -> str:
    """``tool split {"times": [5]}``: how a lone tool call appears in history."""
    import json

    args = json.dumps(call.get("args", {}), ensure_ascii=False)
    return f"tool {call.get('tool', '?')} {args if len(args) <= 80 else args[:77] + '...'}"
