"""The timeline as a table: tracks top to bottom, one row per element."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from neuralcut_cli.cli.views.clean import plain
from neuralcut_cli.cli.views.palette import TYPE_COLOUR
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import format_timecode


def element_text(element: Element, width: int = 40) -> str:
    """What a person reads for an element: its text in quotes, else its name."""
    if element.type == "text":
        text = f'"{element.content}"'
    elif element.type == "effect":
        params = ", ".join(f"{k}={v}" for k, v in element.params.items())
        text = f"{element.effect_type}" + (f" ({params})" if params else "")
    elif element.type == "sticker":
        text = f"{element.name or element.sticker_id}"
    else:
        text = element.name or element.id
    return text if len(text) <= width else text[: width - 1] + "…"


def timeline_table(project: Project, width: int = 80) -> Table:
    """``width`` is the console width; the name column takes what is left."""
    scene = project.scene
    name_width = max(10, min(40, width - 62))
    title = plain(f"{project.metadata.name or project.metadata.id or 'Project'} · {scene.name or scene.id}")
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), pad_edge=False,
                  show_edge=False)
    table.add_column("Track", overflow="fold", min_width=8, max_width=16)
    table.add_column("Element", overflow="fold", min_width=8, max_width=22)
    table.add_column("Type", no_wrap=True)
    table.add_column("Name / text", overflow="ellipsis", no_wrap=True, min_width=10, max_width=name_width)
    table.add_column("Start", justify="right", no_wrap=True)
    table.add_column("End", justify="right", no_wrap=True)
    table.add_column("Length", justify="right", no_wrap=True)
    for track in scene.tracks.ordered():
        label = Text.assemble(plain(track.id, "bold"), " ", (scene.tracks.kind_of(track), "dim"))
        elements = track.sorted_elements()
        if not elements:
            table.add_row(label, Text("(empty)", style="dim"), "", "", "", "", "", end_section=True)
            continue
        for index, element in enumerate(elements):
            table.add_row(
                label if index == 0 else "",
                plain(element.id),
                Text(element.type, style=TYPE_COLOUR.get(element.type, "")),
                plain(element_text(element, name_width)),
                format_timecode(element.start_time),
                format_timecode(element.end_time),
                format_timecode(element.duration),
                end_section=index == len(elements) - 1,
            )
    return table
