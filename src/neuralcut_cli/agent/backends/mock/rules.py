"""The rule table: every request kind the offline backend understands, in priority order.

Each family module's rows (``families/<name>.ROWS``: name, reading, plan,
examples, refusals; found by themselves) are put in one table by ``rank``.
A new request kind is one family module and its tests (``docs/mock.md``).
"""

from __future__ import annotations

from neuralcut_cli.agent.backends.mock.families import family_rows
from neuralcut_cli.agent.backends.mock.rule import Rule

RULES: tuple[Rule, ...] = tuple(sorted(family_rows(), key=lambda rule: rule.rank))


def examples() -> list[str]:
    return [example for rule in RULES for example in rule.examples]


def grammar() -> list[str]:
    """One line of examples per rule: the ``help`` reply and the README's grammar block."""
    return [" · ".join(rule.examples) for rule in RULES]
