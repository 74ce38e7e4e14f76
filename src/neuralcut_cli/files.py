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
