"""Where the CLI writes: one ``Output`` with a console for people, stderr for
errors, and plain stdout for machine (``--json``) documents.

Colour follows ``--color`` (see ``environment``): by default rich's rules, none
when ``NO_COLOR`` is set or stdout is not a terminal. Tests build an ``Output`` over ``StringIO``.
"""

from __future__ import annotations

import json
import sys
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console


def _console(file: IO[str] | None, stderr: bool = False) -> Console:
    from rich.console import Console

    # Messages are never hard-wrapped (a wrapped path cannot be copied);
    # tables and lanes size themselves to the width.
    from neuralcut_cli.cli.environment import current
    from neuralcut_cli.cli.views.clean import guard

    return guard(Console(file=file, stderr=stderr, highlight=False, soft_wrap=True, **current().console_colour()))  # type: ignore[arg-type]


class Output:
    """The CLI's single output interface. Its consoles are made when first used: a ``--json`` command never
    imports rich."""

    def __init__(
        self, console: Console | None = None, errors: Console | None = None, stdout: IO[str] | None = None
    ) -> None:
        self._console, self._errors, self.stdout = console, errors, stdout

    @property
    def console(self) -> Console:
        if self._console is None:
            self._console = _console(None)
        return self._console

    @property
    def errors(self) -> Console:
        if self._errors is None:
            self._errors = _console(None, stderr=True)
        return self._errors

    def json(self, document: Any) -> None:
        """Exactly one JSON document on stdout, nothing else."""
        from neuralcut_cli.secrets import redact

        stream = self.stdout or sys.stdout
        stream.write(redact(json.dumps(document, ensure_ascii=False)) + "\n")
        stream.flush()

    def error(self, message: str) -> None:
        self.errors.print(f"[bold red]error:[/] {_escape(message)}")

    def warn(self, message: str) -> None:
        self.errors.print(f"[yellow]warning:[/] {_escape(message)}")

    def say(self, message: str, style: str | None = None) -> None:
        self.console.print(_escape(message), style=style)


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)
