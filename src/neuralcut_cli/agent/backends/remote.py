"""``--backend http://HOST:PORT``: ask a ``neuralcut serve`` proxy for each
model turn; the tools run here, against the local project.

The token comes from ``$NEURALCUT_SERVER_TOKEN``. Standard library only.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any

from neuralcut_cli.agent.backends.base import BackendDefaults, TextSink
from neuralcut_cli.agent.types import AgentContext, AssistantTurn, ChatMessage
from neuralcut_cli.errors import BackendError
from neuralcut_cli.tools.definition import ToolDefinition

DEFAULT_TIMEOUT = 120.0  # seconds for a whole turn
MAX_ANSWER = 32 * 2**20


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is an error: following it would send the token to wherever it points."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


class RemoteBackend(BackendDefaults):
    name = "remote"

    def __init__(self, url: str, token: str | None = None, timeout: float | None = None) -> None:
        self.base = url.rstrip("/")
        self.endpoint = self.base if self.base.endswith("/api/agent/chat") else self.base + "/api/agent/chat"
        self.token = token if token is not None else (os.environ.get("NEURALCUT_SERVER_TOKEN") or None)
        self.timeout = timeout or float(os.environ.get("NEURALCUT_REMOTE_TIMEOUT", DEFAULT_TIMEOUT))

    def complete(
        self,
        conversation: Sequence[ChatMessage],
        tools: Sequence[ToolDefinition],
        context: AgentContext | None,
        on_text: TextSink | None = None,
    ) -> AssistantTurn:
        body: dict[str, Any] = {"messages": [m.wire() for m in conversation]}
        if context is not None:
            body["context"] = context.wire()
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        request = urllib.request.Request(self.endpoint, data=json.dumps(body).encode(), headers=headers, method="POST")
        try:
            with _OPENER.open(request, timeout=self.timeout) as response:
                data = json.loads(self._read(response, time.monotonic() + self.timeout))
        except urllib.error.HTTPError as exc:
            if 300 <= exc.code < 400:
                raise BackendError(
                    f"The NeuralCut server at {self.base} answered with a redirect ({exc.code}), which is not "
                    "followed: the token would go to another address. Give the server's own address."
                ) from None
            raise BackendError(self._http_problem(exc)) from None
        except TimeoutError:
            raise BackendError(f"The NeuralCut server at {self.base} did not answer within {self.timeout:g}s") from None
        except urllib.error.URLError as exc:
            reason = getattr(exc.reason, "strerror", None) or str(exc.reason)
            raise BackendError(f"Cannot reach the NeuralCut server at {self.base}: {reason}") from None
        except ValueError:
            raise BackendError(f"The NeuralCut server at {self.base} sent something that is not JSON") from None
        try:
            turn = AssistantTurn.from_wire(data)
        except ValueError:
            raise BackendError(
                f"The NeuralCut server at {self.base} sent an answer without content/toolCalls"
            ) from None
        if on_text and turn.content:
            on_text(turn.content)
        return turn

    def _read(self, response: Any, deadline: float) -> bytes:
        """The answer, read by pieces: at most ``MAX_ANSWER`` bytes, all of it by ``deadline`` (a server that
        trickles a byte at a time cannot hold the turn past its timeout)."""
        chunks, size = [], 0
        while chunk := response.read1(64 * 1024):
            size += len(chunk)
            if size > MAX_ANSWER:
                raise BackendError(f"The NeuralCut server at {self.base} sent more than {MAX_ANSWER // 2**20} MB")
            if time.monotonic() > deadline:
                raise TimeoutError
            chunks.append(chunk)
        return b"".join(chunks)

    def _http_problem(self, exc: urllib.error.HTTPError) -> str:
        try:
            detail = json.loads(exc.read()).get("error", "")
        except (ValueError, AttributeError, OSError):
            detail = ""
        if exc.code == 401:
            hint = "the token was rejected" if self.token else "it needs a token: set NEURALCUT_SERVER_TOKEN"
            return f"The NeuralCut server at {self.base} refused the request (401): {hint}"
        if exc.code >= 500:
            return f"The NeuralCut server at {self.base} failed ({exc.code}): {detail or exc.reason}"
        return f"The NeuralCut server at {self.base} refused the request ({exc.code}): {detail or exc.reason}"
