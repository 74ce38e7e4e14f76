"""The Gemini backend through the real google-genai SDK, against a fake
Gemini server on a loopback port (no internet, no real key)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import invoke
from conftest import SECRET_KEY
from fake_gemini import FakeGemini

from neuralcut_cli.agent.backends.gemini import GeminiBackend
from neuralcut_cli.agent.backends.prompt import system_prompt
from neuralcut_cli.agent.context import build_context
from neuralcut_cli.agent.endings import FAILED_CALL
from neuralcut_cli.agent.events import TextArrived
from neuralcut_cli.agent.types import ChatMessage
from neuralcut_cli.cli.chat.chat_session import ChatSession
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.tools import default_registry

neuralcut = invoke  # through main() in this process, with the fake server's environment


def _secret_nowhere(done: Any, folder: Path) -> None:
    if done is not None:
        assert SECRET_KEY not in done.stdout and SECRET_KEY not in done.stderr
    for path in folder.rglob("*"):
        if path.is_file():
            assert SECRET_KEY.encode() not in path.read_bytes(), path


def test_split_round_trip_through_function_calling(gemini: FakeGemini, demo_path: Path) -> None:
    gemini.reply_calls(("split", {"times": [5]}))
    gemini.reply_text("Split the timeline at 5 seconds.")
    done = invoke("run", "split at 5s", "-p", demo_path, "--backend", "gemini", "--json")
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["reply"] == "Split the timeline at 5 seconds."
    assert [c["name"] for c in document["toolCalls"]] == ["split"]
    main = json.loads(demo_path.read_text())["scenes"][0]["tracks"]["main"]["elements"]
    assert len(main) == 4
    first, second = gemini.generate_requests()
    assert first.path.startswith("/v1/models/gemini-2.5-flash:streamGenerateContent")
    assert first.headers.get("x-goog-api-key") == SECRET_KEY  # the key goes to the provider, and only there
    declared = {d["name"] for d in first.body["tools"][0]["functionDeclarations"]}
    assert {"split", "list_timeline", "load_asset_context", "apply_effect"} <= declared
    response = second.body["contents"][-1]["parts"][0]["functionResponse"]
    assert response["id"] == "fc-0-0" and response["name"] == "split"
    assert response["response"]["output"]["success"] is True
    _secret_nowhere(done, demo_path.parent)


def test_several_calls_in_one_turn_in_order(gemini: FakeGemini, demo_path: Path) -> None:
    gemini.reply_calls(("split", {"times": [3, 6]}), ("delete_timeline_elements", {"elementIds": ["e-title"]}))
    gemini.reply_text("Done.")
    chat = ChatSession(demo_path, "gemini")
    outcome = chat.ask("split at 3 and 6 and drop the title").outcome
    assert not outcome.failed
    assert [r.name for r in outcome.tool_results] == ["split", "delete_timeline_elements"]
    responses = gemini.generate_requests()[1].body["contents"][-1]["parts"]
    assert [p["functionResponse"]["id"] for p in responses] == ["fc-0-0", "fc-0-1"]
    assert chat.session.project().scene.find_element("e-title") is None


def test_tool_error_goes_back_as_a_function_response_error(gemini: FakeGemini, demo_path: Path) -> None:
    gemini.reply_calls(("delete_timeline_elements", {"elementIds": ["ghost"]}))
    gemini.reply_text("There is no element called ghost.")
    chat = ChatSession(demo_path, "gemini")
    outcome = chat.ask("delete ghost").outcome
    response = gemini.generate_requests()[1].body["contents"][-1]["parts"][0]["functionResponse"]
    assert response["response"]["error"] == "Timeline elements not found: ghost"
    assert response["response"]["details"].startswith("ghost names nothing in this project; elementIds takes element")
    assert outcome.reply == "There is no element called ghost.\n" + FAILED_CALL.format(
        error="Timeline elements not found: ghost"
    )


def test_calls_without_ids_get_local_ids(gemini: FakeGemini, demo_path: Path) -> None:
    gemini.reply_calls(("list_timeline", {}), with_ids=False)
    gemini.reply_text("Listed.")
    outcome = ChatSession(demo_path, "gemini").ask("what is there?").outcome
    assert outcome.tool_calls[0].id.startswith("local-")
    response = gemini.generate_requests()[1].body["contents"][-1]["parts"][0]["functionResponse"]
    assert "id" not in response and response["name"] == "list_timeline"


def test_429_then_success_is_retried(gemini: FakeGemini, demo_path: Path) -> None:
    gemini.reply_error(429, "Resource has been exhausted", retry_delay="1s")
    gemini.reply_text("Hello after a retry.")
    outcome = ChatSession(demo_path, "gemini").ask("hi").outcome
    assert outcome.reply == "Hello after a retry." and not outcome.failed
    assert len(gemini.generate_requests()) == 2


def test_503_retried_then_reported(gemini: FakeGemini, demo_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEURALCUT_GEMINI_RETRIES", "2")
    gemini.reply_error(503, "The model is overloaded")
    gemini.reply_error(503, "The model is overloaded")
    outcome = ChatSession(demo_path, "gemini").ask("hi").outcome
    assert outcome.failed and "Gemini server trouble (503 UNAVAILABLE)" in (outcome.error or "")
    assert len(gemini.generate_requests()) == 2


def test_quota_message_carries_the_retry_hint(
    gemini: FakeGemini, demo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NEURALCUT_GEMINI_RETRIES", "1")
    gemini.reply_error(429, "Quota exceeded for requests per minute", retry_delay="37s")
    outcome = ChatSession(demo_path, "gemini").ask("hi").outcome
    assert "Gemini quota exceeded (429 RESOURCE_EXHAUSTED). Retry in 37s." in (outcome.error or "")


def test_401_gives_the_clear_message_without_the_key(gemini: FakeGemini, demo_path: Path) -> None:
    gemini.reply_error(401, f"API key not valid: {SECRET_KEY}")
    done = invoke("run", "split at 5s", "-p", demo_path, "--backend", "gemini")
    assert done.returncode == 1
    assert (
        "Gemini rejected the API key (401 UNAUTHENTICATED): check GEMINI_API_KEY / GOOGLE_API_KEY"
        in done.stdout + done.stderr
    )
    assert "Traceback" not in done.stderr
    _secret_nowhere(done, demo_path.parent)


def test_network_down(demo_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GEMINI_API_KEY", SECRET_KEY)
    monkeypatch.setenv("NEURALCUT_GEMINI_RETRIES", "1")
    outcome = ChatSession(demo_path, "gemini").ask("hi").outcome  # GOOGLE_GEMINI_BASE_URL is a closed port
    assert outcome.failed and "Cannot reach Gemini at http://127.0.0.1:9" in (outcome.error or "")


def test_no_key_is_a_usage_error_before_any_request(
    gemini: FakeGemini, demo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GEMINI_API_KEY")
    done = invoke("run", "split at 5s", "-p", demo_path, "--backend", "gemini")
    assert done.returncode == 2
    assert "GEMINI_API_KEY" in done.stderr and "GOOGLE_API_KEY" in done.stderr
    assert gemini.requests == []


def test_google_api_key_also_works(gemini: FakeGemini, demo_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GEMINI_API_KEY")
    monkeypatch.setenv("GOOGLE_API_KEY", "other-key")
    gemini.reply_text("hello")
    assert ChatSession(demo_path, "gemini").ask("hi").outcome.reply == "hello"
    assert gemini.requests[0].headers["x-goog-api-key"] == "other-key"


def test_model_choice_and_v1beta_path(gemini: FakeGemini, demo_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOOGLE_GENAI_API_VERSION", "v1beta")
    gemini.reply_text("ok")
    ChatSession(demo_path, "gemini", "gemini-2.0-pro").ask("hi")
    assert gemini.requests[0].path.startswith("/v1beta/models/gemini-2.0-pro:streamGenerateContent")


def test_text_streams_as_it_arrives(gemini: FakeGemini, demo_path: Path) -> None:
    gemini.reply_text("Streaming works.")
    chunks: list[str] = []
    chat = ChatSession(
        demo_path,
        "gemini",
        listener=lambda event: chunks.append(event.text) if isinstance(event, TextArrived) else None,
    )
    assert chat.ask("hi").outcome.reply == "Streaming works."
    assert "".join(chunks) == "Streaming works."


def test_system_prompt_has_assets_timeline_playhead_and_rules(demo_path: Path) -> None:
    context = build_context(ProjectSession(demo_path), playback_time_ms=2500)
    prompt = system_prompt(context)
    assert "a-intro: intro.mp4 (video, 8s)" in prompt and "a-logo: logo.png (image)" in prompt
    assert 'e-title text "Day one" 0s-3s' in prompt and 't-main "Main Track" (main)' in prompt
    assert "playhead at 2.5s" in prompt
    assert "Never claim an edit that no tool made" in prompt and "never names" in prompt
    assert "use_tools first" in prompt  # Gemini is hosted: the lean request, groups unlocked with use_tools
    assert "list_timeline" in prompt and "Add text only when asked" in prompt
    assert len(prompt) < 3000


def test_conversation_history_is_sent(gemini: FakeGemini, demo_path: Path) -> None:
    gemini.reply_text("first answer")
    gemini.reply_text("second answer")
    chat = ChatSession(demo_path, "gemini")
    chat.ask("first question")
    chat.ask("second question")
    texts = [c["parts"][0].get("text") for c in gemini.generate_requests()[1].body["contents"]]
    assert texts == ["first question", "first answer", "second question"]


def test_backend_directly_with_registry(gemini: FakeGemini, demo_path: Path) -> None:
    gemini.reply_calls(("list_timeline", {}), text="Let me look.")
    backend = GeminiBackend.from_environment()
    turn = backend.complete(
        [ChatMessage(role="user", content="look")],
        default_registry().get_all(),
        build_context(ProjectSession(demo_path)),
    )
    assert turn.content == "Let me look." and turn.tool_calls[0].name == "list_timeline"


@pytest.mark.slow
def test_repl_with_gemini_through_a_pty(gemini: FakeGemini, demo_path: Path) -> None:

    gemini.reply_calls(("split", {"times": [5]}))
    gemini.reply_text("I split every track at 5 seconds.")
    from pty_helpers import leave, spawn

    child = spawn(demo_path, "--backend", "gemini")
    child.expect("backend gemini")
    child.expect("›")
    child.sendline("split at 5s please")
    child.expect("I split every track at 5 seconds.")
    child.expect("changed")
    child.expect("›")
    leave(child)
    child.close()
    assert child.exitstatus == 0
    assert len(json.loads(demo_path.read_text())["scenes"][0]["tracks"]["main"]["elements"]) == 4
    _secret_nowhere(None, demo_path.parent)


@pytest.mark.slow  # a real terminal
def test_run_on_a_terminal_shows_the_wait_and_the_retries_on_stderr(gemini: FakeGemini, demo_path: Path) -> None:
    import pexpect
    from pty_helpers import spawn_command

    gemini.reply_error(503, "The model is overloaded")
    gemini.reply_error(503, "The model is overloaded")
    gemini.reply_text("Nothing to change.")
    child = spawn_command(
        "run", "what is this", "-p", str(demo_path), "--backend", "gemini", env={"NEURALCUT_GEMINI_RETRIES": "3"}
    )
    child.expect("Thinking…")
    child.expect("the server answered 503; retrying")
    child.expect("Nothing to change.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert len(gemini.generate_requests()) == 3


@pytest.mark.slow  # real processes
def test_run_piped_prints_no_status_line(gemini: FakeGemini, demo_path: Path) -> None:
    gemini.reply_error(503, "The model is overloaded")
    gemini.reply_text("Nothing to change.")
    from cli_helpers import neuralcut as subprocess_neuralcut

    done = subprocess_neuralcut(
        "run", "what is this", "-p", demo_path, "--backend", "gemini", env={"NEURALCUT_GEMINI_RETRIES": "3"}
    )
    assert done.returncode == 0 and "Nothing to change." in done.stdout
    assert "Thinking" not in done.stderr and "retrying" not in done.stderr


def test_the_model_checks_its_edit_and_the_finding_reaches_the_person(gemini: FakeGemini, demo_path: Path) -> None:
    """Issue 28 §4 through the real google-genai SDK: the rules ask for a check after an edit; the model's
    check_project call (once it unlocked the checks group) is answered with the findings as its function response,
    and what it says of them reaches the person."""
    gemini.reply_calls(("delete_timeline_elements", {"elementIds": ["e-beach"]}))
    gemini.reply_calls(("use_tools", {"groups": ["checks"]}))
    gemini.reply_calls(("check_project", {"start": 6, "end": 14}))
    gemini.reply_text("Deleted the beach clip; that leaves 8 s of black from 6 s: say 'close the gap' to fix it.")
    done = invoke("run", "delete the beach clip", "-p", demo_path, "--backend", "gemini", "--json")
    assert done.returncode == 0, done.stderr
    assert "8 s of black from 6 s" in json.loads(done.stdout)["reply"]
    requests = gemini.generate_requests()
    rules = json.dumps(requests[0].body["systemInstruction"])
    assert "After edits, unlock checks and call check_project" in rules
    declared = {d["name"] for d in requests[3].body["tools"][0]["functionDeclarations"]}
    assert {"check_project", "review_render"} <= declared  # unlocked from the turn after use_tools
    response = requests[3].body["contents"][-1]["parts"][0]["functionResponse"]
    assert response["name"] == "check_project"
    (black,) = [f for f in response["response"]["output"]["findings"] if f["code"] == "black"]
    assert (black["start"], black["end"], black["fix"]["tool"]) == (6.0, 14.0, "remove_range")
    _secret_nowhere(done, demo_path.parent)
