"""Request families: one module per kind of request, whole.

A family module holds everything about its requests: the patterns and the
reading that turns a clause into its intent, the intent itself (a typed
value, a subclass of ``intents.Intent``), the plan that carries the intent
out with tool calls (reading each tool's answer through its declared model,
``replay.answer``), and the ``ROWS`` that put the reading in the rule table
with its examples, refusals and rank. The rule table gathers every module of
this package by itself (``family_rows``), so a new kind of request is one new
module here and its tests (CONTRIBUTING, "Adding a request").
"""

from __future__ import annotations

import pkgutil
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from neuralcut_cli.agent.backends.mock.rule import Rule


def family_rows() -> tuple[Rule, ...]:
    """The rows of every family module, in module-name order (the table then orders them by rank)."""
    rows: list[Rule] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda found: found.name):
        module = import_module(f"{__name__}.{info.name}")
        rows.extend(module.ROWS)
    return tuple(rows)
