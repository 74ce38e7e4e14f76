"""Building the ``AgentContext`` and the conversation a backend sees."""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from neuralcut_cli.agent.types import AgentContext, ChatMessage, MediaAssetSummary
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import short_seconds

HISTORY_WINDOW = 40  # earlier messages a backend is shown, besides the current request


MAX_SUMMARY_ELEMENTS = 60


def build_context(session: ProjectSession, playback_time_ms: int = 0) -> AgentContext:
    project = session.project()
    return AgentContext(
        project_id=session.project_id,
        active_scene_id=project.current_scene_id,
        media_assets=[
            MediaAssetSummary(id=a.id, name=a.name, type=a.type, duration=a.duration) for a in project.media_assets
        ],
        playback_time_ms=playback_time_ms,
        fps=project.fps,
        project_name=project.metadata.name or None,
        timeline=timeline_summary(project),
    )


def timeline_summary(project: Project) -> str:
    """One line per track: ``t-main "Main Track" (main): e-intro video "intro.mp4" 0-6s, ...``.

    Long timelines are cut to ``MAX_SUMMARY_ELEMENTS`` elements (the model can
    call list_timeline for the rest).
    """
    scene = project.scene
    size = project.settings.canvas_size
    lines = [f"{size.width}x{size.height} at {project.fps:g} fps, {short_seconds(scene.end_time)} long"]
    budget = MAX_SUMMARY_ELEMENTS
    for track in scene.tracks.ordered():
        # only the first ``budget`` elements in time: no full sort of a 20,000-element track per request
        picked = heapq.nsmallest(budget, track.elements, key=lambda e: (e.start_time, e.id)) if budget else []
        budget -= len(picked)
        items = [
            f'{e.id} {e.type} "{(e.content if e.type == "text" else e.label)[:40]}" '
            f"{short_seconds(e.start_time)}-{short_seconds(e.end_time)}"
            for e in picked
        ]
        if len(picked) < len(track.elements):
            items.append("…")
        name = " ".join(track.name.replace('"', "'").split())[:40]
        named = f' "{name}"' if name else ""  # "mute the music": the track named Music
        lines.append(f"{track.id}{named} ({scene.tracks.kind_of(track)}): " + (", ".join(items) or "empty"))
    return "\n".join(lines)


def conversation_window(messages: Sequence[ChatMessage], request_start: int) -> list[ChatMessage]:
    """The current request in full, plus a bounded window of what came before.

    The window starts at a user message, so a model never sees a tool result
    without the call it answers.
    """
    start = max(0, request_start - HISTORY_WINDOW)
    while start < request_start and messages[start].role != "user":
        start += 1
    return list(messages[start:])
