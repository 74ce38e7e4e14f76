"""The stdio wire of ``neuralcut mcp``: every request with an id gets an answer, even a malformed one.

The SDK's stdio transport drops a line it cannot validate (``params: "x"``,
``jsonrpc: "1.0"``, a method that is not a string...) after logging it, so
the client waits for ever. Here each line is checked first: a line that is
not JSON gets ``-32700``; one that is not a request, notification or response
``-32600``; a request whose params are not an object ``-32602``; one the SDK's
own model refuses ``-32600`` with its reason. Each error carries the request's
id when it has a usable one (``null`` otherwise, as JSON-RPC says); a broken
notification gets no answer. Good lines go on to the SDK unchanged.

The answers are written through the same writer as the SDK's, under one lock,
so lines never interleave. Standard input and output are taken over as the
SDK does: fd 0 reads the null device and fd 1 goes to stderr while serving,
so a child process cannot read from or write over the wire.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from typing import Any

PARSE_ERROR, INVALID_REQUEST, INVALID_PARAMS = -32700, -32600, -32602


def answer_for(line: str) -> tuple[bool, dict[str, Any] | None]:
    """Whether ``line`` may go on to the SDK, and the error to send instead when it may not (None: send nothing)."""
    if not line.strip():
        return False, None
    try:
        message = json.loads(line)
    except ValueError:
        return False, _error(None, PARSE_ERROR, "Parse error: the line is not JSON")
    except RecursionError:
        return False, _error(None, PARSE_ERROR, "Parse error: the line is nested too deeply")
    if not isinstance(message, dict):
        return False, _error(None, INVALID_REQUEST, "Invalid request: a message is one JSON object (no batches)")
    has_id = "id" in message
    usable_id = _usable_id(message.get("id"))
    request_id = message["id"] if has_id and usable_id else None
    problem, code = _valid(message)
    if problem and not has_id and "method" in message:
        return False, None  # a broken notification: nothing to answer
    if problem:
        return False, _error(
            request_id, code, f"Invalid {'params' if code == INVALID_PARAMS else 'request'}: {problem}"
        )
    if has_id and not usable_id:
        return False, _error(None, INVALID_REQUEST, "Invalid request: an id is a string or a number")
    reason = _sdk_refusal(line)
    if reason is not None:
        return False, _error(request_id, INVALID_REQUEST, f"Invalid request: {reason}") if has_id else None
    return True, None


def _valid(message: dict[str, Any]) -> tuple[str | None, int]:
    if message.get("jsonrpc") != "2.0":
        return 'jsonrpc must be "2.0"', INVALID_REQUEST
    if "method" in message:
        if not isinstance(message["method"], str):
            return "method must be a string", INVALID_REQUEST
        if "params" in message and not isinstance(message["params"], dict):
            return "params must be an object", INVALID_PARAMS
        return None, 0
    if "result" in message or "error" in message:
        return None, 0
    return "no method (and not a response)", INVALID_REQUEST


def _usable_id(value: object) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _sdk_refusal(line: str) -> str | None:
    import mcp_types as types
    from pydantic import ValidationError

    try:
        types.jsonrpc_message_adapter.validate_json(line, by_name=False)
    except ValidationError as exc:
        errors = exc.errors()
        said = errors[0]["msg"] if errors else "not a message the protocol knows"
        return " ".join(str(said).split())[:200]
    return None


def _error(request_id: object, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}


class LockedWriter:
    """The wire's writer: whole lines, one writer at a time (the SDK's and ours)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.lock = threading.Lock()

    def _write(self, text: str) -> None:
        with self.lock:
            self.stream.write(text)

    def _flush(self) -> None:
        with self.lock:
            self.stream.flush()

    async def write(self, text: str) -> None:
        import anyio

        await anyio.to_thread.run_sync(self._write, text)

    async def flush(self) -> None:
        import anyio

        await anyio.to_thread.run_sync(self._flush)


class CheckedReader:
    """The wire's reader: good lines go on; a malformed request is answered here and never reaches the SDK."""

    def __init__(self, stream: Any, out: LockedWriter) -> None:
        self.stream, self.out = stream, out

    async def __aiter__(self) -> AsyncIterator[str]:
        import anyio

        while True:
            line = await anyio.to_thread.run_sync(self.stream.readline, abandon_on_cancel=True)
            if not line:
                return
            passes, error = answer_for(line)
            if passes:
                yield line
            elif error is not None:
                await self.out.write(json.dumps(error) + "\n")
                await self.out.flush()


@contextmanager
def taken_stdio() -> Iterator[tuple[Any, Any]]:
    """The wire as private text streams, with fd 0 reading the null device and fd 1 writing to stderr meanwhile."""
    wire_in, wire_out = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    sys.stdout.flush()
    os.dup2(null, 0)
    os.dup2(2, 1)
    os.close(null)
    reader = os.fdopen(wire_in, "r", encoding="utf-8", errors="replace", newline="\n")
    writer = os.fdopen(wire_out, "w", encoding="utf-8", newline="\n")
    try:
        yield reader, writer
    finally:
        try:
            writer.flush()
        except OSError:
            pass
        os.dup2(wire_in, 0)
        os.dup2(wire_out, 1)
        reader.close()
        writer.close()
