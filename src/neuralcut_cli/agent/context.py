"""Building the ``AgentContext`` and the conversation a backend sees."""

from __future__ import annotations

from typing import Sequence

from neuralcut_cli.agent.types import AgentContext, ChatMessage, MediaAssetSummary
from neuralcut_cli.project.session import ProjectSession

HISTORY_WINDOW = 40  # earlier messages a backend is shown, besides the current request


def build_context(session: ProjectSession, playback_time_ms: int = 0) -> AgentContext:
    project = session.project()
    return AgentContext(
        project_id=session.project_id,
        active_scene_id=project.current_scene_id,
        media_assets=[MediaAssetSummary(id=a.id, name=a.name, type=a.type, duration=a.duration)
                      for a in project.media_assets],
        playback_time_ms=playback_time_ms,
    )


def conversation_window(messages: Sequence[ChatMessage], request_start: int) -> list[ChatMessage]:
    """The current request in full, plus a bounded window of what came before."""
    start = max(0, request_start - HISTORY_WINDOW)
    return list(messages[start:])
