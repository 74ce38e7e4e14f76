"""Making a project file and its history change together, even under kill -9.

An edit changes two things: the project file and the history files that let
it be undone. A process killed between the two would leave an edit that undo
cannot revert, or history that names an edit the file never got. So every
change goes through a journal, in the history folder, in this order::

    1. stage      history files written as ``<name>.new`` and fsynced
    2. intend     ``pending.json``: the digest the project file will have,
                  and the staged names (written atomically)
    3. replace    the project file, atomically
    4. finish     ``<name>.new`` renamed over ``<name>`` (the index last),
                  dropped steps deleted, ``pending.json`` removed

On the next start (under the project lock), a leftover ``pending.json`` is
settled by looking at the project file: if it has the intended digest the
edit happened and step 4 is finished; otherwise it did not and the staged
files are thrown away. Each step is idempotent, so a kill during recovery is
recovered the same way.
"""

from __future__ import annotations

import glob
import json
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from neuralcut_cli.errors import HistoryError
from neuralcut_cli.files import MB, read_regular
from neuralcut_cli.project.io import fsync_dir, write_atomic
from neuralcut_cli.project.paths import real_state_folder

PENDING = "pending.json"
STAGED_SUFFIX = ".new"
HISTORY_NAME = re.compile(
    r"index\.json|\d{6,9}\.json|request-\d{6,9}\.(?:json|before)"
)  # the only files a journal may write or drop


def digest(data: bytes | None) -> str | None:
    """The fingerprint the journal compares a project file by."""
    import hashlib  # only writers need it (OpenSSL takes a few ms to load)

    return None if data is None else hashlib.sha256(data).hexdigest()


@dataclass
class Staged:
    """History files to write with an edit: ``writes`` in order (the index last), then ``drops``."""

    writes: dict[str, bytes] = field(default_factory=dict)
    drops: list[str] = field(default_factory=list)


class Journal:
    """The write-ahead journal of one project's history folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.pending = self.folder / PENDING

    def begin(self, target: str, staged: Staged) -> None:
        """Steps 1 and 2: after this, a kill is settled by the project file's digest."""
        real_state_folder(self.folder)
        for name, data in staged.writes.items():
            _write_synced(self.folder / (name + STAGED_SUFFIX), data)
        document = {"after": target, "writes": list(staged.writes), "drops": staged.drops}
        write_atomic(self.pending, json.dumps(document).encode("utf-8"))

    def finish(self) -> None:
        """Step 4: put the staged files in place (the index last), drop old steps, forget the intent."""
        document = self._read()
        if document is None:
            return
        for name in document["writes"]:
            staged = self.folder / (name + STAGED_SUFFIX)
            if staged.exists():
                os.replace(staged, self.folder / name)
        fsync_dir(self.folder)
        for name in document["drops"]:
            try:
                (self.folder / name).unlink(missing_ok=True)
            except OSError:
                pass  # an orphan step file: harmless, the index no longer names it
        self.pending.unlink(missing_ok=True)
        fsync_dir(self.folder)

    def abort(self) -> None:
        """The edit did not happen: throw the staged files and the intent away."""
        document = self._read()
        for name in document["writes"] if document else []:
            (self.folder / (name + STAGED_SUFFIX)).unlink(missing_ok=True)
        self.pending.unlink(missing_ok=True)
        for stray in self.folder.glob(f"*{STAGED_SUFFIX}") if self.folder.is_dir() else []:
            try:
                stray.unlink(missing_ok=True)
            except OSError:
                pass  # not a file we staged (a folder someone put there): left alone

    def recover(self, current: str | None) -> bool:
        """Settle a leftover intent given the project file's digest now; True if there was one."""
        try:
            mode = os.lstat(self.pending).st_mode
        except FileNotFoundError:
            return False
        if not stat.S_ISREG(mode):  # a folder, a link, a FIFO: not ours, and not to be followed or read
            raise HistoryError(f"{self.pending} is not a file NeuralCut wrote; remove it to edit this project")
        document = self._read()
        if document is not None and document.get("after") == current:
            self.finish()
        else:
            self.abort()
        return True

    def _read(self) -> dict[str, Any] | None:
        """The intent, or None when it is unreadable or names a file that is not a history file of this folder
        (``../x``, an absolute path: a project folder from someone else cannot make us move or delete it)."""
        try:
            document = json.loads(read_regular(self.pending, MB, "journal", follow_links=False))
        except (OSError, ValueError):
            return None
        if (
            not isinstance(document, dict)
            or not isinstance(document.get("writes"), list)
            or not isinstance(document.get("drops"), list)
        ):
            return None
        if not all(
            isinstance(name, str) and HISTORY_NAME.fullmatch(name) for name in [*document["writes"], *document["drops"]]
        ):
            return None
        return document


def _write_synced(path: Path, data: bytes) -> None:
    with open(path, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def remove_stray_temp_files(project_path: Path, history_folder: Path) -> list[Path]:
    """Files a killed writer left: temporary files (``.<name>.*.tmp``) and, with no
    journal pending, staged history files. The caller holds the lock."""
    removed = []
    patterns = [(project_path.parent, f".{glob.escape(project_path.name)}.*.tmp"), (history_folder, ".*.tmp")]
    if not (history_folder / PENDING).exists():
        patterns.append((history_folder, f"*{STAGED_SUFFIX}"))
    for folder, pattern in patterns:
        if not folder.is_dir():
            continue
        for stray in folder.glob(pattern):
            try:
                stray.unlink()
                removed.append(stray)
            except OSError:
                pass
    return removed
