"""What one invocation of ``neuralcut`` runs in, as one object (httpie's ``Environment``).

``main(argv, env)`` makes (or is given) an ``Environment``: the flags that
hold for every command (``--color``, ``--debug``), the settings given before
the command (``-p``, ``--backend``, ``--model``, ``--base-url``,
``--approve``; the root callback fills them in) and the environment
variables it reads. It is current for the length of that call only
(a context variable, so two calls in two threads never see each other's),
and the code that needs it asks ``current()`` rather than reading module
globals. Tests pass their own.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

from neuralcut_cli.errors import UsageError

COLOR_MODES = ("auto", "always", "never")
TRUE_WORDS = ("1", "true", "yes", "on")


@dataclass
class Environment:
    """Flags, the settings said before the command, and the variables read."""

    environ: Mapping[str, str] = field(default_factory=lambda: os.environ)
    color: str = "auto"
    debug: bool = False
    project: Path | None = None
    backend: str | None = None
    model: str | None = None
    base_url: str | None = None
    approve: str | None = None

    def __post_init__(self) -> None:
        self.debug = self.debug or self.environ.get("NEURALCUT_DEBUG", "").lower() in TRUE_WORDS

    def take_global_flags(self, argv: list[str]) -> list[str]:
        """``argv`` without ``--color X`` / ``--color=X`` / ``--debug`` (before any ``--``), which are kept here."""
        rest: list[str] = []
        index = 0
        while index < len(argv):
            word = argv[index]
            if word == "--":
                rest.extend(argv[index:])
                break
            if word == "--debug":
                self.debug = True
            elif word == "--color" or word.startswith("--color="):
                value = word.partition("=")[2] if "=" in word else (argv[index + 1] if index + 1 < len(argv) else "")
                index += 0 if "=" in word else 1
                if value not in COLOR_MODES:
                    raise UsageError(f"--color takes auto, always or never, not {value!r}")
                self.color = value
            else:
                rest.append(word)
            index += 1
        return rest

    def console_colour(self) -> dict[str, object]:
        """rich ``Console`` arguments for the colour mode (``auto``: rich's own rules, ``NO_COLOR`` included)."""
        if self.color == "always":
            return {"force_terminal": True, "no_color": False}
        if self.color == "never":
            return {"no_color": True, "color_system": None}
        return {}

    def said_before(self, project: Path | None, backend: str | None, model: str | None, **more: str | None) -> None:
        """The root callback's options (``neuralcut -p P --backend B COMMAND``)."""
        self.project, self.backend, self.model = project, backend, model
        self.base_url, self.approve = more.get("base_url"), more.get("approve")

    def project_variable(self) -> Path | None:
        value = self.environ.get("NEURALCUT_PROJECT")
        return Path(value) if value else None


_CURRENT: ContextVar[Environment | None] = ContextVar("neuralcut_environment", default=None)


def current() -> Environment:
    """The environment of the running call; outside ``main`` (the typer app called directly, as click's
    test runner does), one made on first use for this thread."""
    env = _CURRENT.get()
    if env is None:
        env = Environment()
        _CURRENT.set(env)
    return env


@contextmanager
def running_in(env: Environment) -> Iterator[Environment]:
    """Make ``env`` current for the length of one call of ``main``."""
    token = _CURRENT.set(env)
    try:
        yield env
    finally:
        _CURRENT.reset(token)
