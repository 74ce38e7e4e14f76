"""What an edit changed: added, removed and changed elements, in words."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from neuralcut_cli.project.diff import Patch, element_changes
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import format_timecode

_SIGN = {"added": ("+", "green"), "removed": ("-", "red"), "changed": ("~", "yellow")}
_SKIP = {"id", "type"}
MAX_ROWS = 30


def _span(element: dict[str, Any]) -> str:
    start = element.get("startTime", 0)
    return f"{format_timecode(start)}–{format_timecode(start + element.get('duration', 0))}"


def _label(element: dict[str, Any]) -> str:
    if element.get("type") == "text":
        return f'"{element.get("content", "")}"'
    if element.get("type") == "effect":
        return str(element.get("effectType", ""))
    return str(element.get("name") or element.get("stickerId") or element.get("id", ""))


def _value(key: str, value: Any) -> str:
    if key in ("startTime", "duration", "trimStart", "trimEnd", "sourceDuration") and isinstance(value, int):
        return format_timecode(value)
    return str(value)


def describe_change(before: dict[str, Any], after: dict[str, Any]) -> str:
    """``start 00:00.00 → 00:02.00, content "A" → "B"``."""
    parts = []
    if (before.get("startTime"), before.get("duration")) != (after.get("startTime"), after.get("duration")):
        parts.append(f"{_span(before)} → {_span(after)}")
    for key in after:
        if key in _SKIP or key in ("startTime", "duration") or before.get(key) == after.get(key):
            continue
        parts.append(f"{key} {_value(key, before.get(key))} → {_value(key, after[key])}")
    return ", ".join(parts) or "moved to another track"


def _elements_by_id(project: Project | None) -> dict[str, Element]:
    if project is None:
        return {}
    return {element.id: element for _, element in project.scene.elements()}


def change_rows(patch: Patch | None, before: Project | None, after: Project | None,
                limit: int = MAX_ROWS) -> tuple[list[tuple[str, str, str, str]], int]:
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


def diff_table(patch: Patch | None, before: Project | None = None, after: Project | None = None) -> Text:
    """One line per changed element: ``+ added <id> <label>: <detail>``."""
    rows, hidden = change_rows(patch, before, after)
    if not rows:
        return Text("No changes.", style="dim")
    out = Text()
    for index, (kind, element_id, label, detail) in enumerate(rows):
        sign, colour = _SIGN[kind]
        out.append(f"{sign} {kind:<8}", style=colour)
        out.append(f"{element_id} ", style="bold")
        out.append(f"{label}: {detail}")
        if index < len(rows) - 1:
            out.append("\n")
    if hidden:
        out.append(f"\n... and {hidden} more", style="dim")
    return out
