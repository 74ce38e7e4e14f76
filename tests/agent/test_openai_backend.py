"""The openai backend through the real ``openai`` SDK, against a fake OpenAI-compatible server on a loopback port
(no internet, no real key)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import invoke
from conftest import OPENAI_SECRET
from fake_openai import FakeOpenAI

from neuralcut_cli.agent.backends.openai_compat import OpenAIBackend
from neuralcut_cli.agent.types import ChatMessage
from neuralcut_cli.cli.chat.chat_session import ChatSession
from neuralcut_cli.tools import default_registry

neuralcut = invoke


def _key_nowhere(done: Any, folder: Path) -> None:
    if done is not None:
        assert OPENAI_SECRET not in done.stdout and OPENAI_SECRET not in done.stderr
    for path in folder.rglob("*"):
        if path.is_file():
            assert OPENAI_SECRET.encode() not in path.read_bytes(), path


def main_elements(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text())["scenes"][0]["tracks"]["main"]["elements"]


def test_split_round_trip(openai_server: FakeOpenAI, demo_path: Path) -> None:
    openai_server.reply_calls(("split", {"times": [5]}))
    openai_server.reply_text("Split ", "at 5 seconds.")
    done = invoke("run", "split at 5s", "-p", demo_path, "--backend", "openai", "--model", "llama3.1", "--json")
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["reply"] == "Split at 5 seconds."
    assert len(main_elements(demo_path)) == 4
    (first_headers, first), (_, second) = openai_server.requests
    assert first_headers["authorization"] == f"Bearer {OPENAI_SECRET}" and first["model"] == "llama3.1"
    assert first["stream"] is True and first["messages"][0]["role"] == "system"
    tools = {t["function"]["name"]: t["function"] for t in first["tools"]}
    assert {"split", "list_timeline", "add_captions"} <= set(tools)  # a server here: every group
    assert "use_tools" not in tools and "Every tool is declared" in first["messages"][0]["content"]  # nothing to unlock
    call = second["messages"][-2]["tool_calls"][0]
    assert call["id"] == "call_0_0" and json.loads(call["function"]["arguments"]) == {"times": [5]}
    result = second["messages"][-1]
    assert result["role"] == "tool" and result["tool_call_id"] == "call_0_0"
    assert json.loads(result["content"])["output"]["success"] is True
    _key_nowhere(done, demo_path.parent)


@pytest.mark.parametrize(("said", "groups_too"), [("lean", False), ("all", True)])
def test_neuralcut_tools_chooses_the_tools_declared(
    openai_server: FakeOpenAI, demo_path: Path, said: str, groups_too: bool
) -> None:
    """Issue 30 §4: a hosted API gets the core tools (and use_tools), a server on this machine every group (its
    prompt cache pays for them once); NEURALCUT_TOOLS=lean|all overrides."""
    openai_server.reply_text("Nothing to do.")
    done = invoke("run", "hello there", "-p", demo_path, "--backend", "openai", env={"NEURALCUT_TOOLS": said})
    assert done.returncode == 0, done.stderr
    names = {t["function"]["name"] for t in openai_server.requests[0][1]["tools"]}
    assert "split" in names and ("fade" in names) == groups_too


def test_a_hosted_api_gets_the_lean_request() -> None:
    from neuralcut_cli.agent.backends.openai_compat import OpenAIBackend

    assert OpenAIBackend(None, "m", "https://api.groq.com/openai/v1").declares == "lean"
    assert OpenAIBackend(None, "m", "").declares == "lean"  # api.openai.com
    assert OpenAIBackend(None, "m", "http://localhost:11434/v1").declares == "all"


def test_every_array_in_every_tool_schema_says_what_it_holds() -> None:
    """OpenAI rejects an array without ``items`` (the anchor sends some)."""

    def arrays(schema: Any, at: str) -> list[str]:
        found = []
        if isinstance(schema, dict):
            if schema.get("type") == "array" or (isinstance(schema.get("type"), list) and "array" in schema["type"]):
                if "items" not in schema:
                    found.append(at)
            for key, value in schema.items():
                found += arrays(value, f"{at}.{key}")
        elif isinstance(schema, list):
            for index, value in enumerate(schema):
                found += arrays(value, f"{at}[{index}]")
        return found

    missing = [a for t in default_registry().get_all() for a in arrays(t.parameters, t.name)]
    assert missing == []


def test_several_calls_in_one_turn_and_an_error_sent_back(openai_server: FakeOpenAI, demo_path: Path) -> None:
    openai_server.reply_calls(("split", {"times": [3]}), ("delete_timeline_elements", {"elementIds": ["ghost"]}))
    openai_server.reply_text("The split worked; ghost does not exist.")
    outcome = ChatSession(demo_path, "openai").ask("split at 3 and delete ghost").outcome
    assert [r.name for r in outcome.tool_results] == ["split", "delete_timeline_elements"]
    tool_messages = [m for m in openai_server.requests[1][1]["messages"] if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in tool_messages] == ["call_0_0", "call_0_1"]
    assert "error" in json.loads(tool_messages[1]["content"])


def test_text_streams_as_it_arrives(openai_server: FakeOpenAI, demo_path: Path) -> None:
    openai_server.reply_text("one ", "two ", "three")
    pieces: list[str] = []
    backend = OpenAIBackend.from_environment("m")
    turn = backend.complete(
        [ChatMessage(role="user", content="hi")], default_registry().get_all(), None, on_text=pieces.append
    )
    assert pieces == ["one ", "two ", "three"] and turn.content == "one two three"


def test_429_then_success_is_retried(openai_server: FakeOpenAI, demo_path: Path) -> None:
    openai_server.reply_error(429, "Rate limit reached")
    openai_server.reply_text("Hello.")
    done = invoke("run", "hi", "-p", demo_path, "--backend", "openai", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["reply"] == "Hello."
    assert len(openai_server.requests) == 2


@pytest.mark.parametrize(
    ("status", "message", "said"),
    [
        (401, "Incorrect API key provided: sk-test...", "refused the key (401): check OPENAI_API_KEY"),
        (404, "The model `nope` does not exist", "Model not found: nope"),
        (400, "registry.ollama.ai/library/gemma does not support tools", "does not support tool calls"),
    ],
)
def test_each_failure_has_its_clear_message(
    openai_server: FakeOpenAI, demo_path: Path, status: int, message: str, said: str
) -> None:
    openai_server.reply_error(status, message)
    before = demo_path.read_bytes()
    done = invoke("run", "hi", "-p", demo_path, "--backend", "openai", "--model", "nope")
    assert done.returncode == 1 and said in done.stdout + done.stderr
    assert "Traceback" not in done.stderr and demo_path.read_bytes() == before
    _key_nowhere(done, demo_path.parent)


def test_server_errors_are_retried_then_reported(openai_server: FakeOpenAI, demo_path: Path) -> None:
    for _ in range(4):
        openai_server.reply_error(503, "overloaded")
    done = invoke("run", "hi", "-p", demo_path, "--backend", "openai")
    assert done.returncode == 1 and "failed (503) after retries" in done.stdout + done.stderr
    assert len(openai_server.requests) == 4  # the first try and three retries


def test_a_local_server_needs_no_key(
    openai_server: FakeOpenAI, demo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY")
    openai_server.reply_text("Hi from a local model.")
    done = invoke("run", "hi", "-p", demo_path, "--backend", "openai", "--base-url", openai_server.url)
    assert done.returncode == 0, done.stderr
    assert openai_server.requests[0][0]["authorization"] == "Bearer not-needed"


def test_neither_key_nor_server_is_a_usage_error(demo_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    done = invoke("run", "hi", "-p", demo_path, "--backend", "openai")
    assert done.returncode == 2 and "needs OPENAI_API_KEY" in done.stderr


def test_a_server_that_trickles_is_cut_off_at_the_turns_deadline(
    openai_server: FakeOpenAI, demo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 40 §8: each piece comes well within the read timeout; the turn as a whole has a deadline."""
    monkeypatch.setenv("NEURALCUT_TURN_TIMEOUT", "1")
    openai_server.reply_slowly(40, 0.25)  # ten seconds of words, a quarter second apart
    before = demo_path.read_bytes()
    done = invoke("run", "hi", "-p", demo_path, "--backend", "openai", "--base-url", openai_server.url)
    assert done.returncode == 1
    assert "The model was still answering after 1 s (NEURALCUT_TURN_TIMEOUT)" in done.stdout + done.stderr
    assert demo_path.read_bytes() == before


@pytest.mark.slow  # a real process that waits through the SDK's real retries
def test_a_server_that_is_not_there(demo_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("NEURALCUT_OPENAI_TIMEOUT", "2")
    done = invoke("run", "hi", "-p", demo_path, "--backend", "openai")
    assert done.returncode == 1 and "Cannot reach http://127.0.0.1:9/v1" in done.stdout + done.stderr


@pytest.mark.slow  # a real terminal
def test_repl_with_openai_through_a_pty(openai_server: FakeOpenAI, demo_path: Path) -> None:
    from pty_helpers import leave, spawn

    openai_server.reply_calls(("split", {"times": [5]}))
    openai_server.reply_text("I split every track at 5 seconds.")
    child = spawn(demo_path, "--backend", "openai", "--model", "qwen2.5")
    child.expect("backend openai")
    child.expect("›")
    child.sendline("split at 5s please")
    child.expect("I split every track at 5 seconds.")
    child.expect("changed")
    child.expect("›")
    leave(child)
    child.close()
    assert child.exitstatus == 0
    assert len(main_elements(demo_path)) == 4
    _key_nowhere(None, demo_path.parent)


def test_the_model_checks_its_edit_and_the_finding_reaches_the_person(
    openai_server: FakeOpenAI, demo_path: Path
) -> None:
    """Issue 28 §4: the rules ask the model to check after an edit; its check_project call (once the checks group
    is unlocked) is answered with the findings, and what it says of them reaches the person."""
    openai_server.reply_calls(("delete_timeline_elements", {"elementIds": ["e-beach"]}))
    openai_server.reply_calls(("use_tools", {"groups": ["checks"]}))
    openai_server.reply_calls(("check_project", {"start": 6, "end": 14}))
    openai_server.reply_text(
        "Deleted the beach clip; that leaves 8 s of black from 6 s: say 'close the gap' to fix it."
    )
    done = invoke(
        "run",
        "delete the beach clip",
        "-p",
        demo_path,
        "--backend",
        "openai",
        "--json",
        env={"NEURALCUT_TOOLS": "lean"},
    )
    assert done.returncode == 0, done.stderr
    assert "8 s of black from 6 s" in json.loads(done.stdout)["reply"]
    first = openai_server.requests[0][1]
    assert "After edits, unlock checks and call check_project" in first["messages"][0]["content"]
    answered = json.loads(openai_server.requests[3][1]["messages"][-1]["content"])["output"]
    (black,) = [f for f in answered["findings"] if f["code"] == "black"]  # (the copy's media are not beside it)
    assert (black["start"], black["end"], black["fix"]["tool"]) == (6.0, 14.0, "remove_range")
