"""The whole timeline view: table, overlap warnings, lanes."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from neuralcut_cli.cli.views.lanes import Lanes
from neuralcut_cli.cli.views.names import Names, plural
from neuralcut_cli.cli.views.timeline_table import timeline_table
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.overlaps import find_overlaps
from neuralcut_cli.time import format_timecode


def print_timeline(console: Console, project: Project, lanes: bool = True) -> None:
    names = Names(project)
    console.print(timeline_table(project, console.width, names))
    for track_id, first, second in find_overlaps(project.scene.tracks.ordered()):
        console.print(f"[yellow]warning:[/] {escape(names.id(first))} and {escape(names.id(second))} overlap on "
                      f"track {escape(names.track_id(project, track_id))}")
    if lanes:
        console.print()
        console.print(Lanes(project, names=names))
    scene = project.scene
    tracks = scene.tracks.ordered()
    console.print(f"[dim]{plural(sum(len(t.elements) for t in tracks), 'element')} on {plural(len(tracks), 'track')}"
                  f" · length {format_timecode(scene.end_time)}[/]")
