"""Shared by the hostile-folder tests: where a project's state lives, and a check that nothing internal leaked."""

from __future__ import annotations

from pathlib import Path


def state(project: Path) -> Path:
    """The project's state folder (``.neuralcut/<stem>``)."""
    return project.parent / ".neuralcut" / project.stem


def quiet(done: object) -> str:
    """What a command said, asserted free of tracebacks and internal errors."""
    said = getattr(done, "stdout", "") + getattr(done, "stderr", "")
    assert "Traceback" not in said and "internal error" not in said.lower(), said
    return said
