"""The HTTP API over a real socket: a uvicorn server on an ephemeral loopback port."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from cli_helpers import invoke

from neuralcut_cli.agent.backends.mock import MockBackend
from neuralcut_cli.agent.backends.remote import RemoteBackend
from neuralcut_cli.agent.backends.scripted import ScriptedBackend
from neuralcut_cli.agent.types import ChatMessage
from neuralcut_cli.errors import BackendError, UsageError
from neuralcut_cli.server.app import create_app
from neuralcut_cli.server.run import bind, check_binding, is_loopback, server_config

EXE = [sys.executable, "-m", "neuralcut_cli"]


class Server:
    def __init__(self, backend: Any, token: str | None = None) -> None:
        self.sock = bind("127.0.0.1", 0)
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(server_config(create_app(backend, token), log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                break
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def post(
        self,
        body: Any = None,
        raw: bytes | None = None,
        headers: dict[str, str] | None = None,
        path: str = "/api/agent/chat",
        method: str = "POST",
    ) -> tuple[int, dict[str, Any]]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        connection.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
        response = connection.getresponse()
        payload = response.read()
        connection.close()
        return response.status, json.loads(payload) if payload else {}


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """One server for the module: the mock is stateless, every request stands alone."""
    with Server(MockBackend()) as running:
        yield running


def test_valid_request_returns_content_and_tool_calls(server: Server) -> None:
    status, body = server.post({"messages": [{"role": "user", "content": "Hi"}]})
    assert status == 200
    assert isinstance(body["content"], str) and body["toolCalls"] == []


def test_missing_messages_is_400_with_a_description(server: Server) -> None:
    status, body = server.post({})
    assert status == 400 and body == {"error": "messages is required"}


@pytest.mark.parametrize(
    ("payload", "fragment"),
    [
        ({"messages": "hello"}, "messages: input should be a valid list"),
        ({"messages": []}, "messages must contain at least one message"),
        ({"messages": [{"content": "x"}]}, "messages[0].role is required"),
        (
            {"messages": [{"role": "wizard", "content": "x"}]},
            "messages[0].role: input should be 'user', 'assistant', 'tool' or 'system'",
        ),
        ({"messages": [{"role": "user", "content": 5}]}, "messages[0].content: input should be a valid string"),
        ({"messages": [{"role": "user", "content": "x"}], "context": "nope"}, "context:"),
        (
            {"messages": [{"role": "user", "content": "x"}], "context": {"playbackTimeMs": "soon"}},
            "context.playbackTimeMs",
        ),
        ([1, 2], "must be a JSON object"),
    ],
)
def test_bad_input_is_400(server: Server, payload: Any, fragment: str) -> None:
    status, body = server.post(payload)
    assert status == 400 and fragment in body["error"], body


def test_invalid_json_is_400(server: Server) -> None:
    status, body = server.post(raw=b'{"messages": [}')
    assert status == 400 and body["error"].startswith("Invalid JSON: Expecting value at line 1, column 15")


def test_wrong_content_type_is_400(server: Server) -> None:
    status, body = server.post(raw=b"messages=hi", headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 400 and "Content-Type must be application/json" in body["error"]


def test_bodies_over_one_mebibyte_are_413(server: Server) -> None:
    big = json.dumps({"messages": [{"role": "user", "content": "x" * (1024 * 1024)}]}).encode()
    status, body = server.post(raw=big)
    assert status == 413 and "larger than 1048576 bytes" in body["error"]


def test_healthz_and_unknown_routes(server: Server) -> None:
    assert server.post(path="/healthz", method="GET") == (200, {"status": "ok", "backend": "mock"})
    assert server.post(path="/nope", method="GET")[0] == 404
    assert server.post(path="/api/agent/chat", method="GET")[0] == 405


def test_mock_plans_multi_step_from_messages_and_context(server: Server) -> None:
    """The client runs the tools; the server plans from the results it is sent."""
    messages: list[dict[str, Any]] = [{"role": "user", "content": "split at 3s and 6s then mute the music"}]
    status, turn = server.post({"messages": messages})
    assert status == 200 and turn["toolCalls"][0]["name"] == "split"
    assert turn["toolCalls"][0]["args"] == {"times": [3.0, 6.0]}


def test_token_is_required_and_checked() -> None:
    with Server(MockBackend(), token="s3cret") as running:
        ok = {"messages": [{"role": "user", "content": "help"}]}
        assert running.post(ok)[0] == 401
        status, body = running.post(ok, headers={"Authorization": "Bearer wrong"})
        assert status == 401 and "token" in body["error"]
        assert running.post(ok, headers={"Authorization": "Bearer s3cret"})[0] == 200
        assert running.post(ok, headers={"Authorization": "Basic s3cret"})[0] == 401


def test_provider_failure_is_502_without_the_key() -> None:
    with Server(ScriptedBackend([BackendError("Gemini quota exceeded (429)")])) as running:
        status, body = running.post({"messages": [{"role": "user", "content": "hi"}]})
    assert status == 502 and body == {"error": "The model backend failed: Gemini quota exceeded (429)"}


def test_binding_rules() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    check_binding("127.0.0.1", None)
    check_binding("0.0.0.0", "token")
    with pytest.raises(UsageError) as info:
        check_binding("0.0.0.0", None)
    assert "NEURALCUT_SERVER_TOKEN" in info.value.message


@pytest.mark.slow
def test_serve_refuses_a_public_address_without_a_token() -> None:
    env = {k: v for k, v in os.environ.items() if k != "NEURALCUT_SERVER_TOKEN"}
    done = subprocess.run(
        [*EXE, "serve", "--host", "0.0.0.0", "--port", "0"], capture_output=True, text=True, env=env, timeout=30
    )
    assert done.returncode == 2 and "Refusing to serve on 0.0.0.0 without a token" in done.stderr


# -- the remote backend -------------------------------------------------------------

_neuralcut = invoke  # the client runs in this process, the server on its socket


def test_remote_backend_edits_the_project_through_the_server(server: Server, demo_path: Path) -> None:
    done = _neuralcut("run", "--backend", server.url, "split at 3s then mute the music", "-p", str(demo_path), "--json")
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert [c["name"] for c in document["toolCalls"]] == ["split", "list_timeline", "set_volume", "set_volume"]
    audio = json.loads(demo_path.read_text())["scenes"][0]["tracks"]["audio"][0]["elements"]
    assert [(e["startTime"], e["muted"]) for e in audio] == [(0, True), (360000, True)]


def test_remote_backend_in_a_pipe_via_the_environment(server: Server, demo_path: Path) -> None:
    done = invoke("-p", demo_path, input="split at 5s\nmute the music\n", env={"NEURALCUT_BACKEND": server.url})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Muted e-music" in done.stdout


def test_remote_backend_with_a_token() -> None:
    with Server(MockBackend(), token="s3cret") as running:
        message = [ChatMessage(role="user", content="help")]
        with pytest.raises(BackendError) as info:
            RemoteBackend(running.url, token=None).complete(message, [], None)
        assert "needs a token: set NEURALCUT_SERVER_TOKEN" in str(info.value)
        with pytest.raises(BackendError) as info:
            RemoteBackend(running.url, token="bad").complete(message, [], None)
        assert "the token was rejected" in str(info.value)
        assert "split at 5s" in RemoteBackend(running.url, token="s3cret").complete(message, [], None).content


def test_remote_backend_errors_are_clear() -> None:
    message = [ChatMessage(role="user", content="hi")]
    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    sock.close()
    with pytest.raises(BackendError) as info:
        RemoteBackend(f"http://127.0.0.1:{port}").complete(message, [], None)
    assert f"Cannot reach the NeuralCut server at http://127.0.0.1:{port}" in str(info.value)
    with Server(ScriptedBackend([BackendError("boom")])) as running:
        with pytest.raises(BackendError) as info:
            RemoteBackend(running.url).complete(message, [], None)
        assert "failed (502): The model backend failed: boom" in str(info.value)


def test_remote_backend_timeout() -> None:
    silent = bind("127.0.0.1", 0)  # accepts connections, never answers
    try:
        with pytest.raises(BackendError) as info:
            RemoteBackend(f"http://127.0.0.1:{silent.getsockname()[1]}", timeout=0.3).complete(
                [ChatMessage(role="user", content="hi")], [], None
            )
        assert "did not answer within 0.3s" in str(info.value)
    finally:
        silent.close()


class _Recorder:
    """A loopback HTTP server answering every POST with ``answer(handler)``; the headers it was sent are kept."""

    def __init__(self, answer: Any) -> None:
        import http.server
        import threading

        seen: list[Any] = []
        self.seen = seen

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                seen.append(dict(self.headers))
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                answer(self)

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def test_remote_backend_follows_no_redirect_and_sends_the_token_nowhere_else() -> None:
    elsewhere = _Recorder(lambda h: (h.send_response(200), h.end_headers(), h.wfile.write(b'{"content": "hi"}')))

    def redirect(handler: Any) -> None:
        handler.send_response(302)
        handler.send_header("Location", elsewhere.url + "/api/agent/chat")
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    first = _Recorder(redirect)
    try:
        with pytest.raises(BackendError) as info:
            RemoteBackend(first.url, token="s3cret").complete([ChatMessage(role="user", content="hi")], [], None)
        assert "redirect (302), which is not followed" in str(info.value) and "s3cret" not in str(info.value)
        assert first.seen and first.seen[0]["Authorization"] == "Bearer s3cret"
        assert elsewhere.seen == []  # the token went nowhere else
    finally:
        first.close()
        elsewhere.close()


def test_remote_backend_gives_up_on_a_trickling_server_at_its_timeout() -> None:
    import time as clock

    def trickle(handler: Any) -> None:
        handler.send_response(200)
        handler.end_headers()
        try:
            for _ in range(30):
                handler.wfile.write(b" ")
                handler.wfile.flush()
                clock.sleep(0.2)
        except OSError:
            pass

    server = _Recorder(trickle)
    try:
        with pytest.raises(BackendError) as info:  # each read comes within the timeout; the whole does not
            RemoteBackend(server.url, timeout=1).complete([ChatMessage(role="user", content="hi")], [], None)
        assert "did not answer within 1s" in str(info.value)  # (read to its end, the spaces are not JSON)
    finally:
        server.close()
