"""Issue 42 §5, §6: what a small local model is spared. "undo" runs without a model turn; a read called with an
argument it does not take still reads; the times a request names come with what plays there; a percentage the
request says is read on a 0..1 scale; a model whose server says it takes no images is not offered review_render.
Scripted on the fake OpenAI-compatible server, driven through the real ``openai`` SDK and `neuralcut run`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from agent_helpers import main_elements as _main
from agent_helpers import run_openai as _run
from agent_helpers import tool_answers as _tool_answers
from cli_helpers import invoke
from fake_openai import FakeOpenAI

from neuralcut_cli.agent.asked_percent import as_fractions, percents_named
from neuralcut_cli.agent.guard import ASK_THE_NOTE
from neuralcut_cli.agent.history_requests import history_request
from neuralcut_cli.agent.types import ToolCall


@pytest.mark.parametrize(
    ("said", "move"),
    [
        ("undo", "undo"),
        ("Undo.", "undo"),
        ("please undo that", "undo"),
        ("undo the last edit", "undo"),
        ("ok, undo what you just did", "undo"),
        ("redo", "redo"),
        ("redo it please", "redo"),
        ("undo the fade", None),  # which edit: the model may ask
        ("undo the last three edits", None),
        ("undo and then split at 5s", None),
        ("don't undo", None),
    ],
)
def test_the_requests_that_only_move_the_history(said: str, move: str | None) -> None:
    assert history_request(said) == move


def test_undo_runs_without_a_model_turn(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """Seen with Qwen2.5-Coder-1.5B: "undo" answered with the undo tool's description, and nothing undone."""
    assert invoke("run", "split at 5s", "-p", demo_path).returncode == 0  # the offline backend
    assert len(_main(demo_path)) == 4
    done = _run(demo_path, "undo")
    assert done.returncode == 0, done.stdout
    answer = json.loads(done.stdout)
    assert answer["reply"] == 'Undid "split at 5s" (split); 0 more to undo.'
    assert [c["name"] for c in answer["toolCalls"]] == ["undo"] and openai_server.requests == []
    assert len(_main(demo_path)) == 3
    again = _run(demo_path, "undo")
    assert again.returncode == 1 and json.loads(again.stdout)["reply"] == "Nothing to undo"
    assert _run(demo_path, "redo").returncode == 0 and len(_main(demo_path)) == 4


def test_a_read_with_an_argument_it_does_not_take_still_reads(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """Seen with the 1.5B model on "how long is the video?": ``list_timeline {"trackIds": ["main"]}``. A read
    changes nothing, so it runs and says what it left out; an edit with an invented argument is still refused."""
    openai_server.reply_calls(("list_timeline", {"trackIds": ["main"]}))
    openai_server.reply_text("The video is 20 seconds long.")
    done = _run(demo_path, "how long is the video?")
    assert done.returncode == 0, done.stdout
    (read,) = _tool_answers(openai_server, 1)
    assert read["output"]["ignored"] == "trackIds: list_timeline takes no arguments; the rest was ignored"
    assert "e-beach" in json.dumps(read["output"])
    before = demo_path.read_bytes()
    openai_server.reply_calls(("delete_timeline_elements", {"elementIds": ["e-logo"], "trackIds": ["t-logo"]}))
    openai_server.reply_text("Could not.")
    assert _run(demo_path, "delete the logo").returncode == 1
    edit = _tool_answers(openai_server, 3)[-1]  # (the conversation goes on from the question's)
    assert edit["error"] == "Unknown argument: trackIds" and demo_path.read_bytes() == before


def test_a_person_calling_a_read_with_an_unknown_argument_is_still_told(demo_path: Path) -> None:
    done = invoke("tool", "list_timeline", '{"trackIds": ["main"]}', "-p", demo_path)
    assert done.returncode == 1 and "Unknown argument: trackIds" in done.stdout + done.stderr


def test_the_times_a_request_names_come_with_what_plays_there(openai_server: FakeOpenAI, demo_path: Path) -> None:
    openai_server.reply_text("The beach clip (e-beach).")
    done = _run(demo_path, "what's at 12s?")
    assert done.returncode == 0, done.stdout
    sent = openai_server.requests[0][1]["messages"][-1]["content"]
    assert "Video: 20s long, 1920x1080, 30 fps" in sent
    at = next(line for line in sent.splitlines() if line.startswith("At 12s: "))
    assert at.startswith('At 12s: e-beach video "beach.mp4" 6s-14s (main), ')  # the main track's first
    assert "e-logo" in at and "e-music" in at and "e-intro" not in at and "e-title" not in at
    openai_server.reply_text("Twenty seconds.")
    assert _run(demo_path, "how long is the video?").returncode == 0
    assert "\nAt " not in openai_server.requests[1][1]["messages"][-1]["content"]  # no time named, no such line
    openai_server.reply_calls(("move_timeline_elements", {"elementIds": ["e-logo"], "start": 12}))
    openai_server.reply_text("Moved.")
    assert _run(demo_path, "move the logo to 12s").returncode == 0
    # a destination, not a subject: the 1.5B model moved everything the line listed
    assert "\nAt " not in openai_server.requests[2][1]["messages"][-1]["content"]


def test_a_question_whose_read_failed_but_was_answered_is_not_an_error(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    """Seen with the 1.5B model: ``get_timeline_elements`` (no such tool), then the right answer."""
    openai_server.reply_calls(("get_timeline_elements", {"time": 12}))
    openai_server.reply_text("At 12s the beach clip plays.")
    done = _run(demo_path, "what's at 12s?")
    assert done.returncode == 0 and json.loads(done.stdout)["reply"] == "At 12s the beach clip plays."
    (unknown,) = _tool_answers(openai_server, 1)
    assert unknown["error"] == "Unknown tool: get_timeline_elements"
    assert unknown["details"].startswith("no tool is named get_timeline_elements; the closest: list_timeline")
    assert unknown["details"].endswith(f"; {ASK_THE_NOTE}; its 'At 12s:' line says what plays at 12s")


def test_a_percentage_the_request_says_is_read_on_a_0_to_1_scale(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """Seen with the 1.5B model: "set the music volume to 50%" became ``volume: 50``."""
    openai_server.reply_calls(("set_volume", {"elementIds": ["e-music"], "volume": 50}))
    openai_server.reply_text("The music is at half volume.")
    done = _run(demo_path, "set the music volume to 50%")
    assert done.returncode == 0, done.stdout
    music = next(e for t in json.loads(demo_path.read_text())["scenes"][0]["tracks"]["audio"] for e in t["elements"])
    assert abs(music["volume"] + 6.0206) < 0.001  # 0.5 as a gain is -6.02 dB
    before = demo_path.read_bytes()
    openai_server.reply_calls(("set_volume", {"elementId": "e-music", "volume": 50}))
    openai_server.reply_text("Could not.")
    assert _run(demo_path, "set the music volume to 50").returncode == 1  # no percent said: 50 is out of range
    assert _tool_answers(openai_server, 3)[-1]["error"] == "Volume must be between 0 and 1"
    assert demo_path.read_bytes() == before


def test_only_a_percentage_said_and_a_0_to_1_argument_are_changed() -> None:
    schema = {"properties": {"volume": {"type": "number", "minimum": 0, "maximum": 1}, "db": {"maximum": 20}}}
    assert percents_named("set it to 50% and the rest to 30 percent") == {50.0, 30.0}
    assert percents_named("at 1.5x") == set()
    call = ToolCall(name="set_volume", args={"volume": 50, "db": 30})
    assert as_fractions(call, schema, {50.0, 30.0}).args == {"volume": 0.5, "db": 30}
    assert as_fractions(call, schema, {40.0}) is call
    assert as_fractions(ToolCall(name="x", args={"volume": 0.5}), schema, {50.0}).args == {"volume": 0.5}


def test_a_server_that_says_its_model_takes_no_images_is_not_offered_a_review(
    openai_server: FakeOpenAI, demo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GEMINI_API_KEY", raising=False)
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)
    openai_server.props = {"modalities": {"vision": False, "audio": False}}
    openai_server.reply_text("The beach.")
    assert _run(demo_path, "what's at 12s?").returncode == 0
    body = openai_server.requests[0][1]
    names = {t["function"]["name"] for t in body["tools"]}
    assert "review_render" not in names and "load_asset_context" not in names  # no Gemini key sees clips either
    assert "split" in names and "load_asset_context" not in body["messages"][0]["content"]


def test_a_server_that_says_nothing_of_images_is_offered_a_review(
    openai_server: FakeOpenAI, demo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GEMINI_API_KEY", "k-test")
    openai_server.reply_text("The beach.")
    assert _run(demo_path, "what's at 12s?").returncode == 0
    body = openai_server.requests[0][1]
    names = {t["function"]["name"] for t in body["tools"]}
    assert {"review_render", "load_asset_context"} <= names
    assert "Call load_asset_context before describing" in body["messages"][0]["content"]


@pytest.mark.parametrize(
    ("invented", "first"),
    [
        ("splitt", "split"),  # a typo: its spelling
        ("get_timeline_elements", "list_timeline"),  # only looks: a read
        ("get_timeline", "list_timeline"),
        ("add_timeline_elements", "add_media_to_timeline"),  # its verb, not delete_timeline_elements' spelling
        ("remove_timeline_elements", "delete_timeline_elements"),  # remove is delete
        ("blur", "apply_effect"),  # an effect's name
        ("hide_track", "toggle_track_visibility"),
    ],
)
def test_an_invented_tool_name_is_answered_with_what_it_meant_first(invented: str, first: str) -> None:
    from neuralcut_cli.tools import default_registry

    registry = default_registry()
    assert registry.suggest(invented)[0] == first
    if invented.startswith("get_"):
        assert all(registry.get(name).kind == "read" for name in registry.suggest(invented))


def test_a_range_cut_for_a_request_that_changes_a_length_is_refused(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """Seen with the 1.5B model: "make the title two seconds shorter" became ``remove_range 0-2``, which cut two
    seconds out of the whole program."""
    from neuralcut_cli.agent.guard import ONE_LENGTH

    openai_server.reply_calls(("remove_range", {"start": 0, "end": 2, "ripple": True}))
    openai_server.reply_calls(("update_timeline_element_timing", {"elementId": "e-title", "duration": 1}))
    openai_server.reply_text("The title now lasts 1 s.")
    done = _run(demo_path, "make the title two seconds shorter")
    assert done.returncode == 0, done.stdout
    assert _tool_answers(openai_server, 1)[0]["error"] == ONE_LENGTH
    title = next(e for t in json.loads(demo_path.read_text())["scenes"][0]["tracks"]["overlay"] for e in t["elements"])
    assert title["id"] == "e-title" and title["duration"] == 120_000
    assert [e["duration"] for e in _main(demo_path)] == [720_000, 960_000, 720_000]  # the program as it was


def test_a_range_tool_given_a_duration_or_elements_says_it_takes_a_range(demo_path: Path) -> None:
    """Seen with the 1.5B model on "blur the last two seconds": ``apply_effect {elementIds, effectType, duration}``."""
    done = invoke(
        "tool", "apply_effect", '{"elementIds": ["e-main"], "effectType": "blur", "duration": 2}', "-p", demo_path
    )
    assert done.returncode == 1
    said = done.stdout + done.stderr
    assert "Unknown arguments: elementIds, duration" in said
    assert "start and end are times on the timeline in seconds, not a duration" in said
    assert "it works over a time range, whatever plays there, not on elements" in said
    other = invoke("tool", "split", '{"times": [5], "duration": 2}', "-p", demo_path)
    assert "Unknown argument: duration" in other.stdout + other.stderr
    assert "not a duration" not in other.stdout + other.stderr  # split takes no range


def test_an_empty_answer_to_a_failed_call_is_asked_again_once(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """Seen with the 1.5B model: silence after "Unknown arguments: elementIds, duration". It is asked once more,
    for that turn only; a second silence ends the request as before."""
    from neuralcut_cli.agent.orchestrator import AFTER_EMPTY

    openai_server.reply_calls(("apply_effect", {"elementIds": ["e-city"], "effectType": "blur", "duration": 2}))
    openai_server.reply_text("")
    openai_server.reply_calls(("apply_effect", {"effectType": "blur", "start": 18, "end": 20}))
    openai_server.reply_text("Blurred 18-20 s.")
    done = _run(demo_path, "blur the last two seconds")
    assert done.returncode == 0, done.stdout
    nudged = openai_server.requests[2][1]["messages"][-1]
    assert nudged["role"] == "user" and nudged["content"].startswith(AFTER_EMPTY)  # (the note goes last)
    assert AFTER_EMPTY not in json.dumps(openai_server.requests[3][1]["messages"])  # never kept
    effects = json.loads(demo_path.read_text())["scenes"][0]["tracks"]["overlay"]
    assert any(e.get("effectType") == "blur" for t in effects for e in t["elements"])
    openai_server.reply_calls(("apply_effect", {"duration": 2}))
    openai_server.reply_text("")
    openai_server.reply_text("")
    again = _run(demo_path, "blur the first two seconds")
    assert again.returncode == 1 and "empty answer" in json.loads(again.stdout)["reply"]
    assert len(openai_server.requests) == 7


def test_silence_after_a_right_edit_and_a_failed_extra_call_is_done(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """Seen with the 1.5B model: a right add_text, the same call again with the new element's id (refused), then
    silence. The title is there: the request is done (exit 0), not failed."""
    title = {"text": "Day one", "start": 0, "end": 3, "position": "top"}
    openai_server.reply_calls(("add_text", title))
    openai_server.reply_calls(("add_text", {**title, "elementId": "e-title"}))
    openai_server.reply_text("")
    done = _run(demo_path, 'put "Day one" at the top for 3 seconds')
    assert done.returncode == 0, done.stdout
    assert json.loads(done.stdout)["reply"].startswith('Done: add_text {"end": 3')
    refused = _tool_answers(openai_server, 2)[-1]
    assert refused["error"] == "Unknown argument: elementId" and "time range" not in refused["details"]


def test_an_id_of_the_wrong_kind_that_means_one_thing_is_that_thing(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """Seen with the 1.5B model: "delete the logo" called with the asset a-logo (placed once: e-logo), "hide the
    logo track" with the element e-logo (alone on t-logo). An invented id is still refused with its hint."""
    openai_server.reply_calls(("delete_timeline_elements", {"elementIds": ["a-logo"]}))
    openai_server.reply_text("Deleted the logo.")
    done = _run(demo_path, "delete the logo")
    assert done.returncode == 0, done.stdout
    assert json.loads(done.stdout)["toolCalls"][0]["args"] == {"elementIds": ["e-logo"]}  # the person sees it
    assert "e-logo" not in demo_path.read_text()
    openai_server.reply_calls(("toggle_track_mute", {"trackId": "e-music"}))
    openai_server.reply_text("Muted.")
    assert _run(demo_path, "mute the music track").returncode == 0
    assert json.loads(demo_path.read_text())["scenes"][0]["tracks"]["audio"][0]["muted"] is True
    before = demo_path.read_bytes()
    openai_server.reply_calls(("split", {"times": [5], "elementIds": ["e-main"]}))
    openai_server.reply_text("Could not.")
    assert _run(demo_path, "split at 5s").returncode == 1 and demo_path.read_bytes() == before


def test_only_an_id_that_means_one_thing_is_swapped(demo_path: Path) -> None:
    from neuralcut_cli.project.edit_session import ProjectSession
    from neuralcut_cli.tools.id_hints import sole_meaning

    project = ProjectSession(demo_path).project()
    assert sole_meaning(project, "elementIds", "a-logo") == "e-logo"
    assert sole_meaning(project, "elementIds", "t-text") == "e-title"  # the track's one element
    assert sole_meaning(project, "elementIds", "t-main") is None  # three clips: which?
    assert sole_meaning(project, "elementIds", "e-logo") is None  # already an element
    assert sole_meaning(project, "trackId", "e-beach") is None  # it shares its track
    assert sole_meaning(project, "trackId", "e-logo") == "t-logo"
    assert sole_meaning(project, "assetId", "e-logo") is None


def test_a_track_call_on_a_track_the_request_did_not_name_is_refused(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    """Seen in CI with the 1.5B model: "mute the music" muted t-main (Main Track). The request names the Music track
    by its name: the call is refused with the one to make, and the model makes it."""
    openai_server.reply_calls(("toggle_track_mute", {"trackId": "t-main"}))
    openai_server.reply_calls(("toggle_track_mute", {"trackId": "t-audio"}))
    openai_server.reply_text("Muted the music.")
    done = _run(demo_path, "mute the music")
    assert done.returncode == 0, done.stdout
    refused = _tool_answers(openai_server, 1)[-1]
    assert refused["error"] == (
        'Not asked for: the request names the Music track (t-audio). Call toggle_track_mute with {"trackId": '
        '"t-audio"} instead.'
    )
    tracks = json.loads(demo_path.read_text())["scenes"][0]["tracks"]
    assert tracks["audio"][0]["muted"] is True and not tracks["main"].get("muted")


def _title(path: Path) -> dict[str, Any]:
    tracks = json.loads(path.read_text())["scenes"][0]["tracks"]["overlay"]
    return next(e for t in tracks for e in t["elements"] if e["id"] == "e-title")


def test_moving_the_element_after_the_edit_asked_for_ends_the_request_as_done(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    """Seen with the 1.5B model: 'change the title to "Day two"' made the right update_text (its times as they
    were), then the same with the title moved 3 s later, again and again, until the edit budget stopped it with
    the title past the end of the video. The request names no time: the move is refused and the request is done,
    with the title where it was."""
    was = _title(demo_path)
    right = {"elementId": "e-title", "text": "Day two", "start": 0, "end": 3}
    openai_server.reply_calls(("update_text", right), ("update_text", {**right, "start": 3, "end": 6}))
    done = _run(demo_path, 'change the title to "Day two"')
    assert done.returncode == 0, done.stdout
    assert json.loads(done.stdout)["reply"].startswith("Done: update_text")
    title = _title(demo_path)
    assert title["content"] == "Day two" and (title["startTime"], title["duration"]) == (
        was["startTime"],
        was["duration"],
    )
    assert len(openai_server.requests) == 1  # no second turn: the request ended there


def test_a_request_with_no_time_cannot_move_an_element_in_time(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """The first call moves the title: refused with the call to make, which the model then makes."""
    was = _title(demo_path)
    openai_server.reply_calls(("update_text", {"elementId": "e-title", "text": "Day two", "start": 9, "end": 12}))
    openai_server.reply_calls(("update_text", {"elementId": "e-title", "text": "Day two"}))
    openai_server.reply_text("Changed the title.")
    done = _run(demo_path, 'change the title to "Day two"')
    assert done.returncode == 0, done.stdout
    refused = _tool_answers(openai_server, 1)[-1]
    assert refused["error"] == (
        "Not asked for: the request names no time, so e-title stays at 0-3 s. Call update_text with "
        '{"elementId": "e-title", "text": "Day two"} instead (or nothing, if that is done).'
    )
    title = _title(demo_path)
    assert title["content"] == "Day two" and title["startTime"] == was["startTime"]


@pytest.mark.parametrize(
    ("said", "retimes"),
    [
        ('change the title to "Day two"', False),
        ("make the title red", False),
        ("make the title longer", True),
        ("move the logo to the end", True),
        ("start the title later", True),
        ("make the title last until 5s", True),
        ("delete the logo", False),
    ],
)
def test_which_requests_may_move_things_in_time(said: str, retimes: bool) -> None:
    from neuralcut_cli.agent.asked_times import retimes as asked

    assert asked(said) is retimes


def test_a_move_the_request_asks_for_in_words_is_not_refused(openai_server: FakeOpenAI, demo_path: Path) -> None:
    openai_server.reply_calls(("update_timeline_element_timing", {"elementId": "e-title", "start": 2, "end": 5}))
    openai_server.reply_text("Moved.")
    assert _run(demo_path, "start the title a bit later").returncode == 0
    assert _title(demo_path)["startTime"] == 2 * 120_000


def test_an_edit_that_changes_nothing_after_the_right_one_ends_the_request_as_done(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    """Seen with the 1.5B model: after the right split at 5 s, it split the two new pieces at 5 s again (nothing to
    cut there). The request is done at that point, and the reply names only the edit that changed something."""
    openai_server.reply_calls(("split", {"times": [5], "elementIds": ["e-intro"]}))
    openai_server.reply_calls(("split", {"times": [5], "elementIds": ["e-intro", "e-beach"]}))
    done = _run(demo_path, "split at 5s")
    assert done.returncode == 0, done.stdout
    assert json.loads(done.stdout)["reply"] == 'Done: split {"elementIds": ["e-intro"], "times": [5]}.'
    assert len(openai_server.requests) == 2  # no third turn
    assert sorted(e["startTime"] + e["duration"] for e in _main(demo_path))[:2] == [5 * 120_000, 6 * 120_000]


def test_going_back_to_a_call_that_failed_after_correcting_it_is_done(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    openai_server.reply_calls(("split", {"times": [5], "elementIds": ["e-main"]}))
    openai_server.reply_calls(("split", {"times": [5], "elementIds": ["e-intro"]}))
    openai_server.reply_calls(("split", {"times": [5], "elementIds": ["e-main"]}))
    done = _run(demo_path, "split at 5s")
    assert done.returncode == 0, done.stdout
    assert json.loads(done.stdout)["reply"] == 'Done: split {"elementIds": ["e-intro"], "times": [5]}.'
    first = _tool_answers(openai_server, 1)[-1]
    assert first["error"] == "Element not found: e-main" and first["details"].startswith(
        "at 5 s: e-logo (Logo), e-intro (Main Track), e-music (Music); elementIds takes those or track ids ("
    )


CORRECTED = """To split the timeline at 5 seconds, you need to provide the correct elementIds. The closest are:

- e-intro (intro.mp4 on Main Track)

So, the correct arguments for the `split` tool are:

```json
{
  "times": [5],
  "elementIds": ["e-intro"]
}
```

This will split the timeline at 5 seconds, keeping the clips on the Main Track intact."""


def test_the_failed_calls_arguments_written_out_corrected_are_the_call(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    """Seen with the 1.5B model after "Element not found: e-main": its corrected arguments in a fenced block, with
    no tool name in the object, inside a paragraph about them."""
    openai_server.reply_calls(("split", {"times": [5], "elementIds": ["e-main"]}))
    openai_server.reply_text(CORRECTED)
    openai_server.reply_text("Split at 5 seconds.")
    done = _run(demo_path, "split at 5s")
    assert done.returncode == 0, done.stdout
    assert json.loads(done.stdout)["toolCalls"][-1]["args"] == {"times": [5], "elementIds": ["e-intro"]}
    assert len(_main(demo_path)) == 4


@pytest.mark.parametrize(
    ("text", "taken"),
    [
        (CORRECTED, True),
        (CORRECTED.replace("This will split", "If you want, this would split"), False),  # an offer
        (CORRECTED.replace('"times": [5],', '"times": [5], "speed": 2,'), False),  # not split's arguments
        (CORRECTED.replace('"times": [5],\n', ""), False),  # its required times missing
        (CORRECTED + '\n{"times": [6]}', False),  # two objects: which?
    ],
)
def test_a_corrected_call_in_prose_is_taken_only_when_it_can_mean_that_call(text: str, taken: bool) -> None:
    from neuralcut_cli.agent.types import ToolResult
    from neuralcut_cli.agent.written_calls import correction
    from neuralcut_cli.tools import default_registry

    failed = ToolResult(tool_call_id="c1", name="split", result={"error": "x"}, error="Element not found: e-main")
    found = correction(text, failed, default_registry().get("split").parameters)
    assert (found is not None) is taken
    if found is not None:
        assert found.name == "split" and found.args == {"times": [5], "elementIds": ["e-intro"]}
    succeeded = ToolResult(tool_call_id="c1", name="split", result={"success": True})
    assert correction(text, succeeded, default_registry().get("split").parameters) is None


def test_a_request_to_add_a_media_file_places_it_and_does_nothing_else(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    """Seen with the 1.5B model: "add the outtake at the end" answered with add_clip_effect on an invented e-main,
    then, once told, the right add_media_to_timeline, then a black-and-white effect on the placed outtake."""
    effect = {"effectType": "black-and-white", "params": {"intensity": 100}}
    openai_server.reply_calls(("add_clip_effect", {"elementIds": ["e-main"], **effect}))
    openai_server.reply_calls(("add_media_to_timeline", {"assetId": "a-outtake", "trackType": "main", "startTime": 20}))
    openai_server.reply_calls(("add_clip_effect", {"elementIds": ["e-city"], **effect}))
    done = _run(demo_path, "add the outtake at the end")
    assert done.returncode == 0, done.stdout
    assert _tool_answers(openai_server, 1)[-1]["error"] == (
        "Not asked for: the request adds the media file outtake.mp4 (a-outtake). Call add_media_to_timeline with "
        '{"assetId": "a-outtake", "trackType": "main", "startTime": 20.0} instead.'
    )
    assert json.loads(done.stdout)["reply"].startswith('Done: add_media_to_timeline {"assetId": "a-outtake"')
    main = _main(demo_path)
    assert [e["mediaId"] for e in main][-1] == "a-outtake" and main[-1]["startTime"] == 20 * 120_000
    assert not any(e.get("effects") or e.get("clipEffects") for e in main)


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("add the outtake at the end", ("a-outtake", "outtake.mp4", "main", 20.0)),
        ("put outtake.mp4 at 12s", ("a-outtake", "outtake.mp4", "main", 12.0)),
        ("append the outtake", ("a-outtake", "outtake.mp4", "main", None)),
        ("add a blur to the outtake", None),  # an effect first
        ("add the beach clip", None),  # already on the timeline
        ("add the outtake at the end and make it black and white", None),  # more than the file asked for
        ("add the bloopers", None),  # no such file
    ],
)
def test_which_requests_ask_to_add_a_media_file(
    demo_path: Path, said: str, meant: tuple[str, str, str, float | None] | None
) -> None:
    from neuralcut_cli.agent.added_media import added_asset
    from neuralcut_cli.project.edit_session import ProjectSession

    assert added_asset(ProjectSession(demo_path).project(), said) == meant


def test_a_stretch_named_by_its_edge_is_the_one_a_range_call_covers(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """Seen with the 1.5B model: "blur the last two seconds" called apply_effect with an element and a duration;
    told the stretch, it made the right call, then the same call with 18 and 20 written as integers (one blur, not
    two)."""
    openai_server.reply_calls(("apply_effect", {"elementIds": ["e-main"], "effectType": "blur", "duration": 2}))
    openai_server.reply_calls(("apply_effect", {"effectType": "blur", "start": 18.0, "end": 20.0}))
    openai_server.reply_calls(("apply_effect", {"effectType": "blur", "start": 18, "end": 20}))
    done = _run(demo_path, "blur the last two seconds")
    assert done.returncode == 0, done.stdout
    assert _tool_answers(openai_server, 1)[-1]["error"] == (
        'Not asked for: the request means 18-20 s of the video. Call apply_effect with {"effectType": "blur", '
        '"start": 18.0, "end": 20.0} instead.'
    )
    tracks = json.loads(demo_path.read_text())["scenes"][0]["tracks"]["overlay"]
    blurs = [e for t in tracks for e in t["elements"] if e.get("effectType") == "blur"]
    assert [(b["startTime"], b["duration"]) for b in blurs] == [(18 * 120_000, 2 * 120_000)]


def test_the_guards_own_call_to_make_echoed_as_text_is_the_call() -> None:
    from neuralcut_cli.agent.written_calls import written_calls

    echoed = 'The request means 18-20 s of the video. Call apply_effect with {"effectType": "blur", "start": 18.0, "end": 20.0} instead.'
    found = written_calls(echoed, ["apply_effect"])
    assert found is not None and found.meant and not found.offered
    offer = 'You could call apply_effect with {"effectType": "blur", "start": 18, "end": 20} instead, if you want.'
    assert written_calls(offer, ["apply_effect"]).offered  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("said", "span"),
    [
        ("blur the last two seconds", (18.0, 20.0)),
        ("darken the first three seconds of the video", (0.0, 3.0)),
        ("make the last half a second black", (19.5, 20.0)),
        ("blur the last 2 seconds of the intro", None),  # the edge of something else
        ("blur the last two seconds and the first one second", None),  # two stretches
        ("blur the last 30 seconds", None),  # longer than the video
        ("blur the beach clip", None),
    ],
)
def test_the_stretch_a_request_names_by_its_edge(said: str, span: tuple[float, float] | None) -> None:
    from neuralcut_cli.agent.asked_times import edge_span

    assert edge_span(said, 20.0) == span


def test_a_range_call_inside_the_stretch_the_request_names_runs(openai_server: FakeOpenAI, demo_path: Path) -> None:
    openai_server.reply_calls(("remove_range", {"start": 2, "end": 4}))
    openai_server.reply_text("Removed 2-4 s.")
    assert _run(demo_path, "tidy up the first ten seconds").returncode == 0
    assert 2 * 120_000 in {e["startTime"] + e["duration"] for e in _main(demo_path)}  # the intro cut at 2 s


def test_an_edit_that_changes_nothing_among_more_calls_of_its_turn_ends_nothing(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    """A model that answers with several calls at once: one of them changing nothing (the title already was that
    colour) does not cut off the calls after it."""
    openai_server.reply_calls(
        ("update_text", {"elementId": "e-title", "text": "Day two"}),
        ("update_text", {"elementId": "e-title", "text": "Day two"}),
        ("move_timeline_elements", {"elementIds": ["e-logo"], "start": 12}),
    )
    openai_server.reply_text("Changed the title and moved the logo.")
    done = _run(demo_path, 'change the title to "Day two" and move the logo to 12s')
    assert done.returncode == 0, done.stdout
    logo = next(
        e
        for t in json.loads(demo_path.read_text())["scenes"][0]["tracks"]["overlay"]
        for e in t["elements"]
        if e["id"] == "e-logo"
    )
    assert logo["startTime"] == 12 * 120_000 and _title(demo_path)["content"] == "Day two"


def test_a_delete_of_more_than_the_element_named_is_refused_and_the_words_for_the_right_one_are_it(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    """Seen with the 1.5B model: "delete the title" deleted five ids (t-main among them), then, told t-main is a
    track, deleted every clip on the main track. Refused with the delete to make; the model then said that call in
    words ("you should use delete_timeline_elements with elementIds ["e-title"]"): that is the call."""
    everything = {"elementIds": ["e-title", "e-vignette", "e-logo", "t-main", "e-music"], "ripple": True}
    openai_server.reply_calls(("delete_timeline_elements", everything))
    openai_server.reply_text(
        "To delete the title, you should use the `delete_timeline_elements` function with the `elementIds` "
        'parameter set to `["e-title"]` and the `ripple` parameter set to `true`.'
    )
    openai_server.reply_text("Deleted the title.")
    done = _run(demo_path, "delete the title")
    assert done.returncode == 0, done.stdout
    assert _tool_answers(openai_server, 1)[-1]["error"] == (
        "Not asked for: the request names Title (e-title) only, not e-vignette, e-logo, t-main, e-music. Call "
        'delete_timeline_elements with {"elementIds": ["e-title"], "ripple": true} instead.'
    )
    text = demo_path.read_text()
    assert "e-title" not in text and all(i in text for i in ("e-vignette", "e-logo", "e-music", "e-intro"))


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("delete the title", ("e-title", "Title")),
        ("remove the beach clip", ("e-beach", "beach.mp4")),
        ("delete day one", ("e-title", "Title")),
        ("delete everything after the logo", None),
        ("delete the intro and the city", None),
        ("delete everything", None),
    ],
)
def test_which_element_a_delete_request_is_about(demo_path: Path, said: str, meant: tuple[str, str] | None) -> None:
    from neuralcut_cli.agent.context import deleted_element
    from neuralcut_cli.project.edit_session import ProjectSession

    assert deleted_element(ProjectSession(demo_path).project(), said) == meant


def test_a_length_change_keeps_the_start_and_moves_the_end_by_the_amount(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    """Seen with the 1.5B model: "make the title two seconds shorter" moved the title 3 s along, eight times. The
    call to make is written out; the same refused call three times stops the request, nothing changed."""
    before = demo_path.read_bytes()
    for _ in range(4):
        openai_server.reply_calls(("update_text", {"elementId": "e-title", "text": "Day one", "start": 3, "end": 6}))
    done = _run(demo_path, "make the title two seconds shorter")
    assert done.returncode == 1 and demo_path.read_bytes() == before
    refusal = (
        "Not asked for: the request makes e-title 1 s long, from 0 s to 1 s. Call update_timeline_element_timing with "
        '{"elementId": "e-title", "start": 0.0, "end": 1.0} instead.'
    )
    assert _tool_answers(openai_server, 1)[-1]["error"] == refusal
    assert json.loads(done.stdout)["reply"].startswith(f"Stopped: update_text was refused 3 times: {refusal}")
    assert len(openai_server.requests) == 3
    openai_server.reply_calls(("update_text", {"elementId": "e-title", "start": 0.0, "end": 1.0}))
    openai_server.reply_text("Shortened.")
    assert _run(demo_path, "make the title two seconds shorter").returncode == 0
    assert (_title(demo_path)["startTime"], _title(demo_path)["duration"]) == (0, 120_000)


@pytest.mark.parametrize(
    ("said", "change"),
    [
        ("make the title two seconds shorter", -2.0),
        ("make the title 3 seconds longer", 3.0),
        ("shorten the title by one second", -1.0),
        ("extend the logo by 2.5 seconds", 2.5),
        ("make the title shorter", None),  # by how much?
        ("make it 2 seconds shorter and 1 second longer", None),
    ],
)
def test_the_length_a_request_adds(said: str, change: float | None) -> None:
    from neuralcut_cli.agent.asked_times import length_change

    assert length_change(said) == change


def test_a_call_said_in_words_is_taken_only_from_a_refusal_made_of_the_requests_own_words() -> None:
    """The delete a range refusal offers is made of the model's own range (it may hold everything): said back in
    words, it is not run; nor is a call the model says it cannot make."""
    from neuralcut_cli.agent.guard import NO_TIME_ASKED
    from neuralcut_cli.agent.types import ToolResult
    from neuralcut_cli.agent.written_calls import agreed

    tools = ["delete_timeline_elements", "remove_range"]
    words = "To delete the title, you should use the delete_timeline_elements function with elementIds e-title."
    named = (
        "Not asked for: the request names Title (e-title) only, not e-logo. Call delete_timeline_elements with "
        '{"elementIds": ["e-title"]} instead.'
    )
    refused = ToolResult(tool_call_id="c", name="delete_timeline_elements", result={"error": named}, error=named)
    found = agreed(words, refused, tools)
    assert found is not None and found.args == {"elementIds": ["e-title"]}
    assert agreed("Sorry, I cannot call delete_timeline_elements here.", refused, tools) is None
    ranged = NO_TIME_ASKED + ' Here: call delete_timeline_elements with {"elementIds": ["e-title", "e-intro"]}.'
    wide = ToolResult(tool_call_id="c", name="remove_range", result={"error": ranged}, error=ranged)
    assert agreed(words, wide, tools) is None
