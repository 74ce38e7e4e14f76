"""One project file as one process sees it: cached reads, transactional edits.

Every edit runs as lock -> (re)load if the file changed -> edit -> save ->
record history -> unlock, so a failed edit changes nothing and two processes
never lose each other's edits. The loaded tree is cached with the file's
stamp, so consecutive edits in one process do not re-parse the file.

Requests group edits: ``with session.request("split at 5s"):`` makes every
edit inside one undo step.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from neuralcut_cli.errors import EditError, HistoryError, NeuralCutError
from neuralcut_cli.files import MB, read_regular
from neuralcut_cli.project import open_request
from neuralcut_cli.project.diff import Patch, diff, elements_to_check
from neuralcut_cli.project.elements import element_adapter
from neuralcut_cli.project.gcpause import gc_paused
from neuralcut_cli.project.history import DEFAULT_LIMIT, History, Step
from neuralcut_cli.project.io import (
    FileStamp,
    check_writable,
    dump_project,
    parse_project,
    read_project_bytes,
    resolve_project_path,
    touch,
    write_atomic,
)
from neuralcut_cli.project.journal import Staged, digest, remove_stray_temp_files
from neuralcut_cli.project.lock import ProjectLock
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.open_request import RequestGuard
from neuralcut_cli.time import MAX_TICKS, format_timecode


@dataclass
class Edit:
    """What a transaction hands to the code that edits: replace ``project``."""

    project: Project


class ProjectSession:
    """A project file (links followed to the real file), its lock and its history."""

    def __init__(self, path: Path | str, history_limit: int = DEFAULT_LIMIT, dry_run: bool = False) -> None:
        self.path = resolve_project_path(Path(path))
        self.lock = ProjectLock(self.path)
        self.history = History(self.path, history_limit)
        self.dry_run = dry_run
        self._project: Project | None = None
        self._bytes: bytes | None = None  # the file as last read or written: what a failed write restores
        self._stamp: FileStamp | None = None
        self._source: str | None = None  # set while a request groups edits
        self._guard: RequestGuard | None = None  # where the request began, from its first edit to its end
        self._swept = False
        self.notices: list[str] = []  # what settling another process's leftovers did, for the person to read

    # -- reading -----------------------------------------------------------
    def project(self) -> Project:
        """The current project, re-read only when the file changed on disk."""
        if self.dry_run and self._project is not None:
            return self._project
        stamp = FileStamp.of(self.path)
        if self._project is None or stamp != self._stamp:
            data = read_project_bytes(self.path)
            with gc_paused():
                self._project = parse_project(data, str(self.path))
            self._bytes, self._stamp = data, stamp
        return self._project

    @property
    def project_id(self) -> str:
        return self.project().metadata.id or self.path.stem

    def settle(self) -> list[str]:
        """Roll back what a process killed in the middle of a request left, if anything (cheap when nothing);
        the notices say what was done. Readers call it so that they never show half a request."""
        if not self.dry_run and (self.history.journal.pending.exists() or open_request.abandoned(self.history.folder)):
            with self.lock:
                self._recover()
            self._project = None  # read the file again
        return self.notices

    def steps(self) -> tuple[list[Step], list[Step]]:
        """The undo and redo stacks, after settling any edit a killed process left half done."""
        with self.lock:
            self._recover()
            return self.history.steps()

    # -- writing -----------------------------------------------------------
    @contextmanager
    def request(self, source: str) -> Iterator[None]:
        """Group the edits made inside into one undo step labelled ``source``."""
        previous, outer_guard = self._source, self._guard
        self._source, self._guard = source, None
        self.history.begin()
        try:
            yield
        except BaseException:  # stopped half way (cancelled, interrupted, a bug): the request is one unit
            self._end_request(roll_back=True)
            raise
        else:
            self._end_request(roll_back=False)
        finally:
            self._source, self._guard = previous, outer_guard
            self.history.begin()

    def _end_request(self, roll_back: bool) -> None:
        guard = self._guard
        if guard is None:
            return
        with self.lock:
            if roll_back and not self.dry_run:
                self._roll_back(guard.step_id, "was stopped before it finished")
            guard.release()

    @contextmanager
    def edit(self, call: dict[str, Any]) -> Iterator[Edit]:
        """A transaction: set ``edit.project``; it is saved only if the block succeeds."""
        with self.lock:
            self._recover()
            before, before_bytes = self.project(), self._bytes
            box = Edit(before)
            yield box
            patch = None if box.project is before else diff(before, box.project)
            if patch is None:
                return
            _check_elements(box.project, patch)
            if box.project.scene.end_time > MAX_TICKS:
                raise EditError(
                    f"That would make the timeline end after {format_timecode(MAX_TICKS, 0)}, "
                    "the longest a project may be; nothing was changed"
                )
            if self.dry_run:
                self._project = box.project
                return
            if self._source is None:  # a lone call is a request of its own
                self.history.begin()
            staged = self.history.stage_record(self._source or _describe(call), call, patch)
            if self.history.split:
                self.notices.append(
                    "Another process edited the project during this request, so its edits from "
                    f"'{_describe(call)}' on are an undo step of their own, after that process's."
                )
            guard = self._guard_first_edit(staged, before_bytes, before)
            try:
                self._write(box.project, staged)
            except BaseException:
                if guard is not None:
                    guard.release()
                raise
            self._guard = guard or self._guard

    def move_history(self, backwards: bool) -> tuple[Step, Patch | None]:
        """Undo or redo one step; return it and the patch it caused."""
        with self.lock, gc_paused():
            self._recover()
            before = self.project()
            after, step, staged = self.history.stage_move(before, backwards)
            after = _checked_move(after, step.source, backwards)
            if self.dry_run:
                self._project = after
            else:
                exact = self._rollback_bytes(step, after) if backwards else None
                self._write(after, staged, exact)
                if exact is not None and self._guard is not None:  # back where the request began: nothing to guard
                    self._guard.release()
                    self._guard = None
            return step, diff(before, after)

    def _rollback_bytes(self, step: Step, after: Project) -> tuple[Project, bytes] | None:
        """Undoing the step this very request opened gives back the file as it was, byte for byte."""
        guard = self._guard
        if guard is None or guard.step_id != step.id:
            return None
        stamp = after.metadata.model_copy(update={"updated_at": guard.original.metadata.updated_at})
        if after.model_copy(update={"metadata": stamp}) != guard.original:
            return None
        return guard.original, guard.before

    def _guard_first_edit(self, staged: Staged, before: bytes | None, original: Project) -> RequestGuard | None:
        """The first edit of a request also journals where the request began (see ``open_request``)."""
        step = self.history.staged_step_id()
        if self._source is None or self._guard is not None or before is None or step is None:
            return None
        guard = RequestGuard(self.history.folder, step, before, original)
        guard.hold()
        guard.stage(staged)
        return guard

    def _roll_back(self, step_id: int, why: str) -> None:
        """Put the file back as it was before the request that opened ``step_id``, and drop that step."""
        folder = self.history.folder
        marker, kept, _ = open_request.names(step_id)
        problem = None
        try:
            forgotten = self.history.stage_forget(step_id, [marker, kept])
            if forgotten is None:
                problem = "later edits were made on top of it"
            before = read_regular(folder / kept, 1024 * MB, "the file before a request", follow_links=False)
            original = parse_project(before, str(self.path))
        except FileNotFoundError:
            problem = problem or "the copy of the file it kept is missing"
        except (OSError, ValueError):
            problem = problem or "the copy of the file it kept cannot be read"
        except NeuralCutError:
            problem = problem or "the copy of the file it kept is not a valid project"
        if problem is not None or forgotten is None:
            self.notices.append(
                f"An unfinished request (undo step {step_id}) could not be rolled back: {problem}; "
                "see `neuralcut history`."
            )
            open_request.forget(folder, step_id)
            return
        step, staged = forgotten
        self._write(original, staged, exact=(original, before))
        open_request.forget(folder, step_id)
        self.notices.append(
            f"Rolled back the request '{step.source}': it {why}, so the project is as it was before it."
        )

    def _settle_requests(self) -> None:
        for step_id in open_request.abandoned(self.history.folder):
            self._roll_back(step_id, "stopped before it finished (its process ended)")
        open_request.sweep(self.history.folder)

    def _write(self, project: Project, staged: Staged, exact: tuple[Project, bytes] | None = None) -> None:
        """Replace the project file and the history files together (see ``journal``).

        ``exact``: the project and the very bytes to write (a request rolled back), instead of a fresh save.
        """
        if exact is not None:
            saved, data = exact
        else:
            saved = touch(project)
            with gc_paused():
                data = dump_project(saved)
        check_writable(self.path)
        journal = self.history.journal
        journal.begin(digest(data) or "", staged)
        try:
            write_atomic(self.path, data)
        except BaseException:
            journal.abort()
            raise
        try:
            journal.finish()
        except BaseException:  # the history could not be put in place: the edit must not stay either
            if self._bytes is not None:
                write_atomic(self.path, self._bytes)
            journal.abort()
            raise
        self.history.committed()
        self._project, self._bytes, self._stamp = saved, data, FileStamp.of(self.path)

    def _recover(self) -> None:
        """Settle what a killed process left: a pending journal, temporary files. Under the lock."""
        journal = self.history.journal
        if journal.pending.exists():
            try:
                current = read_project_bytes(self.path)
            except NeuralCutError:
                current = None
            journal.recover(digest(current))
        if not self.dry_run:
            self._settle_requests()
        if not self._swept:
            remove_stray_temp_files(self.path, self.history.folder)
            self._swept = True


def _check_elements(project: Project, patch: Patch) -> None:
    """Every element the edit restyled must load again: a tool's value out of bounds is refused here, before
    anything is written, whatever path it came by."""
    for element_id in elements_to_check(patch):
        found = project.scene.find_element(element_id)
        if found is None:
            continue
        try:
            element_adapter().validate_python(found[1].model_dump(mode="json", by_alias=True, exclude_unset=True))
        except ValidationError as exc:
            where = ".".join(str(part) for part in exc.errors()[0]["loc"][1:])
            raise EditError(
                f"That edit would leave {element_id} invalid ({where}: {exc.errors()[0]['msg']}); nothing was changed"
            ) from None


def _checked_move(project: Project, source: str, backwards: bool) -> Project:
    """What undo or redo would write, checked as strictly as a loaded file: a history step is data from the
    project folder, and one carrying what a file may not hold (a colour that is a filter) writes nothing."""
    try:
        return parse_project(dump_project(project), "the project after that step")
    except NeuralCutError as exc:
        verb = "undo" if backwards else "redo"
        raise HistoryError(
            f"Cannot {verb} '{source}': it would leave a project that does not load "
            f"({exc.message.splitlines()[-1][:200]}); nothing was changed"
        ) from None


def _describe(call: dict[str, Any]) -> str:
    """``tool split {"times": [5]}``: how a lone tool call appears in history."""
    import json

    args = json.dumps(call.get("args", {}), ensure_ascii=False)
    return f"tool {call.get('tool', '?')} {args if len(args) <= 80 else args[:77] + '...'}"
