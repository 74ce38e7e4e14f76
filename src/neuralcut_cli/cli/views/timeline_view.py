"""The whole timeline view: table, overlap warnings, lanes."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from neuralcut_cli.cli.views.lanes import Lanes
from neuralcut_cli.cli.views.names import Names, plural
from neuralcut_cli.cli.views.timeline_table import SCREENFUL, in_window, plain_rows, timeline_table
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.overlaps import find_overlaps
from neuralcut_cli.time import format_timecode


def print_timeline(
    console: Console, project: Project, lanes: bool = True, window: tuple[int, int] | None = None, every: bool = False
) -> None:
    """The table (a screenful: each track's first elements past ``SCREENFUL``; ``every`` lists all, as plain
    lines), overlap warnings, lanes, and a summary line. ``window``: only what overlaps those ticks."""
    names = Names(project)
    if every:
        console.out("\n".join(plain_rows(project, names, window)), highlight=False)
    else:
        console.print(timeline_table(project, console.width, names, window))
        _say_what_is_left_out(console, project, window)
    for track_id, first, second in find_overlaps(project.scene.tracks.ordered()):
        console.print(
            f"[yellow]warning:[/] {escape(names.id(first))} and {escape(names.id(second))} overlap on "
            f"track {escape(names.track_id(project, track_id))}"
        )
    if lanes:
        console.print()
        console.print(Lanes(project, names=names))
    scene = project.scene
    tracks = scene.tracks.ordered()
    console.print(
        f"[dim]{plural(sum(len(t.elements) for t in tracks), 'element')} on {plural(len(tracks), 'track')}"
        f" · length {format_timecode(scene.end_time)}[/]"
    )


def _say_what_is_left_out(console: Console, project: Project, window: tuple[int, int] | None) -> None:
    count = sum(1 for t in project.scene.tracks.ordered() for e in t.elements if in_window(e, window))
    if count > SCREENFUL:
        console.print(
            f"[dim]{count:,} elements: each track shows its first ones. `neuralcut timeline --all` lists "
            "every one; --from and --to show a stretch.[/]"
        )
