"""The mock backend: requests as people type them -> the tool calls they must
produce -> the resulting timeline. Run through the real orchestrator."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tool_helpers import Tools

from neuralcut_cli.agent.backends.mock import MockBackend
from neuralcut_cli.agent.endings import RequestOutcome
from neuralcut_cli.agent.orchestrator import Orchestrator
from neuralcut_cli.agent.stores import ChatStore
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.elements import AudioElement, ImageElement, TextElement, VideoElement
from neuralcut_cli.tools import default_registry

T = 120_000


class Chat:
    def __init__(self, path: Path) -> None:
        self.tools = Tools(path)
        self.orch = Orchestrator(MockBackend(), default_registry(), ProjectSession(path), ChatStore())

    def __call__(self, text: str) -> RequestOutcome:
        return self.orch.run(text)

    def calls(self, text: str) -> list[tuple[str, dict[str, Any]]]:
        outcome = self(text)
        assert not outcome.failed, outcome.reply
        return [(c.name, c.args) for c in outcome.tool_calls]

    def edits(self, text: str) -> list[tuple[str, dict[str, Any]]]:
        """The calls a request makes, less the ``list_timeline`` a plan reads the timeline with first (adding a
        title or sticker checks it starts before the end of the program)."""
        return [call for call in self.calls(text) if call[0] != "list_timeline"]


@pytest.fixture
def chat(demo_path: Path) -> Chat:
    return Chat(demo_path)


# -- looking ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "list the timeline",
        "what's on the timeline?",
        "show the timeline",
        "timeline",
        "Please list the tracks",
        "What is on the timeline",
    ],
)
def test_timeline_requests(chat: Chat, text: str) -> None:
    outcome = chat(text)
    assert [c.name for c in outcome.tool_calls] == ["list_timeline"]
    assert "e-intro" in outcome.reply and "t-main" in outcome.reply


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("list assets", {}),
        ("show me the media", {}),
        ("show unused videos", {"filter": "unused", "type": "video"}),
        ("list used images", {"filter": "used", "type": "image"}),
        ("what audio files do I have?", {"type": "audio"}),
    ],
)
def test_asset_requests(chat: Chat, text: str, args: dict[str, Any]) -> None:
    assert chat.calls(text) == [("list_project_assets", args)]


def test_unused_videos_reply_names_them(chat: Chat) -> None:
    assert "outtake.mp4" in chat("show unused videos").reply


# -- split -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "times"),
    [
        ("split at 5s", [5.0]),
        ("cut at 00:05", [5.0]),
        ("split at 2.5s and 7s", [2.5, 7.0]),
        ("split at 1:02.5", [62.5]),
        ("split the video at 5 seconds", [5.0]),
        ("split at two seconds", [2.0]),
        ("please split at 90f", [3.0]),
        ("split at 2, 4 and 6 seconds", [2.0, 4.0, 6.0]),
    ],
)
def test_split_requests(chat: Chat, text: str, times: list[float]) -> None:
    assert chat.calls(text) == [("split", {"times": times})]


def test_split_result(chat: Chat) -> None:
    outcome = chat("split at 5s")
    assert "00:05.00" in outcome.reply and "e-intro" in outcome.reply
    assert chat.tools.element("e-intro", VideoElement).end_time == 5 * T


def test_split_where_nothing_is(chat: Chat) -> None:
    outcome = chat("split at 99s")
    assert not outcome.failed and "Nothing to split" in outcome.reply


# -- delete ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "deleted"),
    [
        ("delete e-title", ["e-title"]),
        ("delete e-tit", ["e-title"]),  # a unique id prefix
        ("delete the title", ["e-title"]),
        ('remove the text "Day one"', ["e-title"]),
        ('delete "day one"', ["e-title"]),
        ("remove the logo", ["e-logo"]),
        ("delete logo.png", ["e-logo"]),
        ("get rid of the music", ["e-music"]),
        ("delete the second clip", ["e-beach"]),
        ("delete the last clip", ["e-city"]),
        ("remove the vignette", ["e-vignette"]),
    ],
)
def test_delete_element_requests(chat: Chat, text: str, deleted: list[str]) -> None:
    assert chat.calls(text) == [("list_timeline", {}), ("delete_timeline_elements", {"elementIds": deleted})]
    for element_id in deleted:
        assert chat.tools.project.scene.find_element(element_id) is None


@pytest.mark.parametrize(
    "text",
    [
        "delete from 3s to 6s",
        "remove 3-6s",
        "remove everything between 3s and 6s",
        "cut 3s to 6s",
        "delete 00:03-00:06",
        "cut out from 3 to 6 seconds",
    ],
)
def test_delete_range_plan(chat: Chat, text: str) -> None:
    outcome = chat(text)
    assert not outcome.failed, outcome.reply
    assert [(c.name, c.args) for c in outcome.tool_calls] == [
        ("remove_range", {"start": 3.0, "end": 6.0, "ripple": False})
    ]
    for track in chat.tools.project.scene.tracks.ordered():
        for element in track.elements:  # nothing left inside 3-6 s, on any track
            assert element.end_time <= 3 * T or element.start_time >= 6 * T, (track.id, element.id)
    main = chat.tools.project.scene.tracks.main
    assert [(e.start_time // T, e.end_time // T) for e in main.sorted_elements()] == [(0, 3), (6, 14), (14, 20)]
    assert "gap" in outcome.reply


def test_delete_the_last_two_seconds(chat: Chat) -> None:
    outcome = chat("delete the last two seconds")
    assert outcome.tool_calls[1].args == {"start": 18.0, "end": 20.0, "ripple": False}
    assert chat.tools.project.scene.end_time == 18 * T


def test_ambiguous_reference_fails_with_the_candidates(chat: Chat) -> None:
    chat('add text "Second" from 5s to 6s')
    outcome = chat("delete the text")
    assert outcome.failed
    assert "e-title" in outcome.reply and "Second" in outcome.reply


def test_unknown_reference_fails_and_lists_the_timeline(chat: Chat, demo_path: Path) -> None:
    before = demo_path.read_bytes()
    outcome = chat("delete the dinosaur")
    assert outcome.failed and "'dinosaur'" in outcome.reply and "changed nothing" in outcome.reply
    assert demo_path.read_bytes() == before


# -- move --------------------------------------------------------------------------


def test_move_the_logo(chat: Chat) -> None:
    assert chat.calls("move the logo to 12s")[-1] == (
        "move_timeline_elements",
        {"elementIds": ["e-logo"], "start": 12.0},
    )
    assert chat.tools.element("e-logo", ImageElement).start_time == 12 * T


def test_move_to_a_track(chat: Chat) -> None:
    chat.tools("delete_timeline_elements", {"elementIds": ["e-city"]})
    calls = chat.calls("move e-logo to 14s on t-main")
    assert calls[-1] == ("move_timeline_elements", {"elementIds": ["e-logo"], "start": 14.0, "targetTrackId": "t-main"})
    assert chat.tools.track_of("e-logo") == "t-main"


def test_move_by_a_delta(chat: Chat) -> None:
    chat.calls("move the title 2 seconds later")
    assert chat.tools.element("e-title", TextElement).start_time == 2 * T
    chat.calls("shift the title earlier by 1s")
    assert chat.tools.element("e-title", TextElement).start_time == 1 * T
    assert chat("shift the title back by 1s").failed  # earlier or later? it asks instead of guessing


def test_move_failure_is_reported(chat: Chat, demo_path: Path) -> None:
    before = demo_path.read_bytes()
    outcome = chat("move e-title to 4s on t-main")
    assert outcome.failed and "text elements cannot be placed on video tracks" in outcome.reply
    assert demo_path.read_bytes() == before


# -- text ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ('add text "Hello" from 0 to 3s at the top', {"text": "Hello", "start": 0.0, "end": 3.0, "position": "top"}),
        (
            'add a subtitle "Hi there" 5s-8s',
            {"text": "Hi there", "start": 5.0, "end": 8.0, "position": "bottom", "style": "subtitle"},
        ),
        (
            'add hook "Wait for it" at the center from 1s to 2.5s',
            {"text": "Wait for it", "start": 1.0, "end": 2.5, "position": "center", "style": "hook"},
        ),
        ('put "Day one" at the top for 3 seconds', {"text": "Day one", "start": 0.0, "end": 3.0, "position": "top"}),
        (
            'put "Day one" at the top for the first 3 seconds',
            {"text": "Day one", "start": 0.0, "end": 3.0, "position": "top"},
        ),
        (
            'add a label "Beach" at 6s',
            {"text": "Beach", "start": 6.0, "end": 11.0, "position": "center", "style": "label"},
        ),
        (
            'add a title "Summer" at 2s for 4 seconds',
            {"text": "Summer", "start": 2.0, "end": 6.0, "position": "top", "style": "hook"},
        ),
    ],
)
def test_add_text_requests(chat: Chat, text: str, args: dict[str, Any]) -> None:
    calls = chat.edits(text)
    assert calls == [("add_text", args)]


def test_change_the_title_text(chat: Chat) -> None:
    calls = chat.calls('change the title text to "Day two"')
    assert calls[-1] == ("update_text", {"trackId": "t-text", "elementId": "e-title", "text": "Day two"})
    assert chat.tools.element("e-title", TextElement).content == "Day two"
    chat.calls('replace "Day two" with "Day three"')
    assert chat.tools.element("e-title", TextElement).content == "Day three"


def test_move_the_title_to_the_bottom(chat: Chat) -> None:
    calls = chat.calls("move the title to the bottom")
    assert calls[-1] == ("update_text", {"trackId": "t-text", "elementId": "e-title", "position": "bottom"})
    assert chat.tools.element("e-title", TextElement).transform.position.y > 0


# -- media and timing ---------------------------------------------------------------------


def test_add_logo_on_the_overlay(chat: Chat) -> None:
    calls = chat.calls("add logo.png at 10s on the overlay for 4s")
    assert calls == [
        ("add_media_to_timeline", {"assetId": "a-logo", "startTime": 10.0, "trackType": "overlay", "duration": 4.0})
    ]


def test_add_music_to_audio(chat: Chat) -> None:
    assert chat.calls("add music.mp3 to audio at 0s") == [
        ("add_media_to_timeline", {"assetId": "a-music", "startTime": 0.0, "trackType": "audio"})
    ]
    assert len(chat.tools.project.scene.tracks.audio) == 2


def test_add_a_video_appends_to_the_main_track(chat: Chat) -> None:
    calls = chat.calls("add the outtake")
    assert calls[-1] == ("add_media_to_timeline", {"assetId": "a-outtake", "startTime": 20.0, "trackType": "main"})


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("make the logo last 10 seconds", {"elementId": "e-logo", "duration": 10.0}),
        ("make e-city end at 18s", {"elementId": "e-city", "end": 18.0}),
        ("make the title 5 seconds long", {"elementId": "e-title", "duration": 5.0}),
        ("make the title start at 1s", {"elementId": "e-title", "start": 1.0}),
        ("shorten the first clip to 4 seconds", {"elementId": "e-intro", "duration": 4.0}),
    ],
)
def test_timing_requests(chat: Chat, text: str, args: dict[str, Any]) -> None:
    assert chat.calls(text)[-1] == ("update_timeline_element_timing", args)


def test_timing_limit_is_explained(chat: Chat) -> None:
    outcome = chat("make the last clip last 10 seconds")
    assert outcome.failed and "Duration exceeds source duration" in outcome.reply


# -- volume, stickers ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "volume"),
    [
        ("set the music volume to 50%", 0.5),
        ("mute the music", 0.0),
        ("turn the music down to 20%", 0.2),
        ("unmute the music", 1.0),
        ("set the volume of e-music to 0.3", 0.3),
    ],
)
def test_volume_requests(chat: Chat, text: str, volume: float) -> None:
    assert chat.calls(text)[-1] == ("set_volume", {"trackId": "t-audio", "elementId": "e-music", "volume": volume})


def test_mute_reaches_every_piece(chat: Chat) -> None:
    chat("split at 10s")
    calls = chat.calls("mute the music")
    assert [c[0] for c in calls] == ["list_timeline", "set_volume", "set_volume"]
    assert all(isinstance(e, AudioElement) and e.muted for e in chat.tools.project.scene.tracks.audio[0].elements)


@pytest.mark.parametrize(
    ("text", "args"),
    [
        (
            "add a star sticker top-right from 2s to 4s",
            {"stickerId": "shapes:star", "start": 2.0, "end": 4.0, "position": "top-right"},
        ),
        (
            "put a heart in the bottom left corner for 3 seconds",
            {"stickerId": "shapes:heart", "start": 0.0, "end": 3.0, "position": "bottom-left"},
        ),
        (
            "add the flag of Japan at the center from 1s to 2s",
            {"stickerId": "flags:JP", "start": 1.0, "end": 2.0, "position": "center"},
        ),
        (
            "add an argentina flag sticker top left 0-5s",
            {"stickerId": "flags:AR", "start": 0.0, "end": 5.0, "position": "top-left"},
        ),
    ],
)
def test_sticker_requests(chat: Chat, text: str, args: dict[str, Any]) -> None:
    assert chat.edits(text) == [("add_sticker", args)]


# -- effects ---------------------------------------------------------------------------------


def test_effect_discovery(chat: Chat) -> None:
    outcome = chat("what effects are there?")
    assert [c.name for c in outcome.tool_calls] == ["list_effects"] and "vignette" in outcome.reply
    assert chat.calls("show the blur parameters") == [("get_effect", {"effectType": "blur"})]
    assert "Number between 10 and 100" in chat("what parameters does vignette have?").reply


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("blur from 2s to 5s", {"effectType": "blur", "start": 2.0, "end": 5.0}),
        (
            "apply sepia 0-3s with intensity 60",
            {"effectType": "sepia", "start": 0.0, "end": 3.0, "params": {"intensity": 60}},
        ),
        ("make 1s to 4s black and white", {"effectType": "grayscale", "start": 1.0, "end": 4.0}),
        (
            "add a vignette with radius 50 from 0 to 2s",
            {"effectType": "vignette", "start": 0.0, "end": 2.0, "params": {"radius": 50}},
        ),
        (
            "brighten 2-4s",
            {"effectType": "brightness-contrast", "start": 2.0, "end": 4.0, "params": {"brightness": 0.3}},
        ),
    ],
)
def test_apply_effect_requests(chat: Chat, text: str, args: dict[str, Any]) -> None:
    assert chat.calls(text) == [("apply_effect", args)]


def test_blur_the_last_two_seconds(chat: Chat) -> None:
    assert chat.calls("blur the last two seconds") == [
        ("list_timeline", {}),
        ("apply_effect", {"effectType": "blur", "start": 18.0, "end": 20.0}),
    ]


def test_set_the_blur_intensity(chat: Chat) -> None:
    chat("blur from 2s to 5s")
    calls = chat.calls("set the blur intensity to 40")
    assert calls[-1][0] == "update_effect" and calls[-1][1]["params"] == {"intensity": 40}
    blur = next(e for _, e in chat.tools.project.scene.elements() if e.type == "effect" and e.effect_type == "blur")
    assert blur.params == {"intensity": 40}


def test_effect_parameter_out_of_range(chat: Chat) -> None:
    outcome = chat("apply sepia 0-3s with intensity 160")
    assert outcome.failed and "Parameter 'intensity' must be <= 100" in outcome.reply


# -- history, help, chains, failures -----------------------------------------------------------


def test_undo_and_redo_in_chat(chat: Chat, demo_path: Path) -> None:
    original = Tools(demo_path).project.scene
    chat("delete from 3s to 6s")
    outcome = chat("undo")
    assert [c.name for c in outcome.tool_calls] == ["undo"] and "delete from 3s to 6s" in outcome.reply
    assert chat.tools.project.scene.tracks.main.elements == original.tracks.main.elements
    assert chat("redo").tool_calls[0].name == "redo"
    assert chat("undo").tool_calls[0].name == "undo"
    assert chat("undo").failed  # nothing left


def test_help(chat: Chat) -> None:
    outcome = chat("help")
    assert not outcome.failed and not outcome.tool_calls and "split at 5s" in outcome.reply


def test_chained_requests(chat: Chat) -> None:
    outcome = chat("split at 5s then delete the title")
    assert [c.name for c in outcome.tool_calls] == ["split", "list_timeline", "delete_timeline_elements"]
    assert chat.tools.project.scene.find_element("e-title") is None
    done, _ = chat.tools.session.history.steps()
    assert len(done) == 1  # one request, one undo step


@pytest.mark.parametrize("text", ["make it pop", "order a pizza", "split", "add text"])
def test_requests_it_cannot_map_fail_helpfully(chat: Chat, demo_path: Path, text: str) -> None:
    before = demo_path.read_bytes()
    outcome = chat(text)
    assert outcome.failed
    assert "changed nothing" in outcome.reply and "Requests I understand" in outcome.reply
    assert demo_path.read_bytes() == before


# -- everyday phrasings --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "args"),
    [
        (
            "add a title saying Hello world at the top",
            {"text": "Hello world", "start": 0.0, "end": 5.0, "position": "top", "style": "hook"},
        ),
        ("add text Welcome at 2s", {"text": "Welcome", "start": 2.0, "end": 7.0, "position": "center"}),
        ("add 'Hi' from 1 to 2", {"text": "Hi", "start": 1.0, "end": 2.0, "position": "center"}),
    ],
)
def test_text_without_double_quotes(chat: Chat, text: str, args: dict[str, Any]) -> None:
    assert chat.edits(text) == [("add_text", args)]


@pytest.mark.parametrize(
    ("text", "deleted"),
    [("delete clip 2", "e-beach"), ("remove the 3rd clip", "e-city"), ("delete video number 1", "e-intro")],
)
def test_numbered_clips(chat: Chat, text: str, deleted: str) -> None:
    assert chat.calls(text)[-1] == ("delete_timeline_elements", {"elementIds": [deleted]})


def test_open_ended_ranges(chat: Chat) -> None:
    outcome = chat("delete everything after 15s")
    assert not outcome.failed and chat.tools.project.scene.end_time == 15 * T
    assert chat.calls("blur everything before 4s") == [
        ("apply_effect", {"effectType": "blur", "start": 0.0, "end": 4.0})
    ]


def test_relative_move_and_volume_words(chat: Chat) -> None:
    chat.calls("move the logo 2 seconds later")
    assert chat.tools.element("e-logo", ImageElement).start_time == 4 * T
    assert round(chat.calls("turn down the music")[-1][1]["volume"], 3) == 0.251  # 6 dB below its -6 dB
    assert round(chat.calls("make the music louder")[-1][1]["volume"], 3) == 0.501


def test_effect_shorthands(chat: Chat) -> None:
    assert chat.calls("increase the contrast from 0 to 5s") == [
        ("apply_effect", {"effectType": "brightness-contrast", "start": 0.0, "end": 5.0, "params": {"contrast": 1.3}})
    ]
    assert chat.calls("set the vignette radius to 50")[-1] == (
        "update_effect",
        {"elementId": "e-vignette", "params": {"radius": 50}},
    )
    refused = chat("set the vignette to 50")  # radius or softness? (and a smaller radius is a stronger vignette)
    assert refused.failed and "radius or softness" in refused.reply
    assert "00:20.00" in chat("how long is the timeline?").reply


def test_a_title_after_the_end_of_the_video_is_refused(chat: Chat) -> None:
    """A review note at 1:05 on a 20 s video (issue 41): a title there would show over nothing."""
    before = chat.tools.project
    outcome = chat("1:05 add a title saying The End")
    assert outcome.failed and "01:05.00 is after the end of the video (00:20.00)" in outcome.reply
    assert chat.tools.project == before
