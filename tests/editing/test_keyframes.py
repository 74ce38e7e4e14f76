"""The keyframe tools (reference §1.22-1.26) and the one evaluator (§2.3): contract errors with the file left
as it was, the anchor's example values, and properties over random sequences of edits."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paths import REPO
from tool_helpers import Tools, assert_refused

from neuralcut_cli.editing.duplicate import duplicate_elements
from neuralcut_cli.editing.keyframes import remove, upsert, value_at
from neuralcut_cli.editing.split import split_scene
from neuralcut_cli.editing.timing import retime
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.io import read_project
from neuralcut_cli.project.model import Scene

T = 120_000
ERRORS = [
    ("list_animatable_properties", {}, "Invalid elementId"),
    ("list_animatable_properties", {"elementId": "ghost"}, "Element not found: ghost"),
    ("list_keyframes", {"elementId": 3}, "Invalid elementId"),
    ("list_keyframes", {"elementId": "ghost"}, "Element not found: ghost"),
    ("upsert_keyframe", {"propertyPath": "opacity", "time": 0, "value": 1}, "Invalid elementId"),
    ("upsert_keyframe", {"elementId": "e-logo", "time": 0, "value": 1}, "Invalid propertyPath"),
    (
        "upsert_keyframe",
        {"elementId": "e-logo", "propertyPath": "opacity", "time": -1, "value": 1},
        "time must be a non-negative number (seconds)",
    ),
    (
        "upsert_keyframe",
        {"elementId": "e-logo", "propertyPath": "opacity", "time": "1", "value": 1},
        "time must be a non-negative number (seconds)",
    ),
    (
        "upsert_keyframe",
        {"elementId": "e-title", "propertyPath": "color", "time": 0, "value": 1},
        "colorValue is required for color properties (hex string like '#ff0000')",
    ),
    (
        "upsert_keyframe",
        {"elementId": "e-logo", "propertyPath": "opacity", "time": 0},
        "value is required and must be a number for numeric properties",
    ),
    (
        "upsert_keyframe",
        {"elementId": "e-logo", "propertyPath": "opacity", "time": 0, "value": 1, "interpolation": "cubic"},
        "interpolation must be 'linear', 'hold', or 'bezier'",
    ),
    (
        "upsert_keyframe",
        {"elementId": "e-logo", "propertyPath": "blur", "time": 0, "value": 1},
        "Unknown property path: blur. Use list_animatable_properties to discover valid paths.",
    ),
    (
        "upsert_keyframe",
        {"elementId": "ghost", "propertyPath": "opacity", "time": 0, "value": 1},
        "Element not found: ghost",
    ),
    (
        "upsert_keyframe",
        {"elementId": "e-music", "propertyPath": "opacity", "time": 0, "value": 1},
        "Element type 'audio' does not support animating 'opacity'",
    ),
    (
        "upsert_keyframe",
        {"elementId": "e-logo", "propertyPath": "opacity", "time": 19, "value": 1},
        "Time 19s is outside element range (0 to 18s)",
    ),
    (
        "upsert_keyframe",
        {"elementId": "e-title", "propertyPath": "color", "time": 0, "colorValue": "nope"},
        "Invalid colorValue: nope",
    ),
    ("remove_keyframe", {"elementId": "e-logo", "propertyPath": "opacity"}, "Invalid keyframeId"),
    ("remove_keyframe", {"elementId": "e-logo", "propertyPath": "", "keyframeId": "k"}, "Invalid propertyPath"),
    (
        "remove_keyframe",
        {"elementId": "e-logo", "propertyPath": "opacity", "keyframeId": "k"},
        "No keyframes on 'opacity' of e-logo",
    ),
    (
        "update_keyframe_curve",
        {"elementId": "e-logo", "propertyPath": "opacity", "keyframeId": "k", "interpolation": "hold"},
        "interpolation must be 'linear', 'bezier', or 'step'",
    ),
    (
        "update_keyframe_curve",
        {"elementId": "e-logo", "propertyPath": "opacity", "keyframeId": "k", "rightHandle": {"dt": "1", "dv": 0}},
        "rightHandle must be an object with numeric dt and dv",
    ),
    (
        "update_keyframe_curve",
        {"elementId": "e-logo", "propertyPath": "opacity", "keyframeId": "k", "leftHandle": [1, 2]},
        "leftHandle must be an object with numeric dt and dv",
    ),
    (
        "update_keyframe_curve",
        {"elementId": "ghost", "propertyPath": "opacity", "keyframeId": "k"},
        "Element not found: ghost",
    ),
    (
        "update_keyframe_curve",
        {"elementId": "e-logo", "propertyPath": "opacity", "keyframeId": "k", "tangentMode": "smooth"},
        "Invalid tangentMode: smooth. Must be auto, aligned, broken, or flat.",
    ),
]


@pytest.mark.parametrize(("name", "args", "error"), ERRORS, ids=[f"{c[0]}:{i}" for i, c in enumerate(ERRORS)])
def test_every_error_leaves_the_file_untouched(name: str, args: dict[str, Any], error: str, demo_path: Path) -> None:
    assert_refused(demo_path, name, args, error)


def test_a_key_at_the_same_time_is_replaced_and_a_key_id_moves_its_key(demo_path: Path) -> None:
    tools = Tools(demo_path)
    first = tools("upsert_keyframe", {"elementId": "e-logo", "propertyPath": "opacity", "time": 1, "value": 0.5})
    again = tools("upsert_keyframe", {"elementId": "e-logo", "propertyPath": "opacity", "time": 1, "value": 0.25})
    assert again["keyframeId"] == first["keyframeId"] and again["value"] == 0.25
    moved = tools(
        "upsert_keyframe",
        {"elementId": "e-logo", "propertyPath": "opacity", "time": 2, "value": 0.75, "keyframeId": first["keyframeId"]},
    )
    keys = tools("list_keyframes", {"elementId": "e-logo"})["keyframes"]
    assert moved["keyframeId"] == first["keyframeId"] and [(k["time"], k["value"]) for k in keys] == [(2.0, 0.75)]


def test_values_snap_to_their_step_and_clamp(demo_path: Path) -> None:
    tools = Tools(demo_path)
    assert (
        tools("upsert_keyframe", {"elementId": "e-logo", "propertyPath": "opacity", "time": 0, "value": 1.7})["value"]
        == 1
    )
    assert (
        tools("upsert_keyframe", {"elementId": "e-logo", "propertyPath": "transform.rotate", "time": 0, "value": 45.4})[
            "value"
        ]
        == 45
    )
    assert (
        tools("upsert_keyframe", {"elementId": "e-music", "propertyPath": "volume", "time": 0, "value": -99})["value"]
        == -60
    )


def test_colours_are_keyed_in_linear_space_and_read_back_as_hex(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("upsert_keyframe", {"elementId": "e-title", "propertyPath": "color", "time": 0, "colorValue": "#ff0000"})
    tools("upsert_keyframe", {"elementId": "e-title", "propertyPath": "color", "time": 2, "colorValue": "#0000ff"})
    title = read_project(demo_path).scene.find_element("e-title")[1]  # type: ignore[index]
    assert value_at(title, "color", 0) == "#ff0000" and value_at(title, "color", 2 * T) == "#0000ff"
    assert value_at(title, "color", T) == "#bc00bc"  # halfway in linear light, encoded back to sRGB
    channels = title.animations.channels  # type: ignore[union-attr]
    assert {c: [k.id for k in channels[f"color:{c}"].keys] for c in "rgba"}["r"] == [
        k.id for k in channels["color:a"].keys
    ]


def test_remove_and_the_empty_animation_goes(demo_path: Path) -> None:
    tools = Tools(demo_path)
    key = tools("upsert_keyframe", {"elementId": "e-logo", "propertyPath": "opacity", "time": 0, "value": 0})
    assert tools(
        "remove_keyframe", {"elementId": "e-logo", "propertyPath": "opacity", "keyframeId": key["keyframeId"]}
    )["success"]
    assert read_project(demo_path).scene.find_element("e-logo")[1].animations is None  # type: ignore[index]
    assert '"animations"' not in demo_path.read_text().split('"e-logo"')[1].split('"id"')[0]


def test_curve_handles_are_seconds_stored_as_ticks(demo_path: Path) -> None:
    tools = Tools(demo_path)
    key = tools("upsert_keyframe", {"elementId": "e-logo", "propertyPath": "opacity", "time": 0, "value": 0})
    tools("upsert_keyframe", {"elementId": "e-logo", "propertyPath": "opacity", "time": 1, "value": 1})
    out = tools(
        "update_keyframe_curve",
        {
            "elementId": "e-logo",
            "propertyPath": "opacity",
            "keyframeId": key["keyframeId"],
            "interpolation": "bezier",
            "rightHandle": {"dt": 0.3, "dv": 0},
        },
    )
    assert out["applied"] == {"interpolation": "bezier", "rightHandle": {"dt": 0.3, "dv": 0}}
    logo = read_project(demo_path).scene.find_element("e-logo")[1]  # type: ignore[index]
    first = logo.animations.channels["opacity:value"].keys[0]  # type: ignore[union-attr]
    assert first.right_handle.dt == 36_000 and first.segment_to_next == "bezier"  # type: ignore[union-attr]
    assert value_at(logo, "opacity", T // 4) < 0.25  # an ease-in: slower than linear at the start


def _element_with(keys: list[dict[str, Any]], duration: int = 2 * T) -> Any:
    from neuralcut_cli.project.io import project_from_json

    return project_from_json(
        {
            "scenes": [
                {
                    "id": "s",
                    "tracks": {
                        "overlay": [
                            {
                                "id": "o",
                                "type": "video",
                                "elements": [
                                    {
                                        "id": "img",
                                        "type": "image",
                                        "mediaId": "i",
                                        "startTime": 0,
                                        "duration": duration,
                                        "animations": {
                                            "bindings": {
                                                "opacity": {
                                                    "path": "opacity",
                                                    "kind": "number",
                                                    "components": [{"key": "value", "channelId": "opacity:value"}],
                                                }
                                            },
                                            "channels": {"opacity:value": {"kind": "scalar", "keys": keys}},
                                        },
                                    }
                                ],
                            }
                        ]
                    },
                }
            ],
            "currentSceneId": "s",
            "mediaAssets": [{"id": "i", "type": "image"}],
        }
    ).scene.find_element("img")[1]  # type: ignore[index]  # it is there: the project above holds it


def test_the_evaluator_on_the_anchors_example() -> None:
    """v22-to-v23's opacity: key 1 (0.5 s, 1, bezier, right handle 0.25 s / +0.2), key 2 (1 s, 0.4, left handle
    -0.125 s / -0.1). Before the first key it holds 1, after the last 0.4; between, the cubic of §2.3."""
    element = _element_with(
        [
            {
                "id": "key-1",
                "time": 60000,
                "value": 1,
                "segmentToNext": "bezier",
                "rightHandle": {"dt": 30000, "dv": 0.2},
            },
            {
                "id": "key-2",
                "time": 120000,
                "value": 0.4,
                "segmentToNext": "linear",
                "leftHandle": {"dt": -15000, "dv": -0.1},
            },
        ]
    )
    assert value_at(element, "opacity", 0) == 1 and value_at(element, "opacity", 200_000) == 0.4
    times, values = (60000, 90000, 105000, 120000), (1, 1.2, 0.3, 0.4)  # the control points, by hand

    def cubic(p: tuple[float, ...], u: float) -> float:
        return (1 - u) ** 3 * p[0] + 3 * (1 - u) ** 2 * u * p[1] + 3 * (1 - u) * u**2 * p[2] + u**3 * p[3]

    u = 0.5  # at u = 0.5 the time cubic gives 60000*1/8 + 3*90000/8 + 3*105000/8 + 120000/8 = 95625
    assert value_at(element, "opacity", cubic(times, u)) == pytest.approx(cubic(values, u), abs=1e-6)


def test_step_linear_and_default_bezier() -> None:
    for segment, midway in (("step", 0.0), ("linear", 0.5), ("bezier", 0.5)):  # default handles: bezier is linear
        element = _element_with(
            [{"id": "a", "time": 0, "value": 0, "segmentToNext": segment}, {"id": "b", "time": T, "value": 1}]
        )
        assert value_at(element, "opacity", T // 2) == pytest.approx(midway, abs=1e-9), segment


PATHS = ["opacity", "transform.positionX", "transform.scaleX", "transform.rotate"]
edits = st.lists(
    st.tuples(
        st.sampled_from(["upsert", "remove"]),
        st.sampled_from(PATHS),
        st.integers(0, 2 * T),
        st.floats(-500, 500),
        st.sampled_from([None, "linear", "hold", "bezier"]),
    ),
    max_size=12,
)


def _scene() -> Scene:
    return read_project(REPO / "projects" / "demo.json").scene


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits, st.integers(1, 2 * T - 1))
def test_any_edits_keep_keys_valid_and_a_split_keeps_every_value(steps: list[tuple[Any, ...]], cut: int) -> None:
    counter = itertools.count()
    new_id = lambda: f"k{next(counter)}"  # noqa: E731
    scene = _scene()
    element = scene.find_element("e-title")[1]  # type: ignore[index]
    element = retime(element, 0, 2 * T)
    for action, path, time, value, interpolation in steps:
        if action == "upsert":
            element, _ = upsert(element, path, time, value, interpolation, None, new_id)
        elif element.animations and path in element.animations.bindings:
            key = element.animations.channels[f"{path}:value"].keys[0].id
            element = remove(element, path, key)
        for channel in element.animations.channels.values() if element.animations else ():
            times = [k.time for k in channel.keys]
            ids = [k.id for k in channel.keys]
            assert times == sorted(set(times)) and len(set(ids)) == len(ids)
            assert all(0 <= t <= element.duration for t in times)
    scene = scene.update_element(element)
    split, _ = split_scene(scene, [cut], new_id)
    pieces = sorted((e for _, e in split.elements() if e.type == "text"), key=lambda e: e.start_time)
    left, right = pieces[0], pieces[1]
    for path in PATHS:
        for t in (0, cut // 2, cut - 1, cut, cut + 1, (cut + 2 * T) // 2, 2 * T):
            expected = value_at(element, path, t)
            got = value_at(left, path, t) if t <= cut else value_at(right, path, t - cut)
            assert got == pytest.approx(expected, abs=1e-6), (path, t)
    copies, placed = duplicate_elements(split, [left.id], new_id)
    copy = copies.find_element(placed[0][0])[1]  # type: ignore[index]
    if left.animations:
        original_ids = {k.id for c in left.animations.channels.values() for k in c.keys}
        assert not original_ids & {k.id for c in copy.animations.channels.values() for k in c.keys}  # type: ignore[union-attr]
    with pytest.raises(EditError):
        remove(left.model_copy(update={"animations": None}), "opacity", "x")
