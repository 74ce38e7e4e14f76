"""The shared types survive the proxy: a request means the same through
``neuralcut serve`` as locally (frame rate, a failed turn, the spec's
required fields)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from cli_helpers import invoke
from test_server import Server

from neuralcut_cli.agent.backends.mock import MockBackend
from neuralcut_cli.agent.types import AssistantTurn

run = invoke  # the client in this process, the server on its socket


def _ids_masked(text: str) -> str:
    """New pieces get fresh UUIDs on each side; everything else must match."""
    return re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<id>", text)


@pytest.fixture
def project_24fps(demo_path: Path) -> Path:
    data = json.loads(demo_path.read_text())
    data["settings"]["fps"] = {"numerator": 24, "denominator": 1}
    demo_path.write_text(json.dumps(data))
    return demo_path


@pytest.mark.parametrize("request_text", ["split at 120f", "order a pizza"])
def test_local_and_proxied_requests_agree(project_24fps: Path, tmp_path: Path, request_text: str) -> None:
    remote_copy = tmp_path / "remote" / "demo.json"
    remote_copy.parent.mkdir()
    shutil.copy(project_24fps, remote_copy)
    local = run("run", request_text, "-p", project_24fps, "--json")
    with Server(MockBackend()) as server:  # the server's mock is built at 30 fps: the context must carry 24
        remote = run("run", request_text, "-p", remote_copy, "--json", "--backend", server.url)
    assert local.returncode == remote.returncode
    mine, theirs = json.loads(local.stdout), json.loads(remote.stdout)
    assert [(c["name"], c["args"]) for c in mine["toolCalls"]] == [(c["name"], c["args"]) for c in theirs["toolCalls"]]
    assert _ids_masked(mine["reply"]) == _ids_masked(theirs["reply"]) and mine["status"] == theirs["status"]
    if request_text.startswith("split"):
        assert mine["toolCalls"][0]["args"] == {"times": [5.0]} and local.returncode == 0
    else:
        assert local.returncode == 1 and mine["status"] == "error"


def test_the_server_answers_the_turn_status() -> None:
    with Server(MockBackend()) as server:
        status, body = server.post({"messages": [{"role": "user", "content": "order a pizza"}]})
        assert status == 200 and body["status"] == "failed" and body["toolCalls"] == []
        status, body = server.post({"messages": [{"role": "user", "content": "split at 5s"}]})
        assert status == 200 and body["status"] == "ok" and body["toolCalls"][0]["name"] == "split"


def test_a_message_without_content_is_400() -> None:
    with Server(MockBackend()) as server:
        status, body = server.post({"messages": [{"role": "user"}]})
    assert status == 400 and "messages[0].content is required" in body["error"]


def test_turns_round_trip_through_the_wire_form() -> None:
    turn = AssistantTurn(content="no", failed=True)
    assert AssistantTurn.from_wire(turn.to_wire()) == turn
    with pytest.raises(ValueError):
        AssistantTurn.from_wire({"content": "x", "status": "maybe"})


def test_provider_data_is_the_generic_name() -> None:
    from neuralcut_cli.agent.types import ToolCall

    call = ToolCall(id="c1", name="split", args={}, provider_data="opaque")
    assert call.wire()["providerData"] == "opaque" and "signature" not in call.wire()
