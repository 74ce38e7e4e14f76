"""Issue 42 §3, §4, §6: what a small local model gets back when it calls what does not exist, writes a call the
server cannot read, asks a question, asks for what no tool does, or has nothing more to say after a right edit.
Scripted on the fake OpenAI-compatible server, driven through the real ``openai`` SDK and `neuralcut run`."""

from __future__ import annotations

import json
from pathlib import Path

from agent_helpers import main_elements as _main
from agent_helpers import run_openai as _run
from agent_helpers import tool_answers as _tool_answers
from cli_helpers import invoke
from fake_openai import FakeOpenAI

from neuralcut_cli.agent.endings import FAILED_CALL
from neuralcut_cli.agent.guard import DEFAULT_EDIT_BUDGET
from neuralcut_cli.agent.out_of_reach import CANT


def test_a_tool_that_does_not_exist_is_answered_with_the_closest_names(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    openai_server.reply_calls(("blur", {"seconds": 2}))
    openai_server.reply_calls(("zoom", {"amount": 2}))
    openai_server.reply_text("There is no blur tool; apply_effect adds one.")
    done = _run(demo_path, "blur the last two seconds")
    assert json.loads(done.stdout)["reply"] == (  # not fatal, and no claim stands unanswered
        "There is no blur tool; apply_effect adds one.\n" + FAILED_CALL.format(error="Unknown tool: zoom")
    )
    assert done.returncode == 1  # nothing was done: its last call failed
    blur, zoom = _tool_answers(openai_server, 2)
    assert blur["error"] == "Unknown tool: blur" and "apply_effect" in blur["details"]
    assert zoom["error"] == "Unknown tool: zoom" and "animate" in zoom["details"]


def test_a_call_the_server_cannot_read_is_answered_by_its_streamed_name(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    """llama.cpp answers 500 in the middle of the stream when the model writes an undeclared tool; the name it
    wrote is in the server's words: the model is told that tool does not exist, and goes on."""
    before = demo_path.read_bytes()
    openai_server.reply_stream_error(
        "", 'Failed to parse input at pos 14: <tool_call>\n{"name": "add_timeline_elements", "arguments": {}}'
    )
    openai_server.reply_text("I could not find that tool.")
    done = _run(demo_path, "add the outtake at the end")
    assert json.loads(done.stdout)["reply"] == (  # a turn more, not a dead request
        "I could not find that tool.\n" + FAILED_CALL.format(error="Unknown tool: add_timeline_elements")
    )
    (answer,) = _tool_answers(openai_server, 1)
    assert answer["error"] == "Unknown tool: add_timeline_elements" and "the closest:" in answer["details"]
    assert demo_path.read_bytes() == before


def test_a_format_error_with_no_name_is_retried_once_with_how_to_call(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    openai_server.reply_stream_error("", "Failed to parse input at pos 3: <tool_call>{{")
    openai_server.reply_calls(("split", {"times": [5]}))
    openai_server.reply_text("Split at 5 s.")
    done = _run(demo_path, "split at 5s")
    assert done.returncode == 0, done.stdout
    retried = openai_server.requests[1][1]["messages"][-1]
    assert retried["role"] == "user" and "could not be read as a tool call" in retried["content"]
    assert len(_main(demo_path)) == 4


def test_a_second_format_error_ends_the_request_with_the_servers_words(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    before = demo_path.read_bytes()
    openai_server.reply_stream_error("", "Failed to parse input at pos 3")
    openai_server.reply_stream_error("", "Failed to parse input at pos 9")
    done = _run(demo_path, "split at 5s")
    assert done.returncode == 1 and "Failed to parse input at pos 9" in json.loads(done.stdout)["reply"]
    assert len(openai_server.requests) == 2 and demo_path.read_bytes() == before


def test_an_upload_is_a_plain_cannot_and_no_model_turn(openai_server: FakeOpenAI, demo_path: Path) -> None:
    before = demo_path.read_bytes()
    done = _run(demo_path, "Upload the video to YouTube")
    assert done.returncode == 1
    assert json.loads(done.stdout)["reply"] == CANT and "can't do that here" in CANT
    assert openai_server.requests == [] and demo_path.read_bytes() == before


def test_the_offline_backend_says_the_same_plain_cannot(demo_path: Path) -> None:
    done = invoke("run", "post it on tiktok", "-p", demo_path, "--json")
    assert done.returncode == 1 and json.loads(done.stdout)["reply"] == CANT


def test_nothing_more_to_say_after_a_right_edit_is_done(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """Seen with Qwen2.5-Coder-1.5B: a right split, then an empty answer. That is the request done (exit 0)."""
    openai_server.reply_calls(("split", {"times": [5]}))
    openai_server.reply_text("")
    done = _run(demo_path, "split at 5s")
    assert done.returncode == 0, done.stdout
    assert json.loads(done.stdout)["reply"] == 'Done: split {"times": [5]}.'


def test_an_empty_answer_with_nothing_done_is_still_an_error(openai_server: FakeOpenAI, demo_path: Path) -> None:
    openai_server.reply_text("")
    done = _run(demo_path, "split at 5s")
    assert done.returncode == 1 and "empty answer" in json.loads(done.stdout)["reply"]


def test_a_model_backend_may_make_at_most_eight_edits_in_one_request() -> None:
    assert DEFAULT_EDIT_BUDGET == 8  # (the offline backend plans its own; the stop is tested in test_model_guardrails)


def test_a_question_is_sent_the_same_tools_and_system_prompt_as_an_edit(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    openai_server.reply_text("Split.")
    openai_server.reply_text("The video is 20 seconds long.")
    assert _run(demo_path, "split at 5s").returncode == 0
    assert _run(demo_path, "how long is the video?").returncode == 0
    edit, question = (body for _, body in openai_server.requests)
    assert edit["tools"] == question["tools"] and edit["messages"][0] == question["messages"][0]


def test_a_server_on_this_machine_is_asked_for_its_likeliest_short_answer(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    """The fake server is on 127.0.0.1: temperature 0, and a bound on the tokens one answer may write (a 1.5B
    model once looped for 1,800 tokens)."""
    from neuralcut_cli.agent.backends.openai_compat import LOCAL_MAX_TOKENS
    from neuralcut_cli.providers.openai_compat.client import is_local, read_timeout

    openai_server.reply_text("The video is 20 seconds long.")
    assert _run(demo_path, "how long is the video?").returncode == 0
    body = openai_server.requests[0][1]
    assert body["temperature"] == 0 and body["max_tokens"] == LOCAL_MAX_TOKENS == 512
    assert is_local(openai_server.url) and not is_local("https://api.openai.com/v1")
    assert read_timeout("http://127.0.0.1:8080/v1") == 1800 and read_timeout("https://api.openai.com/v1") == 60


def test_a_split_at_times_nobody_asked_for_is_refused_with_the_times_asked(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    """Seen with Qwen2.5-Coder-1.5B: "split at 5s" became ``times: [0, 5, 10, 14, 20]``, an unasked cut at 10 s."""
    openai_server.reply_calls(("split", {"times": [0, 5, 10, 14, 20]}))
    openai_server.reply_calls(("split", {"times": [5]}))
    openai_server.reply_text("Split at 5 s.")
    done = _run(demo_path, "split at 5s")
    assert done.returncode == 0, done.stdout
    (refused,) = _tool_answers(openai_server, 1)
    assert refused["error"] == 'Not asked for: a cut at 10, 14 s. Call split with {"times": [5]} instead.'
    assert sorted(e["startTime"] for e in _main(demo_path)) == [0, 5 * 120_000, 6 * 120_000, 14 * 120_000]


def test_the_times_a_request_names() -> None:
    from neuralcut_cli.agent.asked_times import times_named, unasked

    assert times_named("split at 5s") == {5.0} and times_named("split at 5") == {5.0}
    assert times_named("cut at 1:05 and at 2.5 seconds") >= {65.0, 2.5}
    assert {3.0, 7.0} <= times_named("split at 3 and 7") and {3.0, 7.0, 12.0} <= times_named("split at 3, 7 and 12s")
    assert times_named("split at every shot change") == set() and times_named("speed it up 2x at 50%") == set()
    assert unasked([0, 5, 10, 20], {5.0}, end=20.0) == [10.0] and unasked([3, 7], set()) == []


def test_a_read_written_inside_prose_runs_since_it_changes_nothing(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """Seen in CI with the 1.5B model on "how long is the video?": a list_timeline call object inside a sentence.
    A read cannot harm the project, so it runs; an edit inside prose is still refused (test_model_guardrails)."""
    before = demo_path.read_bytes()
    openai_server.reply_text(
        'To answer I will read the timeline first: {"name": "list_timeline", "arguments": {}} and then count '
        "the seconds from the first clip to the last one on the main track."
    )
    openai_server.reply_text("The video is 20 seconds long.")
    done = _run(demo_path, "how long is the video?")
    assert done.returncode == 0, done.stdout
    answer = json.loads(done.stdout)
    assert answer["reply"] == "The video is 20 seconds long." and answer["toolCalls"][0]["name"] == "list_timeline"
    assert demo_path.read_bytes() == before


def test_an_unasked_cut_with_none_of_the_named_times_names_them() -> None:
    from neuralcut_cli.agent.types import ToolCall
    from neuralcut_cli.agent.unasked import unasked_cuts as _unasked_cuts

    call = ToolCall(id="c", name="split", args={"times": [8], "elementIds": ["e-beach"]})
    assert (
        _unasked_cuts(call, [8.0], {5.0}) == "Not asked for: a cut at 8 s. The request names 5 s: split at those only."
    )
    call = ToolCall(id="c", name="split", args={"times": [5, 8], "elementIds": ["e-beach"]})
    assert _unasked_cuts(call, [8.0], {5.0}) == (
        'Not asked for: a cut at 8 s. Call split with {"times": [5], "elementIds": ["e-beach"]} instead.'
    )


def test_a_range_cut_for_a_request_that_names_no_time_is_refused(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """Seen with Qwen2.5-Coder-1.5B: "delete the title" became ``remove_range 0-3``, which took the intro with it."""
    from neuralcut_cli.agent.guard import NO_TIME_ASKED

    openai_server.reply_calls(("remove_range", {"start": 0, "end": 3, "ripple": True}))
    openai_server.reply_calls(("delete_timeline_elements", {"elementIds": ["e-title"]}))
    openai_server.reply_text("Deleted the title.")
    done = _run(demo_path, "delete the title")
    assert done.returncode == 0, done.stdout
    (refused,) = _tool_answers(openai_server, 1)
    assert refused["error"] == NO_TIME_ASKED + ' Here: call delete_timeline_elements with {"elementIds": ["e-title"]}.'
    project = json.loads(demo_path.read_text())
    ids = {e["id"] for t in project["scenes"][0]["tracks"]["overlay"] for e in t["elements"]}
    assert "e-title" not in ids and [e["id"] for e in _main(demo_path)][0] == "e-intro"  # the intro untouched


def test_what_speaks_of_time() -> None:
    from neuralcut_cli.agent.asked_times import mentions_time

    assert not mentions_time("delete the title") and not mentions_time("cut the intro")
    assert mentions_time("remove the last two seconds") and mentions_time("remove everything between 3s and 6s")
    assert mentions_time("cut frame 120 to 150") and mentions_time("delete 1:05-1:10")


def test_a_delete_for_a_request_that_only_adds_is_refused(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """Seen with Qwen2.5-Coder-1.5B: "add the outtake at the end" was answered with a delete."""
    from neuralcut_cli.agent.guard import NOTHING_TO_TAKE_AWAY

    openai_server.reply_calls(("delete_timeline_elements", {"elementIds": ["e-city"]}))
    openai_server.reply_calls(("add_media_to_timeline", {"assetId": "a-outtake", "startTime": 20, "trackType": "main"}))
    openai_server.reply_text("Added the outtake at the end.")
    done = _run(demo_path, "add the outtake at the end")
    assert done.returncode == 0, done.stdout
    (refused,) = _tool_answers(openai_server, 1)
    assert refused["error"] == NOTHING_TO_TAKE_AWAY.format(name="delete_timeline_elements")
    main = _main(demo_path)
    assert [e["id"] for e in main][:3] == ["e-intro", "e-beach", "e-city"] and main[-1]["mediaId"] == "a-outtake"


def test_what_only_adds() -> None:
    from neuralcut_cli.agent.asked_times import only_adds

    assert only_adds("add the outtake at the end") and only_adds('put "Day one" at the top for 3 seconds')
    assert only_adds("insert the b-roll at 10s") and only_adds("overlay logo.png at the top right")
    assert not only_adds("add a crossfade and remove the logo") and not only_adds("add the outtake instead of the city")
    assert not only_adds("delete the title") and not only_adds("put the music under the talk without the pauses")
    assert not only_adds("put the outtake in place of the city clip")  # a replace: the city clip goes
    assert not only_adds("make the title red")  # adds nothing: every tool as before


def test_a_call_written_with_a_plain_sentence_about_it_runs(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """Seen with Qwen2.5-Coder-1.5B for "move the logo to 12s": the call as JSON, then what it does."""
    openai_server.reply_text(
        '```json\n{"name": "move_timeline_elements", "arguments": {"elementIds": ["e-logo"], "start": 12}}\n```\n'
        "This moves the logo so that it starts at 12 seconds."
    )
    openai_server.reply_text("The logo now starts at 12 s.")
    done = _run(demo_path, "move the logo to 12s")
    assert done.returncode == 0, done.stdout
    assert json.loads(done.stdout)["reply"] == "The logo now starts at 12 s."
    project = json.loads(demo_path.read_text())
    logo = next(e for t in project["scenes"][0]["tracks"]["overlay"] for e in t["elements"] if e["id"] == "e-logo")
    assert logo["startTime"] == 12 * 120_000
