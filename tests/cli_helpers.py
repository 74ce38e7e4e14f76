"""Running ``neuralcut`` from tests: in a real process, or in this one.

``neuralcut(...)`` starts a real process (``python -m neuralcut_cli``): for
what only a process shows (exit on a signal, argv bytes, parallel writers,
several processes on one project). ``invoke(...)`` runs the same entry point
(``cli.app.main``) in this process with stdin, stdout and stderr replaced:
the same code path, a hundred times faster.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from typer.testing import Result as ClickResult

EXE = [sys.executable, "-m", "neuralcut_cli"]
_CLEARED = ("NEURALCUT_PROJECT", "NEURALCUT_BACKEND", "NEURALCUT_MODEL")


def neuralcut(
    *args: Any,
    input: str | bytes | None = None,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    timeout: float = 300,  # generous: a loaded machine is slow, and a passing call never waits it out
) -> subprocess.CompletedProcess[Any]:
    """A real ``neuralcut`` process; text in and out unless an argument or the input is bytes."""
    full_env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100", **(env or {})}
    for name in _CLEARED:
        if name not in (env or {}):
            full_env.pop(name, None)
    binary = isinstance(input, bytes) or any(isinstance(a, bytes) for a in args)
    argv = [a if isinstance(a, bytes) else str(a) for a in args]
    return subprocess.run(
        [*EXE, *argv], capture_output=True, text=not binary, input=input, env=full_env, cwd=cwd, timeout=timeout
    )


@dataclass
class Result:
    returncode: int
    stdout: str
    stderr: str


class _Stdin(io.TextIOWrapper):
    def isatty(self) -> bool:
        return False


def invoke(*args: Any, input: str | bytes = b"", env: dict[str, str] | None = None, cwd: Path | None = None) -> Result:
    """``neuralcut ARGS`` through ``main()`` in this process, with the environment a subprocess would get (and, given
    ``cwd``, in that folder: a test runs alone in its worker, and the folder is restored after)."""
    from neuralcut_cli.cli.app import main

    raw = input.encode("utf-8") if isinstance(input, str) else input
    out, err = io.StringIO(), io.StringIO()
    saved = sys.argv, sys.stdin, dict(os.environ)
    folder = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    sys.argv = ["neuralcut", *map(str, args)]
    sys.stdin = _Stdin(io.BytesIO(raw), encoding="utf-8")
    for name in _CLEARED:
        os.environ.pop(name, None)
    os.environ.update({"NO_COLOR": "1", "COLUMNS": "100", **(env or {})})
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main()
            except SystemExit as exited:
                code = exited.code if isinstance(exited.code, int) else (0 if exited.code is None else 1)
    finally:
        os.chdir(folder)
        sys.argv, sys.stdin = saved[0], saved[1]
        os.environ.clear()
        os.environ.update(saved[2])
    return Result(code, out.getvalue(), err.getvalue())


#: The ``cli`` fixture: the typer app run in this process, its click ``Result`` returned.
Cli = Callable[..., ClickResult]
#: The ``write_project`` fixture: a project (a dict or text) written to a file of the test's folder.
WriteProject = Callable[..., Path]
