"""An advisory, cross-process lock around a project's read-modify-write.

Every writer takes the lock before it reads the file it will change and
keeps it until the new file is in place, so two processes can never lose
each other's edits. Readers need no lock: saves are atomic renames.
"""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path

from neuralcut_cli.errors import ProjectLockedError, ProjectSaveError
from neuralcut_cli.files import FileRefused, open_regular
from neuralcut_cli.project.paths import real_state_folder, state_dir


class FileLock:
    """``with FileLock(path, busy): ...``: an exclusive ``flock`` on ``path``; re-entrant within one object."""

    def __init__(self, path: Path, busy: str, timeout: float = 10.0) -> None:
        self.path = Path(path)
        self.busy = busy
        self.timeout = timeout
        self._fd: int | None = None
        self._depth = 0

    def __enter__(self) -> FileLock:
        if self._depth == 0:
            self._acquire()
        self._depth += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self._depth -= 1
        if self._depth == 0 and self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def _acquire(self) -> None:
        real_state_folder(self.path.parent)  # never a link: a planted one could make us create a file anywhere
        try:
            fd = open_regular(self.path, os.O_RDWR | os.O_CREAT, "lock")
        except FileRefused as exc:
            raise ProjectSaveError(f"Cannot lock the project: {exc}") from None
        except OSError as exc:
            raise ProjectSaveError(f"Cannot lock {self.path}: {exc.strerror}") from None
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                self._fd = fd
                return
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    os.close(fd)
                    raise ProjectLockedError(self.busy) from None
                time.sleep(0.02)


class ProjectLock(FileLock):
    """The lock every writer of a project (file, history) holds: ``.neuralcut/<stem>/lock``."""

    def __init__(self, project_path: Path, timeout: float = 10.0) -> None:
        self.project_path = Path(project_path)
        super().__init__(
            state_dir(self.project_path) / "lock",
            f"Another neuralcut process is editing {self.project_path}; try again in a moment",
            timeout,
        )
