"""The media assets as a table, marking what the timeline uses."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from neuralcut_cli.cli.views.clean import plain
from neuralcut_cli.cli.views.names import Names
from neuralcut_cli.cli.views.palette import TYPE_COLOUR
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import format_timecode, seconds_to_ticks


def assets_table(project: Project, listed: list[dict[str, Any]]) -> Table:
    """``listed`` is the ``assets`` list of the ``list_project_assets`` tool."""
    table = Table(title="Media assets", title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0),
                  pad_edge=False, show_edge=False)
    table.add_column("Used", justify="center", no_wrap=True)
    table.add_column("Id", no_wrap=True)
    table.add_column("Name", overflow="ellipsis", no_wrap=True, min_width=10, max_width=32)
    table.add_column("Type", no_wrap=True)
    table.add_column("Duration", justify="right", no_wrap=True)
    table.add_column("Size", justify="right", no_wrap=True)
    table.add_column("Path", overflow="ellipsis", no_wrap=True, min_width=8, max_width=32)
    names = Names(project)
    for entry in listed:
        asset = project.asset(entry["id"])
        duration = entry.get("duration")
        size = f"{asset.width}x{asset.height}" if asset and asset.width and asset.height else ""
        table.add_row(
            Text("✓", style="green") if entry["usedInTimeline"] else Text("-", style="dim"),
            plain(names.id(entry["id"])),
            plain(entry["name"]),
            Text(entry["type"], style=TYPE_COLOUR.get(entry["type"], "")),
            format_timecode(seconds_to_ticks(duration)) if duration is not None else "",
            size,
            plain((asset.path or "") if asset else ""),
        )
    if not listed:
        table.add_row("", Text("(none)", style="dim"), "", "", "", "", "")
    return table
