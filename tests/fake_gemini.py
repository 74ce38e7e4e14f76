"""A fake Gemini server: a real HTTP server on 127.0.0.1 that answers the
requests the real ``google-genai`` SDK makes, scripted per test.

* ``POST /{v1,v1beta}/models/{model}:generateContent``
* ``POST /{v1,v1beta}/models/{model}:streamGenerateContent?alt=sse``
* ``POST /upload/{v1,v1beta}/files`` (resumable start) and the upload URL it hands out
* ``GET /{v1,v1beta}/files/{id}``

Queue answers with ``reply_text``, ``reply_calls``, ``reply_error``; every
request is recorded in ``requests`` (method, path, headers, JSON body).
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: Any
    raw: bytes


@dataclass
class FakeGemini:
    generate: list[tuple[int, Any, dict[str, str]]] = field(default_factory=list)
    files: dict[str, list[str]] = field(default_factory=dict)  # file id -> states to report, in order
    requests: list[Recorded] = field(default_factory=list)
    uploads: int = 0
    url: str = ""

    # -- scripting ----------------------------------------------------------------
    def reply_text(self, text: str) -> None:
        self.generate.append((200, _response([{"text": text}]), {}))

    def reply_calls(self, *calls: tuple[str, dict[str, Any]], with_ids: bool = True, text: str = "") -> None:
        parts: list[dict[str, Any]] = [{"text": text}] if text else []
        for index, (name, args) in enumerate(calls):
            call: dict[str, Any] = {"name": name, "args": args}
            if with_ids:
                call["id"] = f"fc-{len(self.generate)}-{index}"
            parts.append({"functionCall": call})
        self.generate.append((200, _response(parts), {}))

    def reply_error(
        self,
        status: int,
        message: str,
        reason: str = "",
        retry_delay: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        error: dict[str, Any] = {"code": status, "message": message, "status": reason or _REASONS.get(status, "ERROR")}
        if retry_delay:
            error["details"] = [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": retry_delay}]
        self.generate.append((status, {"error": error}, headers or {}))

    def generate_requests(self) -> list[Recorded]:
        return [r for r in self.requests if "Content" in r.path]

    def all_text(self) -> str:
        return "\n".join(f"{r.path} {json.dumps(r.headers)} {r.raw.decode('utf-8', 'replace')}" for r in self.requests)


_REASONS = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    503: "UNAVAILABLE",
}


def _response(parts: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
        "modelVersion": "gemini-2.5-flash",
    }


def make_handler(fake: FakeGemini) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:  # quiet
            pass

        def _record(self) -> Recorded:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = None
            item = Recorded(self.command, self.path, dict(self.headers), body, raw)
            fake.requests.append(item)
            return item

        def _send(self, status: int, body: Any, headers: dict[str, str] | None = None, sse: bool = False) -> None:
            data = json.dumps(body).encode()
            if sse:
                data = b"data: " + data + b"\r\n\r\n"
            self.send_response(status)
            self.send_header("Content-Type", "text/event-stream" if sse else "application/json")
            self.send_header("Content-Length", str(len(data)))
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:
            item = self._record()
            path = item.path.split("?")[0]
            if re.fullmatch(r"/v1(beta)?/models/[^/:]+:(stream)?[gG]enerateContent", path):
                if not fake.generate:
                    return self._send(
                        500, {"error": {"code": 500, "message": "fake: nothing scripted", "status": "INTERNAL"}}
                    )
                status, body, headers = fake.generate.pop(0)
                return self._send(status, body, headers, sse=status == 200 and "stream" in path)
            if re.fullmatch(r"/upload/v1(beta)?/files", path):
                upload = f"{fake.url}/upload-session/{len(fake.requests)}"
                return self._send(200, {}, {"X-Goog-Upload-URL": upload, "X-Goog-Upload-Status": "active"})
            if path.startswith("/upload-session/"):
                fake.uploads += 1
                file_id = f"f{fake.uploads}"
                states = fake.files.setdefault(file_id, ["ACTIVE"])
                return self._send(200, {"file": _file(fake, file_id, states[0])}, {"X-Goog-Upload-Status": "final"})
            self._send(404, {"error": {"code": 404, "message": f"fake: no route {path}", "status": "NOT_FOUND"}})

        def do_GET(self) -> None:
            item = self._record()
            match = re.fullmatch(r"/v1(beta)?/files/([^/?]+)", item.path.split("?")[0])
            if match and match.group(2) in fake.files:
                states = fake.files[match.group(2)]
                state = states.pop(0) if len(states) > 1 else states[0]
                return self._send(200, _file(fake, match.group(2), state))
            self._send(404, {"error": {"code": 404, "message": "fake: no such file", "status": "NOT_FOUND"}})

    return Handler


def _file(fake: FakeGemini, file_id: str, state: str) -> dict[str, Any]:
    return {
        "name": f"files/{file_id}",
        "uri": f"{fake.url}/v1beta/files/{file_id}",
        "state": state,
        "mimeType": "video/mp4",
        "sizeBytes": "10",
        "expirationTime": "2026-12-02T10:00:00Z",
    }


class FakeGeminiServer:
    def __init__(self) -> None:
        self.fake = FakeGemini()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(self.fake))
        self.fake.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        # a short poll: shutdown() waits for the loop to notice (0.5 s by default, on every test)
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    def __enter__(self) -> FakeGemini:
        self.thread.start()
        return self.fake

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
