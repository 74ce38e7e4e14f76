"""A fake OpenAI-compatible server: a real HTTP server on 127.0.0.1 answering ``POST /v1/chat/completions`` as
the real ``openai`` SDK expects (server-sent events when ``stream`` is true), scripted per test.

Queue answers with ``reply_text``, ``reply_calls`` and ``reply_error``; every request is recorded."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class FakeOpenAI:
    answers: list[tuple[int, Any, dict[str, str]]] = field(default_factory=list)
    requests: list[tuple[dict[str, str], Any]] = field(default_factory=list)
    url: str = ""
    props: dict[str, Any] | None = None  # what GET /props answers (llama.cpp's); unset: 404, as other servers

    def reply_text(self, *pieces: str) -> None:
        self.answers.append((200, [{"content": piece} for piece in pieces], {}))

    def reply_calls(self, *calls: tuple[str, dict[str, Any]], text: str = "") -> None:
        """Each call's arguments arrive in two pieces, as real servers stream them."""
        deltas: list[dict[str, Any]] = [{"content": text}] if text else []
        for index, (name, args) in enumerate(calls):
            arguments = json.dumps(args)
            half = len(arguments) // 2
            deltas.append(
                {
                    "tool_calls": [
                        {
                            "index": index,
                            "id": f"call_{len(self.answers)}_{index}",
                            "type": "function",
                            "function": {"name": name, "arguments": arguments[:half]},
                        }
                    ]
                }
            )
            deltas.append({"tool_calls": [{"index": index, "function": {"arguments": arguments[half:]}}]})
        self.answers.append((200, deltas, {}))

    def reply_slowly(self, pieces: int, seconds: float) -> None:
        """``pieces`` words of text, one every ``seconds`` (a server that trickles: each read is quick)."""
        deltas: list[dict[str, Any]] = []
        for _ in range(pieces):
            deltas += [{"content": "word "}, {"__sleep__": seconds}]
        self.answers.append((200, deltas, {}))

    def reply_stream_error(self, text: str, message: str) -> None:
        """Some text, then an error event in the middle of the stream (as llama.cpp sends when it fails)."""
        self.answers.append((200, [{"content": text}, {"__error__": message}], {}))

    def reply_error(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        self.answers.append(
            (
                status,
                {"error": {"message": message, "type": "invalid_request_error", "code": None}},
                headers or {"retry-after-ms": "10"},
            )
        )


class _Handler(BaseHTTPRequestHandler):
    fake: FakeOpenAI

    def log_message(self, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        if self.path == "/props" and self.fake.props is not None:
            self._json(200, self.fake.props, {})
        else:
            self._json(404, {"error": {"message": f"no {self.path}"}}, {})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        self.fake.requests.append(({k.lower(): v for k, v in self.headers.items()}, body))
        if not self.path.endswith("/chat/completions") or not self.fake.answers:
            self._json(500, {"error": {"message": f"nothing scripted for {self.path}"}}, {})
            return
        status, answer, headers = self.fake.answers.pop(0)
        if status != 200:
            self._json(status, answer, headers)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        finish = "tool_calls" if any("tool_calls" in d for d in answer) else "stop"
        for delta in [{"role": "assistant"}, *answer]:
            if "__sleep__" in delta:
                time.sleep(delta["__sleep__"])
                continue
            if "__error__" in delta:  # an error event mid-stream, and the stream ends
                self._event({"error": {"message": delta["__error__"], "type": "server_error", "code": 500}})
                return
            self._event(
                {
                    "id": "chatcmpl-1",
                    "object": "chat.completion.chunk",
                    "created": 0,
                    "model": body["model"],
                    "choices": [{"index": 0, "delta": delta, "finish_reason": None}],
                }
            )
        self._event(
            {
                "id": "chatcmpl-1",
                "object": "chat.completion.chunk",
                "created": 0,
                "model": body["model"],
                "choices": [{"index": 0, "delta": {}, "finish_reason": finish}],
            }
        )
        self.wfile.write(b"data: [DONE]\n\n")

    def _event(self, data: Any) -> None:
        self.wfile.write(f"data: {json.dumps(data)}\n\n".encode())
        self.wfile.flush()

    def _json(self, status: int, data: Any, headers: dict[str, str]) -> None:
        raw = json.dumps(data).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        for key, value in headers.items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(raw)


class _Quiet(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hung up mid-stream (a cut-off turn) is no error of the server's."""


class FakeOpenAIServer:
    def __enter__(self) -> FakeOpenAI:
        self.fake = FakeOpenAI()
        handler = type("Handler", (_Handler,), {"fake": self.fake})
        self.server = _Quiet(("127.0.0.1", 0), handler)
        self.fake.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        # a short poll: shutdown() waits for the loop to notice (0.5 s by default, on every test)
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        self.thread.start()
        return self.fake

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()
