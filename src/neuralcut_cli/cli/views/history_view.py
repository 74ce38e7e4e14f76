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
    parts = [f"{sign}{len(counts[kind])}" for sign, kind in (("+", "added"), ("-", "removed"), ("~", "changed"))
             if counts[kind]]
    tracks = step.track_changes()
    if tracks:
        parts.append(f"~{plural(len(tracks), 'track')}")
    return " ".join(parts) or "-"


def _request(step: Step) -> str:
    return fit(" ".join(step.source.split()), 80)


def history_table(done: list[Step], undone: list[Step]) -> Table:
    table = Table(title="History (newest last)", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("When", no_wrap=True)
    table.add_column("Request", overflow="fold")
    table.add_column("Tools", overflow="fold")
    table.add_column("Changed", no_wrap=True)
    for step in done:
        table.add_row(str(step.id), step.time.replace("T", " ").rstrip("Z"), plain(_request(step)),
                      ", ".join(c["tool"] for c in step.calls), _changes(step))
    for step in reversed(undone):
        table.add_row(Text(str(step.id), style="dim"), Text("undone", style="dim italic"), plain(_request(step), style="dim"),
                      Text(", ".join(c["tool"] for c in step.calls), style="dim"), Text(_changes(step), style="dim"))
    if not done and not undone:
        table.add_row("", "", Text("(no edits yet)", style="dim"), "", "")
    return table
