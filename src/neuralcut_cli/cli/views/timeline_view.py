"""The whole timeline view: table, overlap warnings, lanes."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from neuralcut_cli.cli.views.lanes import Lanes
from neuralcut_cli.cli.views.timeline_table import timeline_table
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.overlaps import find_overlaps
from neuralcut_cli.time import format_timecode


def print_timeline(console: Console, project: Project, lanes: bool = True) -> None:
    console.print(timeline_table(project, console.width))
    for track_id, first, second in find_overlaps(project.scene.tracks.ordered()):
        console.print(f"[yellow]warning:[/] {escape(first)} and {escape(second)} overlap on track {escape(track_id)}")
    if lanes:
        console.print()
        console.print(Lanes(project))
    scene = project.scene
    console.print(f"[dim]{sum(len(t.elements) for t in scene.tracks.ordered())} elements on "
                  f"{len(scene.tracks.ordered())} tracks · length {format_timecode(scene.end_time)}[/]")
