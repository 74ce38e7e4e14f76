"""``/render``: the edit rendered to a video from inside the REPL, as ``neuralcut render`` does, with its
progress bar; Ctrl-C stops it (its ffmpeg processes with it) and leaves no partial file.

``/render [file.mp4] [preview] [from T] [to T]``: without a name it is ``<project>.mp4`` beside the project, or
the first free ``-2``, ``-3``... name; a named file that exists is never replaced.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape

from neuralcut_cli.cli.chat.chat_session import ChatSession
from neuralcut_cli.cli.chat.pictures import options, warn_glyphs
from neuralcut_cli.errors import UsageError

SUFFIXES = (".mp4", ".mov", ".mkv", ".m4v")


def render(chat: ChatSession, console: Console, arg: str) -> None:
    from neuralcut_cli.cli.commands.output_cmds import render_options
    from neuralcut_cli.cli.progress import bar
    from neuralcut_cli.media.outputs import free_path
    from neuralcut_cli.render.run import render as run_render
    from neuralcut_cli.time import parse_time, timecode_of_seconds

    words, said = options(arg.split(), ("from", "to"), "/render")
    preview = any(w.lower() == "preview" for w in words)
    names = [w for w in words if w.lower() != "preview"]
    project = chat.project()
    begin = parse_time(said["from"], project.fps) if "from" in said else None
    end = parse_time(said["to"], project.fps) if "to" in said else None
    if len(names) > 1:
        raise UsageError("/render takes one file name, e.g. /render cut.mp4 (and preview, from T, to T)")
    if names and Path(names[0]).suffix.lower() not in SUFFIXES:
        raise UsageError(f"/render writes H.264 video: name the file {', '.join(SUFFIXES)}")
    folder = chat.project_path.parent
    target = (folder / Path(names[0]).expanduser()) if names else free_path(folder, chat.project_path.stem, ".mp4")
    if target.exists() or target.is_symlink():
        raise UsageError(f"{target} is there already; give another name (/render never replaces a file)")
    warn_glyphs(console, project, begin, end)
    with bar(console, "Rendering") as step:
        result = run_render(
            project, chat.project_file, target, start=begin, end=end, options=render_options(preview), progress=step
        )
    console.print(
        f"Wrote {escape(str(target))}: {result.width}x{result.height}, {float(result.fps):g} fps, "
        f"{timecode_of_seconds(result.duration)}"
    )
