"""Readable renderings of tool outputs for ``neuralcut tool`` and the REPL."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from neuralcut_cli.cli.views.assets_table import assets_table
from neuralcut_cli.cli.views.clean import plain
from neuralcut_cli.cli.views.diff_view import diff_table
from neuralcut_cli.cli.views.lanes import Lanes
from neuralcut_cli.cli.views.names import Names
from neuralcut_cli.cli.views.timeline_view import print_timeline
from neuralcut_cli.cli.views.values import brief
from neuralcut_cli.project.diff import Patch, element_changes
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import format_timecode


def _list_table(title: str, rows: list[dict[str, Any]], columns: list[str]) -> Table:
    table = Table(title=title, title_justify="left")
    for column in columns:
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(*(plain(str(row.get(c, ""))) for c in columns))
    return table


def _effect_table(result: dict[str, Any]) -> Table:
    table = _list_table(
        escape(f"{result['name']} ({result['id']}): {result['description']}"),
        result["params"],
        ["key", "label", "default", "min", "max", "step"],
    )
    return table


def print_read_result(console: Console, name: str, result: dict[str, Any], project: Project) -> None:
    if name == "list_timeline":
        print_timeline(console, project)
    elif name == "list_project_assets":
        console.print(assets_table(project, result["assets"]))
    elif name == "list_effects":
        console.print(_list_table("Effects", result["effects"], ["id", "name", "description"]))
    elif name == "get_effect":
        console.print(_effect_table(result))
    elif name == "list_stickers":
        console.print(_list_table(f"Stickers ({len(result['stickers'])})", result["stickers"], ["id", "name"]))
    else:
        console.print_json(json.dumps(result, ensure_ascii=False))


def print_edit_result(
    console: Console, name: str, result: dict[str, Any], patch: Patch | None, before: Project, after: Project
) -> None:
    """A one-line summary, the diff, then the lanes with the changes underlined."""
    names = Names(before, after)
    summary = names.text(
        ", ".join(f"{k}={json.dumps(brief(v), ensure_ascii=False)}" for k, v in result.items() if k != "success")
    )
    if len(summary) > 300:
        summary = summary[:297] + "..."
    console.print(f"[green]✓[/] {name}" + (f": {escape(summary)}" if summary else ""), soft_wrap=False)
    if patch:
        print_changes(console, patch, before, after, names)
    else:
        console.print(diff_table(None, before, after, names))


def print_changes(console: Console, patch: Patch, before: Project, after: Project, names: Names | None = None) -> None:
    """What changed, then the lanes with the changed elements underlined."""
    names = names or Names(before, after)
    console.print(diff_table(patch, before, after, names))
    was, now = before.scene.end_time, after.scene.end_time
    if was != now:  # said plainly: an edit that makes the video longer or shorter is easy to miss in the lanes
        console.print(
            f"The timeline now ends at {format_timecode(now)} (it ended at {format_timecode(was)}).",
            style="yellow" if now > was else "",
        )
    console.print(Lanes(after, highlight={element_id for _, element_id in element_changes(patch)}, names=names))
