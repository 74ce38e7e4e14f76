"""A real model, even a small local one, cannot wreck a project (issue 30). Each misbehaviour a small model showed
is scripted on the fake OpenAI-compatible server and driven through the real ``openai`` SDK and `neuralcut run`:
the turns stay bounded, the file is unchanged or one undo step away, and the person reads a clear message."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from cli_helpers import Result, invoke
from fake_openai import FakeOpenAI

from neuralcut_cli.agent.backends.prompt import NOTE_HEADING
from neuralcut_cli.agent.guard import DEFAULT_EDIT_BUDGET, QUESTION_REFUSED


def _run(path: Path, text: str, *extra: str) -> Result:
    return invoke("run", text, "-p", path, "--backend", "openai", "--json", *extra)


def _content(raw: bytes) -> dict[str, Any]:
    """The project without the time it was last saved."""
    data = json.loads(raw)
    data["metadata"].pop("updatedAt", None)
    return data


def _answers(server: FakeOpenAI) -> list[dict[str, Any]]:
    """The tool results the model was sent, last request's, in order."""
    return [json.loads(m["content"]) for m in server.requests[-1][1]["messages"] if m["role"] == "tool"]


def test_an_edit_made_again_right_after_it_succeeded_ends_the_request_as_done(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    """Issue 42 §3: small models confirm a right edit by making it again; that is success, not a failure that
    invites the person to undo a correct edit."""
    for _ in range(6):  # it would go on: the second identical call ends the request
        openai_server.reply_calls(("split", {"times": [5]}))
    done = _run(demo_path, "split at 5s")
    assert done.returncode == 0, done.stdout
    answer = json.loads(done.stdout)
    assert answer["reply"] == 'Done: split {"times": [5]}.' and "undo" not in answer["reply"]
    assert [c["name"] for c in answer["toolCalls"]] == ["split"]  # the repeat is not shown as a failed call
    assert len(openai_server.requests) == 2  # bounded: no third turn
    assert sum(1 for e in json.loads(demo_path.read_text())["scenes"][0]["tracks"]["main"]["elements"]) == 4


def test_a_model_that_repeats_an_earlier_edit_is_stopped_one_undo_from_the_start(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    before = demo_path.read_bytes()
    openai_server.reply_calls(("remove_range", {"start": 2, "end": 4}))
    openai_server.reply_calls(("split", {"times": [9]}))
    for _ in range(4):  # back to the first edit: not a confirmation, a loop
        openai_server.reply_calls(("remove_range", {"start": 2, "end": 4}))
    done = _run(demo_path, "tidy up the first ten seconds")
    assert done.returncode == 1
    reply = json.loads(done.stdout)["reply"]
    assert "called again with the same arguments" in reply and "say 'undo'" in reply
    assert len(openai_server.requests) == 3  # bounded: no fourth turn
    assert invoke("undo", "-p", demo_path).returncode == 0
    assert _content(demo_path.read_bytes()) == _content(before)  # one undo step back to where the request began


def test_a_model_that_keeps_editing_is_stopped_after_the_budget(openai_server: FakeOpenAI, demo_path: Path) -> None:
    for k in range(DEFAULT_EDIT_BUDGET + 3):
        openai_server.reply_calls(("split", {"times": [0.5 + k]}))
    done = _run(demo_path, "chop it up")
    assert done.returncode == 1 and f"Stopped after {DEFAULT_EDIT_BUDGET} edits" in json.loads(done.stdout)["reply"]
    assert len(openai_server.requests) == DEFAULT_EDIT_BUDGET + 1


def test_a_question_only_looks(openai_server: FakeOpenAI, demo_path: Path) -> None:
    before = demo_path.read_bytes()
    openai_server.reply_calls(("remove_range", {"start": 11, "end": 13}))
    openai_server.reply_text("At 12 s the beach clip plays, with the vignette and the logo over it.")
    done = _run(demo_path, "what's at 12s?")
    assert done.returncode == 0 and "beach clip" in json.loads(done.stdout)["reply"]
    assert demo_path.read_bytes() == before
    offered = [t["function"]["name"] for t in openai_server.requests[0][1]["tools"]]
    assert {"list_timeline", "remove_range"} <= set(offered)  # issue 42 §6: the same list, so the cache holds
    assert _answers(openai_server)[0] == {"error": QUESTION_REFUSED}  # ... and the guard refuses its edits


def test_a_wrong_kind_of_id_is_explained_and_the_model_recovers(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """A track of several clips where one element belongs: which one is the model's to say (a track of one element
    is that element: ``test_small_model_reads``)."""
    openai_server.reply_calls(("set_volume", {"elementId": "t-main", "volume": 0.5}))
    openai_server.reply_calls(("set_volume", {"elementId": "e-beach", "volume": 0.5}))
    openai_server.reply_text("The beach clip is at half volume now.")
    done = _run(demo_path, "beach clip at half volume")
    assert done.returncode == 0
    first = json.loads(openai_server.requests[1][1]["messages"][-1]["content"])
    assert first["error"] == "Element not found"
    assert first["details"] == (
        "t-main is a track (Main Track); elementId takes elements, such as those on it: e-intro, e-beach, e-city"
    )
    beach = json.loads(demo_path.read_text())["scenes"][0]["tracks"]["main"]["elements"][1]
    assert beach["id"] == "e-beach" and beach["volume"] == -6.02


def test_a_locked_tool_is_explained_when_unlocked(openai_server: FakeOpenAI, demo_path: Path) -> None:
    openai_server.reply_calls(("use_tools", {"groups": ["motion"]}))
    openai_server.reply_calls(("fade", {"elementIds": ["e-music"], "out": 2}))
    openai_server.reply_text("Faded the music out over 2 s.")
    done = invoke(
        "run", "fade out the music", "-p", demo_path, "--backend", "openai", "--json", env={"NEURALCUT_TOOLS": "lean"}
    )
    assert done.returncode == 0, done.stderr
    unlocked = json.loads(openai_server.requests[1][1]["messages"][-1]["content"])["output"]
    assert unlocked["what"]["fade"].startswith("Fade") and "Call these now, by name" in unlocked["next"]
    first = {t["function"]["name"] for t in openai_server.requests[0][1]["tools"]}
    second = {t["function"]["name"] for t in openai_server.requests[1][1]["tools"]}
    assert "fade" not in first and "fade" in second  # declared from the turn after use_tools


def test_an_error_in_the_middle_of_the_stream_keeps_its_words(openai_server: FakeOpenAI, demo_path: Path) -> None:
    openai_server.reply_stream_error("Let me", "the model ran out of context (n_ctx 4096)")
    done = _run(demo_path, "split at 5s")
    assert done.returncode == 1
    error = json.loads(done.stdout)["reply"]
    assert "stopped in the middle of its answer: the model ran out of context (n_ctx 4096)" in error
    assert "APIError" not in error


def test_a_call_written_as_text_alone_runs_as_the_call(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """Issue 42 §2: Qwen2.5-Coder under its own template writes ``{{…}}}``; the reply is only the call, so it is
    the call (through the guard), and the model's next turn sees it as one."""
    openai_server.reply_text('{{"name": "split", "arguments": {"times": [5]}}}}')
    openai_server.reply_text("Split at 5 s.")
    done = _run(demo_path, "split at 5s")
    assert done.returncode == 0, done.stdout
    answer = json.loads(done.stdout)
    assert answer["reply"] == "Split at 5 s." and [c["name"] for c in answer["toolCalls"]] == ["split"]
    assert len(json.loads(demo_path.read_text())["scenes"][0]["tracks"]["main"]["elements"]) == 4
    sent = openai_server.requests[1][1]["messages"]
    assert sent[-2]["tool_calls"][0]["function"]["name"] == "split" and sent[-1]["role"] == "tool"


def test_a_call_written_inside_prose_is_not_taken_for_an_answer(openai_server: FakeOpenAI, demo_path: Path) -> None:
    before = demo_path.read_bytes()
    openai_server.reply_text(
        'I would split it like this: ```json\n{"name": "split", "arguments": {"times": [5]}}\n``` '
        "once you confirm that the music should be cut at the same place as the picture."
    )
    done = _run(demo_path, "split at 5s")
    assert done.returncode == 1
    reply = json.loads(done.stdout)["reply"]
    assert "wrote a call to split as text instead of calling the tool" in reply and "--jinja" in reply
    assert demo_path.read_bytes() == before


def test_the_request_keeps_a_cacheable_prefix_across_an_edit(openai_server: FakeOpenAI, tmp_path: Path) -> None:
    """Issue 30 §5: the rules and declarations come first and stay byte for byte; the project note, which an edit
    changes, comes last (with the request)."""
    path = tmp_path / "demo.json"
    shutil.copy(demo_path_of(), path)
    openai_server.reply_calls(("split", {"times": [5]}))
    openai_server.reply_text("Split.")
    openai_server.reply_text("Nothing more to do.")
    assert _run(path, "split at 5s").returncode == 0
    assert _run(path, "now tidy up if needed").returncode == 0
    first, within, second = (body for _, body in openai_server.requests)
    assert first["messages"][0] == second["messages"][0] and first["tools"] == second["tools"]
    words, note = first["messages"][1]["content"].split(f"\n\n{NOTE_HEADING}")
    assert second["messages"][1]["content"] == words  # the earlier request, as it was said
    assert within["messages"][: len(first["messages"])] == first["messages"]  # a tool turn only adds at the end
    assert NOTE_HEADING not in json.dumps(second["messages"][:-1]) and NOTE_HEADING in second["messages"][-1]["content"]
    assert note != second["messages"][-1]["content"].split(f"\n\n{NOTE_HEADING}")[1]  # the edit shows in the note


def demo_path_of() -> Path:
    from paths import DEMO

    return DEMO


def test_reading_again_after_each_edit_is_not_a_loop(openai_server: FakeOpenAI, demo_path: Path) -> None:
    """list_timeline before every edit (fresh ids) is good practice: only the same read with nothing edited
    between counts as going round in circles."""
    for seconds in (3, 6, 9):
        openai_server.reply_calls(("list_timeline", {}))
        openai_server.reply_calls(("split", {"times": [seconds]}))
    openai_server.reply_text("Split at 3, 6 and 9 seconds.")
    done = _run(demo_path, "split at 3, 6 and 9 seconds, checking the timeline each time")
    assert done.returncode == 0, done.stdout
    openai_server.reply_calls(("list_timeline", {}))
    openai_server.reply_calls(("list_timeline", {}))
    openai_server.reply_calls(("list_timeline", {}))
    openai_server.reply_text("never reached")
    stuck = _run(demo_path, "what is there?")
    assert stuck.returncode == 1 and "nothing changed in between" in json.loads(stuck.stdout)["reply"]
