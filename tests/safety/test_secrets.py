"""Secrets never leave (issue 24 §21): a key a server echoes back is masked everywhere it could appear (the
reply, the errors, --json, chat.json), a password in a base URL too, and no redirect carries a key to another
host. Through the real SDKs against fake servers on loopback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import invoke
from conftest import OPENAI_SECRET, SECRET_KEY


def _everything(done: Any, project: Path) -> str:
    chat = project.parent / ".neuralcut" / project.stem / "chat.json"
    return done.stdout + done.stderr + (chat.read_text() if chat.exists() else "")


def test_a_key_a_server_echoes_in_an_error_is_never_shown_or_stored(demo_path: Path, openai_server: Any) -> None:
    for status, args in ((401, ()), (400, ("--json",)), (400, ())):
        openai_server.reply_error(status, f"Incorrect API key provided: {OPENAI_SECRET}. Find yours at ...")
        done = invoke("run", "split at 5s", "-p", demo_path, "--backend", "openai", *args)
        said = _everything(done, demo_path)
        assert done.returncode == 1 and OPENAI_SECRET not in said, said


def test_a_key_in_a_models_text_is_masked_in_the_reply_and_the_chat(demo_path: Path, openai_server: Any) -> None:
    openai_server.reply_text(f"Sure! Your key is {OPENAI_SECRET}, keep it safe.")
    done = invoke("run", "what is my key?", "-p", demo_path, "--backend", "openai", "--json")
    said = _everything(done, demo_path)
    assert json.loads(done.stdout)["reply"] == "Sure! Your key is ***, keep it safe."
    assert OPENAI_SECRET not in said


def test_a_gemini_key_echoed_in_an_error_is_masked(demo_path: Path, gemini: Any) -> None:
    gemini.reply_error(400, f"API key not valid: {SECRET_KEY}", "INVALID_ARGUMENT")
    done = invoke("run", "split at 5s", "-p", demo_path, "--backend", "gemini")
    said = _everything(done, demo_path)
    assert done.returncode == 1 and SECRET_KEY not in said


@pytest.mark.slow  # waits through the SDK's real retries against a closed port
def test_a_password_in_a_base_url_is_never_printed(demo_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    address = "http://neo:hunter2-secret-pass@127.0.0.1:9/v1"
    monkeypatch.setenv("OPENAI_BASE_URL", address)
    shown = invoke("config")
    assert "neo:***@127.0.0.1:9" in shown.stdout and "hunter2" not in shown.stdout
    done = invoke("run", "split at 5s", "-p", demo_path, "--backend", "openai")
    said = _everything(done, demo_path)
    assert done.returncode == 1 and "Cannot reach" in said and "hunter2" not in said


def test_no_redirect_carries_the_key_to_another_host(demo_path: Path, openai_server: Any, gemini: Any) -> None:
    """A server that answers 307 to another address: the SDKs follow redirects by default, and httpx keeps a
    custom header (Gemini's x-goog-api-key) when it does."""
    from fake_openai import FakeOpenAIServer

    with FakeOpenAIServer() as elsewhere:
        elsewhere.reply_text("you should never see this")
        openai_server.answers.append((307, {}, {"Location": f"{elsewhere.url}/chat/completions"}))
        done = invoke("run", "split at 5s", "-p", demo_path, "--backend", "openai")
        assert done.returncode == 1 and elsewhere.requests == []
        gemini.reply_error(
            307, "moved", "MOVED", headers={"Location": f"{elsewhere.url}/v1beta/models/x:generateContent"}
        )
        done = invoke("run", "split at 5s", "-p", demo_path, "--backend", "gemini")
        assert done.returncode == 1 and elsewhere.requests == []


def test_redact_masks_values_passwords_and_key_parameters(monkeypatch: pytest.MonkeyPatch) -> None:
    from neuralcut_cli.secrets import redact

    monkeypatch.setenv("NEURALCUT_SERVER_TOKEN", "tok-123456789")
    monkeypatch.setenv("GOOGLE_API_KEY", "x")  # too short to be a secret: left alone, nothing else masked for it
    assert redact("token tok-123456789 here") == "token *** here"
    assert redact("see https://u:p4ss@h.example/x and http://u@h/") == "see https://u:***@h.example/x and http://u@h/"
    assert redact("GET /v1/models?key=AIzaSyABCDEF123&alt=sse") == "GET /v1/models?key=***&alt=sse"
    assert redact("a box of 5 x 5") == "a box of 5 x 5"
