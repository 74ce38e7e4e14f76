"""Options shared by the commands, declared once."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

DEFAULT_PROJECT = Path("projects/demo.json")

ProjectOpt = Annotated[
    Path,
    typer.Option(
        "--project",
        "-p",
        envvar="NEURALCUT_PROJECT",
        help="Project file (default: $NEURALCUT_PROJECT, else projects/demo.json).",
        show_default=False,
    ),
]
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Machine output: exactly one JSON document on stdout.")
]
BackendOpt = Annotated[
    Optional[str],
    typer.Option(
        "--backend",
        "-b",
        envvar="NEURALCUT_BACKEND",
        help="mock (default), gemini, or the URL of a `neuralcut serve` proxy.",
        show_default=False,
    ),
]
ModelOpt = Annotated[
    Optional[str],
    typer.Option("--model", "-m", envvar="NEURALCUT_MODEL", help="Model name for the gemini backend.", show_default=False),
]
