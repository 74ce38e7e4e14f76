"""Timeline checks (issue 28 §2): each one on a project that trips it and on one that does not, through the
check_project tool and `neuralcut check`."""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import invoke
from paths import REPO
from tool_helpers import Tools

T = 120_000


@pytest.fixture
def demo_path(tmp_path: Path) -> Path:
    """The demo with its media beside it (a check finds missing media too)."""
    shutil.copytree(REPO / "projects" / "media", tmp_path / "media")
    target = tmp_path / "demo.json"
    shutil.copy(REPO / "projects" / "demo.json", target)
    return target


def _codes(answer: dict[str, Any]) -> list[str]:
    return [f["code"] for f in answer["findings"]]


def _finding(answer: dict[str, Any], code: str) -> dict[str, Any]:
    return next(f for f in answer["findings"] if f["code"] == code)


def test_the_demo_as_shipped_has_no_errors(demo_path: Path) -> None:
    answer = Tools(demo_path)("check_project")
    assert answer["errors"] == 0, answer


def test_a_second_day_one_over_the_first_is_stacked_text(demo_path: Path) -> None:
    tools = Tools(demo_path)
    added = tools(
        "add_text", {"text": "Day one", "start": 0, "end": 3, "position": "top"}
    )  # the README's first request
    found = _finding(tools("check_project"), "stacked-text")
    assert found["severity"] == "error" and (found["start"], found["end"]) == (0.0, 3.0)
    assert found["fix"]["tool"] == "delete_timeline_elements"
    assert found["fix"]["args"]["elementIds"][0] in (added["elementId"], "e-title")  # one of the two goes
    assert "stacked-text" not in _codes(Tools(demo_path)("check_project", {"start": 5, "end": 9}))  # not then


def test_a_hundred_and_fifty_words_run_off_the_frame(demo_path: Path) -> None:
    tools = Tools(demo_path)
    words = " ".join(["wonderful"] * 150)
    added = tools("add_text", {"text": words, "start": 8, "end": 12})
    found = _finding(tools("check_project"), "text-outside")
    assert found["severity"] == "error" and "top and" in found["what"] and "bottom" in found["what"]
    assert found["fix"]["tool"] == "update_text" and found["fix"]["args"]["elementId"] == added["elementId"]
    smaller = found["fix"]["args"]["fontSize"]
    tools("update_text", {"elementId": added["elementId"], "trackId": added["trackId"], "fontSize": smaller})
    assert "text-outside" not in _codes(tools("check_project"))  # the fix it names fixes it


def test_a_gap_left_by_a_delete_is_black_and_its_fix_closes_it_in_sync(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("delete_timeline_elements", {"elementIds": ["e-beach"]})
    found = _finding(tools("check_project"), "black")
    assert (found["start"], found["end"]) == (6.0, 14.0)
    assert found["fix"] == {"tool": "remove_range", "args": {"start": 6.0, "end": 14.0, "ripple": True}}
    tools(found["fix"]["tool"], found["fix"]["args"])
    # the gap is taken out of the program with every track in sync: nothing plays past the last picture
    assert "black" not in _codes(tools("check_project"))


def test_a_hidden_track_that_leaves_the_picture_black_names_the_track(demo_path: Path) -> None:
    tools = Tools(demo_path)
    tools("toggle_track_visibility", {"trackId": "t-main"})
    found = _finding(tools("check_project"), "black")
    assert "track is hidden" in found["what"]
    assert found["fix"] == {"tool": "toggle_track_visibility", "args": {"trackId": "t-main"}}


def test_overlapping_flashing_and_fast_captions(demo_path: Path) -> None:
    data = json.loads(demo_path.read_text())
    cues = [(0, 2 * T, "Hello there"), (T, 3 * T, "overlapping"), (4 * T, 4 * T + T // 4, "flash"),
            (5 * T, 6 * T, "this caption asks far too many characters a second")]  # fmt: skip
    data["scenes"][0]["tracks"]["overlay"].insert(0, {
        "id": "t-cap", "name": "Captions", "type": "text",
        "elements": [{"id": f"c{i}", "type": "text", "startTime": s, "duration": e - s, "content": text,
                      "transform": {"position": {"x": 0, "y": 400}}} for i, (s, e, text) in enumerate(cues)],
    })  # fmt: skip
    demo_path.write_text(json.dumps(data))
    codes = _codes(Tools(demo_path)("check_project"))
    assert {"captions-overlap", "caption-flash", "caption-speed"} <= set(codes)


def test_a_timeline_with_every_sound_muted_is_silent(demo_path: Path) -> None:
    tools = Tools(demo_path)
    for track in ("t-main", "t-audio"):
        tools("toggle_track_mute", {"trackId": track})
    found = _finding(tools("check_project"), "silent")
    assert found["severity"] == "error" and found["fix"]["tool"] == "toggle_track_mute"
    tools("toggle_track_mute", {"trackId": "t-audio"})
    assert "silent" not in _codes(tools("check_project"))


def test_stale_transitions_missing_media_gains_and_effects_over_nothing(demo_path: Path) -> None:
    data = json.loads(demo_path.read_text())
    tracks = data["scenes"][0]["tracks"]
    tracks["main"]["transitions"] = [{"id": "tr-x", "type": "dissolve", "fromElementId": "e-intro",
                                      "toElementId": "e-city", "inOffset": T // 2, "outOffset": T // 2}]  # fmt: skip
    tracks["audio"][0]["elements"][0]["volume"] = 6
    data["mediaAssets"][0]["path"] = "media/not-there.mp4"
    fx = next(t for t in tracks["overlay"] if t["type"] == "effect")
    fx["elements"][0].update(startTime=30 * T, duration=2 * T)  # after everything
    demo_path.write_text(json.dumps(data))
    answer = Tools(demo_path)("check_project")
    assert {"transition", "gain", "missing-media", "effect-over-nothing"} <= set(_codes(answer))
    assert _finding(answer, "transition")["fix"] == {"tool": "remove_transition", "args": {"transitionIds": ["tr-x"]}}


def test_a_transition_longer_than_the_media_allow_is_found_with_its_fix(demo_path: Path) -> None:
    """Written by hand (or by another program), a dissolve of 6 s between intro (2 s of media past its end) and
    beach (1 s before its start) would show what is below where the media run out: the check says so and its
    fix shortens it to the 3 s that exist; a transition the media allow is not reported."""
    data = json.loads(demo_path.read_text())
    data["scenes"][0]["tracks"]["main"]["transitions"] = [
        {"id": "tr-long", "type": "dissolve", "fromElementId": "e-intro", "toElementId": "e-beach",
         "inOffset": 3 * T, "outOffset": 3 * T},
        {"id": "tr-fine", "type": "wipe-left", "fromElementId": "e-beach", "toElementId": "e-city",
         "inOffset": 0, "outOffset": T // 2},
    ]  # fmt: skip
    demo_path.write_text(json.dumps(data))
    tools = Tools(demo_path)
    found = [f for f in tools("check_project")["findings"] if f["code"] == "transition"]
    assert len(found) == 1 and "lasts 6 s but their media allow 3 s" in found[0]["what"], found
    assert found[0]["fix"] == {"tool": "update_transition", "args": {"transitionId": "tr-long", "duration": 3}}
    assert found[0]["start"] == 6.0
    tools(found[0]["fix"]["tool"], found[0]["fix"]["args"])
    assert "transition" not in _codes(tools("check_project"))


def test_neuralcut_check_exits_1_on_errors_and_0_on_warnings_only(demo_path: Path) -> None:
    done = invoke("check", "-p", demo_path, "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["errors"] == 0
    assert invoke("run", "delete the beach clip", "-p", demo_path).returncode == 0
    done = invoke("check", "-p", demo_path, "--json")
    answer = json.loads(done.stdout)
    assert done.returncode == 1 and answer["errors"] >= 1 and "black" in _codes(answer)
    human = invoke("check", "-p", demo_path, env={"COLUMNS": "200"})
    assert human.returncode == 1 and "The picture is black from 00:06.00 to 00:14.00" in human.stdout
    assert "00:06.00–00:14.00" in human.stdout  # times as every view says them
    pasted = next(line.split("fix: ", 1)[1] for line in human.stdout.splitlines() if "fix: " in line)
    assert pasted == 'neuralcut tool remove_range \'{"start": 6.0, "end": 14.0, "ripple": true}\''
    assert invoke(*shlex.split(pasted)[1:], "-p", demo_path).returncode == 0  # the fix works as pasted
    assert invoke("check", "-p", demo_path).returncode == 0


def test_slash_check_in_the_repl(demo_path: Path) -> None:
    import io

    from rich.console import Console

    from neuralcut_cli.cli.chat.chat_session import ChatSession
    from neuralcut_cli.cli.chat.repl import run_repl

    lines = iter(["/check", "delete the beach clip", "/check", "/exit"])

    def read() -> str:
        return next(lines)

    buffer = io.StringIO()
    assert run_repl(ChatSession(demo_path), read, Console(file=buffer, width=200, no_color=True)) == 0
    first, second = buffer.getvalue().split("Deleted")[0], buffer.getvalue().split("Deleted")[1]
    assert "No problems found." in first
    assert "The picture is black from 00:06.00 to 00:14.00" in second and "fix: neuralcut tool remove_range" in second


def test_run_check_adds_the_findings_to_the_answer(demo_path: Path) -> None:
    done = invoke("run", "delete the beach clip", "-p", demo_path, "--check", "--json")
    assert done.returncode == 0, done.stderr  # the request succeeded; the check reports, it does not fail it
    answer = json.loads(done.stdout)
    assert answer["check"]["errors"] == 1 and _codes(answer["check"]) == ["black"]
    plain = invoke("run", "split at 2s", "-p", demo_path, "--check", env={"COLUMNS": "200"})
    assert "The picture is black from 00:06.00 to 00:14.00" in plain.stdout
