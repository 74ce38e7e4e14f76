"""A request of several edits is one unit, even under kill -9.

The journal makes each edit whole, but a request may chain edits ("split at
2s, then mute the music"), and a process killed between two of them would
leave the first done and the rest not. So the first edit of a request also
writes, in the same journal transaction, a marker ``request-<step>.json`` and
the project file as it was before the request, ``request-<step>.before``;
and the process holds an exclusive ``flock`` on ``request-<step>.lock`` for
as long as the request runs (the kernel lets go of it when the process dies).

When the request ends, its files are removed. A marker whose lock nobody
holds was left by a process that died mid-request: the next writer, under
the project lock, puts back the file as it was before the request and drops
the request's undo step (``ProjectSession._settle_requests``). The file is
then the old one or the whole request, never half.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
from pathlib import Path

from neuralcut_cli.errors import ProjectSaveError
from neuralcut_cli.files import FileRefused, open_regular
from neuralcut_cli.project.journal import Staged
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.paths import real_state_folder

MARKER = re.compile(r"request-(\d{6,9})\.json")


def names(step_id: int) -> tuple[str, str, str]:
    """The marker, the file before the request, and the lock of the request that opened ``step_id``."""
    stem = f"request-{step_id:06d}"
    return f"{stem}.json", f"{stem}.before", f"{stem}.lock"


class RequestGuard:
    """The lock and files of the request this process is running."""

    def __init__(self, folder: Path, step_id: int, before: bytes, original: Project) -> None:
        self.folder, self.step_id = Path(folder), step_id
        self.before, self.original = before, original  # the file and the project where the request began
        self._fd: int | None = None

    def hold(self) -> None:
        """Take the request's lock: while this process lives, nobody rolls the request back."""
        real_state_folder(self.folder)
        try:
            fd = open_regular(self.folder / names(self.step_id)[2], os.O_RDWR | os.O_CREAT, "request lock")
        except FileRefused as exc:
            raise ProjectSaveError(str(exc)) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise
        self._fd = fd

    def stage(self, staged: Staged) -> None:
        """Add the marker and the file before the request to the first edit's journal transaction."""
        marker, kept, _ = names(self.step_id)
        document = json.dumps({"step": self.step_id, "pid": os.getpid()}).encode("utf-8")
        staged.writes = {marker: document, kept: self.before, **staged.writes}

    def release(self) -> None:
        """The request ended: its files go (the marker first), then its lock."""
        forget(self.folder, self.step_id)
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def abandoned(folder: Path) -> list[int]:
    """The steps of requests whose process died before they ended, oldest first."""
    found = []
    for marker in sorted(folder.glob("request-*.json")) if folder.is_dir() else []:
        match = MARKER.fullmatch(marker.name)
        if match and not _alive(folder / names(int(match.group(1)))[2]):
            found.append(int(match.group(1)))
    return found


def _alive(lock: Path) -> bool:
    """Whether a live process holds ``lock``."""
    try:
        fd = open_regular(lock, os.O_RDONLY, "request lock")
    except (OSError, FileRefused):
        return False  # no lock file: its process had not taken it, or is gone
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
    return False


def sweep(folder: Path) -> None:
    """Remove the lock or saved file of a request that died before its marker was in place."""
    for path in sorted(folder.glob("request-*")) if folder.is_dir() else []:
        match = re.fullmatch(r"request-(\d{6,9})\.(?:lock|before)", path.name)
        if match is None:
            continue
        marker, _, lock = names(int(match.group(1)))
        if not (folder / marker).exists() and not _alive(folder / lock):
            try:
                path.unlink(missing_ok=True)
            except OSError:
                pass


def forget(folder: Path, step_id: int) -> None:
    """Remove what an abandoned request left (after it was rolled back, or when it cannot be)."""
    for name in names(step_id):
        try:
            (folder / name).unlink(missing_ok=True)
        except OSError:
            pass
