"""The editing tools' requirements: delete, move, text, media, timing, volume,
stickers, effects."""

from __future__ import annotations

from pathlib import Path

import pytest
from tool_helpers import Tools

from neuralcut_cli.project.elements import (
    AudioElement,
    EffectElement,
    ImageElement,
    StickerElement,
    TextElement,
    VideoElement,
)

T = 120_000


@pytest.fixture
def tools(demo_path: Path) -> Tools:
    return Tools(demo_path)


# -- delete_timeline_elements / delete_element --------------------------------


def test_delete_removes_only_the_requested_and_keeps_gaps(tools: Tools) -> None:
    assert tools("delete_timeline_elements", {"elementIds": ["e-beach", "e-title", "e-beach"]}) == {
        "success": True,
        "deletedElements": ["e-beach", "e-title"],
    }
    main = tools.project.scene.tracks.main
    assert [(e.id, e.start_time) for e in main.elements] == [("e-intro", 0), ("e-city", 14 * T)]
    assert tools.element_track("t-text").elements == ()  # the track stays
    assert tools.element("e-music", AudioElement).duration == 20 * T


def test_delete_element_deprecated_still_works(tools: Tools) -> None:
    assert tools("delete_element", {"trackId": "t-main", "elementId": "e-city"}) == {"success": True}
    assert [e.id for e in tools.project.scene.tracks.main.elements] == ["e-intro", "e-beach"]


# -- move_timeline_elements ---------------------------------------------------


def test_move_keeps_relative_offsets_and_tracks(tools: Tools) -> None:
    result = tools("move_timeline_elements", {"elementIds": ["e-logo", "e-title"], "start": 4})
    assert result == {
        "success": True,
        "movedElements": [
            {"elementId": "e-logo", "trackId": "t-logo", "start": 6.0, "end": 24.0},
            {"elementId": "e-title", "trackId": "t-text", "start": 4.0, "end": 7.0},
        ],
    }


def test_move_to_a_compatible_track(tools: Tools) -> None:
    tools("delete_timeline_elements", {"elementIds": ["e-city"]})
    result = tools("move_timeline_elements", {"elementIds": ["e-logo"], "start": 14, "targetTrackId": "t-main"})
    assert result["movedElements"] == [{"elementId": "e-logo", "trackId": "t-main", "start": 14.0, "end": 32.0}]
    assert tools.track_of("e-logo") == "t-main"
    assert tools.element_track("t-logo").elements == ()


def test_move_within_its_own_span_is_allowed(tools: Tools) -> None:
    assert tools("move_timeline_elements", {"elementIds": ["e-music"], "start": 1})["success"]
    assert tools.element("e-music", AudioElement).start_time == T


def test_moving_a_group_onto_one_track_must_not_collide(tools: Tools) -> None:
    tools("add_text", {"text": "A", "start": 10, "end": 12})
    result = tools("move_timeline_elements", {"elementIds": ["e-title"], "start": 11})
    assert result["error"].startswith("Placement overlaps")


# -- add_text / update_text ---------------------------------------------------


def test_add_text_defaults_to_plain_and_maps_positions(tools: Tools) -> None:
    out = tools("add_text", {"text": "Hello", "start": 5, "end": 8, "position": "top"})
    assert out["trackId"] == "t-text"  # the first text track is free at 5-8 s
    text = tools.element(out["elementId"], TextElement)
    assert (text.content, text.start_time, text.end_time) == ("Hello", 5 * T, 8 * T)
    assert text.transform.position.y == pytest.approx(-0.35 * 1080)
    assert (text.font_size, text.font_weight, text.background.enabled) == (6, "normal", False)
    bottom = tools.element(
        tools("add_text", {"text": "B", "start": 9, "end": 10, "position": "bottom"})["elementId"], TextElement
    )
    assert bottom.transform.position.y == pytest.approx(0.35 * 1080)
    center = tools.element(tools("add_text", {"text": "C", "start": 11, "end": 12})["elementId"], TextElement)
    assert center.transform.position.y == 0


@pytest.mark.parametrize(
    ("style", "size", "weight", "box"),
    [
        ("plain", 6, "normal", False),
        ("subtitle", 5, "bold", True),
        ("hook", 8, "bold", False),
        ("label", 5, "bold", True),
    ],
)
def test_add_text_style_presets(tools: Tools, style: str, size: int, weight: str, box: bool) -> None:
    out = tools("add_text", {"text": "x", "start": 5, "end": 6, "position": "center", "style": style})
    text = tools.element(out["elementId"], TextElement)
    assert (text.font_size, text.font_weight, text.background.enabled) == (size, weight, box)


def test_add_text_over_busy_text_track_adds_a_track_on_top(tools: Tools) -> None:
    out = tools("add_text", {"text": "Over", "start": 1, "end": 2, "position": "top"})
    overlay = tools.project.scene.tracks.overlay
    assert overlay[0].id == out["trackId"] != "t-text"
    assert overlay[0].type == "text"


def test_update_text_changes_only_given_fields(tools: Tools) -> None:
    assert tools("update_text", {"trackId": "t-text", "elementId": "e-title", "text": "Day two"}) == {
        "success": True,
        "elementId": "e-title",
    }
    title = tools.element("e-title", TextElement)
    assert (title.content, title.start_time, title.end_time, title.font_size) == ("Day two", 0, 3 * T, 8)
    tools("update_text", {"trackId": "t-text", "elementId": "e-title", "position": "bottom"})
    assert tools.element("e-title", TextElement).transform.position.y == pytest.approx(378)
    assert tools.element("e-title", TextElement).transform.position.x == 0


def test_update_text_timing(tools: Tools) -> None:
    tools("update_text", {"trackId": "t-text", "elementId": "e-title", "start": 2})
    assert (tools.element("e-title", TextElement).start_time, tools.element("e-title", TextElement).end_time) == (
        2 * T,
        5 * T,
    )
    tools("update_text", {"trackId": "t-text", "elementId": "e-title", "end": 9})
    assert (tools.element("e-title", TextElement).start_time, tools.element("e-title", TextElement).end_time) == (
        2 * T,
        9 * T,
    )
    tools("update_text", {"trackId": "t-text", "elementId": "e-title", "start": 1, "end": 4})
    assert (tools.element("e-title", TextElement).start_time, tools.element("e-title", TextElement).end_time) == (
        1 * T,
        4 * T,
    )


# -- add_media_to_timeline ------------------------------------------------------


def test_add_video_uses_its_full_source_by_default(tools: Tools) -> None:
    out = tools("add_media_to_timeline", {"assetId": "a-outtake", "startTime": 20, "trackType": "main"})
    assert out["trackId"] == "t-main"
    clip = tools.element(out["elementId"], VideoElement)
    assert (clip.start_time, clip.duration, clip.trim_start, clip.trim_end, clip.source_duration) == (
        20 * T,
        4 * T,
        0,
        0,
        4 * T,
    )
    assert (clip.media_id, clip.name, clip.volume, clip.muted) == ("a-outtake", "outtake.mp4", 0, False)


def test_add_video_shorter_moves_trim_end(tools: Tools) -> None:
    out = tools(
        "add_media_to_timeline", {"assetId": "a-outtake", "startTime": 20, "trackType": "main", "duration": 2.5}
    )
    clip = tools.element(out["elementId"], VideoElement)
    assert (clip.duration, clip.trim_end, clip.source_duration) == (300_000, 180_000, 4 * T)


def test_add_image_defaults_to_five_seconds_on_a_free_overlay(tools: Tools) -> None:
    out = tools("add_media_to_timeline", {"assetId": "a-logo", "startTime": 20, "trackType": "overlay"})
    assert out["trackId"] == "t-logo"  # free after 20 s
    assert tools.element(out["elementId"], ImageElement).duration == 5 * T
    busy = tools("add_media_to_timeline", {"assetId": "a-logo", "startTime": 10, "trackType": "overlay", "duration": 4})
    overlay = tools.project.scene.tracks.overlay
    assert overlay[0].id == busy["trackId"] and overlay[0].type == "video"


def test_add_audio_goes_below_the_last_audio_track(tools: Tools) -> None:
    out = tools("add_media_to_timeline", {"assetId": "a-music", "startTime": 0, "trackType": "audio", "duration": 5})
    audio = tools.project.scene.tracks.audio
    assert [t.id for t in audio][0] == "t-audio" and audio[-1].id == out["trackId"]
    music = tools.element(out["elementId"], AudioElement)
    assert (music.source_type, music.trim_end, music.source_duration) == ("upload", 25 * T, 30 * T)


# -- update_timeline_element_timing --------------------------------------------


def test_duration_alone_keeps_the_start(tools: Tools) -> None:
    assert tools("update_timeline_element_timing", {"elementId": "e-logo", "duration": 10}) == {
        "success": True,
        "elementId": "e-logo",
        "trackId": "t-logo",
        "start": 2.0,
        "end": 12.0,
        "duration": 10.0,
    }


def test_start_alone_moves_and_keeps_the_duration(tools: Tools) -> None:
    out = tools("update_timeline_element_timing", {"elementId": "e-title", "start": 5})
    assert (out["start"], out["end"], out["duration"]) == (5.0, 8.0, 3.0)


def test_end_and_duration_that_agree(tools: Tools) -> None:
    out = tools("update_timeline_element_timing", {"elementId": "e-title", "end": 4, "duration": 4})
    assert (out["start"], out["end"]) == (0.0, 4.0)
    out = tools("update_timeline_element_timing", {"elementId": "e-title", "start": 1, "end": 3, "duration": 2})
    assert (out["start"], out["end"]) == (1.0, 3.0)


def test_video_grows_back_up_to_its_source(tools: Tools) -> None:
    # e-intro shows 6 of 8 s; the main track is busy after it, so move e-beach away first
    tools("delete_timeline_elements", {"elementIds": ["e-beach"]})
    out = tools("update_timeline_element_timing", {"elementId": "e-intro", "duration": 8})
    assert out["end"] == 8.0
    intro = tools.element("e-intro", VideoElement)
    assert (intro.trim_start, intro.trim_end, intro.duration) == (0, 0, 8 * T)
    assert tools("update_timeline_element_timing", {"elementId": "e-intro", "end": 8.5}) == {
        "error": "Duration exceeds source duration"
    }
    shorter = tools("update_timeline_element_timing", {"elementId": "e-intro", "end": 2})
    assert shorter["duration"] == 2.0 and tools.element("e-intro", VideoElement).trim_end == 6 * T


def test_timing_never_touches_the_asset(tools: Tools) -> None:
    before = tools.project.media_assets
    tools("update_timeline_element_timing", {"elementId": "e-intro", "duration": 1})
    assert tools.project.media_assets == before


# -- set_volume -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gain", "db", "muted"),
    [(1, 0, False), (0.5, -6.02, False), (0.1, -20, False), (0, -60, True)],
)
def test_set_volume_speaks_gain_and_stores_db(tools: Tools, gain: float, db: float, muted: bool) -> None:
    assert tools("set_volume", {"trackId": "t-audio", "elementId": "e-music", "volume": gain}) == {
        "success": True,
        "volume": gain,
    }
    music = tools.element("e-music", AudioElement)
    assert (music.volume, music.muted) == (db, muted)


def test_set_volume_finds_the_track_itself(tools: Tools) -> None:
    """Issue 29 §3 / 30 §3: the track is derived from the element (and left out of the schema)."""
    assert tools("set_volume", {"elementId": "e-music", "volume": 0.5})["success"]
    assert tools.element("e-music", AudioElement).volume == -6.02
    from neuralcut_cli.tools import default_registry

    schema = default_registry().get("set_volume").parameters
    assert "trackId" not in schema["properties"] and schema["required"] == ["elementId", "volume"]


def test_set_volume_on_video_with_audio(tools: Tools) -> None:
    assert tools("set_volume", {"trackId": "t-main", "elementId": "e-intro", "volume": 0.25})["success"]
    assert tools.element("e-intro", VideoElement).volume == -12.04


# -- add_sticker ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "sx", "sy"),
    [("top-left", -1, -1), ("top-right", 1, -1), ("bottom-left", -1, 1), ("bottom-right", 1, 1), ("center", 0, 0)],
)
def test_add_sticker_positions(tools: Tools, position: str, sx: int, sy: int) -> None:
    out = tools("add_sticker", {"stickerId": "shapes:star", "start": 2, "end": 4, "position": position})
    sticker = tools.element(out["elementId"], StickerElement)
    x, y = sticker.transform.position.x, sticker.transform.position.y
    assert (x > 0) - (x < 0) == sx and (y > 0) - (y < 0) == sy
    assert abs(x) < 960 and abs(y) < 540
    assert (sticker.sticker_id, sticker.name, sticker.start_time, sticker.end_time) == (
        "shapes:star",
        "Star",
        2 * T,
        4 * T,
    )
    assert tools.project.scene.tracks.overlay[0].type == "graphic"


def test_stickers_share_a_free_graphic_track(tools: Tools) -> None:
    first = tools("add_sticker", {"stickerId": "flags:ar", "start": 0, "end": 2, "position": "center"})
    second = tools("add_sticker", {"stickerId": "heart", "start": 2, "end": 4, "position": "center"})
    third = tools("add_sticker", {"stickerId": "shapes:heart", "start": 1, "end": 3, "position": "center"})
    assert first["trackId"] == second["trackId"] != third["trackId"]
    assert tools.element(first["elementId"], StickerElement).sticker_id == "flags:AR"


# -- apply_effect / update_effect -------------------------------------------------------


def test_apply_effect_merges_defaults_and_uses_a_free_effect_track(tools: Tools) -> None:
    out = tools(
        "apply_effect", {"effectType": "brightness-contrast", "start": 0, "end": 5, "params": {"brightness": 0.2}}
    )
    assert out["trackId"] == "t-fx" and out["appliedParams"] == {"brightness": 0.2, "contrast": 1}
    effect = tools.element(out["elementId"], EffectElement)
    assert (effect.effect_type, effect.name, effect.start_time, effect.end_time) == (
        "brightness-contrast",
        "Brightness / Contrast",
        0,
        5 * T,
    )
    busy = tools("apply_effect", {"effectType": "sepia", "start": 8, "end": 9})
    assert busy["trackId"] != "t-fx" and tools.project.scene.tracks.overlay[0].id == busy["trackId"]
    assert busy["appliedParams"] == {"intensity": 100}


def test_update_effect_merges(tools: Tools) -> None:
    assert tools("update_effect", {"elementId": "e-vignette", "params": {"radius": 50.5}}) == {
        "success": True,
        "elementId": "e-vignette",
        "appliedParams": {"radius": 50.5, "softness": 35},
    }
    assert tools.element("e-vignette", EffectElement).params == {"radius": 50.5, "softness": 35}


def test_update_text_finds_the_track_itself(tools: Tools) -> None:
    """Issue 30 §3: trackId is derived from elementId (and left out of the schema); given, it is still checked."""
    assert tools("update_text", {"elementId": "e-title", "text": "Day two"})["success"]
    assert tools.element("e-title", TextElement).content == "Day two"
    from neuralcut_cli.tools import default_registry

    assert "trackId" not in default_registry().get("update_text").parameters["properties"]
