"""``neuralcut render`` (the edit as a video) and ``neuralcut export`` (for other editors)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from neuralcut_cli.cli.errors import guarded
from neuralcut_cli.cli.help_text import command
from neuralcut_cli.cli.options import JsonOpt, ProjectOpt
from neuralcut_cli.english import plural
from neuralcut_cli.errors import OutputExists, UsageError

if TYPE_CHECKING:
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.project.model import Project
    from neuralcut_cli.render.run import Options as RenderOptions
    from neuralcut_cli.render.run import RenderResult

ForceOpt = Annotated[bool, typer.Option("--force", help="Replace the output file if it exists.")]


OutputOpt = Annotated[Path, typer.Option("--output", "-o", help="The video file to write (e.g. out.mp4).")]
PreviewOpt = Annotated[
    bool | None,
    typer.Option(
        "--preview/--full",
        help="--preview: a quarter of the pixels, fast encoder preset (default: the config "
        "file's [render] preview, else full).",
        show_default=False,
    ),
]
FromOpt = Annotated[str | None, typer.Option("--from", help="Start time (5, 1:02.5, 90f...).")]
ToOpt = Annotated[str | None, typer.Option("--to", help="End time.")]
JobsOpt = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        max=1024,
        help="Segments rendered at once, one core each (default: every core).",
        show_default=False,
    ),
]
NoCacheOpt = Annotated[
    bool,
    typer.Option(
        "--no-cache",
        help="Render every segment again and keep none (default: reuse and keep them in .neuralcut/<project>/render/).",
    ),
]
RayOpt = Annotated[
    str | None,
    typer.Option(
        "--ray",
        help="Render the segments on this Ray cluster (HOST:PORT, or auto; default: "
        "$NEURALCUT_RAY_ADDRESS, else this machine).",
        show_default=False,
    ),
]
DeclickOpt = Annotated[
    float | None,
    typer.Option(
        "--declick",
        min=0,
        max=100,
        metavar="MS",
        help="Milliseconds of fade where a sound starts or stops at a cut, so it does not click; 0: hard "
        "cuts (default: the config file's [render] declick_ms, else 5).",
        show_default=False,
    ),
]


def render(
    output: OutputOpt,
    project: ProjectOpt = None,
    preview: PreviewOpt = None,
    start: FromOpt = None,
    end: ToOpt = None,
    jobs: JobsOpt = None,
    no_cache: NoCacheOpt = False,
    ray: RayOpt = None,
    declick: DeclickOpt = None,
    force: ForceOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """Render the active scene to a video with the bundled ffmpeg: the timeline is cut into segments, rendered on
    every core (or a Ray cluster), kept for the next render and joined."""
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.project_files import open_session
    from neuralcut_cli.time import parse_time

    if Path(output).suffix.lower() not in VIDEO_SUFFIXES:
        raise UsageError(f"-o {output}: render writes H.264 video; name the file {' or '.join(sorted(VIDEO_SUFFIXES))}")
    session = open_session(project)
    current = session.project()
    begin = parse_time(start, current.fps) if start else None
    finish = parse_time(end, current.fps) if end else None
    _check_range(begin, finish, current.scene.end_time)
    out = Output()
    missing = warn_missing_glyphs(out, current, begin, finish)
    warn_outside_media(out, current, session.path)
    force = force or _confirm_replace(out, output, json_out)
    options = render_options(preview, jobs, no_cache, ray, declick)
    result = _render_with_bar(
        out, current, session.path, output, options, begin, finish, quiet=json_out, overwrite=force
    )
    _report_render(out, output, result, missing, json_out)


def render_options(
    preview: bool | None,
    jobs: int | None = None,
    no_cache: bool = False,
    ray: str | None = None,
    declick: float | None = None,
) -> RenderOptions:
    """The flags, with the config file's ``[render]`` settings and ``NEURALCUT_RAY_ADDRESS`` where none is given."""
    import os

    from neuralcut_cli.cli.config import load_config
    from neuralcut_cli.render.run import Options

    config = load_config()
    address = (ray or os.environ.get("NEURALCUT_RAY_ADDRESS", "")).strip() or None
    declick_ms = float(config.render_setting("declick_ms", declick))
    return Options(
        bool(config.render_setting("preview", preview)), jobs, not no_cache, address, declick=declick_ms / 1000
    )


def _report_render(out: Output, output: Path, result: RenderResult, missing: list[str], json_out: bool) -> None:
    from neuralcut_cli.time import timecode_of_seconds

    if json_out:
        out.json(
            {
                "output": str(output),
                "width": result.width,
                "height": result.height,
                "fps": float(result.fps),
                "duration": result.duration,
                "segments": result.segments,
                "reused": result.reused,
                "missingGlyphs": missing,
            }
        )
        return
    reused = f", {result.reused} of {plural(result.segments, 'segment')} reused" if result.reused else ""
    out.say(
        f"Wrote {output}: {result.width}x{result.height}, {float(result.fps):g} fps, "
        f"{timecode_of_seconds(result.duration)}{reused}"
    )


VIDEO_SUFFIXES = {".mp4", ".mov", ".mkv", ".m4v"}


def warn_missing_glyphs(out: Output, project: Project, begin: int | None, finish: int | None) -> list[str]:
    """Name, before rendering, the characters no installed font can draw (they would come out as boxes)."""
    from neuralcut_cli.render.fonts import glyph_warning, missing_glyphs

    missing = missing_glyphs(project, begin, finish)
    if missing:
        out.warn(glyph_warning(missing))
    return missing


def warn_outside_media(out: Output, project: Project, project_path: Path) -> None:
    """Name, before reading them, the media files that lie outside the project folder (and NEURALCUT_MEDIA_ROOTS):
    a project someone else made cannot have a file read unseen."""
    from neuralcut_cli.media.roots import ENV, outside_project

    files = [path for asset in project.media_assets if (path := asset.file(project_path)) is not None]
    outside = outside_project(files, project_path)
    if outside:
        shown = ", ".join(str(p) for p in outside[:8]) + (f" and {len(outside) - 8} more" if len(outside) > 8 else "")
        out.warn(f"this project reads media outside its folder: {shown} (name their folders in {ENV} to trust them)")


def _check_range(begin: int | None, finish: int | None, end_of_timeline: int) -> None:
    from neuralcut_cli.time import format_timecode

    if begin is not None and finish is not None and finish <= begin:
        raise UsageError(f"--to ({format_timecode(finish)}) must be after --from ({format_timecode(begin)})")
    if begin is not None and end_of_timeline and begin >= end_of_timeline:
        raise UsageError(
            f"--from {format_timecode(begin)} is at or after the end of the timeline "
            f"({format_timecode(end_of_timeline)})"
        )


def _confirm_replace(out: Output, output: Path, json_out: bool) -> bool:
    """On a terminal, ask before replacing an existing regular file; elsewhere --force decides."""
    import sys

    if json_out or not sys.stdin.isatty() or not out.errors.is_terminal or not Path(output).is_file():
        return False
    answer = typer.prompt(f"{output} exists. Replace it? [y/N]", default="", show_default=False, err=True)
    if answer.strip().lower() not in ("y", "yes"):
        raise OutputExists(f"Not replaced: {output}")
    return True


def _render_with_bar(
    out: Output,
    project: Project,
    project_path: Path,
    output: Path,
    options: RenderOptions,
    begin: int | None,
    finish: int | None,
    quiet: bool,
    overwrite: bool,
) -> RenderResult:
    """Render with one progress bar (with the time left) on stderr when it is a terminal."""
    from neuralcut_cli.cli.progress import bar
    from neuralcut_cli.render.run import render as run_render

    with bar(out.errors, "Rendering", shown=not quiet) as step:
        return run_render(
            project,
            project_path,
            output,
            start=begin,
            end=finish,
            overwrite=overwrite,
            options=options,
            progress=step,
        )


class ExportFormat(str, Enum):
    otio = "otio"
    edl = "edl"
    fcp7xml = "fcp7xml"
    fcpxml = "fcpxml"
    srt = "srt"
    vtt = "vtt"
    ass = "ass"


EXTENSIONS = {
    ".otio": "otio",
    ".edl": "edl",
    ".xml": "fcp7xml",
    ".fcpxml": "fcpxml",
    ".srt": "srt",
    ".vtt": "vtt",
    ".ass": "ass",
}


def export(
    output: Annotated[Path, typer.Option("--output", "-o", help="The file to write (e.g. edit.otio).")],
    project: ProjectOpt = None,
    format: Annotated[
        ExportFormat | None,
        typer.Option(
            "--format",
            "-f",
            help="otio, edl, fcp7xml (.xml), fcpxml, or srt / vtt / ass (the captions; ass keeps their look); "
            "default: from the extension.",
        ),
    ] = None,
    force: ForceOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """Export the edit for professional editors (OpenTimelineIO, EDL, Final Cut Pro 7 / Premiere XML, FCPXML), or
    the captions as SRT or WebVTT subtitles."""
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.project_files import open_session
    from neuralcut_cli.interchange.subtitle_export import write_subtitles
    from neuralcut_cli.interchange.timeline_export import write_timeline
    from neuralcut_cli.media.outputs import check_output_target, own_files

    by_name = EXTENSIONS.get(Path(output).suffix.lower())
    chosen = format.value if format is not None else by_name
    if chosen is None or by_name != chosen:
        raise UsageError(
            f"-o {output}: export writes .otio, .edl, .xml (Final Cut Pro 7 / Premiere), .fcpxml, or "
            ".srt / .vtt / .ass (captions); name the file with the format's extension"
        )
    session = open_session(project)
    out = Output()
    force = force or _confirm_replace(out, output, json_out)
    target = check_output_target(output, own_files(session.project(), session.path), force)
    if chosen in ("srt", "vtt", "ass"):
        count = write_subtitles(session.project(), target, chosen)
        if json_out:
            out.json({"output": str(output), "captions": count})
        else:
            out.say(f"Wrote {output}: {plural(count, 'caption')}")
        return
    counts = write_timeline(session.project(), session.path, target, chosen)
    if json_out:
        out.json({"output": str(output), **counts})
        return
    out.say(
        f"Wrote {output}: {plural(counts['tracks'], 'track')}, {plural(counts['clips'], 'clip')}, "
        f"{plural(counts['gaps'], 'gap')}, {plural(counts['markers'], 'marker')} (text, stickers, effects)"
    )
    if counts["lost"]:
        out.warn(f"did not travel in {chosen}: " + "; ".join(counts["lost"]))


def register(app: typer.Typer) -> None:
    command(app, guarded(render))
    command(app, guarded(export))
