"""``--backend http://HOST:PORT``: ask a ``neuralcut serve`` proxy for each
model turn; the tools run here, against the local project.

The token comes from ``$NEURALCUT_SERVER_TOKEN``. Standard library only.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any

from neuralcut_cli.agent.backends.base import TextSink
from neuralcut_cli.agent.types import AgentContext, AssistantTurn, ChatMessage
from neuralcut_cli.errors import BackendError
from neuralcut_cli.tools.definition import ToolDefinition

DEFAULT_TIMEOUT = 120.0


class RemoteBackend:
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
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                data = json.loads(response.read())
        except urllib.error.HTTPError as exc:
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
