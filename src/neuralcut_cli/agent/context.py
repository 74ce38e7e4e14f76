"""Building the ``AgentContext`` and the conversation a backend sees."""

from __future__ import annotations

import heapq
import re
from collections.abc import Iterable, Sequence
from typing import Any

from neuralcut_cli.agent.types import AgentContext, ChatMessage, MediaAssetSummary
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import TICKS_PER_SECOND, short_seconds

HISTORY_WINDOW = 40  # earlier messages a backend is shown, besides the current request


MAX_SUMMARY_ELEMENTS = 60


def build_context(session: ProjectSession, playback_time_ms: int = 0, asked: Iterable[float] = ()) -> AgentContext:
    """The context of a request; ``asked``: the times (seconds) the request names, whose elements the timeline
    summary lists under it ("what's at 12s?": a small model reads the answer rather than works it out)."""
    project = session.project()
    timeline = timeline_summary(project)
    at = elements_at(project, asked)
    timeline = f"{timeline}\n{at}" if at else timeline
    return AgentContext(
        project_id=session.project_id,
        active_scene_id=project.current_scene_id,
        media_assets=[
            MediaAssetSummary(id=a.id, name=a.name, type=a.type, duration=a.duration) for a in project.media_assets
        ],
        playback_time_ms=playback_time_ms,
        fps=project.fps,
        project_name=project.metadata.name or None,
        timeline=timeline,
    )


def timeline_summary(project: Project) -> str:
    """One line per track: ``t-main "Main Track" (main): e-intro video "intro.mp4" 0-6s, ...``.

    Long timelines are cut to ``MAX_SUMMARY_ELEMENTS`` elements (the model can
    call list_timeline for the rest).
    """
    scene = project.scene
    size = project.settings.canvas_size
    lines = [f"Video: {short_seconds(scene.end_time)} long, {size.width}x{size.height}, {project.fps:g} fps"]
    budget = MAX_SUMMARY_ELEMENTS
    for track in scene.tracks.ordered():
        # only the first ``budget`` elements in time: no full sort of a 20,000-element track per request
        picked = heapq.nsmallest(budget, track.elements, key=lambda e: (e.start_time, e.id)) if budget else []
        budget -= len(picked)
        items = [_item(e) for e in picked]
        if len(picked) < len(track.elements):
            items.append("…")
        name = " ".join(track.name.replace('"', "'").split())[:40]
        named = f' "{name}"' if name else ""  # "mute the music": the track named Music
        lines.append(f"{track.id}{named} ({scene.tracks.kind_of(track)}): " + (", ".join(items) or "empty"))
    return "\n".join(lines)


def _item(element: Element) -> str:
    """``e-beach video "beach.mp4" 6s-14s``: how the note names an element."""
    label = element.content if element.type == "text" else element.label
    return f'{element.id} {element.type} "{label[:40]}" {short_seconds(element.start_time)}-{short_seconds(element.end_time)}'


MAX_TIMES_ASKED = 4


def elements_at(project: Project, asked: Iterable[float]) -> str:
    """``At 12s: e-beach video "beach.mp4" 6s-14s (main), e-logo …`` for each time asked within the video (four at
    most): the main track's element first, then the tracks top to bottom."""
    scene = project.scene
    end = scene.end_time / TICKS_PER_SECOND
    tracks = sorted(scene.tracks.ordered(), key=lambda t: scene.tracks.kind_of(t) != "main")
    lines = []
    for seconds in sorted(t for t in set(asked) if 0 <= t < end)[:MAX_TIMES_ASKED]:
        tick = round(seconds * TICKS_PER_SECOND)
        items = [
            f"{_item(e)} ({scene.tracks.kind_of(track)})"
            for track in tracks
            for e in track.elements
            if e.start_time <= tick < e.end_time
        ]
        lines.append(f"At {seconds:g}s: " + (", ".join(items[:8]) or "nothing"))
    return "\n".join(lines)


def spanned_elements(project: Project, args: dict[str, Any]) -> list[str]:
    """The elements a range call's ``start``..``end`` (seconds) holds whole, on its ``trackIds`` (all tracks when
    it names none); none when the range is not two numbers."""
    start, end = args.get("start"), args.get("end")
    if not isinstance(start, int | float) or not isinstance(end, int | float) or bool in (type(start), type(end)):
        return []
    low, high = round(start * TICKS_PER_SECOND), round(end * TICKS_PER_SECOND)
    named = args.get("trackIds")
    tracks = [t for t in project.scene.tracks.ordered() if not isinstance(named, list) or t.id in named]
    return [e.id for t in tracks for e in t.elements if low <= e.start_time and e.end_time <= high][:20]


def element_span(project: Project, element_id: str) -> tuple[float, float] | None:
    """Where an element plays, (start, end) in seconds; None when there is no such element."""
    found = project.scene.find_element(element_id)
    if found is None:
        return None
    element = found[1]
    return element.start_time / TICKS_PER_SECOND, element.end_time / TICKS_PER_SECOND


def named_track(project: Project, text: str) -> tuple[str, str] | None:
    """The one track whose name the request says in full ("mute the music": t-audio "Music"), as (id, name); None
    when none or several are named."""
    said = set(re.findall(r"[a-z0-9]+", text.lower()))
    named = [
        (t.id, t.name)
        for t in project.scene.tracks.ordered()
        if (words := re.findall(r"[a-z0-9]+", t.name.lower())) and set(words) <= said
    ]
    return named[0] if len(named) == 1 else None


def named_element(project: Project, text: str) -> tuple[str, str] | None:
    """The one element the request names by its name, its file's name or its words ("delete the title": e-title
    "Title"), as (id, name); None when none or several are named."""
    said = set(re.findall(r"[a-z0-9]+", text.lower()))
    named = []
    for _, element in project.scene.elements():
        names = [element.name, getattr(element, "content", "") or ""]
        names[0] = names[0].rsplit(".", 1)[0] if "." in names[0] else names[0]  # "logo.png": logo
        if any((words := re.findall(r"[a-z0-9]+", n.lower())) and set(words) <= said for n in names):
            named.append((element.id, element.name or element.id))
    return named[0] if len(named) == 1 else None


_DELETE_ONE = re.compile(
    r"^\s*(?:please\s+)?(?:delete|remove|drop|erase|trash|get\s+rid\s+of|take\s+out)\s+"
    r"(?:the\s+|my\s+|that\s+|this\s+)?([a-z0-9][a-z0-9 .'-]*?)\s*(?:please)?[.!]*\s*$",
    re.I,
)
_KINDS = {"clip", "video", "element", "text", "image", "picture", "sound", "audio", "track", "one"}


def deleted_element(project: Project, text: str) -> tuple[str, str] | None:
    """The one element a request of the form "delete the X" is about, when X is that element's name (file name,
    words) and nothing else ("delete the title", "remove the beach clip"); None otherwise ("delete everything after
    the logo", "delete the intro and the city")."""
    match = _DELETE_ONE.match(text)
    if match is None:
        return None
    found = named_element(project, match.group(1))
    if found is None:
        return None
    element = project.scene.find_element(found[0])
    if element is None:
        return None
    own = " ".join([element[1].name.rsplit(".", 1)[0], getattr(element[1], "content", "") or ""]).lower()
    said = set(re.findall(r"[a-z0-9]+", match.group(1).lower())) - _KINDS
    return found if said <= set(re.findall(r"[a-z0-9]+", own)) else None


def resized(project: Project, text: str) -> tuple[str, float, float] | None:
    """The one element a request makes longer or shorter by an amount ("make the title two seconds shorter"), and
    where it then plays, its start kept: (id, start, end) in seconds; None otherwise."""
    from neuralcut_cli.agent.asked_times import length_change

    change = length_change(text)
    found = named_element(project, text) if change is not None else None
    where = element_span(project, found[0]) if found is not None else None
    if change is None or found is None or where is None or where[1] + change <= where[0]:
        return None
    return found[0], where[0], round(where[1] + change, 3)


def conversation_window(messages: Sequence[ChatMessage], request_start: int) -> list[ChatMessage]:
    """The current request in full, plus a bounded window of what came before.

    The window starts at a user message, so a model never sees a tool result
    without the call it answers.
    """
    start = max(0, request_start - HISTORY_WINDOW)
    while start < request_start and messages[start].role != "user":
        start += 1
    return list(messages[start:])
