"""review_render (issue 28 §5): a model watches a preview of a range. Gemini through the real SDK and the fake
Gemini server (upload once per range and version of the timeline, cached); an OpenAI-compatible model through the
real ``openai`` SDK and the fake server (a contact sheet as an image part); a model without images refused."""

from __future__ import annotations

import base64
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import neuralcut
from fake_gemini import FakeGemini
from fake_openai import FakeOpenAI
from paths import REPO
from tool_helpers import Tools, assert_refused

from neuralcut_cli.agent.approval import Approval, Question
from neuralcut_cli.cli.chat.chat_session import ChatSession
from neuralcut_cli.tools.definition import ToolContext

QUESTION = "Is the title readable over the picture?"


@pytest.fixture
def project(demo_path: Path) -> Path:
    """The demo with its real media beside it (a preview is rendered from them)."""
    shutil.copytree(REPO / "projects" / "media", demo_path.parent / "media")
    return demo_path


# -- the contract, without a model --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ({}, "Missing question"),
        ({"question": ""}, "Missing question"),
        ({"question": "   "}, "Missing question"),
        ({"question": QUESTION, "start": 4, "end": 2}, "Invalid time range"),
        ({"question": QUESTION, "start": -1}, "Invalid start time"),
        ({"question": QUESTION, "end": "soon"}, "Invalid end time"),
        ({"question": QUESTION, "start": 500}, "Nothing to review"),
    ],
)
def test_bad_arguments_are_refused_before_anything_is_rendered(
    demo_path: Path, args: dict[str, Any], error: str
) -> None:
    assert_refused(demo_path, "review_render", args, error)


# -- Gemini watches a preview video -------------------------------------------------------------------------------


@pytest.mark.slow  # renders previews
def test_gemini_watches_the_preview_once_per_version_of_the_range(gemini: FakeGemini, project: Path) -> None:
    gemini.files["f1"] = ["PROCESSING", "ACTIVE"]
    gemini.reply_text("Yes: white on the beach, readable from 0 to 3 s.")
    gemini.reply_text("The cut at 2 s is clean.")
    gemini.reply_text("Now there is a cut at 1 s.")
    tools = Tools(project)
    first = tools("review_render", {"question": QUESTION, "start": 0, "end": 3})
    assert first == {
        "provider": "gemini",
        "medium": "video",
        "start": 0.0,
        "end": 3.0,
        "question": QUESTION,
        "answer": "Yes: white on the beach, readable from 0 to 3 s.",
        "cached": False,
        "fileUri": f"{gemini.url}/v1beta/files/f1",
    }
    (upload,) = [r for r in gemini.requests if r.path.startswith("/upload-session/")]
    assert upload.raw[4:8] == b"ftyp"  # an MP4 left the machine, nothing else
    asked = gemini.generate_requests()[0].body["contents"][0]["parts"]
    uri = asked[0]["fileData"].get("fileUri") or asked[0]["fileData"]["file_uri"]
    assert uri.endswith("/files/f1") and f"Question: {QUESTION}" in asked[1]["text"]
    assert "seconds 0 to 3 of the timeline" in asked[1]["text"]
    again = tools("review_render", {"question": "Is the cut at 2 s clean?", "start": 0, "end": 3})
    assert again["cached"] is True and again["answer"] == "The cut at 2 s is clean."
    assert gemini.uploads == 1  # the same range of the same timeline is never uploaded twice
    tools("split", {"times": [1]})
    after = tools("review_render", {"question": QUESTION, "start": 0, "end": 3})
    assert after["cached"] is False and gemini.uploads == 2  # an edit makes a new preview
    cache = json.loads((project.parent / ".neuralcut" / "demo" / "review-cache.json").read_text())
    assert len(cache) == 2 and all(k.startswith("render-") and v["status"] == "active" for k, v in cache.items())


@pytest.mark.slow
def test_a_provider_failure_is_one_clear_error_and_changes_nothing(gemini: FakeGemini, project: Path) -> None:
    gemini.reply_error(429, "Quota exceeded for generate_content", retry_delay="7s")
    gemini.reply_error(429, "Quota exceeded for generate_content", retry_delay="7s")
    gemini.reply_error(429, "Quota exceeded for generate_content", retry_delay="7s")
    gemini.reply_error(429, "Quota exceeded for generate_content", retry_delay="7s")
    before = project.read_bytes()
    result = Tools(project)("review_render", {"question": QUESTION, "end": 2})
    assert result["error"] == "Review failed" and "quota" in result["details"].lower()
    assert project.read_bytes() == before


def test_approval_asks_before_a_preview_leaves_the_machine(gemini: FakeGemini, demo_path: Path) -> None:
    asked: list[Question] = []
    gemini.reply_calls(("review_render", {"question": QUESTION}))
    gemini.reply_text("I did not look: you said no.")
    chat = ChatSession(demo_path, "gemini", approve="ask", asker=lambda q: _noted(asked, q, "no"))
    outcome = chat.ask("does the title look right?").outcome
    assert [q.note for q in asked] == ["uploads a preview render of the timeline to the model's provider (the file "
                                       "leaves this machine)"]  # fmt: skip
    assert outcome.tool_results[0].error == "User denied permission" and gemini.uploads == 0
    assert isinstance(chat.orchestrator.approval, Approval)


def _review(chat: ChatSession, args: dict[str, Any]) -> dict[str, Any]:
    """review_render run as the session runs it: with the session's own services."""
    context = ToolContext(chat.session, services=chat.orchestrator.services)
    return chat.orchestrator.registry.execute("review_render", args, context)


# -- an OpenAI-compatible model looks at a contact sheet ----------------------------------------------------------


@pytest.mark.slow  # renders a contact sheet
def test_an_openai_model_gets_a_contact_sheet_and_its_answer_reaches_the_person(
    openai_server: FakeOpenAI, project: Path
) -> None:
    openai_server.reply_calls(("review_render", {"question": QUESTION, "start": 0, "end": 6}))
    openai_server.reply_text("The title sits on bright sand; ", "it reads, if faintly.")
    openai_server.reply_text("It reads, but faintly: a darker outline would help.")
    done = neuralcut("run", "does the title read well?", "-p", project, "--backend", "openai", "--json", timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["reply"] == "It reads, but faintly: a darker outline would help."
    look = openai_server.requests[1][1]
    assert "tools" not in look and look["model"] == openai_server.requests[0][1]["model"]
    text, image = look["messages"][0]["content"]
    assert f"Question: {QUESTION}" in text["text"] and "contact sheet" in text["text"]
    prefix = "data:image/png;base64,"
    assert image["image_url"]["url"].startswith(prefix)
    assert base64.b64decode(image["image_url"]["url"][len(prefix) :])[:8] == b"\x89PNG\r\n\x1a\n"
    answered = json.loads(openai_server.requests[2][1]["messages"][-1]["content"])["output"]
    assert (
        answered["medium"] == "image" and answered["answer"] == "The title sits on bright sand; it reads, if faintly."
    )


@pytest.mark.slow
def test_a_model_without_images_is_refused_in_words(openai_server: FakeOpenAI, project: Path) -> None:
    openai_server.reply_error(400, "image input is not supported for this model")
    chat = ChatSession(project, "openai")
    result = _review(chat, {"question": QUESTION, "end": 3})
    assert result["error"] == "Review failed"
    assert "does not take images" in result["details"] and "image input is not supported" in result["details"]


def test_images_said_off_refuses_before_rendering_or_asking(
    openai_server: FakeOpenAI, demo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NEURALCUT_OPENAI_IMAGES", "0")
    chat = ChatSession(demo_path, "openai")  # no media beside it: a render would fail, so none was tried
    result = _review(chat, {"question": QUESTION, "end": 3})
    assert result["error"] == "Review failed" and "NEURALCUT_OPENAI_IMAGES=0" in result["details"]
    assert openai_server.requests == []


def _noted(asked: list[Any], question: Any, answer: str) -> str:
    """An asker that notes each question and gives ``answer``."""
    asked.append(question)
    return answer
