"""The timeline as lanes: one row per track, elements drawn to scale.

::

    time      0s        5s        10s       15s       20s
              |·········|·········|·········|·········|
    t-text    [Day one]·········································
    t-main    [intro.mp4=====][beach.mp4=========][city.mp4====]

A time ruler fits the console width. Without colour, elements are drawn as
``[label===]`` so the picture survives ``NO_COLOR`` and pipes.
"""

from __future__ import annotations

import math
from itertools import groupby

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from neuralcut_cli.cli.views.names import Names, labelled, track_state
from neuralcut_cli.cli.views.palette import ELEMENT_STYLE, ELEMENT_STYLE_ALT
from neuralcut_cli.cli.views.timeline_table import element_text
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.tracks import Track
from neuralcut_cli.time import seconds_to_ticks, ticks_to_seconds

_STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600]
_LABEL_WIDTH = 12
_STATE_WIDTH = 22  # room for ``Logo (hidden, muted)`` when a track is switched off
_GAP = "·"


def _ruler_step(total_seconds: float, cells: int) -> float:
    """The smallest round step that leaves 8 cells per mark (whole hours past the table)."""
    for step in _STEPS:
        if total_seconds / step * 8 <= cells:
            return step
    return _STEPS[-1] * math.ceil(total_seconds * 8 / cells / _STEPS[-1])


def _time_label(seconds: float) -> str:
    if seconds >= 60:
        minutes, rest = divmod(round(seconds), 60)
        return f"{minutes}:{rest:02d}"
    return f"{seconds:g}s"


class Lanes:
    """A renderable: ``console.print(Lanes(project))``."""

    def __init__(self, project: Project, highlight: set[str] | None = None, names: Names | None = None) -> None:
        self.project = project
        self.highlight = highlight or set()
        self.names = names or Names(project)
        switched = any(track_state(track) for track in project.scene.tracks.ordered())
        self.label_width = _STATE_WIDTH if switched else _LABEL_WIDTH

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(options.max_width, self.label_width + 20)
        cells = width - self.label_width - 1
        scene = self.project.scene
        end = max(scene.end_time, seconds_to_ticks(1))
        scale = (cells - 1) / end  # cells per tick; the last cell marks the end
        plain = console.no_color or not console.is_terminal or console.color_system is None
        yield from self._ruler(end, cells, scale)
        for track in scene.tracks.ordered():
            yield self._lane(track, cells, scale, plain)

    def _ruler(self, end: int, cells: int, scale: float) -> RenderResult:
        step = _ruler_step(ticks_to_seconds(end), cells)
        labels = [" "] * cells
        marks = [_GAP] * cells
        t = 0.0
        while seconds_to_ticks(t) <= end:
            pos = round(seconds_to_ticks(t) * scale)
            if pos < cells:
                marks[pos] = "|"
                text = _time_label(t)
                if pos + len(text) <= cells:
                    labels[pos : pos + len(text)] = list(text)
            t = round(t + step, 3)
        yield Text("time".ljust(self.label_width) + " " + "".join(labels), style="dim")
        yield Text(" " * (self.label_width + 1) + "".join(marks), style="dim")

    def _lane(self, track: Track, cells: int, scale: float, plain: bool) -> Text:
        name = labelled(self.names.track(track), track, self.label_width)
        line = Text(
            name + " " * (self.label_width + 1 - cell_len(name)), style="bold dim" if track_state(track) else "bold"
        )
        row: list[tuple[str, str]] = [(_GAP, "dim")] * cells
        for index, element in enumerate(track.sorted_elements()):
            first = min(round(element.start_time * scale), cells - 1)
            last = max(first + 1, min(round(element.end_time * scale), cells))
            span = last - first
            label = element_text(element, width=max(span, 1))
            style = (ELEMENT_STYLE_ALT if index % 2 else ELEMENT_STYLE).get(element.type, "reverse")
            if element.id in self.highlight:
                style += " underline"
            for offset, char in enumerate(_draw(label, span, plain)):
                row[first + offset] = (char, "" if plain else style)
        for style, run in groupby(row, key=lambda cell: cell[1]):
            line.append("".join(char for char, _ in run), style=style)
        return line


def _draw(label: str, span: int, plain: bool) -> list[str]:
    """``label`` fitted into ``span`` cells, one string per cell (a wide character's second cell is empty)."""
    if not plain:
        text = (" " + label) if span > cell_len(label) + 1 else label
        return _cells(text, span, " ")
    if span == 1:
        return ["|"]
    if span == 2:
        return ["[", "]"]
    return ["[", *_cells(label, span - 2, "="), "]"]


def _cells(text: str, span: int, pad: str) -> list[str]:
    cells: list[str] = []
    for char in text:
        width = cell_len(char)
        if width == 0:  # a combining mark joins the character before it
            if cells:
                cells[-1] += char
            continue
        if len(cells) + width > span:
            break
        cells.extend([char] + [""] * (width - 1))
    return cells + [pad] * (span - len(cells))
