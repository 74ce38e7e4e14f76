"""The undo history as a table, newest last; undone steps are marked."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from neuralcut_cli.cli.views.clean import plain
from neuralcut_cli.cli.views.names import fit, plural
from neuralcut_cli.project.history import Step


def _changes(step: Step) -> str:
    counts = step.changes()
    parts = [
        f"{sign}{len(counts[kind])}"
        for sign, kind in (("+", "added"), ("-", "removed"), ("~", "changed"))
        if counts[kind]
    ]
    tracks = step.track_changes()
    if tracks:
        parts.append(f"~{plural(len(tracks), 'track')}")
    return " ".join(parts) or "-"


def local_time(stamp: str) -> str:
    """A step's time (stored in UTC) as this machine's local time: ``2026-12-02 10:15:04``."""
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S")


def _request(step: Step) -> str:
    return fit(" ".join(step.source.split()), 80)


def history_table(done: list[Step], undone: list[Step]) -> Table:
    table = Table(title="History (newest last)", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("When", no_wrap=True)
    table.add_column("Request", overflow="fold")
    table.add_column("Tools", overflow="fold")
    table.add_column("Changed", no_wrap=True)
    for number, step in enumerate(done, 1):  # numbered as listed: undone and dropped steps leave no gaps
        table.add_row(
            str(number),
            local_time(step.time),
            plain(_request(step)),
            ", ".join(c["tool"] for c in step.calls),
            _changes(step),
        )
    for number, step in enumerate(reversed(undone), len(done) + 1):
        table.add_row(
            Text(str(number), style="dim"),
            Text("undone", style="dim italic"),
            plain(_request(step), style="dim"),
            Text(", ".join(c["tool"] for c in step.calls), style="dim"),
            Text(_changes(step), style="dim"),
        )
    if not done and not undone:
        table.add_row("", "", Text("(no edits yet)", style="dim"), "", "")
    return table
