"""Every MCP request with an id gets an answer (issue 25, item 8).

The SDK's stdio transport dropped malformed requests that had a valid id, so
the client waited for ever, and an unknown resource or prompt was error code
0 with a traceback on stderr. Driven here over a real ``neuralcut mcp``
process's pipes, line by line.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from paths import REPO

INIT = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
}

CASES: list[tuple[Any, object, int]] = [  # (the line sent, the id answered, the error code)
    ({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": "x"}, 1, -32602),
    ({"jsonrpc": "2.0", "id": "s", "method": "tools/list", "params": [1]}, "s", -32602),
    ({"jsonrpc": "1.0", "id": 3, "method": "tools/list"}, 3, -32600),
    ({"jsonrpc": "2.0", "id": 4, "method": 5}, 4, -32600),
    ({"jsonrpc": "2.0", "id": 5, "params": {}}, 5, -32600),
    ({"id": 6, "method": "tools/list"}, 6, -32600),
    ({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": 5}}, 7, -32602),
    ({"jsonrpc": "2.0", "id": 8, "method": "no/such/method", "params": {}}, 8, -32601),
    ({"jsonrpc": "2.0", "id": 9, "method": "resources/read", "params": {"uri": "neuralcut://nothing"}}, 9, -32602),
    ({"jsonrpc": "2.0", "id": 10, "method": "prompts/get", "params": {"name": "no-such-skill"}}, 10, -32602),
    ({"jsonrpc": "2.0", "id": {"a": 1}, "method": "tools/list"}, None, -32600),
    ({"jsonrpc": "2.0", "id": True, "method": "tools/list"}, None, -32600),
    ("not json at all", None, -32700),
    ([{"jsonrpc": "2.0", "id": 11, "method": "tools/list"}], None, -32600),
    ("[" * 50_000 + "]" * 50_000, None, -32700),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("wire") / "demo.json"
    shutil.copy(REPO / "projects" / "demo.json", path)
    return path


@pytest.fixture(scope="module")
def server(project: Path) -> Iterator[subprocess.Popen[str]]:
    """One server for the module: each malformed line must leave it answering the next."""
    env = {**os.environ, "NO_COLOR": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "neuralcut_cli", "mcp", "-p", str(project)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    send(process, INIT)
    assert json.loads(receive(process))["id"] == 0
    send(process, {"jsonrpc": "2.0", "method": "notifications/initialized"})
    yield process
    process.kill()
    process.wait(timeout=60)


def send(process: subprocess.Popen[str], message: Any) -> None:
    assert process.stdin is not None
    process.stdin.write((message if isinstance(message, str) else json.dumps(message)) + "\n")
    process.stdin.flush()


def stderr_so_far(process: subprocess.Popen[str]) -> str:
    """What the process wrote to stderr until now, without waiting for its end."""
    assert process.stderr is not None
    fd = process.stderr.fileno()
    os.set_blocking(fd, False)
    chunks = []
    try:
        while chunk := os.read(fd, 65536):
            chunks.append(chunk)
    except BlockingIOError:
        pass
    return b"".join(chunks).decode("utf-8", "replace")


def receive(process: subprocess.Popen[str], timeout: float = 20) -> str:
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    assert ready, "no answer: the client would wait for ever"
    return process.stdout.readline()


@pytest.mark.parametrize("sent,answered_id,code", CASES, ids=[str(i) for i in range(len(CASES))])
def test_a_malformed_request_gets_its_error(
    server: subprocess.Popen[str], sent: Any, answered_id: object, code: int
) -> None:
    send(server, sent)
    answer = json.loads(receive(server))
    assert answer["jsonrpc"] == "2.0" and answer["id"] == answered_id
    assert answer["error"]["code"] == code and answer["error"]["message"]
    send(server, {"jsonrpc": "2.0", "id": 99, "method": "tools/list"})  # and the server goes on
    assert json.loads(receive(server))["id"] == 99


def test_a_broken_notification_gets_no_answer(server: subprocess.Popen[str]) -> None:
    send(server, {"jsonrpc": "2.0", "method": 5})
    send(server, {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": "x"})
    send(server, {"jsonrpc": "2.0", "id": 1, "method": "resources/read", "params": {"uri": "neuralcut://x"}})
    assert json.loads(receive(server))["id"] == 1  # the next line is the answer to the request, nothing before it


def test_a_tool_the_model_calls_still_works_through_the_checked_wire(
    server: subprocess.Popen[str], project: Path
) -> None:
    send(
        server,
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "split", "arguments": {"times": [5]}}},
    )
    answer = json.loads(receive(server))
    assert answer["id"] == 2 and answer["result"]["structuredContent"]["success"] is True
    assert len(json.loads(project.read_text())["scenes"][0]["tracks"]["main"]["elements"]) == 4


def test_a_malformed_request_leaves_no_traceback(server: subprocess.Popen[str]) -> None:
    for sent, _, _ in CASES:
        send(server, sent)
        receive(server)
    send(server, {"jsonrpc": "2.0", "method": 5})
    send(server, {"jsonrpc": "2.0", "id": 98, "method": "tools/list"})
    assert json.loads(receive(server))["id"] == 98
    assert server.stderr is not None
    written = stderr_so_far(server)
    assert "Traceback" not in written and "error" not in written.lower(), written
