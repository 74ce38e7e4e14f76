"""Transitions (issue 27): the tools' contract (every error string, file byte for byte, no undo step) and the
rules that keep transitions true through every other edit.

The demo's main track: intro 0-6 s (2 s of media past its end), beach 6-14 s (1 s before its start, 1 s past
its end), city 14-20 s (whole, no handles)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tool_helpers import Tools, assert_refused

from neuralcut_cli.catalogs.transitions import TRANSITIONS

ALL_TYPES = ", ".join(t.id for t in TRANSITIONS)


def _transitions(tools: Tools, track: str = "t-main") -> list[dict[str, Any]]:
    found = next(t for t in tools.timeline()["tracks"] if t["trackId"] == track)
    return list(found.get("transitions", []))


def _one(tools: Tools) -> dict[str, Any]:
    (only,) = _transitions(tools)
    return only


def _whole_clips(tmp_path: Path, demo_path: Path) -> Path:
    """Two clips that each play all of their media, side by side: no handles at all."""
    data = json.loads(demo_path.read_text())
    main = data["scenes"][0]["tracks"]["main"]["elements"]
    for element in main:
        element.update(trimStart=0, trimEnd=0, sourceDuration=element["duration"])
    main[1]["startTime"] = main[0]["duration"]
    main[2]["startTime"] = main[1]["startTime"] + main[1]["duration"]
    path = tmp_path / "whole.json"
    path.write_text(json.dumps(data))
    return path


# -- the contract


def test_a_dissolve_is_centred_on_the_cut_within_the_handles(demo_path: Path) -> None:
    tools = Tools(demo_path)
    done = tools("add_transition", {"elementIds": ["e-intro", "e-beach"]})
    (row,) = done["added"]
    assert (row["type"], row["from"], row["to"], row["start"], row["end"], row["duration"]) == (
        "dissolve",
        "e-intro",
        "e-beach",
        5.5,
        6.5,
        1.0,
    )
    assert "note" not in row and tools.history_size() == 1
    assert _one(tools) == {k: row[k] for k in ("transitionId", "type", "from", "to", "start", "end", "duration")}


def test_a_clip_without_a_head_takes_the_whole_transition_after_the_cut(demo_path: Path) -> None:
    tools = Tools(demo_path)
    (row,) = tools("add_transition", {"elementIds": ["e-beach", "e-city"], "type": "wipe-left"})["added"]
    assert (row["start"], row["end"], row["duration"]) == (14.0, 15.0, 1.0) and "note" not in row


def test_too_little_handle_shortens_to_what_exists_and_says_so(demo_path: Path) -> None:
    tools = Tools(demo_path)
    (row,) = tools("add_transition", {"elementIds": ["e-beach", "e-city"], "duration": 3})["added"]
    assert row["duration"] == 1.0 and (row["start"], row["end"]) == (14.0, 15.0)
    assert row["note"] == (
        "shortened from 3 s to 1 s: beach.mp4 has 1 s of media past its end and city.mp4 0 s before its start"
    )


def test_every_cut_of_a_track_is_one_call_and_one_undo_step(demo_path: Path) -> None:
    tools = Tools(demo_path)
    done = tools("add_transition", {"trackId": "t-main", "everyCut": True, "type": "dip-to-black", "duration": 0.5})
    assert [(r["from"], r["to"]) for r in done["added"]] == [("e-intro", "e-beach"), ("e-beach", "e-city")]
    assert tools.history_size() == 1
    tools("undo")
    assert _transitions(tools) == []


def test_a_cut_with_no_media_on_either_side_is_refused_with_the_fix(tmp_path: Path, demo_path: Path) -> None:
    path = _whole_clips(tmp_path, demo_path)
    assert_refused(
        path,
        "add_transition",
        {"elementIds": ["e-intro", "e-beach"]},
        "No media to draw a transition from between intro.mp4 and beach.mp4: intro.mp4 ends where its media ends "
        "and beach.mp4 starts where its media starts (trim them to make room)",
    )


def test_a_second_transition_at_a_cut_replaces_the_first(demo_path: Path) -> None:
    tools = Tools(demo_path)
    first = tools("add_transition", {"elementIds": ["e-intro", "e-beach"]})["added"][0]["transitionId"]
    tools("add_transition", {"elementIds": ["e-intro", "e-beach"], "type": "radial"})
    assert [(t["transitionId"], t["type"]) for t in _transitions(tools)] == [(first, "radial")]


@pytest.mark.parametrize(
    ("tool", "args", "error"),
    [
        (
            "add_transition",
            {"elementIds": ["e-intro", "e-city"]},
            "Elements are not adjacent: intro.mp4 ends at 6 s and city.mp4 starts at 14 s",
        ),
        (
            "add_transition",
            {"elementIds": ["e-intro", "e-beach"], "type": "swirl"},
            f"Unknown transition type: swirl. Available: {ALL_TYPES}",
        ),
        (
            "add_transition",
            {"elementIds": ["e-intro", "e-beach"], "duration": 0},
            "Duration must be a positive number of seconds",
        ),
        (
            "add_transition",
            {"elementIds": ["e-intro", "e-beach"], "duration": -1},
            "Duration must be a positive number of seconds",
        ),
        (
            "add_transition",
            {"elementIds": ["e-intro", "e-beach"], "duration": 7},
            "Duration is longer than intro.mp4 (6 s)",
        ),
        (
            "add_transition",
            {"elementIds": ["e-beach", "e-city"], "duration": 6.5},
            "Duration is longer than city.mp4 (6 s)",
        ),
        ("add_transition", {"elementIds": ["e-intro"]}, "elementIds takes two adjacent elements: [outgoing, incoming]"),
        ("add_transition", {"elementIds": ["e-intro", "e-nope"]}, "Element not found on track t-main: e-nope"),
        ("add_transition", {"elementIds": ["e-nope", "e-intro"]}, "Element not found: e-nope"),
        ("add_transition", {"elementIds": ["e-title", "e-intro"]}, "Element not found on track t-text: e-intro"),
        ("add_transition", {}, "Give elementIds [outgoing, incoming], or trackId with everyCut: true"),
        ("add_transition", {"everyCut": True}, "everyCut needs trackId"),
        ("add_transition", {"trackId": "t-nope", "everyCut": True}, "Track not found: t-nope"),
        ("add_transition", {"trackId": "t-text", "everyCut": True}, "No cuts on t-text: no two clips touch"),
        ("update_transition", {"transitionId": "tr-nope", "duration": 2}, "Transition not found: tr-nope"),
        ("update_transition", {"transitionId": "tr-nope"}, "Nothing to change: give type or duration"),
        ("remove_transition", {"transitionIds": ["tr-nope"]}, "Transition not found: tr-nope"),
        ("remove_transition", {}, "Give one of transitionIds, trackId or all: true"),
        ("remove_transition", {"all": True}, "There are no transitions to remove"),
    ],
)
def test_every_error_changes_nothing(demo_path: Path, tool: str, args: dict[str, Any], error: str) -> None:
    assert_refused(demo_path, tool, args, error)


def test_update_and_remove(demo_path: Path) -> None:
    tools = Tools(demo_path)
    added = tools("add_transition", {"trackId": "t-main", "everyCut": True})["added"]
    first, second = (row["transitionId"] for row in added)
    (row,) = tools("update_transition", {"transitionId": first, "type": "push-up", "duration": 2})["added"]
    assert (row["transitionId"], row["type"], row["start"], row["end"]) == (first, "push-up", 5.0, 7.0)
    before = demo_path.read_bytes()
    refused = tools("update_transition", {"transitionId": first, "type": "swirl"})
    assert refused == {"error": f"Unknown transition type: swirl. Available: {ALL_TYPES}"}
    assert demo_path.read_bytes() == before
    assert tools("remove_transition", {"transitionIds": [second]})["removed"] == [second]
    assert [t["transitionId"] for t in _transitions(tools)] == [first]
    assert tools("remove_transition", {"trackId": "t-main"})["removed"] == [first] and _transitions(tools) == []


def test_get_element_shows_the_transitions_on_its_edges(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("add_transition", {"trackId": "t-main", "everyCut": True})
    shown = tools("get_element", {"elementId": "e-beach"})["transitions"]
    assert [(t["from"], t["to"]) for t in shown] == [("e-intro", "e-beach"), ("e-beach", "e-city")]
    assert "transitions" not in tools("get_element", {"elementId": "e-title"})


def test_list_transitions_searches_the_catalogue(demo_path: Path) -> None:
    tools = Tools(demo_path)
    assert len(tools("list_transitions")["transitions"]) == 20
    assert [t["id"] for t in tools("list_transitions", {"query": "wipe"})["transitions"]] == [
        "wipe-left",
        "wipe-right",
        "wipe-up",
        "wipe-down",
    ]


# -- edits keep them true


def test_a_split_inside_the_outgoing_clip_keeps_the_transition_on_its_outer_edge(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("add_transition", {"trackId": "t-main", "everyCut": True})
    tools("split", {"times": [10]})
    opening, closing = _transitions(tools)
    assert (opening["from"], opening["to"]) == ("e-intro", "e-beach")  # the left piece keeps e-beach's id
    right_piece = closing["from"]
    assert right_piece != "e-beach" and tools.element(right_piece).start_time == 10 * 120_000
    assert (closing["to"], closing["start"], closing["end"]) == ("e-city", 14.0, 15.0)


def test_deleting_a_clip_removes_its_transitions_and_says_so(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("add_transition", {"trackId": "t-main", "everyCut": True})
    done = tools("delete_timeline_elements", {"elementIds": ["e-city"]})
    assert done["transitionChanges"] == ["Removed the cross dissolve at e-city: that clip is no longer on t-main."]
    assert [(t["from"], t["to"]) for t in _transitions(tools)] == [("e-intro", "e-beach")]


def test_moving_clips_apart_removes_the_transition(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("add_transition", {"elementIds": ["e-beach", "e-city"]})
    done = tools("move_timeline_elements", {"elementIds": ["e-city"], "start": 16})
    assert done["transitionChanges"] == [
        "Removed the cross dissolve between beach.mp4 and city.mp4: they no longer touch."
    ]
    assert _transitions(tools) == []


def test_trimming_that_leaves_too_little_clip_shortens_it(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("add_transition", {"elementIds": ["e-intro", "e-beach"], "duration": 2})  # 1 s each side of 6 s
    done = tools("update_clip", {"elementId": "e-intro", "trimStart": 5.5})  # intro is now 5.5-6 s
    said = "Shortened the cross dissolve between intro.mp4 and beach.mp4 from 2 s to 1.5 s."
    assert done["transitionChanges"] == [said]
    assert (_one(tools)["start"], _one(tools)["end"]) == (5.5, 7.0)


def test_trimming_the_cut_apart_removes_it(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("add_transition", {"elementIds": ["e-intro", "e-beach"]})
    done = tools("update_clip", {"elementId": "e-beach", "trimStart": 1.5})  # beach now starts at 6.5 s
    said = "Removed the cross dissolve between intro.mp4 and beach.mp4: they no longer touch."
    assert done["transitionChanges"] == [said]


def test_a_speed_change_keeps_the_length_in_timeline_time(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("add_transition", {"elementIds": ["e-intro", "e-beach"]})
    done = tools("set_speed", {"elementIds": ["e-intro"], "rate": 2, "ripple": True})  # 3 s long, beach follows
    assert "transitionChanges" not in done or all("Removed" not in n for n in done["transitionChanges"])
    row = _one(tools)
    assert row["duration"] == 1.0 and (row["start"], row["end"]) == (2.5, 3.5)


def test_undo_restores_what_an_edit_took(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("add_transition", {"trackId": "t-main", "everyCut": True})
    before = _transitions(tools)
    tools("delete_timeline_elements", {"elementIds": ["e-beach"]})
    assert _transitions(tools) == []
    tools("undo")
    assert _transitions(tools) == before
