"""``neuralcut backends``: the backends a session can use, read from their declarations (``agent.backends.registry``),
with what each needs and can do."""

from __future__ import annotations

import typer

from neuralcut_cli.cli.errors import guarded
from neuralcut_cli.cli.help_text import command
from neuralcut_cli.cli.options import JsonOpt


def backends(json_out: JsonOpt = False) -> None:
    """List the backends --backend (and the config file's `backend`, and /backend) accepts: what each is, what it
    needs, and whether it streams, looks at pictures, takes --model and keeps everything on this machine."""
    from rich.markup import escape
    from rich.table import Table

    from neuralcut_cli.agent.backends.registry import BACKENDS, DEFAULT_BACKEND
    from neuralcut_cli.cli.output import Output

    listed = [entry for entry in BACKENDS if entry.listed]
    out = Output()
    if json_out:
        keys = ("name", "summary", "needs", "takes_model", "streams", "images", "local")
        out.json(
            {
                "default": DEFAULT_BACKEND,
                "backends": [{key: getattr(entry, key) for key in keys} for entry in listed],
            }
        )
        return
    table = Table("backend", "what it is", "needs", "can", box=None, header_style="bold")
    for entry in listed:
        can = [
            word
            for word, yes in (
                ("--model", entry.takes_model),
                ("streams", entry.streams),
                ("pictures", entry.images),
                ("offline", entry.local),
            )
            if yes
        ]
        table.add_row(escape(entry.name), escape(entry.summary), escape(entry.needs), ", ".join(can))
    out.console.print(table)


def register(app: typer.Typer) -> None:
    command(app, guarded(backends))
