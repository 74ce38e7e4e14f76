"""Text that arrives from outside: command-line arguments and stdin.

Python hands bytes that are not UTF-8 over as lone surrogates
(``surrogateescape``); left in, they break every later write of the chat or
the history. Here they are found at the door and refused with one message.
"""

from __future__ import annotations

import sys

from neuralcut_cli.errors import UsageError
from neuralcut_cli.project.limits import has_lone_surrogate


def read_stdin_text(what: str) -> str:
    """All of stdin as UTF-8 text; ``UsageError`` naming ``what`` if it is not."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        return sys.stdin.read()
    try:
        data: bytes = stream.read()
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{what} is not valid UTF-8 text (byte {exc.start + 1})") from None


def checked_argument(text: str, what: str) -> str:
    """A command-line argument, refused when its bytes were not UTF-8."""
    if has_lone_surrogate(text):
        raise UsageError(f"{what} is not valid UTF-8 text")
    return text


def checked_request(text: str) -> str:
    """The request of ``neuralcut run``: UTF-8, and something to do."""
    if not checked_argument(text, "The request").strip():
        raise UsageError('The request is empty: say what to do, e.g. neuralcut run "split at 5s"')
    return text


def decode_line(raw: bytes) -> str | None:
    """One line of a script as text, or None when it is not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
