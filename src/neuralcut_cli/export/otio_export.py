"""The edit as an OpenTimelineIO timeline.

What maps natively: video and audio tracks (main, overlay video tracks,
audio tracks; OTIO stacks them bottom to top), clips with their source
ranges (the trims) and media references (absolute file URLs), and gaps.
What OTIO has no kind for (text, stickers, effects) becomes markers on the
timeline's stack, carrying the full NeuralCut element in their metadata, as
do each clip's volume, mute, transform and opacity. ``opentimelineio`` is
imported only by this command.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from neuralcut_cli.project.elements import MEDIA_ELEMENTS, Element
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.tracks import Track
from neuralcut_cli.time import ticks_to_seconds

MARKER_COLOURS = {"text": "GREEN", "sticker": "PINK", "effect": "PURPLE"}


def build_timeline(project: Project, project_path: Path) -> Any:
    import opentimelineio as otio

    rate = project.fps
    scene = project.scene
    timeline = otio.schema.Timeline(name=project.metadata.name or project.project_id or project_path.stem,
                                    global_start_time=otio.opentime.RationalTime(0, rate))
    size = project.settings.canvas_size
    timeline.metadata["neuralcut"] = {"projectId": project.project_id, "sceneId": scene.id,
                                      "canvasSize": {"width": size.width, "height": size.height},
                                      "fps": {"numerator": project.settings.fps.numerator,
                                              "denominator": project.settings.fps.denominator}}
    for track in [scene.tracks.main, *reversed(scene.tracks.overlay), *scene.tracks.audio]:
        if track.type in ("video", "audio"):
            timeline.tracks.append(_track(project, project_path, track, rate))
        else:
            for element in track.sorted_elements():
                timeline.tracks.markers.append(_marker(element, track, rate))
    for bookmark in scene.bookmarks or ():  # the scene's bookmarks: plain markers, as an editor shows them
        time, note, length = (bookmark, "", 0) if isinstance(bookmark, (int, float)) else \
            (bookmark.time, bookmark.note or "", bookmark.duration or 0)
        timeline.tracks.markers.append(otio.schema.Marker(name=note, color="RED",
                                                          marked_range=_range(round(time), round(length), rate)))
    return timeline


def _time(ticks: int, rate: float) -> Any:
    import opentimelineio as otio

    return otio.opentime.RationalTime(ticks_to_seconds(ticks) * rate, rate)


def _range(start: int, duration: int, rate: float) -> Any:
    import opentimelineio as otio

    return otio.opentime.TimeRange(_time(start, rate), _time(duration, rate))


def _track(project: Project, project_path: Path, track: Track, rate: float) -> Any:
    import opentimelineio as otio

    kind = otio.schema.TrackKind.Audio if track.type == "audio" else otio.schema.TrackKind.Video
    out = otio.schema.Track(name=track.name or track.id, kind=kind)
    out.metadata["neuralcut"] = {"trackId": track.id, "main": track is project.scene.tracks.main}
    cursor = 0
    for element in track.sorted_elements():
        if element.start_time < cursor:  # an overlap in the file: OTIO tracks cannot hold it
            continue
        if element.start_time > cursor:
            out.append(otio.schema.Gap(source_range=_range(0, element.start_time - cursor, rate)))
        out.append(_clip(project, project_path, element, rate))
        cursor = element.end_time
    return out


def _clip(project: Project, project_path: Path, element: Element, rate: float) -> Any:
    import opentimelineio as otio

    asset = project.asset(element.media_id) if isinstance(element, MEDIA_ELEMENTS) else None
    reference: Any = otio.schema.MissingReference()
    path = asset.file(project_path) if asset is not None else None
    if path is not None:
        # a still has no length of its own: it is available for as long as the clip shows it (editors need a range)
        available = _range(0, element.source_ticks, rate) if element.type in ("video", "audio") else \
            _range(element.trim_start, element.duration, rate)
        reference = otio.schema.ExternalReference(target_url=path.resolve().as_uri(), available_range=available)
    clip = otio.schema.Clip(name=element.name or (asset.label if asset else element.id), media_reference=reference,
                            source_range=_range(element.trim_start, element.duration, rate))
    clip.metadata["neuralcut"] = element.to_json_dict()
    return clip


def _marker(element: Element, track: Track, rate: float) -> Any:
    import opentimelineio as otio

    if element.type == "text":
        name = element.content
    elif element.type == "effect":
        name = f"{element.effect_type} " + ", ".join(f"{k}={v}" for k, v in element.params.items())
    else:
        name = element.name or getattr(element, "sticker_id", element.id)
    marker = otio.schema.Marker(name=name.strip(), marked_range=_range(element.start_time, element.duration, rate),
                                color=MARKER_COLOURS.get(element.type, "RED"))
    marker.metadata["neuralcut"] = {"trackId": track.id, "trackType": track.type, "element": element.to_json_dict()}
    return marker
