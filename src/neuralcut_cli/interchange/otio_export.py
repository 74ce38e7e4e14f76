"""The edit as an OpenTimelineIO timeline.

What maps natively: video and audio tracks (main, overlay video tracks,
audio tracks; OTIO stacks them bottom to top), clips with their source
ranges (the trims) and media references (absolute file URLs), and gaps.
What OTIO has no kind for (text, stickers, effects) becomes markers on the
timeline's stack, carrying the full NeuralCut element in their metadata, as
do each clip's volume, mute, transform and opacity. ``opentimelineio`` is
imported only by this command.

The timeline is written as OTIO's own JSON document and read once by its
C++ reader: building it object by object through the Python bindings spent
most of its time converting metadata (56 s for 100,000 elements).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from neuralcut_cli.project.elements import MEDIA_ELEMENTS, Element
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.tracks import Track
from neuralcut_cli.project.transitions import Transition
from neuralcut_cli.time import ticks_to_seconds

MARKER_COLOURS = {"text": "GREEN", "sticker": "PINK", "effect": "PURPLE"}


def build_timeline(project: Project, project_path: Path) -> Any:
    import opentimelineio as otio

    return otio.core.deserialize_json_from_string(json.dumps(timeline_document(project, project_path)))


def timeline_document(project: Project, project_path: Path) -> dict[str, Any]:
    """The timeline as OTIO's JSON (``Timeline.1``): tracks bottom to top, text and the like as markers."""
    rate = project.fps
    scene = project.scene
    size = project.settings.canvas_size
    tracks: list[dict[str, Any]] = []
    markers: list[dict[str, Any]] = []
    for track in [scene.tracks.main, *reversed(scene.tracks.overlay), *scene.tracks.audio]:
        if track.type in ("video", "audio"):
            tracks.append(_track(project, project_path, track, rate))
        else:
            markers += [_marker(element, track, rate) for element in track.sorted_elements()]
    for bookmark in scene.bookmarks or ():  # the scene's bookmarks: plain markers, as an editor shows them
        time, note, length = (
            (bookmark, "", 0)
            if isinstance(bookmark, (int, float))
            else (bookmark.time, bookmark.note or "", bookmark.duration or 0)
        )
        markers.append(_marker_document(note, _range(round(time), round(length), rate), "RED", {}))
    metadata = {
        "projectId": project.project_id,
        "sceneId": scene.id,
        "canvasSize": {"width": size.width, "height": size.height},
        "fps": {"numerator": project.settings.fps.numerator, "denominator": project.settings.fps.denominator},
    }
    stack: dict[str, Any] = {
        "OTIO_SCHEMA": "Stack.1",
        "name": "tracks",
        "children": tracks,
        "markers": markers,
        "effects": [],
        "metadata": {},
        "source_range": None,
    }
    return {
        "OTIO_SCHEMA": "Timeline.1",
        "name": project.metadata.name or project.project_id or project_path.stem,
        "global_start_time": _time(0, rate),
        "tracks": stack,
        "metadata": {"neuralcut": metadata},
    }


def _time(ticks: int, rate: float) -> dict[str, Any]:
    return {"OTIO_SCHEMA": "RationalTime.1", "rate": float(rate), "value": ticks_to_seconds(ticks) * rate}


def _range(start: int, duration: int, rate: float) -> dict[str, Any]:
    return {"OTIO_SCHEMA": "TimeRange.1", "start_time": _time(start, rate), "duration": _time(duration, rate)}


def _track(project: Project, project_path: Path, track: Track, rate: float) -> dict[str, Any]:
    children: list[dict[str, Any]] = []
    cursor = 0
    previous: Element | None = None
    into = {t.to_element_id: t for t in track.transitions}
    for element in track.sorted_elements():
        if element.start_time < cursor:  # an overlap in the file: OTIO tracks cannot hold it
            continue
        transition = into.get(element.id)
        if transition and previous and previous.id == transition.from_element_id and cursor == element.start_time:
            children.append(_transition(transition, rate))
        previous = element
        if element.start_time > cursor:
            children.append(
                {
                    "OTIO_SCHEMA": "Gap.1",
                    "name": "",
                    "source_range": _range(0, element.start_time - cursor, rate),
                    "effects": [],
                    "markers": [],
                    "metadata": {},
                }
            )
        children.append(_clip(project, project_path, element, rate))
        cursor = element.end_time
    return {
        "OTIO_SCHEMA": "Track.1",
        "name": track.name or track.id,
        "kind": "Audio" if track.type == "audio" else "Video",
        "children": children,
        "effects": [],
        "markers": [],
        "source_range": None,
        "metadata": {"neuralcut": {"trackId": track.id, "main": track is project.scene.tracks.main}},
    }


def _transition(transition: Transition, rate: float) -> dict[str, Any]:
    """OTIO's ``Transition``: the same in and out offsets; a dissolve is SMPTE's, the others custom, named by
    our type (FCP 7 XML keeps the name; an EDL keeps a dissolve of the same length)."""
    return {
        "OTIO_SCHEMA": "Transition.1",
        "name": transition.type,
        "transition_type": "SMPTE_Dissolve" if transition.type == "dissolve" else "Custom_Transition",
        "in_offset": _time(transition.in_offset, rate),
        "out_offset": _time(transition.out_offset, rate),
        "metadata": {"neuralcut": {"type": transition.type, "transitionId": transition.id}},
    }


def _clip(project: Project, project_path: Path, element: Element, rate: float) -> dict[str, Any]:
    asset = project.asset(element.media_id) if isinstance(element, MEDIA_ELEMENTS) else None
    reference: dict[str, Any] = {
        "OTIO_SCHEMA": "MissingReference.1",
        "name": "",
        "available_range": None,
        "metadata": {},
    }
    url = _url(asset.file(project_path)) if asset is not None else None
    if url is not None:
        # a still has no length of its own: it is available for as long as the clip shows it (editors need a range)
        available = (
            _range(0, element.source_ticks, rate)
            if element.type in ("video", "audio")
            else _range(element.trim_start, element.duration, rate)
        )
        reference = {
            "OTIO_SCHEMA": "ExternalReference.1",
            "name": "",
            "target_url": url,
            "available_range": available,
            "metadata": {},
        }
    return {
        "OTIO_SCHEMA": "Clip.1",
        "name": element.name or (asset.label if asset else element.id),
        "media_reference": reference,
        "source_range": _range(element.trim_start, element.duration, rate),
        "effects": [],
        "markers": [],
        "metadata": {"neuralcut": element.to_json_dict()},
    }


@lru_cache(maxsize=4096)
def _url(path: Path | None) -> str | None:
    """A media file's absolute URL (many clips share a file: resolved once each)."""
    return path.resolve().as_uri() if path is not None else None


def _marker(element: Element, track: Track, rate: float) -> dict[str, Any]:
    if element.type == "text":
        name = element.content
    elif element.type == "effect":
        name = f"{element.effect_type} " + ", ".join(f"{k}={v}" for k, v in element.params.items())
    else:
        name = element.name or getattr(element, "sticker_id", element.id)
    return _marker_document(
        name.strip(),
        _range(element.start_time, element.duration, rate),
        MARKER_COLOURS.get(element.type, "RED"),
        {"neuralcut": {"trackId": track.id, "trackType": track.type, "element": element.to_json_dict()}},
    )


def _marker_document(name: str, span: dict[str, Any], colour: str, metadata: dict[str, Any]) -> dict[str, Any]:
    return {
        "OTIO_SCHEMA": "Marker.2",
        "name": name,
        "marked_range": span,
        "color": colour,
        "comment": "",
        "metadata": metadata,
    }
