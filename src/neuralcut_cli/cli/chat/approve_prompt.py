"""Asking the person on the terminal before an edit: what the call would change (its dry run's diff and lanes),
then ``Allow? [y]es / [N]o / [a]lways for <tool> this session`` (Enter means no)."""

from __future__ import annotations

import json
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from neuralcut_cli.agent.approval import Asker, Question
from neuralcut_cli.cli.views.tool_result import print_changes
from neuralcut_cli.project.diff import diff


def terminal_asker(console: Console, read: Callable[[str], str] = input) -> Asker:
    def ask(question: Question) -> str:
        call = question.call
        console.print(f"[bold]{escape(call.name)}[/] [dim]{escape(json.dumps(call.args, ensure_ascii=False)[:200])}[/]")
        if question.refused:
            console.print(f"It would fail anyway: {escape(question.refused)}")
        elif question.before is not None and question.after is not None:
            patch = diff(question.before, question.after)
            if patch:
                print_changes(console, patch, question.before, question.after)
            else:
                console.print("It would change nothing.")
        else:
            console.print(escape(question.note))
        try:
            answer = read(f"Allow? [y]es / [N]o / [a]lways for {call.name} this session ").strip().lower()
        except EOFError:
            answer = ""
        return "yes" if answer in ("y", "yes") else "always" if answer in ("a", "always") else "no"

    return ask
