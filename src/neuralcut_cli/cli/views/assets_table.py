"""The media assets as a table, marking what the timeline uses."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from neuralcut_cli.cli.views.clean import plain
from neuralcut_cli.cli.views.names import Names, plural
from neuralcut_cli.cli.views.palette import TYPE_COLOUR
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import format_timecode, seconds_to_ticks


def assets_table(project: Project, listed: list[dict[str, Any]]) -> Table:
    """``listed`` is the ``assets`` list of the ``list_project_assets`` tool."""
    table = Table(
        title="Media assets",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 1, 0, 0),
        pad_edge=False,
        show_edge=False,
    )
    table.add_column("Used", justify="center", no_wrap=True)
    table.add_column("Id", no_wrap=True)
    table.add_column("Name", overflow="ellipsis", no_wrap=True, min_width=10, max_width=32)
    table.add_column("Type", no_wrap=True)
    table.add_column("Duration", justify="right", no_wrap=True, min_width=8)
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
            _path(entry, asset.path if asset else None),
        )
    if not listed:
        table.add_row("", Text("(none)", style="dim"), "", "", "", "", "")
    missing = sum(1 for entry in listed if entry.get("missing"))
    if missing:
        table.caption = f"{plural(missing, 'file')} missing: not where the project says (moved, renamed or deleted)"
        table.caption_justify = "left"
    return table


def _path(entry: dict[str, Any], path: str | None) -> Text:
    """The file's path, marked when the file is not there."""
    if entry.get("missing"):
        text = Text("missing: ", style="bold red")
        text.append_text(plain(path or ""))
        return text
    return plain(path or "")
