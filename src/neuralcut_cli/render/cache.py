"""Rendered segments kept for the next render: ``.neuralcut/<stem>/render/<key>.mp4|.pcm``.

An entry is trusted only when its checksum file (``<key>.sum``: size, SHA-256 and a seal under this person's
key, ``project.seal``, written after the entry itself) matches it, so a render killed at any moment (or a file
changed by hand, or a cache someone else wrote) leaves nothing a later render believes: entries are written
under a temporary name and renamed into place, then their checksum is written the same way. Using an entry marks
it as recently used; after a render the least recently used entries go until the cache holds at most
``NEURALCUT_RENDER_CACHE_MB`` (2048). A render's work folder sits beside the entries, so they are linked into it
rather than copied, and an entry removed by another render meanwhile stays readable through that link.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from neuralcut_cli.errors import ProjectSaveError, UsageError
from neuralcut_cli.project.paths import real_state_folder, state_dir
from neuralcut_cli.project.seal import seal, sealed

DEFAULT_LIMIT_MB = 2048
SUM = ".sum"


def limit_bytes() -> int:
    raw = os.environ.get("NEURALCUT_RENDER_CACHE_MB", "").strip()
    if not raw:
        return DEFAULT_LIMIT_MB * 1024 * 1024
    if not raw.isdigit():
        raise UsageError(f"NEURALCUT_RENDER_CACHE_MB must be a whole number of megabytes (it is {raw[:40]!r})")
    return int(raw) * 1024 * 1024


@dataclass(frozen=True)
class RenderCache:
    folder: Path
    limit: int

    @classmethod
    def beside(cls, project_path: Path) -> RenderCache | None:
        """The project's render cache, or None where it cannot be kept (a read-only folder, a state folder
        that leads elsewhere)."""
        limit = limit_bytes()
        folder = state_dir(project_path) / "render"
        try:
            real_state_folder(folder)
            if not os.access(folder, os.W_OK):
                return None
        except (OSError, ProjectSaveError):  # a link, a file or a read-only folder where it belongs: no cache
            return None
        return cls(folder, limit)

    def work_folder(self) -> Path:
        """A private folder for one render, beside the entries (same file system: entries link in)."""
        self.sweep()
        path = self.folder / f"tmp-{os.getpid()}-{secrets.token_hex(4)}"
        path.mkdir()
        return path

    def find(self, key: str, suffix: str) -> Path | None:
        """The entry, checked against its checksum and marked as used; None when absent or not to be trusted."""
        entry = self.folder / f"{key}{suffix}"
        try:
            expected = json.loads((self.folder / f"{key}{SUM}").read_text("utf-8"))
            if not entry.is_file() or entry.is_symlink() or entry.stat().st_size != expected["size"]:
                return None
            if _sha256(entry) != expected["sha256"] or not sealed(_content(key, expected), expected.get("seal")):
                return None
            os.utime(entry)
        except (OSError, ValueError, KeyError, TypeError):
            return None
        return entry

    def store(self, key: str, suffix: str, made: Path) -> None:
        """Keep ``made`` (a finished file in a work folder) as the entry for ``key``."""
        entry = self.folder / f"{key}{suffix}"
        partial = self.folder / f".{key}{suffix}.partial-{os.getpid()}"
        try:
            _link_or_copy(made, partial)
            os.replace(partial, entry)
            facts = {"size": entry.stat().st_size, "sha256": _sha256(entry)}
            record = json.dumps({**facts, "seal": seal(_content(key, facts))})
            checksum = self.folder / f".{key}{SUM}.partial-{os.getpid()}"
            checksum.write_text(record, encoding="utf-8")
            os.replace(checksum, self.folder / f"{key}{SUM}")
        except OSError:
            partial.unlink(missing_ok=True)  # a full disk only costs the next render this segment
        except BaseException:  # Ctrl-C between the entry and its checksum: no entry without one is left behind
            partial.unlink(missing_ok=True)
            if not (self.folder / f"{key}{SUM}").is_file():
                entry.unlink(missing_ok=True)
            raise

    def link_into(self, entry: Path, target: Path) -> None:
        _link_or_copy(entry, target)

    def evict(self) -> None:
        """Least recently used entries out until the cache fits its limit."""
        entries = []
        for path in self.folder.iterdir():
            if path.name.startswith((".", "tmp-")) or path.suffix == SUM:
                continue
            try:
                stat = path.stat()
            except OSError:
                continue
            entries.append((stat.st_mtime, stat.st_size, path))
        total = sum(size for _, size, _ in entries)
        for _, size, path in sorted(entries):
            if total <= self.limit:
                break
            self._remove(path)
            total -= size

    def sweep(self) -> None:
        """What killed renders left: partial entries, work folders, entries never given their checksum."""
        for path in self.folder.iterdir():
            owner = _owner(path.name)
            if owner is not None and not alive(owner):
                shutil.rmtree(path, ignore_errors=True) if path.is_dir() else path.unlink(missing_ok=True)

    def _remove(self, entry: Path) -> None:
        (self.folder / f"{entry.stem}{SUM}").unlink(missing_ok=True)
        entry.unlink(missing_ok=True)


def sweep_work_folders(folder: Path, prefix: str) -> None:
    """Remove ``<prefix><pid>-*`` folders whose render is gone (killed before it could clean up)."""
    for path in folder.glob(f"{prefix}*"):
        pid = path.name[len(prefix) :].split("-")[0]
        if pid.isdigit() and path.is_dir() and not path.is_symlink() and not alive(int(pid)):
            shutil.rmtree(path, ignore_errors=True)


def _owner(name: str) -> int | None:
    """The process id in a partial entry's or a work folder's name."""
    if name.startswith("tmp-"):
        pid = name.split("-")[1]
    elif name.startswith(".") and ".partial-" in name:
        pid = name.rsplit(".partial-", 1)[1]
    else:
        return None
    return int(pid) if pid.isdigit() else None


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _link_or_copy(source: Path, target: Path) -> None:
    target.unlink(missing_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _content(key: str, facts: dict[str, Any]) -> dict[str, Any]:
    """What a seal covers: the entry's key, size and digest (a sealed record copied to another key is refused)."""
    return {"key": key, "size": facts.get("size"), "sha256": facts.get("sha256")}
