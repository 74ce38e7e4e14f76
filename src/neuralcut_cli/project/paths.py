"""Where per-project state lives: ``.neuralcut/<project file stem>/``.

The undo history, chat history, caches and input history sit beside the
project. Deleting the folder loses history, never the project.
"""

from __future__ import annotations

from pathlib import Path

STATE_FOLDER = ".neuralcut"


def state_dir(project_path: Path) -> Path:
    """The state folder of a project (not created)."""
    project_path = Path(project_path)
    return project_path.parent / STATE_FOLDER / project_path.stem


def ensure_state_dir(project_path: Path) -> Path:
    folder = state_dir(project_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder
