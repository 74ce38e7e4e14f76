"""``neuralcut check``: what a viewer would notice in the edit, found by reading the timeline (``check``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from neuralcut_cli.cli.errors import guarded
from neuralcut_cli.cli.help_text import command
from neuralcut_cli.cli.options import JsonOpt, ProjectOpt


def check(
    project: ProjectOpt = None,
    start: Annotated[str | None, typer.Option("--from", help="Check from this time (5, 1:02.5, 90f...).")] = None,
    end: Annotated[str | None, typer.Option("--to", help="Check up to this time.")] = None,
    render: Annotated[
        Path | None, typer.Option("--render", help="Also check this rendered file: black, frozen, silence, loudness.")
    ] = None,
    media: Annotated[
        bool, typer.Option("--media", help="Also check the sound and picture of a preview render made now.")
    ] = False,
    target: Annotated[
        str | None,
        typer.Option(
            "--target", metavar="youtube|podcast|broadcast|LUFS", help="Loudness target (default youtube: -14)."
        ),
    ] = None,
    json_out: JsonOpt = False,
) -> int:
    """Check the edit for what a viewer would notice: black gaps, texts over each other or off the frame,
    captions that overlap, flash by or read too fast, missing media, a silent timeline, gains that clip,
    effects over nothing, stale transitions. Each finding says how bad, what, where, and the tool call that
    fixes it. Exits 1 when there are errors (0 with warnings only)."""
    from neuralcut_cli.check.findings import Report
    from neuralcut_cli.check.timeline import timeline_findings, within
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.project_files import open_session
    from neuralcut_cli.errors import UsageError
    from neuralcut_cli.time import parse_time, ticks_to_seconds

    session = open_session(project)
    current = session.project()
    first = ticks_to_seconds(parse_time(start, current.fps)) if start else None
    last = ticks_to_seconds(parse_time(end, current.fps)) if end else None
    if first is not None and last is not None and first >= last:
        raise UsageError("--to must be after --from")
    from neuralcut_cli.check.media import target_lufs

    lufs = target_lufs(target)
    report = Report(within(timeline_findings(current, session.path), first, last))
    out = Output()
    if render is not None or media:
        from neuralcut_cli.check.media import contact_sheet
        from neuralcut_cli.cli.progress import spinner

        what = f"Checking {render.name}…" if render is not None else "Rendering a preview to check…"
        with spinner(out.errors, what, shown=not json_out):
            report.findings += _media(current, session.path, render, lufs)
            report.findings.append(contact_sheet(current, session.path))
    if json_out:
        out.json(report.to_json())
    else:
        from neuralcut_cli.cli.views.findings import show_report

        show_report(out.console, report, current)
    return report.exit_code


def _media(project: Any, project_path: Path, render: Path | None, lufs: float) -> list[Any]:
    """The media checks of ``render``, or of a preview rendered now."""
    from neuralcut_cli.check.media import limiter_ceiling, media_findings, preview_findings
    from neuralcut_cli.errors import UsageError

    if render is None:
        return preview_findings(project, project_path, lufs)
    from neuralcut_cli.files import not_a_file, shown

    why = not_a_file(render)
    if why:
        raise UsageError(f"--render {shown(render)}: {why}")
    return media_findings(render, lufs, limiter_ceiling(project))


def register(app: typer.Typer) -> None:
    command(app, guarded(check))
