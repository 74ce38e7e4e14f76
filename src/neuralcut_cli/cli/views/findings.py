"""A check's findings for people: severity in colour, when, what, and the call that fixes it."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from neuralcut_cli.check.findings import Report

_COLOUR = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def show_report(console: Console, report: Report) -> None:
    if not report.findings:
        console.print("[green]No problems found.[/]")
        return
    for finding in report.sorted():
        when = f"{finding.start:g}-{finding.end:g} s  " if finding.start is not None else ""
        console.print(f"[{_COLOUR[finding.severity]}]{finding.severity}[/] {when}{escape(finding.what)}")
        if finding.fix:
            args = ", ".join(f"{key}: {value}" for key, value in finding.fix["args"].items())
            console.print(f"    [dim]fix: {escape(finding.fix['tool'])} {{{escape(args)}}}[/]")
    errors, warnings, notes = (report.count(s) for s in ("error", "warning", "info"))
    console.print(f"{errors} errors, {warnings} warnings, {notes} notes.")
