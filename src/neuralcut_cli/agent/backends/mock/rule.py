"""One row of the rule table: a request kind, whole.

A row names the request kind, reads it (``read``: takes the words it
understands from a clause and returns an intent, or None), carries it out
(``plan``: the plan function, in the same family module), shows it
(``examples``: ``help``, the README's grammar block, the parse tests and the
close requests a refusal offers are made from them) and says why it refuses
wordings that mean different things to different people (``refusals``: a
pattern and what to say instead). ``rank`` orders the rows of every family
into one table (lower reads first); ``looks`` marks the kinds that only read
the project, the one kind a question may be read as.

Rows live beside their readings and plans, in a family module's ``ROWS``
(``families/<name>.py``, found by itself).
"""

from __future__ import annotations

from collections.abc import Callable
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
    plan: Callable[[Any, Context], Plan]
    examples: tuple[str, ...]
    rank: int
    looks: bool = False
    refusals: tuple[tuple[str, str], ...] = ()

    @property
    def planner(self) -> Callable[[Any, Context], Plan]:
        """The plan function."""
        return self.plan
