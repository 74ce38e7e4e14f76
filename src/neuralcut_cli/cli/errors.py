"""One place that turns errors into messages and exit codes for the CLI."""

from __future__ import annotations

import os
import sys
from typing import NoReturn

from neuralcut_cli.errors import ExitCode, NeuralCutError


def fail(message: str, code: ExitCode = ExitCode.FAILED) -> NoReturn:
    """Print ``error: message`` on stderr and exit with ``code``."""
    from neuralcut_cli.cli.output import Output

    Output().error(message)
    raise SystemExit(int(code))


def report(exc: BaseException) -> int:
    """The exit code for an exception escaping a command, after saying why."""
    if isinstance(exc, NeuralCutError):
        from neuralcut_cli.cli.output import Output

        Output().error(exc.message)
        return int(exc.exit_code)
    if isinstance(exc, KeyboardInterrupt):
        sys.stderr.write("\ninterrupted\n")
        return int(ExitCode.CANCELLED)
    if os.environ.get("NEURALCUT_DEBUG"):
        raise exc
    from neuralcut_cli.cli.output import Output

    Output().error(
        f"internal error: {type(exc).__name__}: {exc} (this is a bug; set NEURALCUT_DEBUG=1 for the traceback)"
    )
    return int(ExitCode.FAILED)


def guarded(fn):  # type: ignore[no-untyped-def]
    """Wrap a command so user errors print one line and exit with their code."""
    import functools

    import typer

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
        try:
            return fn(*args, **kwargs)
        except (SystemExit, KeyboardInterrupt, typer.Exit, typer.Abort):
            raise
        except Exception as exc:  # noqa: BLE001 - turned into a message and a code
            raise SystemExit(report(exc)) from None

    return wrapper
