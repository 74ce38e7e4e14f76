"""Printing an exchange: the reply, the tool calls, what changed, the lanes."""

from __future__ import annotations

import json

from rich.console import Console
from rich.markup import escape

from neuralcut_cli.agent.approval import DENIED
from neuralcut_cli.agent.types import ToolCall, ToolResult
from neuralcut_cli.cli.chat.chat_session import Exchange
from neuralcut_cli.cli.views.names import Names
from neuralcut_cli.cli.views.tool_result import print_changes
from neuralcut_cli.cli.views.values import brief
from neuralcut_cli.project.diff import diff


def _args(args: dict[str, object], names: Names) -> str:
    text = names.text(json.dumps(brief(args), ensure_ascii=False))
    return text if len(text) <= 70 else text[:67] + "..."


def tool_line(call: ToolCall, result: ToolResult, names: Names | None = None) -> str:
    """``  ✓ split {"times": [5]}`` (or ✗ and the error), as rich markup; ids shortened by ``names``."""
    names = names or Names()
    if result.error == DENIED:  # the person's answer, not a failure
        return f"  [yellow]–[/] [dim]{call.name} {escape(_args(call.args, names))}[/] [yellow]not run: you said no[/]"
    mark = "[red]✗[/]" if result.error else "[green]✓[/]"
    tail = f" [red]{escape(names.prose(result.error))}[/]" if result.error else ""
    return f"  {mark} [dim]{call.name} {escape(_args(call.args, names))}[/]{tail}"


def print_exchange(
    console: Console, exchange: Exchange, show_reply: bool = True, dry_run: bool = False, show_tools: bool = True
) -> None:
    """Tool calls (unless already shown live), the reply, what changed and the lanes."""
    outcome = exchange.outcome
    names = Names(exchange.before, exchange.after)
    if show_tools:
        for call, result in zip(outcome.tool_calls, outcome.tool_results, strict=False):
            console.print(tool_line(call, result, names))
    if show_reply and outcome.reply:
        style = "red" if outcome.failed else ""
        console.print(escape(names.prose(outcome.reply)), style=style, soft_wrap=False)  # prose wraps at spaces
    if exchange.cancelled:
        console.print("[yellow]Cancelled.[/] The project is as the last completed tool left it.")
    elif outcome.failed and outcome.error and outcome.error != outcome.reply:
        console.print(f"[red]error:[/] {escape(names.prose(outcome.error))}", soft_wrap=False)
    patch = diff(exchange.before, exchange.after)
    if patch:
        print_changes(console, patch, exchange.before, exchange.after, names)
        if dry_run:
            console.print("[yellow]Dry run:[/] nothing was saved.")
