"""Starting `neuralcut` on a real pseudo-terminal for REPL tests."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect


def spawn(project: Path, *extra: str, env: dict[str, str] | None = None) -> pexpect.spawn:
    """``neuralcut -p PROJECT ...`` on a pty, 110 columns, colour on, no cursor-position requests."""
    return spawn_command("-p", str(project), *extra, env=env)


def spawn_command(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> pexpect.spawn:
    """``neuralcut ARGS...`` on a pty (see ``spawn``)."""
    full_env = {**os.environ, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", **(env or {})}
    full_env.pop("NO_COLOR", None)
    return pexpect.spawn(
        sys.executable,
        ["-m", "neuralcut_cli", *args],
        env=full_env,
        encoding="utf-8",
        timeout=120,  # generous: a loaded machine is slow, and a passing test never waits it out
        dimensions=(40, 110),
        cwd=str(cwd) if cwd else None,
    )


def leave(child: pexpect.spawn, tries: int = 3) -> None:
    """Ctrl-D until the REPL has left (a state, not a delay): a key typed while prompt-toolkit sets up the terminal
    can be flushed away, so it is typed again rather than waited on for ever."""
    for _ in range(tries):
        child.sendcontrol("d")
        if child.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=10) == 0:
            return
    raise AssertionError(f"the REPL did not leave on Ctrl-D; it showed: {child.before[-500:]!r}")
