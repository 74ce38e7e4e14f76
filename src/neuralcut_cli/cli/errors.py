"""The one way a command ends: an exit code, or a ``NeuralCutError``.

A command returns ``None`` (success) or an ``ExitCode`` after it printed its
result, and raises a ``NeuralCutError`` (with its own exit code) for
anything a person can fix. ``guarded`` turns both into the process exit;
``report`` is the only place that prints an error: one line on stderr, and
with ``--json`` also exactly one document on stdout,
``{"error": "...", "exitCode": n}``. Anything else escaping is a bug and is
reported as one (``NEURALCUT_DEBUG=1`` shows the traceback).
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import Any

from neuralcut_cli.errors import ExitCode, NeuralCutError


def report(exc: BaseException, json_mode: bool = False) -> int:
    """Say why a command failed; return the exit code."""
    from neuralcut_cli.cli.output import Output

    out = Output()
    if isinstance(exc, NeuralCutError):
        message, code = exc.message, int(exc.exit_code)
    elif isinstance(exc, KeyboardInterrupt):
        message, code = "interrupted", int(ExitCode.CANCELLED)
    else:
        if os.environ.get("NEURALCUT_DEBUG"):
            raise exc
        message = (
            f"internal error: {type(exc).__name__}: {exc} (this is a bug; set NEURALCUT_DEBUG=1 for the traceback)"
        )
        code = int(ExitCode.FAILED)
    if json_mode:
        out.json({"error": message, "exitCode": code})
    out.error(message)
    return code


def guarded(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap a command: its return value becomes the exit code, its errors go through ``report``."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        try:
            code = fn(*args, **kwargs)
        except SystemExit:
            raise
        except BaseException as exc:  # noqa: BLE001 - every failure ends here, reported once
            raise SystemExit(report(exc, bool(kwargs.get("json_out")))) from None
        finally:
            _notices()
        if code:
            raise SystemExit(int(code))

    return wrapper


def _notices() -> None:
    """What opening a project did besides (a request left half done by a killed process, rolled back)."""
    session_module = sys.modules.get("neuralcut_cli.cli.project_files")
    if session_module is not None:
        session_module.say_notices()


def json_requested(argv: list[str] | None = None) -> bool:
    """Whether the command line asks for ``--json`` (for failures before a command runs)."""
    return "--json" in (sys.argv[1:] if argv is None else argv)
