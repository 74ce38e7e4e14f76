"""The offline backend, round three (issue 41): how people outside this project phrase edits. Phrasings written
for these tables (not the help examples, not the outside evaluation's), each run on a copy of the demo as its own
request, and checked on the file; what must be asked changes nothing and offers requests that do work."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from mock_rounds import ask, done_after, element, elements, end, main_order, project, refused_after, start
from paths import REPO

Check = Callable[[dict[str, Any]], bool]


def _rate(p: dict[str, Any], element_id: str) -> float:
    return float((element(p, element_id).get("retime") or {}).get("rate", 1.0))


def _transitions(p: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(t["type"], t["fromElementId"], t["toElementId"]) for t in p["scenes"][0]["tracks"]["main"]["transitions"]]


def _ids(p: dict[str, Any]) -> set[str]:
    return {e["id"] for e in elements(p)}


def _transform(p: dict[str, Any], element_id: str) -> dict[str, Any]:
    return dict(element(p, element_id)["transform"])


def _has(p: dict[str, Any], element_id: str, effect: str) -> bool:
    return any(x["type"] == effect for x in element(p, element_id).get("effects", []))


def _new(p: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in elements(p) if e["type"] == kind and not e["id"].startswith("e-")]


EDITS: list[tuple[list[str], str, Check]] = [
    # numbers and ordinals written together
    ([], "mute clip2", lambda p: element(p, "e-beach")["muted"] is True),
    ([], "delete video #3", lambda p: "e-city" not in _ids(p) and {"e-intro", "e-beach"} <= _ids(p)),
    ([], "put the 2nd clip before the 1st one", lambda p: [i for i, _ in main_order(p)] == ["e-beach", "e-intro", "e-city"]),
    # amounts left out: the usual default
    ([], "slow the second clip down", lambda p: _rate(p, "e-beach") == 0.5),
    ([], "make clip 3 quicker", lambda p: _rate(p, "e-city") == 2.0),
    # transitions as joining
    ([], "join the intro and the beach clip with a dissolve", lambda p: _transitions(p) == [("dissolve", "e-intro", "e-beach")]),
    ([], "put crossfades between the shots", lambda p: len(_transitions(p)) == 2),
    ([], "smooth over the edits", lambda p: len(_transitions(p)) == 2),
    ([], "at 0:14 add a wipe", lambda p: _transitions(p) == [("wipe-left", "e-beach", "e-city")]),
    # adding a named file, an insert
    ([], "add the outtake in front of the beach clip",
     lambda p: [i for i, _ in main_order(p)][::2] == ["e-intro", "e-beach"] and start(element(p, "e-beach")) == 10),
    ([], "put outtake.mp4 at the very beginning", lambda p: start(element(p, "e-intro")) == 4 and main_order(p)[0][1] == 0),
    # "it" with nothing named before: the whole video (looks only)
    ([], "make it sepia", lambda p: all(_has(p, i, "sepia") for i in ("e-intro", "e-beach", "e-city"))),
    # review notes led by a time
    ([], "0:09 - add a caption saying Look", lambda p: [(t["content"], start(t)) for t in _new(p, "text")] == [("Look", 9.0)]),
    ([], "@0:15 blur this", lambda p: any(x["type"] == "blur" for x in element(p, "e-city").get("effects", []))),
    # removing effects never removes a clip
    ([], "get rid of all the effects", lambda p: "e-vignette" not in _ids(p) and {"e-intro", "e-beach", "e-city"} <= _ids(p)),
    (["make the intro black and white"], "take the black and white off the intro", lambda p: not element(p, "e-intro").get("effects")),
    # edits at the start close up
    ([], "chop off the first 3 seconds", lambda p: main_order(p)[0][1] == 0 and end(element(p, "e-city")) == 17),
    ([], "keep only 2s to 10s", lambda p: max(end(e) for e in elements(p) if e["type"] == "video") == 8),
    # pictures have size and place
    ([], "shrink the logo", lambda p: _transform(p, "e-logo")["scaleX"] < 0.2),
    ([], "put the logo in the bottom right corner", lambda p: all(v > 0 for v in _transform(p, "e-logo")["position"].values())),
    ([], "tilt the logo by 10 degrees counterclockwise", lambda p: _transform(p, "e-logo")["rotate"] == -10),
    # a named clip is cut alone
    ([], "split clip 2 at 9s", lambda p: end(element(p, "e-beach")) == 9 and end(element(p, "e-music")) == 20),
]  # fmt: skip

#: Asked back (or refused) with a close request, and nothing changed.
ASKED: list[tuple[list[str], str, str]] = [
    ([], "trim the city clip", "How much?"),
    ([], "shorten the intro", "How much?"),
    ([], "1:30 - add a title saying Bye", "is after the end of the video"),
    ([], "scale the logo up to 10%", "goes the other way"),
    ([], "remove the effects from the city clip", "There is no effect on e-city"),
    ([], "at 0:10 add a crossfade", "There is no cut at 10 s"),
    (["delete the city clip"], "make it blurry", "'it'"),  # "it" is the deleted clip: not the whole video
]


@pytest.mark.parametrize(("before", "text", "check"), EDITS, ids=[t for _, t, _ in EDITS])
def test_said_the_way_people_outside_say_it(demo_path: Path, before: list[str], text: str, check: Check) -> None:
    done_after(demo_path, before, text, check)


@pytest.mark.parametrize(("before", "text", "said"), ASKED, ids=[t for _, t, _ in ASKED])
def test_what_must_be_asked_changes_nothing_and_offers_a_close_request(
    demo_path: Path, before: list[str], text: str, said: str
) -> None:
    failed, reply, kept = refused_after(demo_path, before, text)
    assert failed and said in reply, reply
    assert "come close" in reply or "e.g." in reply or "Say '" in reply, reply
    assert demo_path.read_bytes() == kept


def test_silences_said_in_other_words_reach_remove_silences(tmp_path: Path) -> None:
    """The demo with its media: "tighten the dead air" measures the clips (they have no pause to cut)."""
    shutil.copytree(REPO / "projects", tmp_path / "projects")
    path = tmp_path / "projects" / "demo.json"
    kept = path.read_bytes()
    failed, reply = ask(path, "tighten the dead air")
    assert not failed and "No silence of 0.5 s or more found" in reply
    assert path.read_bytes() == kept


def test_the_default_speed_is_said_in_the_reply(demo_path: Path) -> None:
    failed, reply = ask(demo_path, "speed up the intro")
    assert not failed and "no amount was said: 2x is the usual speed-up" in reply


def test_a_cut_at_the_start_says_what_the_video_now_begins_with(demo_path: Path) -> None:
    failed, reply = ask(demo_path, "cut out the first 5 seconds")
    assert not failed and "The video now begins with what was at 00:05.00" in reply
    first = element(project(demo_path), main_order(project(demo_path))[0][0])
    assert (first["mediaId"], start(first), first["trimStart"] / 120_000) == ("a-intro", 0.0, 5.0)


def test_a_refusal_offers_first_the_request_of_the_row_that_read_the_most_of_it(demo_path: Path) -> None:
    """Built from the same rules: the timing row read "trim ... the intro ... 1 second" and left "end"; its
    closest example is offered first, then the ones most like the request."""
    kept = demo_path.read_bytes()
    failed, reply = ask(demo_path, "trim the end of the intro by 1 second")
    offered = reply.split("Requests I understand that come close:\n", 1)[1].splitlines()
    assert failed and offered[0].strip() == "trim 3 seconds off the end of the city clip"
    assert 1 <= len(offered) <= 3
    assert demo_path.read_bytes() == kept
