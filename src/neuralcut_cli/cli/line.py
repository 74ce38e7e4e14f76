"""Reading the command line before typer does: which command it names.

typer builds every registered command (its parameters, their types) before it parses a line, and the commands'
modules import what they use. A one-shot command needs one of them: ``cli.app`` registers only the module of the
command the line names (``COMMAND_MODULES``), and only that command while it runs.
"""

from __future__ import annotations

from collections.abc import Iterable

import typer
import typer.main


def command_named(args: Iterable[str], root: typer.Typer, commands: Iterable[str]) -> str | None:
    """The command (one of ``commands``) that the first word of ``args`` that is not an option, nor an option's
    value, names; None for no command, help, or a word that names none (typer then sees them all and says so)."""
    known = set(commands)
    takes_value = options_with_values(root)
    words = iter(args)
    for word in words:
        if word == "--":
            return None
        if word.startswith("-"):
            if word in takes_value:
                next(words, None)
            continue
        return word if word in known else None
    return None


def options_with_values(root: typer.Typer) -> set[str]:
    """``-p``, ``--project``, ...: the options of ``root`` itself that take a value (read from typer's own build
    of ``root``, which must hold no commands)."""
    built = typer.main.get_command(root)
    return {
        opt
        for param in built.params
        if param.param_type_name == "option" and not getattr(param, "is_flag", False)
        for opt in (*param.opts, *param.secondary_opts)
    }
