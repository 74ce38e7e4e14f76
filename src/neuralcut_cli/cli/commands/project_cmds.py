"""Commands that show or create a project: ``new``, ``timeline``, ``assets``."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from neuralcut_cli.cli.errors import guarded
from neuralcut_cli.cli.help_text import command
from neuralcut_cli.cli.options import JsonOpt, ProjectOpt
from neuralcut_cli.english import plural
from neuralcut_cli.errors import UsageError


class UsageFilter(str, Enum):
    all = "all"
    used = "used"
    unused = "unused"


class TypeFilter(str, Enum):
    all = "all"
    video = "video"
    audio = "audio"
    image = "image"


def timeline(
    project: ProjectOpt = None,
    json_out: JsonOpt = False,
    lanes: Annotated[bool, typer.Option("--lanes/--no-lanes", help="Draw the lanes under the table.")] = True,
    every: Annotated[
        bool,
        typer.Option(
            "--all",
            help="List every element, one plain line each (past 200 elements the table shows each track's first ones).",
        ),
    ] = False,
    start: Annotated[
        str | None, typer.Option("--from", help="Only what plays from this time (5, 1:02.5, 90f...).")
    ] = None,
    end: Annotated[str | None, typer.Option("--to", help="Only what plays before this time.")] = None,
) -> None:
    """Show the active timeline: a table of tracks and elements, then the lanes."""
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.project_files import open_session, run_read_tool
    from neuralcut_cli.time import parse_time

    session = open_session(project)
    current = session.project()
    window = None
    if start or end:
        window = (
            parse_time(start, current.fps) if start else 0,
            parse_time(end, current.fps) if end else max(current.scene.end_time, 1),
        )
        if window[1] <= window[0]:
            raise UsageError("--to must come after --from")
    out = Output()
    if json_out:
        out.json(run_read_tool(session, "list_timeline", {}))
        return
    from neuralcut_cli.cli.views.timeline_view import print_timeline

    print_timeline(out.console, current, lanes=lanes and not every, window=window, every=every)


def assets(
    project: ProjectOpt = None,
    filter: Annotated[
        UsageFilter, typer.Option("--filter", help="Which assets: all, used or unused.")
    ] = UsageFilter.all,
    type: Annotated[
        TypeFilter, typer.Option("--type", help="Which kind: all, video, audio or image.")
    ] = TypeFilter.all,
    json_out: JsonOpt = False,
) -> None:
    """List the project's media assets, marking those the timeline uses."""
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.project_files import open_session, run_read_tool

    session = open_session(project)
    result = run_read_tool(session, "list_project_assets", {"filter": filter.value, "type": type.value})
    out = Output()
    if json_out:
        out.json(result)
        return
    from neuralcut_cli.cli.views.assets_table import assets_table

    out.console.print(assets_table(session.project(), result["assets"]))


def new(
    path: Annotated[Path, typer.Argument(help="Where to write the new project file.")],
    more_media: Annotated[
        list[Path] | None,
        typer.Argument(
            metavar="[MEDIA...]", help="More media files (so that --media a.mp4 b.mp4 works).", show_default=False
        ),
    ] = None,
    name: Annotated[str | None, typer.Option("--name", help="Project name (default: the file name).")] = None,
    fps: Annotated[
        str | None,
        typer.Option(
            "--fps",
            help="Frame rate: 30, 25, 29.97 or 30000/1001 (default: the first video's, else 30).",
            show_default=False,
        ),
    ] = None,
    size: Annotated[
        str | None,
        typer.Option(
            "--size", help="Canvas WIDTHxHEIGHT (default: the first video's, else 1920x1080).", show_default=False
        ),
    ] = None,
    media: Annotated[
        list[Path] | None,
        typer.Option(
            "--media", help="Media files to start with (repeat the option); videos go end to end on the main track."
        ),
    ] = None,
    demo: Annotated[
        bool,
        typer.Option("--demo", help="A copy of the bundled demo project (its media go to <name>-media/ beside it)."),
    ] = False,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    json_out: JsonOpt = False,
) -> None:
    """Create a project: empty, from media files (--media a.mp4 b.png c.mp3, in that order), or a copy of the
    demo (--demo)."""
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.project_files import create_project

    files = [*(media or []), *(more_media or [])]
    project = create_project(path, name=name, fps=fps, size=size, force=force, media=files, demo=demo)
    fps = f"{project.fps:g}"
    out = Output()
    if json_out:
        out.json({"path": str(path), "id": project.metadata.id, "name": project.metadata.name})
    else:
        clips = sum(1 for _ in project.scene.elements())
        out.say(
            f"Created {path} ({project.settings.canvas_size.width}x{project.settings.canvas_size.height}, "
            f"{fps} fps, {plural(len(project.media_assets), 'asset')}, {clips} on the timeline). "
            f"Try: neuralcut timeline -p {path}"
        )


def register(app: typer.Typer) -> None:
    for function in (timeline, assets, new):
        command(app, guarded(function))
