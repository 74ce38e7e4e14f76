"""Reading and writing project files.

Loading never shows a traceback: a missing file, invalid JSON (with line and
column) and a schema error (with the JSON path of the bad field) each raise
one ``ProjectLoadError`` with a clear message.

Saving is atomic: a temporary file in the same folder, fsync, ``os.replace``.
Key order is stable (model field order, then unknown keys in file order) so
diffs of project files stay small.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError

from neuralcut_cli.errors import ProjectLoadError, ProjectSaveError
from neuralcut_cli.files import MB, FileRefused, read_regular, shown
from neuralcut_cli.project.gcpause import gc_paused
from neuralcut_cli.project.limits import (
    SURROGATE_ESCAPE,
    UnsafeJson,
    check_json,
    reject_constant,
)
from neuralcut_cli.project.model import FORMAT, SCHEMA_VERSION, Project
from neuralcut_cli.project.paths import SHIPPED_DEMO
from neuralcut_cli.project.schema_errors import describe_validation_error


@dataclass(frozen=True)
class FileStamp:
    """What identifies one version of a file on disk without reading it."""

    mtime_ns: int
    size: int
    inode: int

    @classmethod
    def of(cls, path: Path) -> FileStamp | None:
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return None
        return cls(st.st_mtime_ns, st.st_size, st.st_ino)


def resolve_project_path(path: Path) -> Path:
    """The real file behind ``path`` (links followed), refused quickly when it cannot be a project.

    A missing file resolves to itself (``new`` creates it). A link loop, a
    folder, a FIFO or a device is a ``ProjectLoadError`` before anything
    opens it (opening a FIFO would wait forever).
    """
    path = Path(path)
    try:
        real = path.resolve(strict=False)
    except (RuntimeError, OSError):  # a symlink loop (RuntimeError before Python 3.13)
        raise ProjectLoadError(f"{shown(path)} is a symbolic link loop, not a project file") from None
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        return real
    except OSError as exc:
        if exc.errno == 40:  # ELOOP
            raise ProjectLoadError(f"{shown(path)} is a symbolic link loop, not a project file") from None
        raise ProjectLoadError(f"Cannot read {shown(path)}: {exc.strerror}") from None
    if stat.S_ISDIR(mode):
        raise ProjectLoadError(f"{shown(path)} is a folder, not a project file")
    if not stat.S_ISREG(mode):
        raise ProjectLoadError(f"{shown(path)} is not a regular file (a FIFO, socket or device), not a project file")
    return real


MAX_PROJECT_BYTES = 1024 * MB  # far beyond any real project or OpenCut record; /dev/zero is not read for ever


def read_project_bytes(path: Path) -> bytes:
    """The bytes of a project file, with one clear error when they cannot be read."""
    path = resolve_project_path(path)
    try:
        return read_regular(path, MAX_PROJECT_BYTES, "project file")
    except FileNotFoundError:
        raise ProjectLoadError(f"Project file not found: {shown(path)}{_did_you_mean(path)}") from None
    except FileRefused as exc:
        raise ProjectLoadError(str(exc)) from None
    except OSError as exc:
        raise ProjectLoadError(f"Cannot read {shown(path)}: {exc.strerror}") from None


def _did_you_mean(path: Path) -> str:
    """`` (did you mean demo.json?)`` when a file beside it has a close name."""
    import difflib

    try:
        names = [p.name for p in path.parent.iterdir() if p.suffix.lower() == ".json"][:500]
    except OSError:
        return ""
    close = difflib.get_close_matches(path.name, names, n=1, cutoff=0.75)
    return f" (did you mean {close[0]}?)" if close else ""


def read_project(path: Path) -> Project:
    """Load and validate a project file."""
    data = read_project_bytes(path)
    with gc_paused():
        return parse_project(data, str(path))


def load_json(data: bytes | str) -> Any:
    """Parse JSON text, refusing what Python would read but cannot write back.

    ``NaN``/``Infinity`` and numbers Python will not convert are refused;
    nesting deeper than the interpreter can follow is refused; a lone
    surrogate escape (``"\\ud800"``) is refused with its path. Raises
    ``ValueError`` (``json.JSONDecodeError`` keeps its line and column).
    """
    if isinstance(data, (bytes, bytearray)):  # UTF-8 only: json.loads would take UTF-16 and UTF-32 as well
        data = bytes(data).decode("utf-8")
    try:
        raw = json.loads(data, parse_constant=reject_constant)
    except RecursionError:
        raise ValueError("it is nested too deeply") from None
    except (json.JSONDecodeError, UnicodeDecodeError, UnsafeJson):
        raise
    except ValueError as exc:
        if "integer string conversion" in str(exc):
            raise ValueError("a number in it has thousands of digits") from None
        raise
    if SURROGATE_ESCAPE.search(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")):
        check_json(raw, max_depth=10_000)  # the escape may be a valid pair: look at the decoded text
    return raw


def parse_project(data: bytes | str, source: str = "project") -> Project:
    try:
        raw = load_json(data)
    except UnicodeDecodeError:
        raise ProjectLoadError(f"{source} is not a text file (not UTF-8)") from None
    except json.JSONDecodeError as exc:
        raise ProjectLoadError(
            f"{source} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from None
    except UnsafeJson as exc:
        raise ProjectLoadError(f"{source} is not a valid project:\n{exc.at()}") from None
    except ValueError as exc:  # a number of thousands of digits, nesting beyond the interpreter's limit
        raise ProjectLoadError(f"{source} is not a project NeuralCut can read: {exc}") from None
    return project_from_json(raw, source)


def project_from_json(raw: Any, source: str = "project") -> Project:
    if not isinstance(raw, dict):
        raise ProjectLoadError(f"{source} is not a project: expected a JSON object at the top level")
    _check_format(raw, source)
    try:
        return Project.model_validate(raw)
    except ValidationError as exc:
        raise ProjectLoadError(f"{source} is not a valid project:\n{describe_validation_error(exc)}") from None


def _check_format(raw: dict[str, Any], source: str) -> None:
    if "format" not in raw and isinstance(raw.get("version"), int) and raw["version"] >= 10:  # OpenCut is at 25
        raise ProjectLoadError(
            f"{source} looks like an OpenCut project record (version {raw['version']}), which keeps its media "
            f"elsewhere: make a NeuralCut project of it with `neuralcut import-opencut {source} --media FOLDER "
            "--manifest MEDIA.json -o project.json`"
        )
    fmt = raw.get("format", FORMAT)
    if fmt != FORMAT:
        raise ProjectLoadError(f"{source} is not a NeuralCut project (format is {fmt!r}, expected {FORMAT!r})")
    version = raw.get("version", SCHEMA_VERSION)
    if isinstance(version, bool) or not isinstance(version, int):
        raise ProjectLoadError(f"{source}: version: expected a whole number, found {json.dumps(version)}")
    if version > SCHEMA_VERSION:
        raise ProjectLoadError(
            f"{source} was written by a newer NeuralCut (format version {version}); "
            f"this one reads version {SCHEMA_VERSION}. Upgrade neuralcut-cli."
        )
    if version < 1:
        raise ProjectLoadError(f"{source}: version: must be >= 1, found {version}")


def dump_project(project: Project) -> bytes:
    """The bytes of a project file: 2-space indented JSON, UTF-8, final newline."""
    text = project.model_dump_json(by_alias=True, exclude_unset=True, indent=2)
    return text.encode("utf-8") + b"\n"


def now_iso() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def touch(project: Project, when: str | None = None) -> Project:
    """The project with ``metadata.updatedAt`` set to now."""
    metadata = project.metadata.model_copy(update={"updated_at": when or now_iso()})
    return project.model_copy(update={"metadata": metadata})


T = TypeVar("T")


def replace_with(target: Path, write: Callable[[Path], T], temp_suffix: str | None = None) -> T:
    """``write`` a new file beside ``target``, then rename it over ``target``: readers see the old file or the
    new one, never half, and a writer that fails (or a process that is killed) leaves the old file as it was.

    The temporary file is ``.<name>.<random><suffix>`` in the same folder (the suffix is ``target``'s own
    unless given, so a writer that goes by the extension picks the right format). ``OSError`` becomes
    ``ProjectSaveError``; whatever else the writer raises passes through.
    """
    target = Path(target)
    folder = target.parent
    try:
        fd, name = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=temp_suffix or target.suffix or ".tmp", dir=folder
        )
    except OSError as exc:
        raise ProjectSaveError(f"Cannot write in {folder}: {exc.strerror}") from None
    os.close(fd)
    temp = Path(name)
    try:
        result = write(temp)
        with open(temp, "rb") as handle:
            os.fsync(handle.fileno())
        os.chmod(temp, target.stat().st_mode & 0o777 if target.exists() else 0o644)
        os.replace(temp, target)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise ProjectSaveError(f"Cannot save {target}: {exc.strerror or exc}") from None
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    fsync_dir(folder)
    return result


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that readers see the old or the new file, never half."""
    replace_with(Path(path), lambda temp: temp.write_bytes(data), ".tmp")


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def check_writable(path: Path) -> None:
    """Refuse to replace the demo NeuralCut ships, or a project file (or its folder) its owner made read-only
    (even as root, who may write anyway)."""
    if Path(path).resolve().is_relative_to(SHIPPED_DEMO):
        raise ProjectSaveError(
            f"{path} is the demo that ships with NeuralCut; it is not edited and nothing was "
            "changed. Make your own copy to edit: neuralcut new tour.json --demo"
        )
    for target, what in ((Path(path), "is read-only"), (Path(path).parent, "is in a read-only folder")):
        try:
            mode = os.stat(target).st_mode
        except FileNotFoundError:
            continue
        if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(target, os.W_OK):
            raise ProjectSaveError(f"{path} {what}; nothing was changed (make it writable to edit it)")


def save_project(path: Path, project: Project) -> Project:
    """Stamp ``updatedAt``, write atomically, return the saved project (no history).

    The caller holds the project's lock (see ``ProjectLock``); edits go
    through ``ProjectSession``, which also records history.
    """
    saved = touch(project)
    with gc_paused():
        data = dump_project(saved)
    check_writable(Path(path))
    write_atomic(Path(path), data)
    return saved


def read_json_state(path: Path, limit: int = 64 * MB) -> object | None:
    """One of a project's own state files (a cache, the chat), parsed with the bounds of a project file; None
    when it is absent or is not one NeuralCut can trust (not a regular file, a link, too big, not strict JSON):
    the caller starts afresh, it never fails on it."""
    try:
        value: object = load_json(read_regular(path, limit, follow_links=False))
    except (OSError, ValueError):
        return None
    return value
