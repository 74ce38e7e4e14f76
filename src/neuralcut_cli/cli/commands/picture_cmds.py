"""``neuralcut frame`` and ``neuralcut storyboard``: pictures of the edit."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from neuralcut_cli.cli.commands.output_cmds import warn_missing_glyphs, warn_outside_media
from neuralcut_cli.cli.errors import guarded
from neuralcut_cli.cli.help_text import command
from neuralcut_cli.cli.options import JsonOpt, ProjectOpt
from neuralcut_cli.english import plural

if TYPE_CHECKING:
    from neuralcut_cli.cli.output import Output

OutputOpt = Annotated[Path, typer.Option("--output", "-o", help="The picture to write (.png or .jpg).")]
ForceOpt = Annotated[bool, typer.Option("--force", help="Replace the picture if it exists.")]


def frame(
    at: Annotated[str, typer.Option("--at", help="The time: 5s, 1:02.5, 90f or 00:01:02:12.")],
    output: OutputOpt,
    project: ProjectOpt = None,
    width: Annotated[
        int | None, typer.Option("--width", min=16, max=8192, help="Scale to this width (default: the canvas).")
    ] = None,
    force: ForceOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """Render the frame at one time to a picture, exactly as `render` draws it there."""
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.progress import spinner
    from neuralcut_cli.cli.project_files import open_session
    from neuralcut_cli.render.stills import write_frame
    from neuralcut_cli.time import format_timecode, parse_time

    session = open_session(project)
    current = session.project()
    when = parse_time(at, current.fps)
    out = Output()
    missing = warn_missing_glyphs(out, current, when, when + 1)
    warn_outside_media(out, current, session.path)
    with spinner(out.errors, f"Rendering the frame at {format_timecode(when)}…", shown=not json_out):
        written = write_frame(current, session.path, when, output, overwrite=force, width=width)
    if json_out:
        out.json({"output": str(written), "at": _seconds(when), "missingGlyphs": missing})
        return
    out.say(f"Wrote {written}: the frame at {format_timecode(when)}")
    _show(out, written)


def storyboard(
    output: OutputOpt,
    project: ProjectOpt = None,
    every: Annotated[
        float | None,
        typer.Option(
            "--every", help="A frame every N seconds (default: one per shot of the main track, from its middle)."
        ),
    ] = None,
    start: Annotated[str | None, typer.Option("--from", help="From this time (5, 1:02.5, 90f...).")] = None,
    end: Annotated[str | None, typer.Option("--to", help="Up to this time.")] = None,
    columns: Annotated[int, typer.Option("--columns", min=1, max=12, help="Tiles per row.")] = 4,
    width: Annotated[int, typer.Option("--tile-width", min=64, max=1920, help="Each tile's width in pixels.")] = 480,
    force: ForceOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """Render a contact sheet: one frame per shot (or every N seconds), each labelled with its timecode; the
    tiles render side by side on every core, with a progress bar on a terminal."""
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.progress import bar
    from neuralcut_cli.cli.project_files import open_session
    from neuralcut_cli.render.stills import shots, write_storyboard
    from neuralcut_cli.time import parse_time

    session = open_session(project)
    current = session.project()
    first = parse_time(start, current.fps) if start else None
    last = parse_time(end, current.fps) if end else None
    tiles = shots(current, every, first, last)
    out = Output()
    missing = warn_missing_glyphs(out, current, first, last)
    warn_outside_media(out, current, session.path)
    with bar(out.errors, "Storyboard", shown=not json_out) as step:
        written, cols, rows = write_storyboard(
            current, session.path, tiles, output, columns, width, overwrite=force, progress=step
        )
    if json_out:
        out.json(
            {
                "output": str(written),
                "columns": cols,
                "rows": rows,
                "missingGlyphs": missing,
                "tiles": [
                    {"at": _seconds(tile.time), "label": tile.label, **({"name": tile.name} if tile.name else {})}
                    for tile in tiles
                ],
            }
        )
        return
    out.say(f"Wrote {written}: {plural(len(tiles), 'tile')} ({cols} x {rows})")
    _show(out, written)


def _seconds(ticks: int) -> float:
    from neuralcut_cli.time import ticks_to_seconds

    return round(ticks_to_seconds(ticks), 6)


def _show(out: Output, picture: Path) -> None:
    from neuralcut_cli.cli.views.inline_image import show  # only once there is a picture

    show(out.console, picture)


def register(app: typer.Typer) -> None:
    command(app, guarded(frame))
    command(app, guarded(storyboard))
