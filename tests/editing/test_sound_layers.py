"""Sound automation as layers that add up (``editing.sound``): fades, ducking and gain never erase each other,
in any order; the envelope the listings show is what plays."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tool_helpers import Tools

from neuralcut_cli.editing.sound import compiled, envelope, level_at, with_duck, with_fade, with_gain
from neuralcut_cli.project.elements import AudioElement

T = 120_000


def _ids() -> Callable[[], str]:
    counter = itertools.count()
    return lambda: f"k{next(counter)}"


def bed(volume: float = -6) -> AudioElement:
    return AudioElement.model_validate(
        {"id": "e-bed", "type": "audio", "mediaId": "a", "startTime": 0, "duration": 20 * T, "volume": volume}
    )


def test_a_duck_over_a_faded_bed_keeps_the_fade_and_a_fade_out_after_a_duck_ends_in_silence() -> None:
    ids = _ids()
    faded = with_fade(bed(), 2 * T, None, ids)
    ducked = with_duck(faded, [(5 * T, 10 * T)], 12, T // 2, T // 2, ids)
    assert level_at(ducked, 0) == -60 and level_at(ducked, T) == pytest.approx(-36)  # half way up the fade
    assert level_at(ducked, 3 * T) == -6 and level_at(ducked, 7 * T) == -18
    ended = with_fade(ducked, None, 2 * T, ids)
    assert level_at(ended, 20 * T) == -60 and level_at(ended, 7 * T) == -18 and level_at(ended, 0) == -60
    assert level_at(ended, 19 * T) == pytest.approx(-36)  # falling from -6 towards silence: no swell


def test_gain_adds_in_db_and_a_layer_at_silence_silences() -> None:
    ids = _ids()
    raised = with_gain(with_duck(bed(), [(0, 20 * T)], 10, 0, 0, ids), 7.5, ids)
    assert level_at(raised, 5 * T) == pytest.approx(-6 - 10 + 7.5)
    assert level_at(with_fade(raised, T, None, ids), 0) == -60
    assert with_gain(raised, 0, ids).animations is not None and level_at(with_gain(raised, 0, ids), 5 * T) == -16


def test_compiled_folds_the_layers_into_one_volume_channel_with_the_same_envelope() -> None:
    ids = _ids()
    layered = with_gain(with_duck(with_fade(bed(), T, 2 * T, ids), [(5 * T, 9 * T)], 12, T // 4, T // 4, ids), 3, ids)
    flat = compiled(layered, ids)
    assert flat.animations is not None and set(flat.animations.bindings) == {"volume"}
    for t in range(0, 20 * T + 1, T // 8):
        assert level_at(flat, t) == pytest.approx(level_at(layered, t), abs=0.01)


Move = tuple[str, Any]


@settings(max_examples=60, deadline=None)
@given(
    fade_in=st.integers(0, 5),
    fade_out=st.integers(0, 5),
    spans=st.lists(st.tuples(st.integers(0, 19), st.integers(1, 4)), min_size=1, max_size=4),
    depth=st.integers(1, 30),
    gain=st.integers(-20, 12),
    order=st.permutations(["fade", "duck", "gain"]),
)
def test_any_order_of_fade_duck_and_gain_gives_the_same_envelope(
    fade_in: int, fade_out: int, spans: list[tuple[int, int]], depth: int, gain: int, order: list[str]
) -> None:
    ids = _ids()
    moves: dict[str, Any] = {
        "fade": lambda e: with_fade(e, fade_in * T, fade_out * T, ids),
        "duck": lambda e: with_duck(e, [(a * T, (a + n) * T) for a, n in spans], depth, T // 4, T // 4, ids),
        "gain": lambda e: with_gain(e, gain, ids),
    }
    reference = bed()
    for name in ("fade", "duck", "gain"):
        reference = moves[name](reference)
    shuffled = bed()
    for name in order:
        shuffled = moves[name](shuffled)
    for t in range(0, 20 * T + 1, T // 10):
        assert level_at(shuffled, t) == level_at(reference, t)
    assert envelope(shuffled) == envelope(reference)


def test_the_tools_compose_in_either_order_and_get_element_shows_the_envelope(demo_path: Path) -> None:
    for first, second in (("fade", "duck"), ("duck", "fade")):
        tools = Tools(demo_path)
        calls = {
            "fade": ("fade", {"elementIds": ["e-music"], "in": 2}),
            "duck": ("duck", {"musicElementIds": ["e-music"], "underElementIds": ["e-beach"], "depth": 12}),
        }
        for name in (first, second):
            assert tools(*calls[name])["success"]
        music = tools.element("e-music", AudioElement)
        assert level_at(music, 0) == -60 and level_at(music, 3 * T) == -6 and level_at(music, 10 * T) == -18
        shown = tools("get_element", {"elementId": "e-music"})
        assert shown["soundLayers"] == {"fadeIn": 2.0, "duckDb": -12.0}
        points = {p["time"]: p["db"] for p in shown["soundEnvelope"]}
        assert points[0.0] == -60 and points[2.0] == -6 and points[6.0] == -18 and points[14.0] == -18
        keys = tools("list_keyframes", {"elementId": "e-music"})
        assert {k["propertyPath"] for k in keys["keyframes"]} == {"sound.fade", "sound.duck"}
        assert keys["soundEnvelope"] == shown["soundEnvelope"]
        tools("undo", {})  # takes back the second move's layer only
        animations = tools.element("e-music", AudioElement).animations
        assert animations is not None and set(animations.bindings) == {f"sound.{first}"}
        tools("undo", {})
