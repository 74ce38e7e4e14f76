"""The edit as an OpenTimelineIO timeline.

What maps natively: video and audio tracks (main, overlay video tracks,
audio tracks; OTIO stacks them bottom to top), clips with their source
ranges (the trims) and media references (absolute file URLs), and gaps.
Every time is a whole number of frames at the project's rate: each edit
point is rounded once (``_Grid``), so pieces that abut in the project abut
in the file, and no format's reader finds a one-frame gap or a source and
record length that disagree.

A clip's own sound is not part of an OTIO video clip: every video track
whose clips are heard gets an audio track beside it with the same cuts
(``<track> sound``, ``soundOf`` in its metadata), as editors link a clip's
picture and sound; ``timeline_import`` folds it back into the clips.
What OTIO has no kind for (text, stickers, effects) becomes markers on the
timeline's stack, carrying the full NeuralCut element in their metadata, as
do each clip's volume, mute, transform and opacity. ``opentimelineio`` is
imported only by this command.

The timeline is written as OTIO's own JSON document and read once by its
C++ reader: building it object by object through the Python bindings spent
most of its time converting metadata (56 s for 100,000 elements).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from neuralcut_cli.project.elements import MEDIA_ELEMENTS, Element, VideoElement
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.tracks import Track
from neuralcut_cli.project.transitions import Transition
from neuralcut_cli.time import TICKS_PER_SECOND, fps_fraction

MARKER_COLOURS = {"text": "GREEN", "sticker": "PINK", "effect": "PURPLE"}


def timeline_document(project: Project, project_path: Path) -> dict[str, Any]:
    """The timeline as OTIO's JSON (``Timeline.1``): tracks bottom to top, text and the like as markers."""
    grid = _Grid(project)
    scene = project.scene
    size = project.settings.canvas_size
    tracks: list[dict[str, Any]] = []
    sounds: list[dict[str, Any]] = []
    markers: list[dict[str, Any]] = []
    for track in [scene.tracks.main, *reversed(scene.tracks.overlay), *scene.tracks.audio]:
        if track.type in ("video", "audio"):
            tracks.append(_track(project, project_path, track, grid))
            if track.type == "video" and _heard(project, track):
                sounds.append(_track(project, project_path, track, grid, sound=True))
        else:
            markers += [_marker(element, track, grid) for element in track.sorted_elements()]
    for bookmark in scene.bookmarks or ():  # the scene's bookmarks: plain markers, as an editor shows them
        time, note, length = (
            (bookmark, "", 0)
            if isinstance(bookmark, (int, float))
            else (bookmark.time, bookmark.note or "", bookmark.duration or 0)
        )
        start = grid.frame(round(time))
        markers.append(_marker_document(note, grid.span(start, grid.frame(round(time + length)) - start), "RED", {}))
    metadata = {
        "projectId": project.project_id,
        "sceneId": scene.id,
        "canvasSize": {"width": size.width, "height": size.height},
        "fps": {"numerator": project.settings.fps.numerator, "denominator": project.settings.fps.denominator},
    }
    stack: dict[str, Any] = {
        "OTIO_SCHEMA": "Stack.1",
        "name": "tracks",
        "children": [*tracks[:1], *sounds, *tracks[1:]],  # the picture's sound first among the audio tracks
        "markers": markers,
        "effects": [],
        "metadata": {},
        "source_range": None,
    }
    return {
        "OTIO_SCHEMA": "Timeline.1",
        "name": project.metadata.name or project.project_id or project_path.stem,
        "global_start_time": grid.time(0),
        "tracks": stack,
        "metadata": {"neuralcut": metadata},
    }


class _Grid:
    """Ticks to whole frames at the project's rate, each time rounded once."""

    def __init__(self, project: Project) -> None:
        self.rate = fps_fraction(project.fps)
        self.float_rate = float(self.rate)

    def frame(self, ticks: int) -> int:
        return round(Fraction(ticks * self.rate.numerator, TICKS_PER_SECOND * self.rate.denominator))

    def time(self, frames: int) -> dict[str, Any]:
        return {"OTIO_SCHEMA": "RationalTime.1", "rate": self.float_rate, "value": float(frames)}

    def span(self, start: int, duration: int) -> dict[str, Any]:
        """A range of frames."""
        return {"OTIO_SCHEMA": "TimeRange.1", "start_time": self.time(start), "duration": self.time(duration)}


def _heard(project: Project, track: Track) -> bool:
    return any(_sounds(project, track, element) for element in track.elements)


def _sounds(project: Project, track: Track, element: Element) -> bool:
    """Whether a video clip's own sound plays (its track and it unmuted, its file with sound)."""
    if not isinstance(element, VideoElement) or element.muted or getattr(track, "muted", False):
        return False
    asset = project.asset(element.media_id)
    return element.source_audio and (asset is None or asset.has_audio is not False)


def _track(project: Project, project_path: Path, track: Track, grid: _Grid, sound: bool = False) -> dict[str, Any]:
    """A track's clips and gaps on the frame grid; with ``sound``, the audio track of its clips' own sound."""
    children: list[dict[str, Any]] = []
    cursor = 0
    previous: Element | None = None
    into = {t.to_element_id: t for t in track.transitions}
    for element in track.sorted_elements():
        start, end = grid.frame(element.start_time), grid.frame(element.end_time)
        if start < cursor or end <= start:  # an overlap in the file (OTIO tracks cannot hold it), or under a frame
            continue
        if sound and not _sounds(project, track, element):
            continue
        transition = into.get(element.id)
        if transition and previous and previous.id == transition.from_element_id and cursor == start:
            children.append(_transition(transition, grid))
        previous = element
        if start > cursor:
            children.append(_gap(grid.span(0, start - cursor)))
        children.append(_clip(project, project_path, element, grid, end - start))
        cursor = end
    name = track.name or track.id
    meta: dict[str, Any] = {"trackId": track.id, "main": track is project.scene.tracks.main}
    if sound:
        name, meta = f"{name} sound", {"soundOf": track.id}
    return {
        "OTIO_SCHEMA": "Track.1",
        "name": name,
        "kind": "Audio" if track.type == "audio" or sound else "Video",
        "children": children,
        "effects": [],
        "markers": [],
        "source_range": None,
        "metadata": {"neuralcut": meta},
    }


def _gap(span: dict[str, Any]) -> dict[str, Any]:
    return {"OTIO_SCHEMA": "Gap.1", "name": "", "source_range": span, "effects": [], "markers": [], "metadata": {}}


def _transition(transition: Transition, grid: _Grid) -> dict[str, Any]:
    """OTIO's ``Transition``: the same in and out offsets; a dissolve is SMPTE's, the others custom, named by
    our type (FCP 7 XML keeps the name; an EDL keeps a dissolve of the same length)."""
    return {
        "OTIO_SCHEMA": "Transition.1",
        "name": transition.type,
        "transition_type": "SMPTE_Dissolve" if transition.type == "dissolve" else "Custom_Transition",
        "in_offset": grid.time(grid.frame(transition.in_offset)),
        "out_offset": grid.time(grid.frame(transition.out_offset)),
        "metadata": {"neuralcut": {"type": transition.type, "transitionId": transition.id}},
    }


def _clip(project: Project, project_path: Path, element: Element, grid: _Grid, frames: int) -> dict[str, Any]:
    """A clip ``frames`` long from its source in (the trim) on the grid."""
    asset = project.asset(element.media_id) if isinstance(element, MEDIA_ELEMENTS) else None
    reference: dict[str, Any] = {
        "OTIO_SCHEMA": "MissingReference.1",
        "name": "",
        "available_range": None,
        "metadata": {},
    }
    source_in = grid.frame(element.trim_start)
    url = _url(asset.file(project_path)) if asset is not None else None
    if url is not None:
        # a still has no length of its own: it is available for as long as the clip shows it (editors need a range)
        available = (
            grid.span(0, max(grid.frame(element.source_ticks), source_in + frames))
            if element.type in ("video", "audio")
            else grid.span(source_in, frames)
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
        "source_range": grid.span(source_in, frames),
        "effects": [],
        "markers": [],
        "metadata": {"neuralcut": element.to_json_dict()},
    }


@lru_cache(maxsize=4096)
def _url(path: Path | None) -> str | None:
    """A media file's absolute URL (many clips share a file: resolved once each)."""
    return path.resolve().as_uri() if path is not None else None


def _marker(element: Element, track: Track, grid: _Grid) -> dict[str, Any]:
    if element.type == "text":
        name = element.content
    elif element.type == "effect":
        name = f"{element.effect_type} " + ", ".join(f"{k}={v}" for k, v in element.params.items())
    else:
        name = element.name or getattr(element, "sticker_id", element.id)
    return _marker_document(
        name.strip(),
        grid.span(grid.frame(element.start_time), grid.frame(element.end_time) - grid.frame(element.start_time)),
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
