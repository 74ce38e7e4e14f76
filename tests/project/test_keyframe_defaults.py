"""Every optional field of a keyframe animation (reference §2) may be left out of a file: the file loads with its
default and every tool, view and export that reads keys works (issue 24 §12: a key without ``tangentMode`` was a
``KeyError``)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import invoke
from conftest import DEMO

FULL_KEY = {
    "id": "k1",
    "time": 0,
    "value": 0,
    "segmentToNext": "bezier",
    "tangentMode": "flat",
    "rightHandle": {"dt": 30000, "dv": 0.2},
}
LAST_KEY = {
    "id": "k2",
    "time": 240000,
    "value": 1,
    "segmentToNext": "linear",
    "tangentMode": "flat",
    "leftHandle": {"dt": -15000, "dv": -0.1},
}
OPTIONAL = [
    ("key", "tangentMode"),
    ("key", "segmentToNext"),
    ("key", "rightHandle"),
    ("key", "leftHandle"),
    ("channel", "extrapolation"),
    ("binding", "colorSpace"),
]
READERS = [
    ("tool", "get_element", '{"elementId": "e-title"}'),
    ("tool", "list_keyframes", '{"elementId": "e-title"}'),
    ("tool", "split", '{"times": [1]}'),
    (
        "tool",
        "update_keyframe_curve",
        '{"elementId": "e-title", "propertyPath": "opacity", "keyframeId": "k1", "interpolation": "bezier"}',
    ),
    (
        "tool",
        "upsert_keyframe",
        '{"elementId": "e-title", "propertyPath": "color", "time": 0.5, "colorValue": "#ff0000"}',
    ),
    ("tool", "fade", '{"elementIds": ["e-title"], "out": 0.5}'),
    ("tool", "duplicate_elements", '{"elementIds": ["e-title"]}'),
    ("tool", "update_timeline_element_timing", '{"elementId": "e-title", "end": 0.8}'),
    ("undo",),
    ("redo",),
    ("timeline",),
    ("history",),
]


def _animated(leave_out: tuple[str, str]) -> dict[str, Any]:
    data = json.loads(DEMO.read_text())
    title = data["scenes"][0]["tracks"]["overlay"][0]["elements"][0]
    opacity = {
        "kind": "scalar",
        "keys": [copy.deepcopy(FULL_KEY), copy.deepcopy(LAST_KEY)],
        "extrapolation": {"before": "hold", "after": "hold"},
    }
    colour = {
        f"color:{c}": {
            "kind": "scalar",
            "keys": [{"id": "c1", "time": 0, "value": 1, "tangentMode": "flat"}],
            "extrapolation": {"before": "hold", "after": "hold"},
        }
        for c in "rgba"
    }
    title["animations"] = {
        "bindings": {
            "opacity": {
                "path": "opacity",
                "kind": "number",
                "components": [{"key": "value", "channelId": "opacity:value"}],
            },
            "color": {
                "path": "color",
                "kind": "color",
                "colorSpace": "srgb-linear",
                "components": [{"key": c, "channelId": f"color:{c}"} for c in "rgba"],
            },
        },
        "channels": {"opacity:value": opacity, **colour},
    }
    where, field = leave_out
    for binding in title["animations"]["bindings"].values():
        if where == "binding":
            binding.pop(field, None)
    for channel in title["animations"]["channels"].values():
        if where == "channel":
            channel.pop(field, None)
        for key in channel["keys"]:
            if where == "key":
                key.pop(field, None)
    return data


@pytest.mark.parametrize("leave_out", OPTIONAL, ids=lambda o: f"{o[0]}.{o[1]}")
def test_a_key_without_an_optional_field_loads_and_every_reader_works(
    tmp_path: Path, leave_out: tuple[str, str]
) -> None:
    from neuralcut_cli.project.io import read_project
    from neuralcut_cli.render.graph import build_plan
    from neuralcut_cli.render.segments import cut

    project_path = tmp_path / "p.json"
    project_path.write_text(json.dumps(_animated(leave_out)))
    (tmp_path / "media").symlink_to(DEMO.parent / "media")
    for args in READERS:
        done = invoke(*args, "-p", project_path)
        assert done.returncode == 0, (args, done.stdout[-300:], done.stderr[-300:])
    writers: list[tuple[str | Path, ...]] = [
        ("export", "-o", tmp_path / "x.otio"),
        ("export-opencut", "-o", tmp_path / "r.json"),
    ]
    for writer in writers:
        done = invoke(*writer, "-p", project_path)
        assert done.returncode == 0, (writer, done.stderr)
    project = read_project(project_path)
    for segment in cut(project):  # the render's plan evaluates every key, handles included
        build_plan(project, project_path, tmp_path, False, *segment.ticks, prober=_probe)


def _probe(path: Path) -> Any:
    from neuralcut_cli.media.probe import MediaInfo

    return MediaInfo("video", 10.0, 640, 360, 30.0, True)
