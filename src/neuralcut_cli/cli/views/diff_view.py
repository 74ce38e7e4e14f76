"""What an edit changed: added, removed and changed elements, in words."""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from neuralcut_cli.cli.views.clean import plain
from neuralcut_cli.cli.views.names import Names, fit, quote
from neuralcut_cli.cli.views.values import changes
from neuralcut_cli.project.diff import MAIN_TRACK, Patch, element_changes, track_changes
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.tracks import Track
from neuralcut_cli.time import format_timecode

_SIGN = {"added": ("+", "green"), "removed": ("-", "red"), "changed": ("~", "yellow")}
_SKIP = frozenset({"id", "type", "startTime", "duration"})
MAX_ROWS = 30


def _span(element: dict[str, Any]) -> str:
    start = element.get("startTime", 0)
    return f"{format_timecode(start)}–{format_timecode(start + element.get('duration', 0))}"


def _label(element: dict[str, Any]) -> str:
    if element.get("type") == "text":
        return quote(str(element.get("content", "")), 30)
    if element.get("type") == "effect":
        return str(element.get("effectType", ""))
    return fit(str(element.get("name") or element.get("stickerId") or element.get("id", "")), 30)


def _times(element: dict[str, Any]) -> tuple[int, int]:
    start = element.get("startTime", 0)
    return start, start + element.get("duration", 0)


def _moved(before: dict[str, Any], after: dict[str, Any]) -> str:
    """``end 00:06.00 → 00:01.00`` when one edge moved, else both spans."""
    (start, end), (new_start, new_end) = _times(before), _times(after)
    if start == new_start:
        return f"end {format_timecode(end)} → {format_timecode(new_end)}"
    if end == new_end:
        return f"start {format_timecode(start)} → {format_timecode(new_start)}"
    return f"{_span(before)} → {_span(after)}"


def describe_change(before: dict[str, Any], after: dict[str, Any]) -> str:
    """``00:00.00–00:02.00 → 00:01.00–00:03.00, volume -6.0 dB → -12.0 dB, muted no → yes``."""
    parts = [_moved(before, after)] if _times(before) != _times(after) else []
    parts.extend(changes(before, after, _SKIP))
    return ", ".join(parts) or "moved to another track"


def _elements_by_id(project: Project | None) -> dict[str, Element]:
    if project is None:
        return {}
    return {element.id: element for _, element in project.scene.elements()}


def change_rows(
    patch: Patch | None, before: Project | None, after: Project | None, limit: int = MAX_ROWS
) -> tuple[list[tuple[str, str, str, str]], int]:
    """``(kind, element id, label, detail)`` rows, at most ``limit``, and how many were left out."""
    changes = list(element_changes(patch))
    old, new = _elements_by_id(before), _elements_by_id(after)
    rows = []
    for kind, element_id in changes[:limit]:
        was = old[element_id].to_json_dict() if element_id in old else None
        now = new[element_id].to_json_dict() if element_id in new else None
        element = now or was or {"id": element_id}
        if kind == "changed" and was and now:
            detail = describe_change(was, now)
        else:
            detail = f"{element.get('type')} {_span(element)}"
        rows.append((kind, element_id, _label(element), detail))
    return rows, max(0, len(changes) - limit)


def track_rows(patch: Patch | None, before: Project | None, after: Project | None) -> list[tuple[Track, str]]:
    """``(track, detail)`` for each track whose own settings changed: ``hidden no → yes``."""
    rows = []
    for track_id in track_changes(patch):
        was, now = (_track(project, track_id) for project in (before, after))
        if was is None or now is None:
            continue
        detail = ", ".join(changes(_settings(was), _settings(now), frozenset({"elements", "id", "type"})))
        rows.append((now, detail or "changed"))
    return rows


def _track(project: Project | None, track_id: str) -> Track | None:
    if project is None:
        return None
    return project.scene.tracks.main if track_id == MAIN_TRACK else project.scene.tracks.find(track_id)


def _settings(track: Track) -> dict[str, Any]:
    shown = track.model_dump(mode="json", by_alias=True, exclude={"elements"})
    for flag in ("muted", "hidden"):
        if flag in type(track).model_fields:
            shown.setdefault(flag, False)
    return shown


def diff_table(
    patch: Patch | None, before: Project | None = None, after: Project | None = None, names: Names | None = None
) -> DiffRows:
    """One line per track whose settings changed (``~ changed track Logo: hidden no → yes``), then one per
    changed element: ``+ added <short id> <label>: <detail>``."""
    names = names or Names(before, after)
    rows, hidden = change_rows(patch, before, after)
    lines = []
    for track, detail in track_rows(patch, before, after):
        head = Text(f"{_SIGN['changed'][0]} {'changed':<8}", style=_SIGN["changed"][1])
        head.append_text(plain(f"track {names.track(track)}", "bold"))
        lines.append(_Row(head, "", detail))
    for kind, element_id, label, detail in rows:
        sign, colour = _SIGN[kind]
        head = Text(f"{sign} {kind:<8}", style=colour)
        head.append_text(plain(names.id(element_id), "bold"))
        lines.append(_Row(head, label, detail))
    if hidden:
        lines.append(_Row(Text(f"... and {hidden} more", style="dim")))
    return DiffRows(lines or [_Row(Text("No changes.", style="dim"))])


class _Row:
    """One change: its sign and name, the element's label, and what changed (``a → b, c → d``)."""

    def __init__(self, head: Text, label: str = "", detail: str = "") -> None:
        self.head, self.label, self.detail = head, label, detail

    def whole(self, label: str | None = None) -> Text:
        line = self.head.copy()
        shown = self.label if label is None else label
        if shown:
            line.append_text(plain(f" {shown}"))
        if self.detail:
            line.append_text(plain(f": {self.detail}"))
        return line

    def fitted(self, width: int) -> list[Text]:
        """The row in ``width`` cells: whole; else with its label shortened; else what changed goes on under it,
        a change a line (what changed is never cut off: the label gives way first)."""
        line = self.whole()
        if line.cell_len <= width:
            return [line]
        room = width - self.whole("").cell_len - 1
        for label in (fit(self.label, room) if room >= 4 else None, ""):  # the label shortened, else left out
            if label is not None and (line := self.whole(label)).cell_len <= width:
                return [line]
        head = self.head.copy()
        if self.label:
            head.append_text(plain(f" {fit(self.label, 16)}"))
        head.append(":")
        head.truncate(width, overflow="ellipsis")
        out = [head]
        for part in self.detail.split(", "):
            piece = Text("    " + part)
            piece.truncate(width, overflow="ellipsis")
            out.append(piece)
        return out

    @property
    def plain(self) -> str:
        return self.whole().plain


class DiffRows:
    """The diff's lines, each kept to the console's width: a label is shortened, and a change that still does not
    fit goes on the next lines, so what changed is always there to read."""

    def __init__(self, lines: list[_Row]) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for row in self.lines:
            yield from row.fitted(options.max_width)

    @property
    def plain(self) -> str:
        return "\n".join(line.plain for line in self.lines)
