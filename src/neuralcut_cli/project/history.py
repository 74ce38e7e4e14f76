"""Undo/redo history, persisted beside the project.

``.neuralcut/<stem>/history/`` holds one JSON file per step and an
``index.json`` with the undo and redo stacks. They change together with the
project file through a journal (see ``journal``). A step is one request (all the
tool calls one chat message caused, or one ``neuralcut tool`` call) and
stores reversible patches (see ``diff``), never copies of the project, so a
20 000-element project pays for what changed only.

The caller holds the project's lock while it reads or changes the history.
This class only computes what to write (``Staged``); ``ProjectSession``
writes it with the project file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from neuralcut_cli.errors import HistoryError, PatchConflict
from neuralcut_cli.files import MB, read_regular
from neuralcut_cli.project.diff import Patch, apply, element_changes, track_changes
from neuralcut_cli.project.io import load_json, now_iso
from neuralcut_cli.project.journal import Journal, Staged
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.paths import state_dir

DEFAULT_LIMIT = 100


@dataclass
class Step:
    """One undoable request."""

    id: int
    time: str
    source: str
    calls: list[dict[str, Any]] = field(default_factory=list)
    patches: list[Patch] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "time": self.time, "source": self.source, "calls": self.calls, "patches": self.patches}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Step:
        return cls(data["id"], data["time"], data["source"], data.get("calls", []), data.get("patches", []))

    def summary(self) -> dict[str, Any]:
        """What undo, redo and history show of a step."""
        return {
            "id": self.id,
            "request": self.source,
            "time": self.time,
            "tools": [c["tool"] for c in self.calls],
            "changes": self.changes(),
        }

    def track_changes(self) -> list[str]:
        """Ids of the tracks whose own settings the step changed (``diff.MAIN_TRACK`` for the main track)."""
        return list(dict.fromkeys(track_id for patch in self.patches for track_id in track_changes(patch)))

    def changes(self) -> dict[str, list[str]]:
        """Element ids added, removed and changed by the whole step."""
        summary: dict[str, dict[str, None]] = {"added": {}, "removed": {}, "changed": {}}
        state: dict[str, str] = {}
        for patch in self.patches:
            for kind, element_id in element_changes(patch):
                previous = state.get(element_id)
                if previous == "added" and kind == "removed":
                    state.pop(element_id)
                elif previous == "added":
                    continue
                elif previous == "removed" and kind == "added":
                    state[element_id] = "changed"
                else:
                    state[element_id] = kind
        for element_id, kind in state.items():
            summary[kind][element_id] = None
        return {kind: list(ids) for kind, ids in summary.items()}


class History:
    """The undo and redo stacks of one project."""

    def __init__(self, project_path: Path, limit: int = DEFAULT_LIMIT) -> None:
        self.folder = state_dir(project_path) / "history"
        self.limit = limit
        self.journal = Journal(self.folder)
        self._open: Step | None = None  # the step the current request writes to
        self.split = False  # the last recorded call had to open a second step for its request
        self._staged_step: Step | None = None

    # -- reading -----------------------------------------------------------
    def _index(self, strict: bool) -> dict[str, Any]:
        path = self.folder / "index.json"
        try:
            data = load_json(read_regular(path, 16 * MB, "undo history", follow_links=False))
            steps = [*data.get("undo", ()), *data.get("redo", ()), data.get("next", 1)]
            if (
                not isinstance(data.get("undo"), list)
                or not isinstance(data.get("redo"), list)
                or not all(type(n) is int and 0 < n < 10**9 for n in steps)
            ):  # step numbers name files
                raise ValueError("bad index")
            return dict(data)
        except FileNotFoundError:
            return {"undo": [], "redo": [], "next": 1}
        except (ValueError, OSError, AttributeError):
            if strict:
                raise HistoryError(
                    f"The undo history in {self.folder} is unreadable; delete that folder to start afresh"
                ) from None
            return {"undo": [], "redo": [], "next": 1}

    def _load(self, step_id: int) -> Step:
        try:
            data = load_json(read_regular(self.folder / _step_name(step_id), 512 * MB, "undo step", follow_links=False))
            return Step.from_json(data)
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            raise HistoryError(f"Undo step {step_id} in {self.folder} is missing or unreadable") from None

    def steps(self) -> tuple[list[Step], list[Step]]:
        """``(undoable, redoable)``, oldest first and next-to-redo first."""
        index = self._index(strict=True)
        return [self._load(i) for i in index["undo"]], [self._load(i) for i in reversed(index["redo"])]

    def depth(self) -> tuple[int, int]:
        """How many steps could be undone and redone (without reading them)."""
        index = self._index(strict=True)
        return len(index["undo"]), len(index["redo"])

    # -- staging: what an edit will write (nothing is written here) ----------
    def begin(self) -> None:
        """Start a new request: the next recorded call opens a new step."""
        self._open = None

    def stage_record(self, source: str, call: dict[str, Any], patch: Patch) -> Staged:
        """The files that record one more successful tool call in the current request's step.

        Everything is serialised here, before the project file is touched, so
        a value that cannot be written fails the edit while nothing has changed.
        """
        index = self._index(strict=False)
        reopen = self._open is not None and index["undo"][-1:] == [self._open.id]
        self.split = self._open is not None and not reopen  # another writer's step came between: a new one
        base = self._open if reopen and self._open is not None else Step(index.get("next", 1), now_iso(), source)
        step = Step(base.id, base.time, base.source, [*base.calls, call], [*base.patches, patch])
        staged = Staged(writes={_step_name(step.id): _encode(step.to_json())})
        if not reopen:
            undo = index["undo"] + [step.id]
            kept = undo[-self.limit :]
            staged.drops = [_step_name(i) for i in index["redo"] + undo[: len(undo) - len(kept)]]
            staged.writes["index.json"] = _encode({"undo": kept, "redo": [], "next": step.id + 1})
        self._staged_step = step
        return staged

    def stage_move(self, project: Project, backwards: bool) -> tuple[Project, Step, Staged]:
        """Undo (``backwards``) or redo one step: the new project, the step, and the index to write."""
        index = self._index(strict=True)
        source, target = ("undo", "redo") if backwards else ("redo", "undo")
        if not index[source]:
            raise HistoryError("Nothing to undo" if backwards else "Nothing to redo")
        step = self._load(index[source][-1])
        patches = reversed(step.patches) if backwards else step.patches
        try:
            for patch in patches:
                project = cast(Project, apply(project, patch, forward=not backwards))
        except PatchConflict as exc:
            verb = "undo" if backwards else "redo"
            raise HistoryError(
                f"Cannot {verb} '{step.source}': {exc} (the file was edited outside neuralcut)"
            ) from None
        moved = {**index, source: index[source][:-1], target: [*index[target], step.id]}
        self._staged_step = None
        return project, step, Staged(writes={"index.json": _encode(moved)})

    def stage_forget(self, step_id: int, drops: list[str]) -> tuple[Step, Staged] | None:
        """Drop step ``step_id`` (and the files ``drops``) as if it had never been recorded: a request rolled back.
        None when the step is not the last undo step (later edits were made on top of it)."""
        index = self._index(strict=False)
        if index["undo"][-1:] != [step_id]:
            return None
        step = self._load(step_id)
        forgotten = {**index, "undo": index["undo"][:-1]}
        return step, Staged(writes={"index.json": _encode(forgotten)}, drops=[_step_name(step_id), *drops])

    def staged_step_id(self) -> int | None:
        """The step the edit being staged writes to."""
        return self._staged_step.id if self._staged_step is not None else None

    def committed(self) -> None:
        """The staged files are in place: a recorded call keeps its step open for the request."""
        self._open = self._staged_step


def _step_name(step_id: int) -> str:
    return f"{step_id:06d}.json"


def _encode(document: Any) -> bytes:
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
