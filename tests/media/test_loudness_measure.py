"""The integrated loudness of stretches of a file, from its cached 100 ms meter rows (``media.loudness``)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from neuralcut_cli.media import loudness


def _by_scanning(rows: list[tuple[float, float]], spans: list[tuple[float, float]]) -> float | None:
    """The definition, row by row: a row counts when its whole 400 ms window lies inside one stretch."""
    inside = [m for t, m in rows if any(s - 1e-3 <= t - loudness.BLOCK and t <= e + 1e-3 for s, e in spans)]
    return loudness.integrated(inside)


rows_st = st.lists(st.floats(min_value=-80, max_value=0), min_size=0, max_size=300).map(
    lambda levels: [(round(0.4 + 0.1 * k, 4), m) for k, m in enumerate(levels)]
)
span_st = st.tuples(st.integers(0, 320), st.integers(0, 60)).map(lambda p: (p[0] / 10, (p[0] + p[1]) / 10))


@settings(max_examples=200, deadline=None)
@given(rows=rows_st, spans=st.lists(span_st, max_size=8), shuffled=st.booleans())
def test_the_stretches_rows_are_those_whose_window_lies_inside_one(
    rows: list[tuple[float, float]], spans: list[tuple[float, float]], shuffled: bool
) -> None:
    given_rows = list(reversed(rows)) if shuffled else rows
    assert loudness.measure(given_rows, spans) == _by_scanning(rows, spans)


def test_a_window_across_two_stretches_is_not_counted() -> None:
    rows = [(0.4, -20.0), (0.5, -20.0), (0.6, -10.0), (0.7, -20.0), (0.8, -20.0)]
    # [0, 0.5] and [0.38, 1]: the rows at 0.6 and 0.7 lie in neither whole; 0.4 and 0.5 in the first, 0.8 in the second
    assert loudness.measure(rows, [(0.0, 0.5), (0.38, 1.0)]) == pytest.approx(-20.0)
    assert loudness.measure(rows, [(0.0, 1.0)]) == pytest.approx(
        -0.691 + 10 * math.log10((4 * 10 ** ((-20 + 0.691) / 10) + 10 ** ((-10 + 0.691) / 10)) / 5), abs=0.01
    )


def test_silence_measures_as_none() -> None:
    assert loudness.measure([(0.4, -120.0), (0.5, -90.0)], [(0.0, 1.0)]) is None
    assert loudness.measure([], [(0.0, 1.0)]) is None
