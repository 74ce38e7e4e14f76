"""The HTTP servers cannot be held open by slow clients, and a client that leaves is not a traceback (issue 25,
item 9). Before: 200 connections that sent a request line and nothing more stayed open past 60 s; a client
that closed mid-request left a traceback in ``neuralcut mcp --http``'s log."""

from __future__ import annotations

import http.client
import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_server import Server

from neuralcut_cli.agent.backends.mock import MockBackend
from neuralcut_cli.server import http_guard

pytestmark = pytest.mark.slow  # each waits out a deadline on purpose


def closed_within(sock: socket.socket, seconds: float) -> bytes | None:
    """What the server sent before closing ``sock`` within ``seconds``; None if it stayed open."""
    sock.settimeout(seconds)
    received = b""
    try:
        while chunk := sock.recv(4096):
            received += chunk
    except TimeoutError:
        return None
    except ConnectionResetError:
        pass
    return received


@pytest.fixture
def short_deadlines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http_guard, "HEADER_SECONDS", 1.0)
    monkeypatch.setattr(http_guard, "BODY_SECONDS", 1.0)


def test_connections_that_never_finish_their_headers_are_closed(short_deadlines: None) -> None:
    with Server(MockBackend()) as server:
        slow = []
        for _ in range(200):
            sock = socket.create_connection(("127.0.0.1", server.port))
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
            slow.append(sock)
        answers = [closed_within(sock, 30) for sock in slow]  # a 1 s deadline, 30 s of slack for a loaded machine
        assert all(answer is not None for answer in answers), "a slow connection stayed open"
        assert answers[0] is not None and answers[0].startswith(b"HTTP/1.1 408")
        status, body = server.post(path="/healthz", method="GET")
        assert status == 200 and body["status"] == "ok"  # and the server still answers


def test_a_header_sent_a_byte_at_a_time_still_meets_its_deadline(short_deadlines: None) -> None:
    with Server(MockBackend()) as server:
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.sendall(b"GET /healthz HTTP/1.1\r\n")
        trickle = b"X-Slow: " + b"a" * 200  # 40 s of it against a 1 s deadline
        sent = 0
        for byte in trickle:
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                break
            sent += 1
            time.sleep(0.2)
        assert sent < len(trickle)  # the server closed it long before the trickle ended: a count, not a clock
        assert closed_within(sock, 30) is not None


def test_a_body_that_stops_arriving_ends_the_connection(short_deadlines: None) -> None:
    with Server(MockBackend()) as server:
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.sendall(
            b"POST /api/agent/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 500\r\n\r\n{"messages": '
        )
        assert closed_within(sock, 8) is not None


def test_a_request_that_takes_its_time_between_requests_is_answered(short_deadlines: None) -> None:
    """The deadline counts from a request's first byte, not from the last answer: keep-alive is uvicorn's."""
    with Server(MockBackend()) as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        for _ in range(2):  # one connection, kept alive
            connection.request("GET", "/healthz")
            response = connection.getresponse()
            assert response.status == 200 and json.loads(response.read())["status"] == "ok"
            time.sleep(1.5)  # longer than the header deadline, shorter than keep-alive
        connection.close()


def test_a_client_that_leaves_mid_request_is_not_a_traceback(demo_path: Path) -> None:
    process, port = _mcp_server(demo_path)
    try:
        body = json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "t", "version": "1"},
                },
            }
        )
        for extra in (0, 50):  # a whole request closed at once; a body cut short
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(
                f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                f"Accept: application/json, text/event-stream\r\nContent-Length: {len(body) + extra}\r\n\r\n"
                f"{body}".encode()
            )
            time.sleep(0.3)
            sock.close()
        time.sleep(1)
    finally:
        process.terminate()
        _, err = process.communicate(timeout=60)
    assert "Traceback" not in err and "ClientDisconnect" not in err, err


def test_a_body_trickled_a_byte_at_a_time_is_cut_off(short_deadlines: None) -> None:
    """Issue 40 §10: each byte well within any idle limit; the body as a whole has a deadline."""
    with Server(MockBackend()) as server:
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.sendall(b"POST /api/agent/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 500\r\n\r\n")  # fmt: skip
        closed = False
        for _ in range(40):  # 8 s of a byte every 0.2 s
            try:
                sock.sendall(b" ")
            except OSError:
                closed = True
                break
            time.sleep(0.2)
        assert closed or closed_within(sock, 1) is not None, "a trickled body kept its connection open"


def _mcp_server(demo_path: Path) -> tuple[subprocess.Popen[str], int]:
    process = subprocess.Popen(
        [sys.executable, "-m", "neuralcut_cli", "mcp", "--http", "--port", "0", "-p", str(demo_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert process.stderr is not None
    line = process.stderr.readline()  # "Serving ... over MCP at http://127.0.0.1:PORT/mcp"
    return process, int(re.search(r":(\d+)/mcp", line).group(1))  # type: ignore[union-attr]


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
def test_the_mcp_endpoint_answers_a_huge_body_with_413(demo_path: Path, declared: bool) -> None:
    """Issue 40 §10: 20 MB to /mcp is answered 413, read by the client, not a connection reset."""
    process, port = _mcp_server(demo_path)
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        body = b"{" + b" " * (20 * 1024 * 1024) + b"}"
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        if declared:
            connection.request("POST", "/mcp", body=body, headers=headers)
        else:
            connection.request("POST", "/mcp", body=iter([body[i : i + 65536] for i in range(0, len(body), 65536)]),
                               headers=headers, encode_chunked=True)  # fmt: skip
        response = connection.getresponse()
        assert response.status == 413
        assert json.loads(response.read()) == {"error": "Request body is larger than 4194304 bytes"}
    finally:
        process.terminate()
        process.communicate(timeout=60)
