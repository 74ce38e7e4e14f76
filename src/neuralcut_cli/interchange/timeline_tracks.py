"""OpenTimelineIO tracks made into NeuralCut tracks (see ``timeline_import``)."""

from __future__ import annotations

import uuid
from typing import Any

from neuralcut_cli.time import TICKS_PER_SECOND

COLOURS = {
    "RED": "#ff0000",
    "PINK": "#ff69b4",
    "ORANGE": "#ffa500",
    "YELLOW": "#ffff00",
    "GREEN": "#00ff00",
    "CYAN": "#00ffff",
    "BLUE": "#0000ff",
    "PURPLE": "#800080",
    "MAGENTA": "#ff00ff",
    "BLACK": "#000000",
    "WHITE": "#ffffff",
}


def plain(value: Any) -> Any:
    """OTIO metadata (``AnyDictionary``, ``AnyVector``) as plain JSON values."""
    if hasattr(value, "items"):
        return {str(k): plain(v) for k, v in value.items()}
    if not isinstance(value, (str, bytes)) and hasattr(value, "__iter__"):
        return [plain(v) for v in value]
    return value


def _saved(item: Any) -> dict[str, Any]:
    """What NeuralCut wrote in an item's metadata when it exported it (else nothing)."""
    metadata = getattr(item, "metadata", None)
    found = plain(metadata.get("neuralcut")) if metadata is not None and "neuralcut" in metadata else None
    return found if isinstance(found, dict) else {}


def _ticks(time: Any) -> int:
    return int(round(time.to_seconds() * TICKS_PER_SECOND))


def build_tracks(timeline: Any, importer: Any, fps: float) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    import opentimelineio as otio

    video = [t for t in timeline.tracks if isinstance(t, otio.schema.Track) and t.kind == otio.schema.TrackKind.Video]
    audio = [t for t in timeline.tracks if isinstance(t, otio.schema.Track) and t.kind == otio.schema.TrackKind.Audio]
    for item in timeline.tracks:
        if not isinstance(item, otio.schema.Track):
            importer.unsupported.append(f"nested stack {item.name or '?'} at the top level: not imported")
    main = (
        _track(video[0], importer, "video", "Main Track")
        if video
        else {"id": "main", "name": "Main Track", "type": "video", "elements": []}
    )
    overlays = [_track(t, importer, "video", t.name or "Video") for t in reversed(video[1:])]
    linked = _linked_sound(video, audio)
    sounds = [_track(t, importer, "audio", t.name or "Audio", skip=linked) for t in audio]
    sounds = [t for t, source in zip(sounds, audio, strict=True) if t["elements"] or len(source) == 0]
    bookmarks = _markers(timeline.tracks.markers, importer, overlays)
    return {"overlay": overlays, "main": main, "audio": sounds}, bookmarks


def _linked_sound(video: list[Any], audio: list[Any]) -> set[int]:
    """The audio clips that are a video clip's own sound (the same file over the same frames from the same
    source frame: how editors, and our export, write a clip's picture and sound), by ``id``: the video clip
    plays its sound itself, so these are not made into audio elements too."""
    import opentimelineio as otio

    def key(clip: Any) -> tuple[str, int, int, int]:
        url = getattr(clip.media_reference, "target_url", None) or ""
        where, used = clip.range_in_parent(), clip.trimmed_range()
        frames = [round(t.to_seconds() * 1000) for t in (where.start_time, where.duration, used.start_time)]
        return url, frames[0], frames[1], frames[2]

    def keys(tracks: list[Any]) -> list[tuple[Any, tuple[str, int, int, int]]]:
        out = []
        for track in tracks:
            for item in track:
                if isinstance(item, otio.schema.Clip):
                    try:
                        out.append((item, key(item)))
                    except Exception:  # noqa: BLE001 - a clip OTIO cannot time: read (and refused) as it is
                        continue
        return out

    pictures = {k for _, k in keys(video) if k[0]}
    return {id(clip) for clip, k in keys(audio) if k in pictures}


def _track(track: Any, importer: Any, kind: str, name: str, skip: set[int] | None = None) -> dict[str, Any]:
    import opentimelineio as otio

    meta = _saved(track)
    out: dict[str, Any] = {"id": str(meta.get("trackId") or uuid.uuid4()), "name": name, "type": kind, "elements": []}
    pending: Any = None  # a transition waiting for the clip after it
    previous: Any = None  # the last item read
    for item in track:
        at = item.range_in_parent().start_time.to_seconds() if hasattr(item, "range_in_parent") else 0.0
        if isinstance(item, otio.schema.Gap):
            previous = item
            continue
        if isinstance(item, otio.schema.Clip) and skip and id(item) in skip:
            previous = item  # a video clip's own sound: that clip plays it
            continue
        if isinstance(item, otio.schema.Clip):
            element = _element(item, importer, kind)
            if element is not None:
                if pending is not None and out["elements"] and previous is pending:
                    out.setdefault("transitions", []).append(
                        _transition(pending, out["elements"][-1], element, importer, name)
                    )
                out["elements"].append(element)
            pending = None
        elif isinstance(item, otio.schema.Transition):
            if not out["elements"] or previous is None or not isinstance(previous, otio.schema.Clip):
                importer.unsupported.append(
                    f"transition {item.name or item.transition_type} at {at:g} s on {name}: no clip before it"
                )
            pending = item
        elif isinstance(item, otio.schema.Stack):
            importer.unsupported.append(
                f"nested stack {item.name or '?'} at {at:g} s on {name}: not imported (flatten it in the editor first)"
            )
        else:
            importer.unsupported.append(f"{type(item).__name__} at {at:g} s on {name}: not imported")
        if pending is not None and pending is not item and not isinstance(item, otio.schema.Clip):
            importer.unsupported.append(
                f"transition {pending.name or pending.transition_type} on {name}: no clip after it"
            )
            pending = None
        previous = item
    if pending is not None:
        importer.unsupported.append(f"transition {pending.name or pending.transition_type} on {name}: no clip after it")
    return out


def _transition(
    item: Any, outgoing: dict[str, Any], incoming: dict[str, Any], importer: Any, name: str
) -> dict[str, Any]:
    """OTIO's ``Transition`` as ours: the same offsets; the type from our metadata, else its name (FCP 7 XML
    keeps it), else a dissolve (said in what was not imported as it was)."""
    from neuralcut_cli.catalogs.transitions import find_transition, search_transitions

    said = str((plain(item.metadata).get("neuralcut") or {}).get("type") or item.name or "")
    found = (
        find_transition(said) or next(iter(search_transitions(said.replace("_", " ").lower())), None) if said else None
    )
    if found is None:
        found = find_transition("dissolve")
        if item.transition_type != "SMPTE_Dissolve":
            importer.unsupported.append(f"transition {said or item.transition_type} on {name}: read as a dissolve")
    assert found is not None
    return {
        "id": f"tr-{uuid.uuid4().hex[:8]}",
        "type": found.id,
        "fromElementId": outgoing["id"],
        "toElementId": incoming["id"],
        "inOffset": _ticks(item.in_offset),
        "outOffset": _ticks(item.out_offset),
    }


def _element(clip: Any, importer: Any, track_kind: str) -> dict[str, Any] | None:
    asset_id = importer.asset_for(clip)
    if asset_id is None:
        return None
    asset = next(a for a in importer.assets.values() if a["id"] == asset_id)
    try:  # the clip's own range, else its media's (a clip may leave its in and out to the media)
        used = clip.trimmed_range()
    except Exception:  # noqa: BLE001 - OTIO refuses a clip with neither
        importer.unsupported.append(
            f"clip {clip.name or '?'}: no length (no source range, no media range): not imported"
        )
        return None
    start, duration = _ticks(clip.range_in_parent().start_time), _ticks(used.duration)
    available = getattr(clip.media_reference, "available_range", None)
    offset = _ticks(available.start_time) if available is not None else 0
    trim_start = max(0, _ticks(used.start_time) - offset)
    kind = "audio" if track_kind == "audio" else ("image" if asset["type"] == "image" else "video")
    if kind == "video" and asset["type"] == "audio":
        importer.unsupported.append(f"clip {clip.name}: a sound file on a video track: not imported")
        return None
    saved = _saved(clip)
    element: dict[str, Any] = {
        **(saved if saved.get("type") == kind else {}),
        "type": kind,
        "mediaId": asset_id,
        "startTime": start,
        "duration": duration,
        "trimStart": trim_start,
    }
    element.setdefault("id", str(uuid.uuid4()))
    element.setdefault("name", clip.name or asset["name"])
    source = round(float(asset["duration"]) * TICKS_PER_SECOND) if kind != "image" and asset.get("duration") else None
    rate = float((saved.get("retime") or {}).get("rate", 1)) if saved else 1.0
    if source is not None:
        element["sourceDuration"] = source
        element["trimEnd"] = max(0, source - trim_start - round(duration * rate))
    else:
        element["trimEnd"] = 0
        element.pop("sourceDuration", None)
    if clip.markers:
        importer.unsupported.append(f"{len(clip.markers)} marker(s) on clip {clip.name}: not imported")
    if clip.effects and not saved:
        importer.unsupported.append(f"effects on clip {clip.name}: not imported")
    return element


def _markers(markers: Any, importer: Any, overlays: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """NeuralCut's own markers become their elements again; any other marker a bookmark."""
    bookmarks = []
    tracks: dict[str, dict[str, Any]] = {}
    for marker in markers:
        saved = _saved(marker)
        if isinstance(saved.get("element"), dict) and saved.get("trackType"):
            track_id = str(saved.get("trackId") or uuid.uuid4())
            track = tracks.setdefault(
                track_id,
                {
                    "id": track_id,
                    "name": saved.get("trackName") or track_id,
                    "type": saved["trackType"],
                    "elements": [],
                },
            )
            track["elements"].append(saved["element"])
            continue
        mark: dict[str, Any] = {"time": _ticks(marker.marked_range.start_time)}
        if marker.name:
            mark["note"] = marker.name
        if marker.marked_range.duration.to_seconds() > 0:
            mark["duration"] = _ticks(marker.marked_range.duration)
        if str(marker.color).upper() in COLOURS:
            mark["color"] = COLOURS[str(marker.color).upper()]
        bookmarks.append(mark)
    overlays[:0] = list(reversed(tracks.values()))  # exported bottom to top; above the video overlays
    return bookmarks
