"""Replaying a plan: the mock is stateless, so each turn it re-runs the plan
for the current request against the tool results already in the
conversation, and answers with the first call not made yet.

A plan is plain code that calls ``run.call(name, args)``. While results are
recorded, ``call`` returns them; at the first unrecorded call it raises
``NeedCall`` and that call becomes the backend's answer. When the plan
returns, its text is the final reply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from neuralcut_cli.agent.types import AgentContext, ToolCall, ToolResult
from neuralcut_cli.time import timecode_of_seconds


class NeedCall(Exception):
    def __init__(self, name: str, args: dict[str, Any]) -> None:
        super().__init__(name)
        self.name = name
        self.call_args = args


class Failed(Exception):
    """The plan cannot go on; the message is the reply, and the request failed."""


@dataclass
class Element:
    """One element of ``list_timeline``'s answer, with its track."""

    data: dict[str, Any]
    track_id: str
    track_type: str

    @property
    def id(self) -> str:
        return str(self.data["elementId"])

    @property
    def type(self) -> str:
        return str(self.data["type"])

    @property
    def start(self) -> float:
        return float(self.data["start"])

    @property
    def end(self) -> float:
        return float(self.data["end"])

    @property
    def name(self) -> str:
        return str(self.data.get("name", ""))

    def describe(self) -> str:
        what = f'"{self.data["content"]}"' if self.type == "text" else (self.data.get("effectType") or self.name or self.type)
        return f"{self.id} ({self.type} {what}, {timecode_of_seconds(self.start)}–{timecode_of_seconds(self.end)})"


class Runner:
    def __init__(self, recorded: list[tuple[ToolCall, ToolResult]], context: AgentContext | None) -> None:
        self.recorded = recorded
        self.context = context
        self._next = 0
        self._listing: dict[str, Any] | None = None

    def call(self, name: str, args: dict[str, Any], allow_error: bool = False) -> dict[str, Any]:
        if self._next < len(self.recorded):
            call, result = self.recorded[self._next]
            self._next += 1
            if call.name != name:
                raise Failed(f"I lost track of this request (expected {name}, found {call.name}); please ask again.")
            output = result.result if isinstance(result.result, dict) else {"error": result.error or "no result"}
            if "error" in output and not allow_error:
                raise Failed(f"{name} failed: {output['error']}")
            return output
        raise NeedCall(name, args)

    def listing(self, refresh: bool = False) -> dict[str, Any]:
        """``list_timeline``'s answer (called once per plan unless ``refresh``)."""
        if self._listing is None or refresh:
            self._listing = self.call("list_timeline", {})
        return self._listing

    def timeline(self, refresh: bool = False) -> list[Element]:
        """Every element of the timeline, top track first."""
        return [Element(e, t["trackId"], t["type"]) for t in self.listing(refresh)["tracks"] for e in t["elements"]]

    def tracks(self) -> dict[str, str]:
        """trackId -> type, top to bottom."""
        return {t["trackId"]: t["type"] for t in self.listing()["tracks"]}

    def timeline_end(self) -> float:
        return max((e.end for e in self.timeline()), default=0.0)

    def assets(self) -> list[dict[str, Any]]:
        """The media assets: from the context when it has them, else ``list_project_assets``."""
        if self.context is not None and self.context.media_assets:
            return [a.wire() for a in self.context.media_assets]
        assets: list[dict[str, Any]] = self.call("list_project_assets", {})["assets"]
        return assets

    @property
    def playhead(self) -> float:
        return (self.context.playback_time_ms / 1000) if self.context else 0.0
