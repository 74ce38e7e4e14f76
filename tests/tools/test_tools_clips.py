"""get_element, update_clip, duplicate_elements, the track toggles, remove_range,
close_gaps, ripple delete and set_speed: every error string (the file left
byte for byte, no undo step), and what each does, as one undo step.

The demo: e-title 0-3 (text), e-vignette 6-14 (effect), e-logo 2-20 (image),
main: e-intro 0-6 (source 8 s, trimEnd 2), e-beach 6-14 (source 10 s, trims
1 and 1), e-city 14-20; audio: e-music 0-20 (source 30 s)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tool_helpers import Tools, assert_refused, element_of
from tool_helpers import element_in as element

from neuralcut_cli.project.elements import AudioElement, ImageElement, VideoElement
from neuralcut_cli.project.io import read_project

T = 120_000

ERRORS = [
    # get_element
    ("get_element", {}, "Invalid elementId"),
    ("get_element", {"elementId": ""}, "Invalid elementId"),
    ("get_element", {"elementId": 5}, "Invalid elementId"),
    ("get_element", {"elementId": "ghost"}, "Element not found: ghost"),
    # update_clip, in the contract's order
    ("update_clip", {}, "Invalid elementId"),
    ("update_clip", {"elementId": "e-title"}, "No properties to update. Provide at least one property."),
    ("update_clip", {"elementId": "ghost", "opacity": 5}, "Timeline element not found: ghost"),
    ("update_clip", {"elementId": "e-title", "name": " "}, "name must be a non-empty string"),
    ("update_clip", {"elementId": "e-title", "name": 3}, "name must be a non-empty string"),
    ("update_clip", {"elementId": "e-intro", "muted": "yes"}, "muted must be a boolean"),
    ("update_clip", {"elementId": "e-title", "muted": True}, "Element type 'text' does not support muted"),
    ("update_clip", {"elementId": "e-intro", "trimStart": "1"}, "trimStart and trimEnd must be numbers (seconds)"),
    ("update_clip", {"elementId": "e-intro", "trimStart": -1}, "trimStart must be >= 0"),
    ("update_clip", {"elementId": "e-intro", "trimEnd": -0.5}, "trimEnd must be >= 0"),
    ("update_clip", {"elementId": "e-intro", "opacity": 101}, "opacity must be a number between 0 and 100"),
    ("update_clip", {"elementId": "e-intro", "opacity": True}, "opacity must be a number between 0 and 100"),
    ("update_clip", {"elementId": "e-music", "opacity": 50}, "Element type 'audio' does not support opacity"),
    ("update_clip", {"elementId": "e-intro", "hidden": 1}, "hidden must be a boolean"),
    (
        "update_clip",
        {"elementId": "e-vignette", "hidden": True},
        "Element type 'effect' does not support hidden (mute audio instead)",
    ),
    ("update_clip", {"elementId": "e-intro", "blendMode": 3}, "blendMode must be a string"),
    ("update_clip", {"elementId": "e-music", "blendMode": "screen"}, "Element type 'audio' does not support blendMode"),
    (
        "update_clip",
        {"elementId": "e-intro", "blendMode": "glow"},
        "Unknown blendMode: glow. Available: normal, darken, multiply, color-burn, lighten, screen, plus-lighter, "
        "color-dodge, overlay, soft-light, hard-light, difference, exclusion, hue, saturation, color, luminosity",
    ),
    ("update_clip", {"elementId": "e-intro", "volume": 21}, "volume must be a number between -60 and 20 (dB)"),
    ("update_clip", {"elementId": "e-intro", "volume": -61}, "volume must be a number between -60 and 20 (dB)"),
    ("update_clip", {"elementId": "e-intro", "volume": "loud"}, "volume must be a number between -60 and 20 (dB)"),
    ("update_clip", {"elementId": "e-logo", "volume": -6}, "Element type 'image' does not support volume"),
    (
        "update_clip",
        {"elementId": "e-city", "volume": 6},
        "Element type 'video' does not support volume here: city.mp4 has no sound",
    ),
    (
        "update_clip",
        {"elementId": "e-music", "positionX": 10},
        "Element type 'audio' does not support transform properties",
    ),
    (
        "update_clip",
        {"elementId": "e-intro", "positionX": "10"},
        "positionX must be a number between -1e9 and 1e9 (pixels)",
    ),
    (
        "update_clip",
        {"elementId": "e-intro", "positionX": 1e12},
        "positionX must be a number between -1e9 and 1e9 (pixels)",
    ),
    (
        "update_clip",
        {"elementId": "e-intro", "rotation": 1e300},
        "rotation must be a number of degrees (at most 1e6 either way)",
    ),
    ("update_clip", {"elementId": "e-intro", "scaleX": 0}, "scaleX must be a number above 0"),
    (
        "update_clip",
        {"elementId": "e-intro", "mask": {"action": "add"}},
        "Masks cannot be edited yet; they are kept as they are in the file",
    ),
    (
        "update_clip",
        {"elementId": "e-title", "trimStart": 1},
        "Element type 'text' has no source to trim (change its timing instead)",
    ),
    (
        "update_clip",
        {"elementId": "e-intro", "trimStart": 5, "trimEnd": 3},
        "trimStart and trimEnd would leave nothing of the source (8 s long)",
    ),
    ("update_clip", {"elementId": "e-beach", "trimEnd": 0}, "Placement overlaps e-city on track t-main"),
    ("update_clip", {"elementId": "e-beach", "trimStart": 0}, "Placement overlaps e-intro on track t-main"),
    # duplicate_elements
    ("duplicate_elements", {}, 'elementIds must be a non-empty JSON array of strings, e.g. ["id1","id2"]'),
    (
        "duplicate_elements",
        {"elementIds": []},
        'elementIds must be a non-empty JSON array of strings, e.g. ["id1","id2"]',
    ),
    ("duplicate_elements", {"elementIds": ["e-title", "ghost"]}, "Timeline elements not found: ghost"),
    # toggles
    ("toggle_track_mute", {}, "Invalid trackId"),
    ("toggle_track_mute", {"trackId": "t-nope"}, "Track not found: t-nope"),
    ("toggle_track_mute", {"trackId": "t-text"}, "Track type 'text' has no sound to mute"),
    ("toggle_track_visibility", {"trackId": ""}, "Invalid trackId"),
    ("toggle_track_visibility", {"trackId": "t-audio"}, "Track type 'audio' has no picture to hide (mute it instead)"),
    # remove_range
    ("remove_range", {"end": 3}, "Invalid start time"),
    ("remove_range", {"start": 3}, "Invalid end time"),
    ("remove_range", {"start": -1, "end": 3}, "Invalid start time"),
    ("remove_range", {"start": 5, "end": 5}, "Invalid time range"),
    ("remove_range", {"start": 6, "end": 3}, "Invalid time range"),
    ("remove_range", {"start": 1, "end": 3, "trackIds": []}, "Invalid track ids"),
    ("remove_range", {"start": 1, "end": 3, "trackIds": ["t-main", "t-x"]}, "Track not found: t-x"),
    ("remove_range", {"start": 21, "end": 23}, "Nothing lies in that range"),
    # close_gaps
    ("close_gaps", {"trackId": "t-x"}, "Track not found: t-x"),
    ("close_gaps", {"trackId": 4}, "Invalid trackId"),
    # set_speed
    ("set_speed", {"rate": 2}, "Invalid element ids"),
    ("set_speed", {"elementIds": ["e-intro"]}, "Invalid rate"),
    ("set_speed", {"elementIds": ["e-intro"], "rate": "2x"}, "Invalid rate"),
    ("set_speed", {"elementIds": ["e-intro"], "rate": 5}, "rate must be between 0.25 and 4"),
    ("set_speed", {"elementIds": ["e-intro"], "rate": 0.1}, "rate must be between 0.25 and 4"),
    ("set_speed", {"elementIds": ["ghost"], "rate": 2}, "Timeline elements not found: ghost"),
    ("set_speed", {"elementIds": ["e-logo"], "rate": 2}, "Element type 'image' does not support speed"),
    ("set_speed", {"elementIds": ["e-intro"], "rate": 0.5}, "Placement overlaps e-beach on track t-main"),
    # delete_timeline_elements with ripple
    ("delete_timeline_elements", {"elementIds": ["e-intro"], "ripple": "yes"}, "Invalid ripple"),
]


@pytest.mark.parametrize(("name", "args", "error"), ERRORS, ids=[f"{c[0]}:{i}" for i, c in enumerate(ERRORS)])
def test_every_error_leaves_the_file_untouched(name: str, args: dict[str, Any], error: str, demo_path: Path) -> None:
    assert_refused(demo_path, name, args, error)


def span(path: Path, element_id: str) -> tuple[float, float]:
    found = read_project(path).scene.find_element(element_id)
    assert found is not None, element_id
    return found[1].start_time / T, found[1].end_time / T


def test_get_element_speaks_the_units_update_clip_takes(demo_path: Path) -> None:
    tools = Tools(demo_path)
    got = tools("get_element", {"elementId": "e-music"})
    assert got["volume"] == -6 and "volumeDb" not in got and got["trimEnd"] == 10  # dB, as update_clip takes
    assert tools("update_clip", {"elementId": "e-music", "volume": got["volume"]})["success"]
    assert element(demo_path, "e-music", AudioElement).volume == pytest.approx(-6, abs=0.01)
    logo = tools("get_element", {"elementId": "e-logo"})
    assert logo["opacity"] == 90 and logo["blendMode"] == "normal" and logo["hidden"] is False
    title = tools("get_element", {"elementId": "e-title"})
    assert title["content"] == "Day one" and title["lineHeight"] == 1.2 and "volume" not in title


def test_update_clip_stores_percent_opacity_as_a_fraction_and_volume_as_decibels(demo_path: Path) -> None:
    tools = Tools(demo_path)
    out = tools(
        "update_clip",
        {
            "elementId": "e-intro",
            "opacity": 50,
            "volume": -12.04,
            "blendMode": "multiply",
            "hidden": True,
            "positionX": 120,
            "rotation": 90,
            "name": "Opening",
        },
    )
    assert out["success"] and out["applied"]["opacity"] == 50
    intro = element(demo_path, "e-intro", VideoElement)
    assert intro.opacity == 0.5 and intro.volume == pytest.approx(-12.04, abs=0.01) and not intro.muted
    assert intro.blend_mode == "multiply" and intro.hidden and intro.transform.position.x == 120
    assert intro.transform.rotate == 90 and intro.name == "Opening"
    tools("update_clip", {"elementId": "e-intro", "volume": -60})
    assert (
        element(demo_path, "e-intro", VideoElement).muted and element(demo_path, "e-intro", VideoElement).volume == -60
    )
    tools("update_clip", {"elementId": "e-intro", "volume": 20})  # above its own level: louder than set_volume goes
    assert (
        not element(demo_path, "e-intro", VideoElement).muted
        and element(demo_path, "e-intro", VideoElement).volume == 20
    )
    assert tools.history_size() == 3  # one undo step per call


def test_trims_move_only_their_edge_and_keep_frames_in_place(demo_path: Path) -> None:
    """The issue's example: a clip showing source 0-6 of 8 s; trimStart 1 moves its start, trimEnd 3 its end."""
    tools = Tools(demo_path)
    tools("remove_range", {"start": 0, "end": 6, "trackIds": ["t-main"]})
    tools("add_media_to_timeline", {"assetId": "a-intro", "startTime": 0, "trackType": "main", "duration": 6})
    intro = next(e for e in read_project(demo_path).scene.tracks.main.elements if e.start_time == 0)
    assert (intro.trim_start, intro.trim_end) == (0, 2 * T)
    tools("update_clip", {"elementId": intro.id, "trimStart": 1})
    assert span(demo_path, intro.id) == (1, 6)
    tools("update_clip", {"elementId": intro.id, "trimEnd": 3})
    assert span(demo_path, intro.id) == (1, 5)
    tools("update_clip", {"elementId": intro.id, "trimStart": 0})  # grows back into unused source
    assert span(demo_path, intro.id) == (0, 5)
    trimmed = element(demo_path, intro.id, VideoElement)
    assert (trimmed.trim_start, trimmed.trim_end, trimmed.duration) == (0, 3 * T, 5 * T)


def test_duplicates_go_on_new_tracks_at_the_same_times(demo_path: Path) -> None:
    tools = Tools(demo_path)
    out = tools("duplicate_elements", {"elementIds": ["e-title", "e-intro", "e-music"]})
    project = read_project(demo_path)
    copies = {d["elementId"]: d["trackId"] for d in out["duplicated"]}
    assert len(copies) == 3 and len(set(copies.values())) == 3
    tracks = project.scene.tracks
    assert tracks.overlay[0].id in copies.values() and tracks.overlay[1].id in copies.values()  # both at the top
    assert tracks.audio[0].id in copies.values()  # right below the main track
    names = sorted(e.name for _, e in project.scene.elements() if e.id in copies)
    assert names == ["Title (copy)", "intro.mp4 (copy)", "music.mp3 (copy)"]
    assert sorted(span(demo_path, i) for i in copies) == [(0, 3), (0, 6), (0, 20)]


def test_toggles_answer_the_new_state(demo_path: Path) -> None:
    tools = Tools(demo_path)
    assert tools("toggle_track_mute", {"trackId": "t-audio"}) == {"success": True, "trackId": "t-audio", "muted": True}
    assert tools("toggle_track_mute", {"trackId": "t-audio"})["muted"] is False
    assert tools("toggle_track_visibility", {"trackId": "t-logo"}) == {
        "success": True,
        "trackId": "t-logo",
        "hidden": True,
    }
    listed = {t["trackId"]: t for t in tools("list_timeline")["tracks"]}
    assert listed["t-logo"]["hidden"] is True and listed["t-audio"]["muted"] is False


def test_list_timeline_reports_layers(demo_path: Path) -> None:
    tracks = Tools(demo_path)("list_timeline")["tracks"]
    assert [(t["position"], t["visualLayer"], t["stacking"]) for t in tracks] == [
        (0, 3, "top"),
        (1, 2, "above_main"),
        (2, 1, "above_main"),
        (3, 0, "main"),
        (4, None, "audio"),
    ]


def test_remove_range_with_ripple_closes_the_gap_on_every_track(demo_path: Path) -> None:
    tools = Tools(demo_path)
    out = tools("remove_range", {"start": 3, "end": 6, "ripple": True})
    assert out["success"] and tools.history_size() == 1
    project = read_project(demo_path)
    assert project.scene.end_time == 17 * T
    assert span(demo_path, "e-beach") == (3, 11) and span(demo_path, "e-vignette") == (3, 11)
    assert span(demo_path, "e-intro") == (0, 3) and span(demo_path, "e-title") == (0, 3)


def test_remove_range_on_named_tracks_leaves_the_others(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("remove_range", {"start": 3, "end": 6, "ripple": True, "trackIds": ["t-main"]})
    assert span(demo_path, "e-beach") == (3, 11) and span(demo_path, "e-music") == (0, 20)


def test_delete_with_ripple_pulls_the_track_together(demo_path: Path) -> None:
    """A main-track clip deleted with ripple takes its time out of the program: every track follows."""
    tools = Tools(demo_path)
    out = tools("delete_timeline_elements", {"elementIds": ["e-beach"], "ripple": True})
    assert out["movedElements"] == [{"elementId": "e-city", "start": 6.0}]
    assert span(demo_path, "e-city") == (6, 12)
    assert span(demo_path, "e-logo") == (2, 12)  # still from the intro's 2 s to the city's end
    assert span(demo_path, "e-music") == (0, 12)  # the bed plays on and ends with the program
    assert read_project(demo_path).scene.find_element("e-vignette") is None  # it lay over the beach alone
    rows = {row["name"]: row for row in out["tracks"]}
    assert rows["Music"]["summary"] == (
        "Music: 1 element shortened to stay over the same moments, faded out where it now ends"
    )
    assert rows["Effects"]["removed"] == 1 and rows["Logo"]["shortened"] == 1


def test_delete_with_ripple_off_the_main_track_closes_only_its_track(demo_path: Path) -> None:
    tools = Tools(demo_path)
    later = tools("add_text", {"text": "Second", "start": 5, "end": 7})["elementId"]
    out = tools("delete_timeline_elements", {"elementIds": ["e-title"], "ripple": True})
    assert "tracks" not in out and out["movedElements"] == [{"elementId": later, "start": 2.0}]
    assert span(demo_path, "e-logo") == (2, 20) and span(demo_path, "e-intro") == (0, 6)


def test_close_gaps_on_the_main_track(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("delete_timeline_elements", {"elementIds": ["e-beach"]})
    out = tools("close_gaps", {})
    assert out["trackId"] == "t-main" and span(demo_path, "e-city") == (6, 12)
    assert tools("close_gaps", {})["movedElements"] == []  # nothing left to close


def test_speed_changes_duration_by_the_rate(demo_path: Path) -> None:
    tools = Tools(demo_path)
    out = tools("set_speed", {"elementIds": ["e-beach"], "rate": 2})
    assert out["elements"][0]["duration"] == 4.0
    beach = element(demo_path, "e-beach", VideoElement)
    assert beach.retime is not None and (beach.retime.rate, beach.retime.maintain_pitch) == (2, True)
    assert (beach.trim_start, beach.trim_end) == (T, T)  # the same 8 s of source
    tools("set_speed", {"elementIds": ["e-beach"], "rate": 1})
    assert span(demo_path, "e-beach") == (6, 14) and element(demo_path, "e-beach", VideoElement).retime is None


def test_an_edit_that_would_leave_an_invalid_element_is_refused_before_writing(demo_path: Path) -> None:
    """The session's last check: whatever path a bad value took, the file is not written."""
    from neuralcut_cli.errors import EditError
    from neuralcut_cli.project.edit_session import ProjectSession

    session = ProjectSession(demo_path)
    before = demo_path.read_bytes()
    with pytest.raises(EditError) as refused:
        with session.edit({"tool": "test"}) as edit:
            logo = element_of(edit.project, "e-logo", ImageElement)
            moved = logo.transform.position.model_copy(update={"x": 1e12})  # model_copy does not validate
            bad = logo.model_copy(update={"transform": logo.transform.model_copy(update={"position": moved})})
            edit.project = edit.project.with_scene(edit.project.scene.update_element(bad))
    assert "e-logo" in refused.value.message and "transform.position.x" in refused.value.message
    assert demo_path.read_bytes() == before
