"""Keyframe animations through edits: each piece of a cut looks exactly as
the element did, a shortened element keeps what stays, copies get new ids."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from neuralcut_cli.editing.animation import clamp, cut, discrete_at, drop_front, shift, value_at, with_new_ids
from neuralcut_cli.project.animation import Animations

LENGTH = 120_000  # one second


def new_ids() -> Callable[[], str]:
    counter = itertools.count()
    return lambda: f"n{next(counter)}"


def opacity(keys: list[dict[str, Any]], extrapolation: dict[str, Any] | None = None) -> Animations:
    channel = {"kind": "scalar", "keys": keys, **({"extrapolation": extrapolation} if extrapolation else {})}
    return Animations.model_validate(
        {
            "bindings": {
                "opacity": {
                    "path": "opacity",
                    "kind": "number",
                    "components": [{"key": "value", "channelId": "opacity:value"}],
                }
            },
            "channels": {"opacity:value": channel},
        }
    )


def colour(times: list[int]) -> Animations:
    components = [{"key": c, "channelId": f"color:{c}"} for c in "rgba"]
    channels = {
        f"color:{c}": {
            "kind": "scalar",
            "keys": [
                {"id": f"k{i}", "time": t, "value": (i + n) / 10, "segmentToNext": "linear"}
                for i, t in enumerate(times)
            ],
        }
        for n, c in enumerate("rgba")
    }
    return Animations.model_validate(
        {
            "bindings": {
                "color": {"path": "color", "kind": "color", "colorSpace": "srgb-linear", "components": components}
            },
            "channels": channels,
        }
    )


def scalar(a: Animations | None, t: float) -> float | None:
    if a is None:
        return None
    channel = a.channels["opacity:value"]
    assert channel.kind == "scalar"
    return value_at(channel, t)


key = st.tuples(
    st.integers(0, LENGTH),
    st.floats(-100, 100),
    st.sampled_from(["step", "linear", "bezier"]),
    st.none() | st.tuples(st.floats(0, 0.5), st.floats(-50, 50), st.floats(0, 0.5), st.floats(-50, 50)),
)


def channel_keys(drawn: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """Keys in time order, one per time, with handles that do not cross (any editor's curves): each handle
    reaches at most halfway along its segment."""
    ordered = sorted({k[0]: k for k in drawn}.values(), key=lambda k: k[0])
    keys = []
    for i, (time, value, segment, handles) in enumerate(ordered):
        key = {"id": f"k{i}", "time": time, "value": value, "segmentToNext": segment}
        if handles:
            before = time - ordered[i - 1][0] if i else 0
            after = ordered[i + 1][0] - time if i + 1 < len(ordered) else 0
            key |= {
                "leftHandle": {"dt": -handles[0] * before, "dv": handles[1]},
                "rightHandle": {"dt": handles[2] * after, "dv": handles[3]},
            }
        keys.append(key)
    return keys


@settings(max_examples=300, deadline=None)
@given(
    st.lists(key, min_size=1, max_size=5),
    st.integers(1, LENGTH - 1),
    st.sampled_from([None, {"before": "linear", "after": "linear"}]),
)
def test_each_piece_of_a_cut_looks_as_the_element_did(
    keys: list[tuple[Any, ...]],
    t: int,
    extrapolation: dict[str, Any] | None,
) -> None:
    original = opacity(channel_keys(keys), extrapolation)
    left, right = cut(original, t, LENGTH, new_ids())
    for x in [0, t // 3, t // 2, t - 1, t]:
        assert abs(scalar(left, x) - scalar(original, x)) < 1e-6 * 1000, (x, "left")  # type: ignore[operator]
    for x in [t, t + 1, (t + LENGTH) // 2, LENGTH]:
        assert abs(scalar(right, x - t) - scalar(original, x)) < 1e-6 * 1000, (x, "right")  # type: ignore[operator]
    for piece, end in ((left, t), (right, LENGTH - t)):
        times = [k.time for k in piece.channels["opacity:value"].keys]  # type: ignore[union-attr]
        assert times == sorted(times) and all(0 <= time <= max(end, LENGTH) for time in times)


def test_a_cut_between_two_keys_adds_a_boundary_key_to_both_pieces() -> None:
    original = opacity([{"id": "a", "time": 0, "value": 0}, {"id": "b", "time": 100, "value": 1}])
    left, right = cut(original, 25, 100, new_ids())
    assert [(k.time, k.value) for k in left.channels["opacity:value"].keys] == [(0, 0), (25, 0.25)]  # type: ignore[union-attr]
    assert [(k.time, k.value) for k in right.channels["opacity:value"].keys] == [(0, 0.25), (75, 1)]  # type: ignore[union-attr]
    ids = [k.id for piece in (left, right) for k in piece.channels["opacity:value"].keys]  # type: ignore[union-attr]
    assert len(set(ids)) == len(ids)  # the right piece's keys are new: no id is shared between the pieces


def test_a_bezier_segment_keeps_its_curve_when_cut() -> None:
    original = opacity(
        [
            {"id": "a", "time": 0, "value": 0, "segmentToNext": "bezier", "rightHandle": {"dt": 80, "dv": 0}},
            {"id": "b", "time": 100, "value": 1, "leftHandle": {"dt": -80, "dv": 0}},
        ]
    )
    left, right = cut(original, 40, 100, new_ids())
    for x in range(0, 41, 5):
        assert abs(scalar(left, x) - scalar(original, x)) < 1e-9  # type: ignore[operator]
    for x in range(40, 101, 5):
        assert abs(scalar(right, x - 40) - scalar(original, x)) < 1e-9  # type: ignore[operator]


def test_a_cut_after_the_last_key_leaves_the_right_piece_holding_its_value() -> None:
    original = opacity([{"id": "a", "time": 0, "value": 0.2}, {"id": "b", "time": 10, "value": 0.8}])
    _, right = cut(original, 50, 100, new_ids())
    assert right is not None and scalar(right, 0) == 0.8 and scalar(right, 50) == 0.8


def test_colour_components_stay_in_step() -> None:
    left, right = cut(colour([0, 100]), 30, 100, new_ids())
    for piece in (left, right):
        assert piece is not None
        shapes = {tuple((k.id, k.time) for k in piece.channels[f"color:{c}"].keys) for c in "rgba"}
        assert len(shapes) == 1  # r, g, b and a share ids and times


def test_discrete_values_carry_over_a_cut() -> None:
    original = Animations.model_validate(
        {
            "bindings": {
                "effects.e1.params.enabled": {
                    "path": "effects.e1.params.enabled",
                    "kind": "discrete",
                    "components": [{"key": "value", "channelId": "en"}],
                }
            },
            "channels": {
                "en": {
                    "kind": "discrete",
                    "keys": [{"id": "a", "time": 10, "value": True}, {"id": "b", "time": 60, "value": False}],
                }
            },
        }
    )
    left, right = cut(original, 30, 100, new_ids())
    assert discrete_at(left.channels["en"], 20) is True  # type: ignore[union-attr,arg-type]
    assert discrete_at(right.channels["en"], 0) is True and discrete_at(right.channels["en"], 40) is False  # type: ignore[union-attr,arg-type]


def test_shortening_keeps_what_stays_and_drops_the_rest() -> None:
    original = opacity([{"id": "a", "time": 0, "value": 0}, {"id": "b", "time": 100, "value": 1}])
    shorter = clamp(original, 50, new_ids())
    assert [(k.time, k.value) for k in shorter.channels["opacity:value"].keys] == [(0, 0), (50, 0.5)]  # type: ignore[union-attr]
    assert clamp(original, 200, new_ids()) is original  # nothing past the end: unchanged


def test_a_later_trim_start_drops_the_front_and_shifts_the_rest() -> None:
    original = opacity([{"id": "a", "time": 0, "value": 0}, {"id": "b", "time": 100, "value": 1}])
    trimmed = drop_front(original, 20, 100, new_ids())
    assert [(k.time, k.value) for k in trimmed.channels["opacity:value"].keys] == [(0, 0.2), (80, 1)]  # type: ignore[union-attr]
    grown = shift(original, 10)
    assert [k.time for k in grown.channels["opacity:value"].keys] == [10, 110]  # type: ignore[union-attr]


def test_a_copy_has_new_key_ids_in_step() -> None:
    copy = with_new_ids(colour([0, 50, 100]), new_ids())
    assert copy is not None
    ids = {c: [k.id for k in copy.channels[f"color:{c}"].keys] for c in "rgba"}
    assert all(ids[c] == ids["r"] for c in "gba") and not set(ids["r"]) & {"k0", "k1", "k2"}


def test_nothing_left_means_no_animations() -> None:
    assert cut(None, 5, 10, new_ids()) == (None, None)
