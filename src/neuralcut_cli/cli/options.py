"""Options shared by the commands, declared once.

``-p/--project``, ``--backend`` and ``--model`` may be given before the
command (``neuralcut -p trip.json timeline``) or after it; after wins, then
before (kept in the call's ``Environment``), then the environment (``$NEURALCUT_PROJECT``, ``$NEURALCUT_BACKEND``,
``$NEURALCUT_MODEL``), then the default.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

import typer

from neuralcut_cli.agent.backends.registry import choices
from neuralcut_cli.cli.environment import current

DEFAULT_PROJECT = Path("projects/demo.json")


def resolve_project(value: Path | None, must_exist: bool = True) -> Path:
    """``-p``, else ``$NEURALCUT_PROJECT``, else the default; a missing default explains how to start."""
    env = current()
    chosen = value or env.project or env.project_variable()
    if chosen is None and must_exist and not DEFAULT_PROJECT.exists():
        from neuralcut_cli.cli.first_run import NoProject

        raise NoProject(DEFAULT_PROJECT)
    return chosen or DEFAULT_PROJECT


def _setting(name: str, flag: str | None) -> str | None:
    """A flag (here or before the command), else the environment, else the config file, else None."""
    from neuralcut_cli.cli.config import load_config

    value, source = load_config().setting(name, flag)
    logging.getLogger("neuralcut.config").debug("%s = %s (%s)", name, value, source)
    return None if source == "default" else value


def resolve_backend(value: str | None) -> str | None:
    return _setting("backend", value or current().backend)


def resolve_model(value: str | None) -> str | None:
    return _setting("model", value or current().model)


def resolve_base_url(value: str | None) -> str | None:
    return _setting("base_url", value or current().base_url)


def resolve_approve(value: str | None) -> str:
    """``ask`` or ``auto`` (the default): flag, NEURALCUT_APPROVE, the config file."""
    from neuralcut_cli.errors import UsageError

    chosen = _setting("approve", value or current().approve) or "auto"
    if chosen not in ("ask", "auto"):
        raise UsageError(f"--approve must be ask or auto, not '{chosen}'")
    return chosen


ProjectOpt = Annotated[
    Path | None,
    typer.Option(
        "--project",
        "-p",
        help="Project file (default: $NEURALCUT_PROJECT, else projects/demo.json).",
        show_default=False,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine output: exactly one JSON document on stdout.")]
BackendOpt = Annotated[
    str | None,
    typer.Option(
        "--backend",
        "-b",
        help=f"{choices()} (a `neuralcut serve` proxy); `neuralcut backends` says what each needs "
        "(default: $NEURALCUT_BACKEND, else mock).",
        show_default=False,
    ),
]
ModelOpt = Annotated[
    str | None,
    typer.Option(
        "--model",
        "-m",
        help="Model name for the gemini or openai backend (default: $NEURALCUT_MODEL).",
        show_default=False,
    ),
]
ApproveOpt = Annotated[
    str | None,
    typer.Option(
        "--approve",
        help="ask: show each edit and ask before it runs; auto (default): no questions "
        "(default: $NEURALCUT_APPROVE, else the config file).",
        show_default=False,
    ),
]
BaseUrlOpt = Annotated[
    str | None,
    typer.Option(
        "--base-url",
        help="The openai backend's server, e.g. http://localhost:11434/v1 for Ollama (default: $OPENAI_BASE_URL).",
        show_default=False,
    ),
]
