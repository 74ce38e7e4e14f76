"""Seals on the state NeuralCut keeps beside a project, so that a forged cache is never believed.

A cache in ``.neuralcut/`` says what was measured of a media file (where the
silences are, what a model understood, a rendered segment). A project folder
made by someone else can hold caches they wrote: a forged silences cache
would cut whatever ranges it names. A checksum alone does not help (anyone
can compute one), so each cache entry carries an HMAC-SHA256 of its content
under a key that never leaves this person's machine: ``state.key`` beside
their config file (mode 0600, made on first use). An entry whose seal does
not match, or any entry when no key can be kept, is measured again.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
from functools import lru_cache
from typing import Any

from neuralcut_cli.project.paths import config_file

KEY_BYTES = 32


@lru_cache(maxsize=4)
def _key(folder: str) -> bytes | None:
    """The key in ``folder/state.key``, made on first use; None when it cannot be read or made."""
    path = os.path.join(folder, "state.key")
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    except OSError:
        return None
    try:
        _make(folder, path)
        return _read(path)
    except OSError:
        return None


def _read(path: str) -> bytes | None:
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as handle:
        key = handle.read(KEY_BYTES + 1)
    return key if len(key) == KEY_BYTES else None


def _make(folder: str, path: str) -> None:
    """A new key under a name of its own, then linked into place: two processes making one agree on the first."""
    os.makedirs(folder, mode=0o700, exist_ok=True)
    temp = os.path.join(folder, f".state.key.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(secrets.token_bytes(KEY_BYTES))
    try:
        os.link(temp, path)
    except FileExistsError:
        pass
    finally:
        os.unlink(temp)


def key() -> bytes | None:
    """This person's sealing key; None when none can be kept (nothing is then trusted from a cache)."""
    return _key(str(config_file().expanduser().parent))


def seal(content: Any) -> str | None:
    """The seal of a JSON value (its canonical text), or None without a key."""
    secret = key()
    if secret is None:
        return None
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hmac.new(secret, text.encode("ascii"), "sha256").hexdigest()


def sealed(content: Any, stamp: object) -> bool:
    """Whether ``stamp`` is the seal of ``content`` under this person's key."""
    expected = seal(content)
    return expected is not None and isinstance(stamp, str) and hmac.compare_digest(expected, stamp)
