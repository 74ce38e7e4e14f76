"""``neuralcut import-timeline``: an OpenTimelineIO ``.otio``, a CMX 3600 ``.edl``, a Final Cut Pro 7 / Premiere
``.xml`` or an ``.fcpxml`` made into a NeuralCut project.

The first video track is the main track, the other video tracks overlays (top one first), audio tracks audio.
Clips keep their place, in-point and length; media references are found as given, relative to the file, or by
name in ``--media``; missing files are listed (the project still opens; ``list_project_assets`` marks them).
A clip or marker NeuralCut exported carries its whole element in metadata and comes back as it was.
Transitions come back between the clips they join (an ``.fcpxml``'s through ``fcpxml_transitions``, which the
adapter does not read). What a NeuralCut project cannot hold (nested stacks, other markers, effects) is
reported, never dropped silently. An EDL carries no frame rate: ``--fps``, else the first media file's, else 30.
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from neuralcut_cli.editing.transitions import settle
from neuralcut_cli.errors import MediaError
from neuralcut_cli.interchange.timeline_tracks import build_tracks
from neuralcut_cli.media.import_bounds import check_file, check_times
from neuralcut_cli.media.importer import media_fields, relative_path
from neuralcut_cli.media.probe import probe
from neuralcut_cli.project.io import project_from_json
from neuralcut_cli.project.model import Project

ADAPTERS = {".otio": "otio_json", ".edl": "cmx_3600", ".xml": "fcp_xml", ".fcpxml": "fcpx_xml"}
KINDS = {
    ".mp4": "video",
    ".mov": "video",
    ".mkv": "video",
    ".m4v": "video",
    ".webm": "video",
    ".avi": "video",
    ".mxf": "video",
    ".png": "image",
    ".jpg": "image",
    ".jpeg": "image",
    ".webp": "image",
    ".gif": "image",
    ".mp3": "audio",
    ".wav": "audio",
    ".m4a": "audio",
    ".aac": "audio",
    ".flac": "audio",
    ".ogg": "audio",
}


EDL_RATES = (30.0, 25.0, 24.0, 23.976, 29.97, 50.0, 59.94, 60.0)  # an EDL carries none: the common ones, in turn


def timeline_project(
    file: Path, output: Path, media_dir: Path | None, fps: float | None
) -> tuple[Project, float, Importer]:
    """The project made from ``file``, the frame rate it was read at, and what the import found missing or could
    not carry. Its transitions are fitted to the clips' media as an edit would (``editing.transitions.settle``):
    a file made elsewhere may ask for more handle than there is; what was shortened is said."""
    timeline, read_at, note = read_timeline(file, fps)
    rate = fps or read_at or _timeline_rate(timeline)
    if read_at and fps is None:  # an EDL: the media's own rate, when the media are here, beats a found one
        seen = media_fps(timeline, file, media_dir)
        if seen and seen != read_at:
            timeline, rate, note = read_timeline(file, seen)[0], seen, None
    data, found = to_project(timeline, file, output, media_dir, rate)
    if note:
        found.unsupported.insert(0, note)
    project = project_from_json(data, str(file))
    scene, fitted = settle(project.scene)
    found.unsupported.extend(fitted)
    return project.with_scene(scene), rate, found


def _timeline_rate(timeline: Any) -> float:
    """The timeline's frame rate: its start time's rate, else its first clip's, else 30."""
    start = timeline.global_start_time
    if start is not None and start.rate > 1:
        return float(start.rate)
    clip = next(iter(timeline.find_clips()), None)
    return float(clip.source_range.duration.rate) if clip is not None and clip.source_range is not None else 30.0


def read_timeline(file: Path, fps: float | None) -> tuple[Any, float | None, str | None]:
    """The timeline in ``file``; for an EDL, also the frame rate it was read at, and a note when that rate was
    found rather than given (an EDL read at a wrong rate fails: its source and record lengths disagree)."""
    adapter = ADAPTERS.get(file.suffix.lower())
    if adapter is None:
        raise MediaError(
            f"{file.name}: import-timeline reads .otio, .edl, .xml (Final Cut Pro 7 / Premiere) and .fcpxml"
        )
    check_file(file)
    timeline, rate, note = _read_timeline(file, adapter, fps)
    if adapter == "fcpx_xml":  # the adapter reads no transitions: ours are read from the spine
        from neuralcut_cli.interchange.fcpxml_transitions import add_to_timeline, read_joints

        skipped: list[str] = []
        joints = read_joints(file, skipped)
        missed = [*skipped, *add_to_timeline(timeline, joints)]
        note = "; ".join([*([note] if note else []), *missed]) or None
    check_times(timeline, file)
    return timeline, rate, note


def _read_timeline(file: Path, adapter: str, fps: float | None) -> tuple[Any, float | None, str | None]:
    if adapter != "cmx_3600":
        return _first_timeline(_read(file, adapter, {}), file), None, None
    failed: MediaError | None = None
    for rate in (fps,) if fps else EDL_RATES:
        try:
            found = _read(file, adapter, {"rate": rate})
        except MediaError as exc:
            failed = failed or exc
            continue
        note = (
            None
            if fps or rate == EDL_RATES[0]
            else (
                f"{file.name} says no frame rate: read at {rate:g} fps, where its source and record lengths agree "
                "(--fps gives another)"
            )
        )
        return _first_timeline(found, file), rate, note
    if fps or failed is None:
        raise failed or MediaError(f"{file.name}: no timeline in it")
    raise MediaError(
        f"{failed.message}; it reads at none of {', '.join(f'{r:g}' for r in EDL_RATES)} fps (--fps gives another)"
    )


def _read(file: Path, adapter: str, options: dict[str, Any]) -> Any:
    import opentimelineio as otio

    try:
        return otio.adapters.read_from_file(str(file), adapter_name=adapter, **options)
    except Exception as exc:  # noqa: BLE001 - a parser's refusal, reported plainly
        raise MediaError(
            f"{file.name}: not a timeline the {adapter} adapter can read ({type(exc).__name__}: "
            f"{' '.join(str(exc).split())[:200]})"
        ) from None


def _first_timeline(found: Any, file: Path) -> Any:
    """The timeline itself, or the first one a collection holds; a file of loose clips is refused."""
    import opentimelineio as otio

    if isinstance(found, otio.schema.Timeline):
        return found
    if isinstance(found, otio.schema.SerializableCollection):
        inside = (
            [item for item in found.find_children(descended_from_type=otio.schema.Timeline)]
            if hasattr(found, "find_children")
            else [item for item in found if isinstance(item, otio.schema.Timeline)]
        )
        if inside:
            return inside[0]
        what = sorted(f"{type(item).__name__.lower()}s" for item in found) or ["nothing"]
        raise MediaError(
            f"{file.name} holds {' and '.join(dict.fromkeys(what))} but no timeline (an event's or a "
            "bin's clips): export the project or sequence that uses them"
        )
    raise MediaError(f"{file.name} holds a {type(found).__name__.lower()}, not a timeline")


class Importer:
    def __init__(self, file: Path, output: Path, media_dir: Path | None) -> None:
        self.file, self.output, self.media_dir = file, output, media_dir
        self.assets: dict[str, dict[str, Any]] = {}
        self.missing: list[str] = []
        self.unsupported: list[str] = []

    def asset_for(self, clip: Any) -> str | None:
        """The asset id of a clip's media (made once per file)."""
        import opentimelineio as otio

        reference = clip.media_reference
        target = getattr(reference, "target_url", None)
        if isinstance(reference, otio.schema.GeneratorReference):
            self.unsupported.append(
                f"generated clip {clip.name or '?'} ({reference.generator_kind or 'generator'}): not imported"
            )
            return None
        if not target:  # the edit keeps its place; the media is to be found
            key = f"missing:{clip.name or '?'}"
            if key not in self.assets:
                self.assets[key] = {"id": str(uuid.uuid4()), "name": clip.name or "missing media", "type": "video"}
                self.missing.append(f"{clip.name or '?'} (no media reference)")
            return str(self.assets[key]["id"])
        path = self.locate(target)
        key = str(path)
        if key not in self.assets:
            kind = KINDS.get(path.suffix.lower(), "video")
            data: dict[str, Any] = {
                "id": str(uuid.uuid4()),
                "name": path.name,
                "type": kind,
                "path": relative_path(path, self.output),
            }
            if path.is_file():
                info = _probed(path)
                data.update(info)
            else:
                self.missing.append(str(path))
                available = getattr(reference, "available_range", None)
                if available is not None and kind != "image":
                    data["duration"] = round(available.end_time_exclusive().to_seconds(), 6)
            self.assets[key] = data
        return str(self.assets[key]["id"])

    def locate(self, target: str) -> Path:
        parsed = urlparse(target)
        raw = Path(unquote(parsed.path) if parsed.scheme in ("file", "") else target)
        candidates = [raw, self.file.parent / raw]
        if self.media_dir is not None:
            candidates.append(self.media_dir / raw.name)
        return next(
            (c.resolve() for c in candidates if c.is_file()), raw if raw.is_absolute() else self.file.parent / raw
        )


def _probed(path: Path) -> dict[str, Any]:
    try:
        return media_fields(probe(path))
    except MediaError:
        return {}


def media_fps(timeline: Any, file: Path, media_dir: Path | None) -> float | None:
    """The frame rate of the first video file the timeline uses (for an EDL, which carries none)."""
    importer = Importer(file, file, media_dir)
    for clip in timeline.find_clips():
        target = getattr(clip.media_reference, "target_url", None)
        path = importer.locate(target) if target else None
        if path is not None and path.is_file() and KINDS.get(path.suffix.lower()) == "video":
            return _probed(path).get("fps")
    return None


def to_project(
    timeline: Any, file: Path, output: Path, media_dir: Path | None, fps: float
) -> tuple[dict[str, Any], Importer]:
    """The project's JSON and what the import found missing or could not carry."""
    importer = Importer(file, output, media_dir)
    tracks, bookmarks = build_tracks(timeline, importer, fps)
    numerator, denominator = (round(fps * 1000), 1000) if fps != int(fps) else (int(fps), 1)
    data = {
        "format": "neuralcut-project",
        "version": 1,
        "metadata": {"id": str(uuid.uuid4()), "name": timeline.name or file.stem},
        "settings": {
            "fps": {"numerator": numerator, "denominator": denominator},
            "canvasSize": {"width": 1920, "height": 1080},
        },
        "mediaAssets": list(importer.assets.values()),
        "currentSceneId": "main",
        "scenes": [{"id": "main", "name": "Main", "isMain": True, "bookmarks": bookmarks, "tracks": tracks}],
    }
    return data, importer
