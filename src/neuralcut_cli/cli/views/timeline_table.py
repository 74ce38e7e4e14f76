"""The timeline as a table: tracks top to bottom, one row per element."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

from neuralcut_cli.cli.views.clean import plain
from neuralcut_cli.cli.views.names import Names, fit, track_state
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
    return fit(" ".join(text.split()), width)


_GAPS = 12  # six gaps of two cells (the padding and the separator)


#: Past this many elements the table shows each track's first ones and says how many more (``--all`` lists all).
SCREENFUL = 200


def timeline_table(
    project: Project,
    width: int = 80,
    names: Names | None = None,
    window: tuple[int, int] | None = None,
    limit: int | None = SCREENFUL,
) -> Table:
    """``width`` is the console width; the name column takes what is left. One line per element, none wraps.
    ``window``: only elements that overlap these ticks. ``limit``: at most about that many rows (None: all)."""
    names = names or Names(project)
    scene = project.scene
    wide = width >= 100
    rows = _rows(project, names, 12 if width < 100 else 20, wide, window, limit)
    fixed = sum(max((cell_len(row[column].plain) for row in rows), default=0) for column in (0, 1, 2, 4, 5, 6))
    name_width = max(10, min(40, width - max(fixed, 7 + 7 + 4 + 24) - _GAPS))
    title = plain(fit(f"{project.metadata.name or project.metadata.id or 'Project'} · {scene.name or scene.id}", width))
    table = Table(
        title=title, title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), pad_edge=False, show_edge=False
    )
    room = 19 if wide else 10
    source = _pieces(project) and name_width - room >= 8  # where each piece plays from in its file: told apart
    if source:
        name_width -= room
    for header in ("Track", "Element", "Type"):
        table.add_column(header, no_wrap=True)
    table.add_column(
        "Name / text", overflow="ellipsis", no_wrap=True, min_width=min(10, name_width), max_width=name_width
    )
    for header in ("Start", "End", "Length"):
        table.add_column(header, justify="right", no_wrap=True, min_width=8)
    if source:
        table.add_column("Source in–out" if wide else "In", justify="right", no_wrap=True)
    for row in rows:
        cells = list(row[:7])
        cells[3] = plain(fit(cells[3].plain, name_width))
        if source:
            cells.append(row[7] if wide else Text(row[7].plain.split("–")[0], style="dim"))
        table.add_row(*cells, end_section=row[-1] is True)
    return table


def _pieces(project: Project) -> bool:
    """Whether two clips play the same file (a recording cut into pieces): then the table says where in the
    file each one plays from."""
    seen: set[str] = set()
    for _, element in project.scene.elements():
        media = getattr(element, "media_id", None)
        if element.type in ("video", "audio") and media:
            if media in seen:
                return True
            seen.add(media)
    return False


def _source(element: Element) -> Text:
    """``00:12.40–00:15.00``: the part of its file a clip plays."""
    if element.type not in ("video", "audio"):
        return Text("")
    start = element.trim_start
    return Text(f"{format_timecode(start)}–{format_timecode(start + element.shown_ticks)}", style="dim")


def _rows(
    project: Project,
    names: Names,
    track_width: int,
    wide: bool,
    window: tuple[int, int] | None = None,
    limit: int | None = SCREENFUL,
) -> list[tuple[Any, ...]]:
    """Each row's cells (the name uncut) and whether it ends its track's section."""
    rows: list[tuple[Any, ...]] = []
    scene = project.scene
    tracks = scene.tracks.ordered()
    shown = _shown(tracks, window)
    total = sum(len(elements) for elements in shown.values())
    each = None if limit is None or total <= limit else max(3, limit // max(len(tracks), 1))
    for track in tracks:
        label = plain(fit(names.track(track), track_width), "bold")
        if wide:
            label.append(f" {scene.tracks.kind_of(track)}", "dim")
        if track_state(track):
            label.append(f" ({track_state(track)})", "yellow")
        elements = shown[track.id]
        if not elements:
            empty = "(none here)" if window and track.elements else "(empty)"
            rows.append((label, Text(empty, style="dim"), *(Text("") for _ in range(6)), True))
            continue
        more = elements[each:] if each is not None else []
        elements = elements[:each] if each is not None else elements
        for index, element in enumerate(elements):
            rows.append(
                (
                    label if index == 0 else Text(""),
                    plain(names.id(element.id)),
                    Text(element.type, style=TYPE_COLOUR.get(element.type, "")),
                    Text(element_text(element, 40)),
                    Text(format_timecode(element.start_time)),
                    Text(format_timecode(element.end_time)),
                    Text(format_timecode(element.duration)),
                    _source(element),
                    index == len(elements) - 1 and not more,
                )
            )
        if more:
            rows.append(
                (
                    Text(""),
                    Text(f"… {len(more):,} more", style="dim"),
                    Text(""),
                    Text(f"to {format_timecode(more[-1].end_time)}", style="dim"),
                    Text(""),
                    Text(""),
                    Text(""),
                    Text(""),
                    True,
                )
            )
    return rows


def _shown(tracks: list[Any], window: tuple[int, int] | None) -> dict[str, list[Element]]:
    """Each track's elements in time order, only those overlapping ``window`` when there is one."""
    return {track.id: [e for e in track.sorted_elements() if in_window(e, window)] for track in tracks}


def in_window(element: Element, window: tuple[int, int] | None) -> bool:
    """Whether ``element`` plays in ``window`` (ticks; None: the whole timeline)."""
    return window is None or (element.end_time > window[0] and element.start_time < window[1])


def plain_rows(project: Project, names: Names, window: tuple[int, int] | None = None) -> list[str]:
    """Every element as one line of aligned columns, without a table (``timeline --all``: fast at any size)."""
    lines = []
    tracks = project.scene.tracks.ordered()
    shown = _shown(tracks, window)
    for track in tracks:
        label = names.track(track)
        for element in shown[track.id]:
            lines.append(
                f"{fit(label, 20):<20} {names.id(element.id):<9} {element.type:<8} "
                f"{element_text(element, 40):<40} {format_timecode(element.start_time):>12} "
                f"{format_timecode(element.end_time):>12} {format_timecode(element.duration):>12}"
            )
    return lines
