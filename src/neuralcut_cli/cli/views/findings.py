"""A check's findings for people: severity in colour, when (as every view says times), what, and the fix as a
command that works when pasted: ``neuralcut tool NAME '{JSON}'`` with the short ids the other views show."""

from __future__ import annotations

import json
import shlex
from typing import Any

from rich.console import Console
from rich.markup import escape

from neuralcut_cli.check.findings import Finding, Report
from neuralcut_cli.project.ids import ID_KEYS, ShortIds, project_ids
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import TICKS_PER_SECOND, format_timecode

_COLOUR = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def show_report(console: Console, report: Report, project: Project | None = None) -> None:
    """The findings, worst first; ids in the fixes shortened as in ``project``'s views when it is given."""
    if not report.findings:
        console.print("[green]No problems found.[/]")
        return
    names = ShortIds(project_ids(project)) if project is not None else None
    for finding in report.sorted():
        when = f"{_when(finding)}  " if finding.start is not None else ""
        console.print(f"[{_COLOUR[finding.severity]}]{finding.severity}[/] {when}{escape(finding.what)}")
        if finding.fix:
            console.print(f"    [dim]fix: {escape(fix_command(finding.fix, names))}[/]", soft_wrap=True)
    errors, warnings, notes = (report.count(s) for s in ("error", "warning", "info"))
    console.print(f"{errors} errors, {warnings} warnings, {notes} notes.")


def _when(finding: Finding) -> str:
    start = format_timecode(round((finding.start or 0) * TICKS_PER_SECOND))
    if finding.end is None or finding.end == finding.start:
        return start
    return f"{start}–{format_timecode(round(finding.end * TICKS_PER_SECOND))}"


def fix_command(repair: dict[str, Any], names: ShortIds | None = None) -> str:
    """``neuralcut tool close_gaps '{"trackId": "t-main"}'``: valid JSON a shell passes whole."""
    args = _shortened(repair["args"], names) if names is not None else repair["args"]
    return f"neuralcut tool {repair['tool']} {shlex.quote(json.dumps(args, ensure_ascii=False))}"


def _shortened(value: Any, names: ShortIds, key: str | None = None) -> Any:
    if isinstance(value, dict):
        return {k: _shortened(v, names, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_shortened(v, names, key) for v in value]
    if isinstance(value, str) and key in ID_KEYS:
        return names[value]
    return value
