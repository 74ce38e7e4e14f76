"""Where the CLI writes: one ``Output`` with a console for people, stderr for
errors, and plain stdout for machine (``--json``) documents.

Colour follows ``--color`` (see ``environment``): by default rich's rules, none
when ``NO_COLOR`` is set or stdout is not a terminal. Tests build an ``Output`` over ``StringIO``.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import IO, Any

from rich.console import Console


def _console(file: IO[str] | None, stderr: bool = False) -> Console:
    # Messages are never hard-wrapped (a wrapped path cannot be copied);
    # tables and lanes size themselves to the width.
    from neuralcut_cli.cli.environment import current
    from neuralcut_cli.cli.views.clean import guard

    return guard(Console(file=file, stderr=stderr, highlight=False, soft_wrap=True, **current().console_colour()))  # type: ignore[arg-type]


@dataclass
class Output:
    """The CLI's single output interface."""

    console: Console = field(default_factory=lambda: _console(None))
    errors: Console = field(default_factory=lambda: _console(None, stderr=True))
    stdout: IO[str] | None = None

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
