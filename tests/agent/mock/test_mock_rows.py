"""One row per request kind (issue 26 §3): its reading, plan, examples and refusals together, and the table
made of the areas' rows by rank. A row that lacks a fact, or whose examples another row reads, fails here."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest
from paths import FIXTURES

from neuralcut_cli.agent.backends import mock
from neuralcut_cli.agent.backends.mock import families
from neuralcut_cli.agent.backends.mock.families.cut import Split
from neuralcut_cli.agent.backends.mock.listing import vocab_of
from neuralcut_cli.agent.backends.mock.parse import hints, parse
from neuralcut_cli.agent.backends.mock.plans import run_request
from neuralcut_cli.agent.backends.mock.replay import Context, Replay
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.rules import RULES
from neuralcut_cli.agent.context import build_context
from neuralcut_cli.project.edit_session import ProjectSession

VOCAB = vocab_of(build_context(ProjectSession(FIXTURES / "mock_project.json")))
#: Every family module (``families/<name>.py``) and older area module (``rules_<area>.py``) of the mock, found on
#: disk: a new family's rows must reach the table.
AREAS = (
    *(
        importlib.import_module(f"{mock.__name__}.{module.name}")
        for module in pkgutil.iter_modules(mock.__path__)
        if module.name.startswith("rules_")
    ),
    *(
        importlib.import_module(f"{families.__name__}.{module.name}")
        for module in pkgutil.iter_modules(families.__path__)
    ),
)


def test_the_table_is_every_areas_rows_in_rank_order() -> None:
    rows = [row for area in AREAS for row in area.ROWS]
    assert sorted(rows, key=lambda r: r.rank) == list(RULES)
    assert len({r.rank for r in RULES}) == len(RULES), "two rows share a rank: which reads first?"
    assert len({r.name for r in RULES}) == len(RULES)


@pytest.mark.parametrize("rule", RULES, ids=[r.name for r in RULES])
def test_every_row_has_every_fact_and_reads_its_own_examples(rule: Rule) -> None:
    assert rule.name and callable(rule.read) and callable(rule.planner) and rule.examples
    for example in rule.examples:
        parsed = parse(example, VOCAB)
        assert parsed.refusal is None, (example, parsed.refusal)
        if len(parsed.intents) == 1:  # a chained example ("split at 2.5s and 7s") may read as several kinds
            assert parsed.intents[0].plan is rule.planner, f"{example!r} is read by another row"


@pytest.mark.parametrize("rule", [r for r in RULES if r.refusals], ids=[r.name for r in RULES if r.refusals])
def test_a_rows_refusals_are_said_when_its_wording_is_refused(rule: Rule) -> None:
    for pattern, note in rule.refusals:
        re.compile(pattern)
        assert (pattern, note) in hints()


def test_a_rows_refusal_reaches_the_person() -> None:
    parsed = parse("speed up the beach clip by a lot more", VOCAB)
    assert parsed.refusal is not None and "How much faster or slower?" in parsed.refusal
    parsed = parse("move the logo back", VOCAB)
    assert parsed.refusal is not None and "'Back' means earlier to some and later to others" in parsed.refusal


def test_an_intent_not_made_by_parse_has_no_plan_and_says_so() -> None:
    with pytest.raises(TypeError, match="Split was not made by parse: it has no plan"):
        run_request((Split(times=()),), Replay([], frozenset()), Context())


def test_a_plans_call_is_built_as_the_tools_own_arguments() -> None:
    """Issue 26 §2: plans build typed calls; one of the wrong shape is the plan's bug, raised when it is made."""
    from neuralcut_cli.agent.backends.mock.replay import Call
    from neuralcut_cli.tools.timeline_edits import DeleteArgs, SplitArgs

    assert Call("split", SplitArgs(times=[5])).args == {"times": [5.0]}
    assert Call("split", {"times": [5]}).args == {"times": [5]}
    with pytest.raises(TypeError, match="split takes SplitArgs, not DeleteArgs"):
        Call("split", DeleteArgs(element_ids=["e1"]))
    with pytest.raises(TypeError, match="a plan called split with arguments of the wrong shape"):
        Call("split", {"times": "5"})
