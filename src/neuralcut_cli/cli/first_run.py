"""A first run that guides: what to do when there is no project yet.

With no ``-p`` and no ``NEURALCUT_PROJECT``, NeuralCut opens
``projects/demo.json`` (a clone's demo). Anywhere else that file does not
exist, and rather than "file not found" the person is told how to start;
on a terminal, bare ``neuralcut`` offers to make a project from the media
in the current folder (or, with none, a copy of the demo) and opens it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from neuralcut_cli.cli.options import DEFAULT_PROJECT
from neuralcut_cli.cli.views.names import plural
from neuralcut_cli.errors import ProjectLoadError
from neuralcut_cli.media.outputs import free_path

MEDIA_SUFFIXES = frozenset(
    {
        ".mp4",
        ".mov",
        ".mkv",
        ".webm",
        ".avi",
        ".m4v",
        ".mp3",
        ".wav",
        ".m4a",
        ".aac",
        ".flac",
        ".ogg",
        ".png",
        ".jpg",
        ".jpeg",
        ".webp",
        ".gif",
    }
)


def projects_here(folder: Path) -> list[Path]:
    """The NeuralCut project files in ``folder`` (a JSON file that says so near its start)."""
    found = []
    try:
        candidates = sorted(p for p in folder.iterdir() if p.suffix.lower() == ".json")[:200]
    except OSError:
        return []
    for path in candidates:
        try:
            with open(path, "rb") as handle:
                head = handle.read(4096) if path.is_file() else b""
        except OSError:
            continue
        if b'"neuralcut-project"' in head:
            found.append(path)
    return found


def guide(default: Path) -> str:
    here = projects_here(Path.cwd())
    if here:
        names = ", ".join(p.name for p in here[:5]) + (", ..." if len(here) > 5 else "")
        return (
            f"No project named (with no -p, NeuralCut opens {default}, which does not exist).\n"
            f"Projects here: {names}. Open one: neuralcut -p {here[0].name} "
            f"(or export NEURALCUT_PROJECT={here[0].name})."
        )
    return (
        f"No project here (with no -p, NeuralCut opens {default}, which does not exist).\n"
        "NeuralCut edits a project file. To start one:\n"
        "  neuralcut new my.json --media clip.mp4    a project from your footage\n"
        "  neuralcut new tour.json --demo            a copy of the demo to try things on\n"
        "then open it: neuralcut -p my.json (or export NEURALCUT_PROJECT=my.json)."
    )


class NoProject(ProjectLoadError):
    """The default project is missing and nothing named another."""

    def __init__(self, default: Path) -> None:
        super().__init__(guide(default))


def media_here(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in MEDIA_SUFFIXES and p.is_file())


def offer(console: Console, folder: Path, ask: Callable[[str], bool]) -> Path | None:
    """Ask to make a project here; the new project's path, or None when the answer is no."""
    media = media_here(folder)
    target = free_path(folder, "my" if media else "tour", ".json")
    if media:
        names = ", ".join(p.name for p in media[:4]) + (", ..." if len(media) > 4 else "")
        question = f"Make {target.name} from the {plural(len(media), 'media file')} here ({names})?"
    else:
        question = f"No media here. Make {target.name}, a copy of the demo project, to try NeuralCut?"
    first, rest = guide(DEFAULT_PROJECT).split("\n", 1)
    console.print(escape(first))
    if not ask(question):
        console.print(escape(rest))
        return None
    from neuralcut_cli.cli.project_files import create_project

    project = create_project(target, name=None, fps=None, size=None, force=False, media=media, demo=not media)
    console.print(
        f"Created {escape(str(target))} ({plural(len(project.media_assets), 'asset')}). "
        f"Next time: neuralcut -p {escape(target.name)}"
    )
    return target


class Asker:
    """A yes/no question on the terminal (yes by default)."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def __call__(self, question: str) -> bool:
        try:
            answer = self.console.input(f"{escape(question)} [Y/n] ")
        except (EOFError, KeyboardInterrupt):
            return False
        return answer.strip().lower() in ("", "y", "yes")
