"""One row of the rule table: a request kind, whole.

A row names the request kind, reads it (``read``: takes the words it
understands from a clause and returns an intent, or None), carries it out
(``plan``: the tool calls, named ``"plans_<area>:<function>"`` so that a plan's module, and the
tools it calls, load only when a request needs it; ``planner`` is the function), shows it (``examples``: ``help``, the README's
grammar block and the parse tests are made from them) and says why it
refuses wordings that mean different things to different people
(``refusals``: a pattern and what to say instead). ``rank`` orders the rows
of every area into one table (lower reads first); ``looks`` marks the kinds
that only read the project, the one kind a question may be read as.

Rows live beside their readings, in the ``rules_<area>.py`` modules' ``ROWS``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from importlib import import_module
from typing import TYPE_CHECKING, Any

from neuralcut_cli.values import Value

if TYPE_CHECKING:
    from neuralcut_cli.agent.backends.mock.clause import Clause
    from neuralcut_cli.agent.backends.mock.intents import Intent
    from neuralcut_cli.agent.backends.mock.listing import Vocab
    from neuralcut_cli.agent.backends.mock.replay import Context, Plan


class Rule(Value):
    name: str
    read: Callable[[Clause, Vocab], Intent | None]
    plan: str  # "plans_edit:plan_split"
    examples: tuple[str, ...]
    rank: int
    looks: bool = False
    refusals: tuple[tuple[str, str], ...] = ()

    @cached_property
    def planner(self) -> Callable[[Any, Context], Plan]:
        """The plan function, its module imported on first use."""
        module, _, name = self.plan.partition(":")
        found: Callable[[Any, Context], Plan] = getattr(import_module(f"{__package__}.{module}"), name)
        return found
