"""The outside evaluation (issue 41) held as a test: every request of ``benchmarks/outside/cases.py`` run as
``neuralcut run`` on a fresh copy of the demo, its final state checked. No request may save a wrong edit, and
every refusal offers a request the backend does understand; the figures themselves are the benchmark's
(``python benchmarks/eval_outside.py``)."""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from paths import REPO

sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(REPO / "benchmarks" / "outside"))

import eval_outside
from cases import CASES, half

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def results() -> list[eval_outside.Result]:
    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(eval_outside.run_case, CASES))


def test_the_set_is_big_enough_and_split_before_tuning() -> None:
    assert len(CASES) >= 200 and len({c.text for c in CASES}) == len(CASES)
    halves = [half(c) for c in CASES]
    assert halves.count("held") >= 100 and halves.count("tune") >= 100


def test_no_request_saves_a_wrong_edit(results: list[eval_outside.Result]) -> None:
    wrong = [f"{r.case.text!r}: {r.why}" for r in results if r.verdict in ("wrong", "setup")]
    assert not wrong, "\n".join(wrong)


def test_every_refusal_offers_a_request_it_understands(results: list[eval_outside.Result]) -> None:
    bare = [r.case.text for r in results if r.verdict == "refused" and r.why.startswith("bare")]
    assert not bare, bare


def test_most_requests_of_both_halves_are_carried_out(results: list[eval_outside.Result]) -> None:
    """A floor under recall (the measured figures: 115 of 120 tuned, 114 of 139 held back)."""
    for name, floor in (("tune", 0.85), ("held", 0.75)):
        chosen = [r for r in results if half(r.case) == name]
        right = sum(r.verdict == "right" for r in chosen)
        assert right >= floor * len(chosen), f"{name}: {right} of {len(chosen)} right"
