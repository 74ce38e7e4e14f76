"""The offline backend, round two (issue 29): follow-ups, text style, amounts, track names, trims and moves,
fades, undo and redo, creator's words, the newest vocabulary. Phrasings written for these tables (not the help
examples), each run on a copy of the demo as separate requests would run (a new session each, so "it" is only
what the chat store kept), and checked on the file; refusals change nothing and name what they did not use."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from mock_rounds import (
    S,
    ask,
    done_after,
    element,
    elements,
    end,
    fade,
    main_order,
    new_texts,
    project,
    start,
    track,
)

from neuralcut_cli.agent.endings import UNCHANGED

Check = Callable[[dict[str, Any]], bool]


def _dissolve_and_beach_end(p: dict[str, Any]) -> tuple[float, float]:
    """The length of the main track's one transition, and where the beach clip ends (s)."""
    (only,) = p["scenes"][0]["tracks"]["main"]["transitions"]
    return (only["inOffset"] + only["outOffset"]) / S, end(element(p, "e-beach"))


def _music_fade_and_end(p: dict[str, Any]) -> tuple[float, float]:
    return fade(element(p, "e-music"), "out"), end(element(p, "e-music"))


def _beach_and_music(p: dict[str, Any]) -> tuple[tuple[float, float], tuple[float, float]]:
    beach, music = element(p, "e-beach"), element(p, "e-music")
    return (start(beach), end(beach)), (start(music), end(music))


def _copies(p: dict[str, Any]) -> list[str]:
    """Ids of elements placed from the intro or beach assets besides the demo's own."""
    return [e["id"] for e in elements(p) if e.get("mediaId") in ("a-intro", "a-beach") and not e["id"].startswith("e-")]


def _added(p: dict[str, Any], asset: str) -> tuple[str, float]:
    """The kind of track the one new element of ``asset`` went to, and where it starts (s)."""
    tracks = p["scenes"][0]["tracks"]
    (found,) = [
        (kind, start(e))
        for kind, group in (("overlay", tracks["overlay"]), ("audio", tracks["audio"]))
        for t in group
        for e in t["elements"]
        if e.get("mediaId") == asset and not e["id"].startswith("e-")
    ]
    return found


def _at(p: dict[str, Any]) -> tuple[float, float]:
    """Where the title's centre is, in pixels from the frame's centre."""
    point = element(p, "e-title")["transform"]["position"]
    return point["x"], point["y"]


ADD = 'add "Welcome back" at the bottom for 4 seconds'

FOLLOW_UPS: list[tuple[list[str], str, Check]] = [
    ([ADD], "make it red", lambda p: new_texts(p)[0]["color"] == "#ff0000"),
    ([ADD], "now make it bigger", lambda p: new_texts(p)[0]["fontSize"] > 6),
    ([ADD], "delete it", lambda p: new_texts(p) == [] and element(p, "e-title")),
    ([ADD], "move that to the top", lambda p: new_texts(p)[0]["transform"]["position"]["y"] < 0),
    ([ADD], "change its colour to orange", lambda p: new_texts(p)[0]["color"] == "#ffa500"),
    ([ADD], "push it to the bottom right", lambda p: new_texts(p)[0]["transform"]["position"]["x"] > 0),
    ([ADD, "make it green"], "and underline it", lambda p: new_texts(p)[0]["textDecoration"] == "underline"),
    (["fade out the music over 3 seconds"], "make that fade longer", lambda p: fade(element(p, "e-music"), "out") > 3),
    (["mute the music"], "actually unmute it", lambda p: element(p, "e-music")["muted"] is False),
    # "it" after a fade, a transition or a track is that, never the clip's own length (these were wrong edits)
    (["fade out the music over 3 seconds"], "make it 5 seconds", lambda p: _music_fade_and_end(p) == (5, 20)),
    (["add a dissolve between the intro and the beach"], "make it 2 seconds", lambda p: _dissolve_and_beach_end(p) == (2, 14)),
    (["crossfade the intro into the beach"], "make it longer", lambda p: end(element(p, "e-beach")) == 14),
    (["mute the music track"], "unmute it", lambda p: track(p, "Music")["muted"] is False),
    (["hide the logo track"], "show it again", lambda p: track(p, "Logo")["hidden"] is False),
    (["blur the beach clip"], "make it stronger", lambda p: element(p, "e-beach")["effects"][0]["params"]["intensity"] > 15),
    (["duplicate the intro"], "delete the new one", lambda p: [i for i, _ in main_order(p)] == ["e-intro", "e-beach", "e-city"]),
    (["duplicate the title"], "move the copy to 10s", lambda p: any(start(t) == 10 for t in new_texts(p))),
    (["split the beach clip at 10s"], "delete the second half", lambda p: [t for _, t in main_order(p)] == [0, 6, 14]),
    (["add a dissolve between the intro and the beach"], "remove it", lambda p: not p["scenes"][0]["tracks"]["main"].get("transitions")),
    (["duplicate the intro and the beach clip"], "delete them", lambda p: len(main_order(p)) == 3 and not _copies(p)),
    (["slow the beach clip to half speed"], "actually make it 0.75x", lambda p: element(p, "e-beach")["retime"]["rate"] == 0.75),
]  # fmt: skip

EDITS: list[tuple[str, Check]] = [
    # text style
    ("make the title yellow", lambda p: element(p, "e-title")["color"] == "#ffff00"),
    ("change the title colour to #00ff88", lambda p: element(p, "e-title")["color"] == "#00ff88"),
    ("make the title light blue", lambda p: element(p, "e-title")["color"] == "#add8e6"),
    ("make the title 50% larger", lambda p: element(p, "e-title")["fontSize"] == 12),
    ("make the title a lot bigger", lambda p: element(p, "e-title")["fontSize"] == 16),
    ("shrink the title a little", lambda p: 5 < element(p, "e-title")["fontSize"] < 8),
    ("set the title size to 10", lambda p: element(p, "e-title")["fontSize"] == 10),
    ("put the title in the bottom left corner", lambda p: _at(p)[0] < 0 < _at(p)[1]),
    ("title in the top right corner please", lambda p: _at(p)[0] > 0 > _at(p)[1]),
    ("move the title to the lower third", lambda p: element(p, "e-title")["transform"]["position"]["y"] > 0),
    ("center the title", lambda p: element(p, "e-title")["transform"]["position"]["y"] == 0),
    ("use Georgia for the title", lambda p: element(p, "e-title")["fontFamily"] == "Georgia"),
    ("title not bold", lambda p: element(p, "e-title")["fontWeight"] == "normal"),
    ("italicize the title", lambda p: element(p, "e-title")["fontStyle"] == "italic"),
    ("underline the title", lambda p: element(p, "e-title")["textDecoration"] == "underline"),
    ("make the title white on a black box", lambda p: element(p, "e-title")["background"] == {"enabled": True, "color": "#000000"}),
    # amounts and directions
    ("turn the music down 3db", lambda p: element(p, "e-music")["volume"] == -9),
    ("music +3 dB", lambda p: element(p, "e-music")["volume"] == -3),
    ("boost the music by 4 decibels", lambda p: element(p, "e-music")["volume"] == -2),
    ("bring the music down to -20 dB", lambda p: element(p, "e-music")["volume"] == -20),
    ("make the intro 6db louder", lambda p: element(p, "e-intro")["volume"] == 6),
    ("the music is too loud, drop it by 5 dB", lambda p: element(p, "e-music")["volume"] == -11),
    ("slightly quieter music please", lambda p: element(p, "e-music")["volume"] == -9),
    # track names
    ("mute the music track", lambda p: track(p, "Music")["muted"] is True),
    ("hide the effects track", lambda p: track(p, "Effects")["hidden"] is True),
    ("solo the music", lambda p: track(p, "Main Track")["muted"] is True and track(p, "Music")["muted"] is False),
    # trims and moves
    ("trim the beach clip so it starts at 0:07", lambda p: (start(element(p, "e-beach")), end(element(p, "e-beach"))) == (7, 14)),
    ("take 1.5 s off the end of the city clip", lambda p: end(element(p, "e-city")) == 18.5),
    ("cut the last 2 seconds off the city clip", lambda p: end(element(p, "e-city")) == 18),
    ("trim the end of the music to 15s", lambda p: end(element(p, "e-music")) == 15),
    ("trim the start of the beach clip to 7s", lambda p: _beach_and_music(p) == ((7, 14), (0, 20))),  # was a cut on every track
    ("move the title to start at 0:03", lambda p: start(element(p, "e-title")) == 3),
    ("move the intro to the end", lambda p: main_order(p) == [("e-beach", 0), ("e-city", 8), ("e-intro", 14)]),
    ("put the city clip first", lambda p: main_order(p) == [("e-city", 0), ("e-intro", 6), ("e-beach", 12)]),
    ("swap the beach and city clips", lambda p: main_order(p) == [("e-intro", 0), ("e-city", 6), ("e-beach", 12)]),
    ("put the city clip between the intro and the beach", lambda p: [i for i, _ in main_order(p)] == ["e-intro", "e-city", "e-beach"]),
    ("move the logo to the end", lambda p: end(element(p, "e-logo")) == 20 and start(element(p, "e-logo")) == 2),
    ("move the title to the end", lambda p: (start(element(p, "e-title")), end(element(p, "e-title"))) == (17, 20)),
    # fades in any order
    ("a 3 second fade out on the music", lambda p: fade(element(p, "e-music"), "out") == 3),
    ("fade out over the last 3 seconds of the music", lambda p: fade(element(p, "e-music"), "out") == 3),
    ("2s fade in on the intro", lambda p: fade(element(p, "e-intro"), "in") == 2),
    ("quick fade out on the title", lambda p: fade(element(p, "e-title"), "out") == 0.5),
    ("add a 1.5s fade in to the beach clip", lambda p: fade(element(p, "e-beach"), "in") == 1.5),
    # creator's words
    ("slow mo the beach clip", lambda p: element(p, "e-beach")["retime"]["rate"] == 0.5),
    ("super slow motion on the intro", lambda p: element(p, "e-intro")["retime"]["rate"] == 0.25),
    ("speed up the city clip a bit", lambda p: element(p, "e-city")["retime"]["rate"] == 1.25),
    ('add a lower third that says "Ana, host"', lambda p: new_texts(p)[0]["transform"]["position"]["y"] > 0),
    ("make the music way quieter", lambda p: element(p, "e-music")["volume"] == -15),
    ("add the outtake as b-roll over the beach clip", lambda p: _added(p, "a-outtake") == ("overlay", 6)),
    ("add the music as voiceover at 2s", lambda p: _added(p, "a-music") == ("audio", 2)),
    # round three (two of these were wrong edits before: a title named "top left" added, a second intro added)
    ("put the title top left", lambda p: _at(p)[0] < 0 and len(new_texts(p)) == 0),
    ("put the intro after the city clip", lambda p: [i for i, _ in main_order(p)] == ["e-beach", "e-city", "e-intro"]),
    ("make the title gold with a dark gray background", lambda p: element(p, "e-title")["background"]["color"] == "#a9a9a9"),
    ("make the beach clip play a bit faster", lambda p: element(p, "e-beach")["retime"]["rate"] == 1.25),
    ('lower third "Tom, editor" for 4 seconds', lambda p: new_texts(p)[0]["transform"]["position"]["y"] > 0),
    ("swap the intro with the beach clip", lambda p: [i for i, _ in main_order(p)] == ["e-beach", "e-intro", "e-city"]),
    # the newest vocabulary
    ("crossfade the intro into the beach", lambda p: len(p["scenes"][0]["tracks"]["main"]["transitions"]) == 1),
    ("dissolve between every clip", lambda p: len(p["scenes"][0]["tracks"]["main"]["transitions"]) == 2),
]  # fmt: skip

HISTORY: list[tuple[list[str], str, Check]] = [
    (["split at 5s", "split at 12s"], "undo everything", lambda p: len(main_order(p)) == 3),
    (["split at 5s", "split at 12s", "undo", "undo"], "redo both", lambda p: len(main_order(p)) == 5),
    (["split at 5s"], "nvm, undo that", lambda p: len(main_order(p)) == 3),
    (["split at 4s"], "scratch that", lambda p: len(main_order(p)) == 3),
    (["split at 4s", "mute the music", "delete the title"], "undo the last 3 changes", lambda p: len(main_order(p)) == 3),
]  # fmt: skip

#: Refused, naming the words not understood (or saying why), and changing nothing.
REFUSED: list[tuple[list[str], str, str]] = [
    ([], "make it red", "'it'"),  # nothing was touched yet
    ([], "make the title pinkish", "pinkish"),
    ([], "change the music by 4 dB", "by 4 db"),
    ([], "make the beach clip b-roll", "b-roll"),
    ([], "fade the music", "fade"),
    (["split at 10s"], "delete the second half", "could be any of"),  # the split cut four tracks: which?
    ([], "boost the city clip by 3db", "does not support volume"),  # its file has no sound
    ([], "watch the render and tell me if the title reads well", "cannot watch"),
    ([], "make the title fancy", "fancy"),
    (["fade out the music over 3 seconds"], "make it red", "'it'"),  # the fade has no colour: which do you mean?
    (["split at 5s"], "delete it", "could mean any of"),  # six pieces on three tracks: was a wrong edit
    ([], "make the music 200% louder", "200% louder"),  # twice or three times? (was +6 dB)
    ([], "make the intro red", "only text has a colour"),
    ([], "solo the title", "no sound to solo"),
    (["split at 5s"], "make it longer", "how much longer"),
    ([], "move it to the end", "'it'"),
    ([], "render it", "neuralcut render"),
]


@pytest.mark.parametrize(("before", "text", "check"), FOLLOW_UPS, ids=[t for _, t, _ in FOLLOW_UPS])
def test_a_follow_up_means_what_the_last_request_touched(
    demo_path: Path, before: list[str], text: str, check: Check
) -> None:
    done_after(demo_path, before, text, check)


@pytest.mark.parametrize(("text", "check"), EDITS, ids=[t for t, _ in EDITS])
def test_said_the_way_people_say_it(demo_path: Path, text: str, check: Check) -> None:
    done_after(demo_path, [], text, check)


@pytest.mark.parametrize(("before", "text", "check"), HISTORY, ids=[t for _, t, _ in HISTORY])
def test_undo_and_redo_said_loosely(demo_path: Path, before: list[str], text: str, check: Check) -> None:
    done_after(demo_path, before, text, check)


@pytest.mark.parametrize(("before", "text", "named"), REFUSED, ids=[t for _, t, _ in REFUSED])
def test_refusals_name_what_they_did_not_use_and_change_nothing(
    demo_path: Path, before: list[str], text: str, named: str
) -> None:
    for earlier in before:
        assert not ask(demo_path, earlier)[0]
    was = demo_path.read_bytes()
    failed, reply = ask(demo_path, text)
    assert failed and named.lower() in reply.lower(), reply
    assert demo_path.read_bytes() == was


def test_a_request_that_changes_nothing_says_so(demo_path: Path) -> None:
    was = demo_path.read_bytes()
    failed, reply = ask(demo_path, "remove the title's background")  # it has none
    assert not failed and reply.endswith(UNCHANGED)
    assert demo_path.read_bytes() == was


def test_undo_everything_stops_where_history_ends(demo_path: Path) -> None:
    for text in ("split at 4s", "split at 8s"):
        ask(demo_path, text)
    failed, reply = ask(demo_path, "undo everything")
    assert not failed and "(all 2)" in reply
    assert len(main_order(project(demo_path))) == 3


def test_a_gain_above_the_clip_level_is_said_and_capped_at_20_db(demo_path: Path) -> None:
    failed, reply = ask(demo_path, "make the intro 6db louder")
    assert not failed and "+6.0 dB (above its own level" in reply
    ask(demo_path, "set the intro to 20 dB")
    failed, reply = ask(demo_path, "make the intro louder")
    assert failed and "already at +20 dB" in reply
    assert element(project(demo_path), "e-intro")["volume"] == 20
