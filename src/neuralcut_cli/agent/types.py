"""The shared types of the agent: one source of truth for the stores, the
orchestrator, the registry, the backends and the HTTP API.

``ChatMessage {id, role, content, toolCalls?, toolResults?, timestamp}``,
``ToolCall {id, name, args}``, ``ToolResult {toolCallId, name, result,
error?}``, ``ExecutionState``, ``AgentContext {projectId, activeSceneId,
mediaAssets, playbackTimeMs}`` and ``ToolDefinition`` (defined with the
registry, re-exported here). On the wire they are camelCase.
"""

from __future__ import annotations

import time
import uuid
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from neuralcut_cli.project.base import empty_dict, empty_list
from neuralcut_cli.tools.definition import ToolDefinition

ExecutionState = Literal["idle", "sending", "processing", "responding", "error"]
Role = Literal["user", "assistant", "tool", "system"]


def new_message_id() -> str:
    return str(uuid.uuid4())


def now_ms() -> int:
    return int(time.time() * 1000)


class WireModel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="ignore", defer_build=True)

    def wire(self) -> dict[str, Any]:
        """The camelCase JSON form, without empty optional fields."""
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)


class ToolCall(WireModel):
    id: str = Field(default_factory=lambda: f"call_{uuid.uuid4().hex[:12]}")
    name: str
    args: dict[str, Any] = Field(default_factory=empty_dict)
    provider_data: str | None = (
        None  # a provider's opaque token for this call (Gemini: its thought signature), sent back as is
    )


class ToolResult(WireModel):
    tool_call_id: str
    name: str
    result: Any = None
    error: str | None = None


def error_payload(result: ToolResult) -> dict[str, Any]:
    """What a model is sent for a failed call: the error and, where the tool gave them, its details (what to fix)."""
    answer = result.result if isinstance(result.result, dict) else {}
    details = answer.get("details")
    return {"error": result.error, **({"details": details} if details else {})}


class ChatMessage(WireModel):
    id: str = Field(default_factory=new_message_id)
    role: Role
    content: str  # required, as the spec's ChatMessage says ("" when a message only carries calls or results)
    tool_calls: list[ToolCall] | None = None
    tool_results: list[ToolResult] | None = None
    timestamp: int = Field(default_factory=now_ms)
    # on a request's last reply: what it acted on (element or track ids), so the next request's "it" can mean them
    subjects: list[str] | None = None


class MediaAssetSummary(WireModel):
    id: str
    name: str = ""
    type: str = ""
    duration: float | None = None


class AgentContext(WireModel):
    project_id: str = ""
    active_scene_id: str = ""
    media_assets: list[MediaAssetSummary] = Field(default_factory=empty_list)
    playback_time_ms: int = 0
    fps: float | None = Field(default=None, gt=0, le=1000)  # the project's frame rate: "90f" means the same everywhere
    project_name: str | None = None
    timeline: str | None = None  # a compact summary for LLM backends; list_timeline has the details


class AssistantTurn(WireModel):
    """What a backend answers for one model turn.

    On the wire (``POST /api/agent/chat``): ``{content, toolCalls, status,
    subjects?}`` with ``status`` ``"ok"`` or ``"failed"`` (the backend could
    not map the request at all), so a turn means the same locally and through
    a proxy. ``subjects`` (a final turn's) are the ids the request acted on;
    the chat keeps them on the reply so that a follow-up ("make it red") can
    mean them, across ``neuralcut run`` calls and through the proxy.
    """

    content: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=empty_list)
    failed: bool = False
    subjects: list[str] = Field(default_factory=empty_list)  # a final turn's: what the request acted on

    def to_wire(self) -> dict[str, Any]:
        wire: dict[str, Any] = {
            "content": self.content,
            "toolCalls": [c.wire() for c in self.tool_calls],
            "status": "failed" if self.failed else "ok",
        }
        if self.subjects:
            wire["subjects"] = list(self.subjects)
        return wire

    @classmethod
    def from_wire(cls, data: Any) -> AssistantTurn:
        """``ValueError`` when ``data`` is not a turn."""
        if not isinstance(data, dict) or data.get("status", "ok") not in ("ok", "failed"):
            raise ValueError("not an assistant turn")
        turn = cls.model_validate({k: v for k, v in data.items() if k != "failed"})
        return turn.model_copy(update={"failed": data.get("status") == "failed"})


__all__ = [
    "AgentContext",
    "AssistantTurn",
    "ChatMessage",
    "ExecutionState",
    "MediaAssetSummary",
    "Role",
    "ToolCall",
    "ToolDefinition",
    "ToolResult",
]
