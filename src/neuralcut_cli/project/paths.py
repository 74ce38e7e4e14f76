"""Where per-project state lives: ``.neuralcut/<project file stem>/``.

The undo history, chat history, caches and input history sit beside the
project. Deleting the folder loses history, never the project.
"""

from __future__ import annotations

from pathlib import Path

STATE_FOLDER = ".neuralcut"
SHIPPED_DEMO = Path(__file__).resolve().parents[1] / "demo"  # the demo in the package: read, rendered, never edited


def state_dir(project_path: Path) -> Path:
    """The state folder of a project (not created). The shipped demo's lives in the temporary folder: nothing is
    ever written into the package (it may be read-only, and a clone's ``git status`` stays clean)."""
    project_path = Path(project_path)
    if project_path.resolve().is_relative_to(SHIPPED_DEMO):
        import os
        import tempfile

        return Path(tempfile.gettempdir()) / f"neuralcut-shipped-demo-{os.getuid()}" / STATE_FOLDER / project_path.stem
    return project_path.parent / STATE_FOLDER / project_path.stem


def ensure_state_dir(project_path: Path) -> Path:
    return real_state_folder(state_dir(project_path))


def real_state_folder(folder: Path) -> Path:
    """``folder``, made where missing. Inside a ``.neuralcut`` state folder, every folder from the one that holds
    ``.neuralcut`` down to it must be a real folder, not a link (one planted in a project folder from someone
    else would send the history, caches or locks anywhere): ``ProjectSaveError`` names the one that is not."""
    from neuralcut_cli.errors import ProjectSaveError
    from neuralcut_cli.files import FileRefused, real_folder

    folder = Path(folder)
    parts = folder.parts
    try:
        if STATE_FOLDER not in parts:
            folder.mkdir(parents=True, exist_ok=True)
            return folder
        home = Path(*parts[: len(parts) - 1 - parts[::-1].index(STATE_FOLDER)])
        home.mkdir(parents=True, exist_ok=True)
        return real_folder(folder, home)
    except FileRefused as exc:
        raise ProjectSaveError(str(exc)) from None
    except OSError as exc:
        raise ProjectSaveError(f"Cannot keep this project's state in {folder} ({exc.strerror})") from None


def config_file() -> Path:
    """The person's config file: ``NEURALCUT_CONFIG``, else ``config.toml`` in the platform's config folder
    (``~/.config/neuralcut`` on Linux). Its folder also holds their ``skills/``."""
    import os

    override = os.environ.get("NEURALCUT_CONFIG", "").strip()
    if override:
        return Path(override).expanduser()
    import typer

    return Path(typer.get_app_dir("neuralcut")) / "config.toml"


def cache_folder() -> Path | None:
    """Where NeuralCut keeps what it can always make again (compiled patterns): ``NEURALCUT_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/neuralcut``, else ``~/.cache/neuralcut``; None when there is no home to keep it in (never a
    "~" folder where it runs)."""
    import os

    folder = os.environ.get("NEURALCUT_CACHE_DIR", "").strip()
    if folder:
        return Path(folder)
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    if not base:
        home = os.path.expanduser("~")
        if home == "~":
            return None
        base = os.path.join(home, ".cache")
    return Path(base) / "neuralcut"


def skill_folders(project_path: Path | None) -> list[Path]:
    """Where a person's skills live: the config folder's ``skills/``, then the project's ``.neuralcut/skills/``."""
    folders = [config_file().parent / "skills"]
    if project_path is not None:
        folders.append(Path(project_path).parent / STATE_FOLDER / "skills")
    return folders
