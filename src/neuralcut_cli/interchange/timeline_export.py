"""The edit for professional editors through OpenTimelineIO and its adapters: ``.otio``, CMX 3600 ``.edl``,
Final Cut Pro 7 / Premiere ``.xml`` and Final Cut Pro X ``.fcpxml``. After writing, the file is read back with
the same adapter and compared, so the answer lists what did not travel (an EDL holds one video track; text,
stickers and effects are markers where the format keeps them)."""

from __future__ import annotations

import copy
import json
import re
from functools import partial
from pathlib import Path
from typing import Any

from neuralcut_cli.errors import MediaError
from neuralcut_cli.interchange import edl_sound
from neuralcut_cli.interchange.fcpxml_writer import write_fcpxml
from neuralcut_cli.interchange.otio_export import timeline_document
from neuralcut_cli.project.io import replace_with
from neuralcut_cli.project.model import Project

_CONTROL = re.compile(r"[\x00-\x1f\x7f\u0085\u2028\u2029]")
ADAPTERS = {"otio": "otio_json", "edl": "cmx_3600", "fcp7xml": "fcp_xml", "fcpxml": "fcpx_xml"}
SUFFIXES = {"otio": ".otio", "edl": ".edl", "fcp7xml": ".xml", "fcpxml": ".fcpxml"}


def write_timeline(project: Project, project_path: Path, output: Path, fmt: str) -> dict[str, Any]:
    import opentimelineio as otio

    document = timeline_document(project, Path(project_path))
    if fmt == "otio":  # OTIO's own format: our document as it is, read back once to check it
        back = replace_with(output, partial(_write_document, document))
        return _counts(fmt, back, [])
    timeline = otio.core.deserialize_json_from_string(json.dumps(document))
    lost: list[str] = []
    heard: list[bool] = []
    if fmt == "edl":  # CMX 3600: one video track and its sound (events on V and A: "B"), no markers of ours
        kept = next((t for t in timeline.tracks if t.kind == otio.schema.TrackKind.Video), None)
        sound = _sound_of(timeline, kept)
        for track in list(timeline.tracks):
            if track is not kept and track is not sound:
                lost.append(f"{track.kind.lower()} track {track.name}")
                timeline.tracks.remove(track)
        heard = _heard_clips(kept, sound)
        lost += _one_line_names(timeline)

    def write_and_read_back(temp: Path) -> Any:
        try:
            if fmt == "fcpxml":  # ours, with the clips' sound and titles; transitions into its spine, then read
                write_fcpxml(document, temp)
                return _fcpxml_with_transitions(timeline, temp)
            _write_with_adapter(timeline, temp, fmt, heard)
            return otio.adapters.read_from_file(
                str(temp), adapter_name=ADAPTERS[fmt], **({"rate": project.fps} if fmt == "edl" else {})
            )
        except MediaError:
            raise
        except Exception as exc:  # noqa: BLE001 - an adapter's refusal, reported plainly
            raise MediaError(f"The {fmt} adapter could not write this timeline: {type(exc).__name__}: {exc}") from None

    back = replace_with(output, write_and_read_back)  # the old file stays until the new one is whole
    back = back if isinstance(back, otio.schema.Timeline) else next(iter(back))
    return _counts(fmt, back, lost + _compare(timeline, back, fmt))


def _write_with_adapter(timeline: Any, temp: Path, fmt: str, heard: list[bool]) -> None:
    import opentimelineio as otio

    sent = copy.deepcopy(timeline)
    if fmt == "edl":  # the adapter writes the video track's events; its sound is said on each event
        for track in [t for t in sent.tracks if t.kind != otio.schema.TrackKind.Video]:
            sent.tracks.remove(track)
    otio.adapters.write_to_file(sent, str(temp), adapter_name=ADAPTERS[fmt])
    if fmt == "edl":
        edl_sound.mark(temp, heard)


def _sound_of(timeline: Any, video: Any) -> Any:
    """The audio track that holds ``video``'s own sound (``otio_export`` writes one beside each heard track)."""
    if video is None:
        return None
    track_id = (video.metadata.get("neuralcut") or {}).get("trackId")
    return next(
        (t for t in timeline.tracks if track_id and (t.metadata.get("neuralcut") or {}).get("soundOf") == track_id),
        None,
    )


def _heard_clips(video: Any, sound: Any) -> list[bool]:
    """For each clip of ``video`` in order, whether its sound plays (a clip of ``sound`` over the same frames)."""
    import opentimelineio as otio

    if video is None:
        return []
    spans = set()
    if sound is not None:
        spans = {(c.range_in_parent().start_time.value, c.duration().value) for c in sound.find_clips()}
    return [
        (c.range_in_parent().start_time.value, c.duration().value) in spans
        for c in video
        if isinstance(c, otio.schema.Clip)
    ]


def _fcpxml_with_transitions(timeline: Any, temp: Path) -> Any:
    """Write the main track's transitions into the ``.fcpxml`` the adapter wrote, and read the file back as an
    editor would: the adapter for the rest, ``fcpxml_transitions`` for the transitions."""
    import shutil

    import opentimelineio as otio

    from neuralcut_cli.interchange import fcpxml_transitions as fcpx

    fcpx.write_joints(temp, fcpx.joints(timeline))
    plain = temp.with_name(temp.name + ".plain")
    shutil.copyfile(temp, plain)
    try:
        fcpx.strip(plain)
        back = otio.adapters.read_from_file(str(plain), adapter_name="fcpx_xml")
    finally:
        plain.unlink(missing_ok=True)
    back = back if isinstance(back, otio.schema.Timeline) else next(iter(back))
    fcpx.add_to_timeline(back, fcpx.read_joints(temp))
    return back


def _write_document(document: dict[str, Any], temp: Path) -> Any:
    import opentimelineio as otio

    temp.write_text(json.dumps(document, ensure_ascii=False) + "\n", encoding="utf-8")  # compact: the C encoder
    try:
        return otio.adapters.read_from_file(str(temp), adapter_name="otio_json")
    except Exception as exc:  # noqa: BLE001 - reported plainly
        raise MediaError(f"The written timeline does not read back: {type(exc).__name__}: {exc}") from None


def _counts(fmt: str, back: Any, lost: list[str]) -> dict[str, Any]:
    import opentimelineio as otio

    clips = sum(1 for track in back.tracks for item in track if isinstance(item, otio.schema.Clip))
    gaps = sum(1 for track in back.tracks for item in track if isinstance(item, otio.schema.Gap))
    return {
        "format": fmt,
        "tracks": len(back.tracks),
        "clips": clips,
        "gaps": gaps,
        "markers": len(back.tracks.markers),
        "transitions": len(_transitions(back)),  # the picture's (the sound's crossfades come with them)
        "lost": lost,
    }


def _one_line_names(timeline: Any) -> list[str]:
    """An EDL is one event per line: a line break or other control character in a name would start a line
    of its own (a new event on reading back), so each becomes a space; said in what did not travel."""
    import opentimelineio as otio

    named = [
        timeline,
        *timeline.tracks,
        *timeline.tracks.markers,
        *(item for track in timeline.tracks for item in track),
        *(marker for track in timeline.tracks for item in track for marker in getattr(item, "markers", ())),
    ]
    echoes = {id(item) for t in timeline.tracks if (t.metadata.get("neuralcut") or {}).get("soundOf") for item in t}
    changed = 0
    for thing in named:
        flat = _CONTROL.sub(" ", thing.name or "")
        if flat != (thing.name or ""):  # (a clip's own sound bears its name: counted with the clip)
            thing.name, changed = flat, changed + (id(thing) not in echoes)
        if isinstance(thing, otio.schema.Clip) and thing.media_reference is not None:
            reference = thing.media_reference
            if getattr(reference, "target_url", None) and _CONTROL.search(reference.target_url):
                raise MediaError(
                    f"The media path of {thing.name} holds a line break; an EDL cannot carry it "
                    "(rename the file, or export .otio or .fcpxml)"
                )
    return [f"line breaks in {changed} name{'s' if changed != 1 else ''} (an EDL event is one line)"] if changed else []


def _compare(sent: Any, back: Any, fmt: str = "") -> list[str]:
    import opentimelineio as otio

    lost = []
    markers = len(sent.tracks.markers) - len(back.tracks.markers)
    if fmt == "fcpxml":  # texts travel as Basic Titles (which OTIO's reader skips), the clips' sound in the clips
        markers = sum(1 for m in sent.tracks.markers if _kind(m) not in ("text", None)) - len(back.tracks.markers)
        sent = copy.deepcopy(sent)
        for track in [t for t in sent.tracks if (t.metadata.get("neuralcut") or {}).get("soundOf")]:
            sent.tracks.remove(track)
    if markers > 0:
        lost.append(f"{markers} text, sticker or effect element{'s' if markers != 1 else ''} (markers)")
    for kind in (otio.schema.TrackKind.Video, otio.schema.TrackKind.Audio):
        missing = _clips(sent, kind) - _clips(back, kind)
        if missing > 0:
            lost.append(f"{missing} {kind.lower()} clip{'s' if missing != 1 else ''}")
    sent_kinds, back_kinds = _transitions(sent), _transitions(back)
    if fmt == "fcpxml":
        foreign = sum(1 for kind in back_kinds if kind not in ("dissolve", "dip-black"))
        if foreign:
            lost.append(
                f"the look of {foreign} transition{'s' if foreign != 1 else ''} (Final Cut Pro shows "
                f"{'them' if foreign != 1 else 'it'} as a cross dissolve; the name keeps the type)"
            )
    if len(back_kinds) < len(sent_kinds):
        gone = len(sent_kinds) - len(back_kinds)
        lost.append(f"{gone} transition{'s' if gone != 1 else ''} (the format's adapter does not carry them)")
    elif sorted(back_kinds) != sorted(sent_kinds):
        changed = sum(1 for kind in sent_kinds if kind != "dissolve")
        if changed:
            lost.append(f"the type of {changed} transition{'s' if changed != 1 else ''} (read back as dissolves)")
    return lost


def _kind(marker: Any) -> str | None:
    """The element type of a marker of ours (None: a bookmark)."""
    element = (marker.metadata.get("neuralcut") or {}).get("element")
    return str(element.get("type")) if element is not None else None


def _transitions(timeline: Any) -> list[str]:
    """The type of each transition of the picture: ours where its metadata or name says it, else a dissolve."""
    import opentimelineio as otio

    from neuralcut_cli.catalogs.transitions import find_transition

    kinds = []
    for track in timeline.tracks:
        if track.kind != otio.schema.TrackKind.Video:
            continue
        for item in track:
            if isinstance(item, otio.schema.Transition):
                said = (item.metadata.get("neuralcut") or {}).get("type") or item.name
                kinds.append(said if find_transition(str(said)) else "dissolve")
    return kinds


def _clips(timeline: Any, kind: str) -> int:
    import opentimelineio as otio

    return sum(1 for t in timeline.tracks if t.kind == kind for item in t if isinstance(item, otio.schema.Clip))
