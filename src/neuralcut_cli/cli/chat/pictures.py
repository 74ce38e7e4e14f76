"""``/frame`` and ``/storyboard``: pictures written beside the project and, where the terminal can, shown.

A picture never replaces a file: without a name it is ``frame-00-05.00.png``,
``storyboard.png``, or the first free ``-2``, ``-3``... name beside the
project. Characters no installed font has are named before anything renders,
as ``render`` does.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape

from neuralcut_cli.cli.chat.chat_session import ChatSession
from neuralcut_cli.english import plural
from neuralcut_cli.errors import UsageError
from neuralcut_cli.project.model import Project


def frame(chat: ChatSession, console: Console, arg: str) -> None:
    """``/frame 5s [file.png]``."""
    from neuralcut_cli.render.stills import write_frame
    from neuralcut_cli.time import format_timecode, parse_time

    when_text, _, name = arg.strip().partition(" ")
    if not when_text:
        raise UsageError("/frame needs a time, e.g. /frame 5s (and optionally a file name)")
    project = chat.project()
    when = parse_time(when_text, project.fps)
    warn_glyphs(console, project, when, when + 1)
    target = _target(chat, name, f"frame-{format_timecode(when).replace(':', '-')}")
    _shown(console, write_frame(project, chat.project_path, when, target), f"the frame at {format_timecode(when)}")


def storyboard(chat: ChatSession, console: Console, arg: str) -> None:
    """``/storyboard [every N] [from T] [to T] [file.png]``."""
    from neuralcut_cli.cli.progress import bar
    from neuralcut_cli.render.stills import shots, write_storyboard
    from neuralcut_cli.time import parse_time

    words, said = options(arg.split(), ("every", "from", "to"))
    every = None
    if "every" in said:
        if not _positive(said["every"]):
            raise UsageError("/storyboard every N takes a positive number of seconds, e.g. /storyboard every 2")
        every = float(said["every"])
    project = chat.project()
    first = parse_time(said["from"], project.fps) if "from" in said else None
    last = parse_time(said["to"], project.fps) if "to" in said else None
    tiles = shots(project, every, first, last)
    warn_glyphs(console, project, first, last)
    target = _target(chat, " ".join(words), "storyboard")
    with bar(console, "Storyboard") as step:
        written, columns, rows = write_storyboard(project, chat.project_path, tiles, target, progress=step)
    _shown(console, written, f"{plural(len(tiles), 'tile')} ({columns} x {rows})")


def options(words: list[str], names: tuple[str, ...], command: str = "/storyboard") -> tuple[list[str], dict[str, str]]:
    """``every 2 from 1:00 x.png`` → ``(["x.png"], {"every": "2", "from": "1:00"})``."""
    rest, said = [], {}
    index = 0
    while index < len(words):
        word = words[index].lower()
        if word in names and word not in said:
            if index + 1 >= len(words):
                raise UsageError(f"{command} {word} needs a value, e.g. {command} {word} 2")
            said[word] = words[index + 1]
            index += 2
            continue
        rest.append(words[index])
        index += 1
    return rest, said


def _positive(text: str) -> bool:
    try:
        return float(text) > 0
    except ValueError:
        return False


def _target(chat: ChatSession, name: str, stem: str) -> Path:
    """The named file (beside the project when relative), else the first free ``stem.png`` there."""
    from neuralcut_cli.media.outputs import free_path

    if name:
        path = Path(name).expanduser()
        return path if path.is_absolute() else chat.project_path.parent / path
    return free_path(chat.project_path.parent, stem, ".png")


def warn_glyphs(console: Console, project: Project, begin: int | None, end: int | None) -> None:
    from neuralcut_cli.render.fonts import glyph_warning, missing_glyphs

    missing = missing_glyphs(project, begin, end)
    if missing:
        console.print(f"[yellow]warning:[/] {escape(glyph_warning(missing))}")


def _shown(console: Console, picture: Path, what: str) -> None:
    from neuralcut_cli.cli.views.inline_image import show

    console.print(f"Wrote {escape(str(picture))}: {what}")
    show(console, picture)
