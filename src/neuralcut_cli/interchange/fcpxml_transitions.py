"""Transitions in Final Cut Pro X's ``.fcpxml``, which OpenTimelineIO's ``fcpx_xml`` adapter neither writes nor
reads (issue 27 §7).

In FCPXML a transition is a ``<transition offset duration>`` in the spine, between the two clips it joins; the
clips keep their cut, and the transition overlaps both (``offset`` = the cut less the part before it). Its look is
a ``<filter-video>`` naming an ``<effect>`` resource: Final Cut Pro's Cross Dissolve (a dip to black is its Fade To
Color, black by default); the sound, its Audio Crossfade. Other types keep their name (``name="Wipe Left"``), which
our import reads back, and show in Final Cut Pro as cross dissolves (said in what did not travel).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

#: Final Cut Pro's own effects (their uids are what it recognises).
CROSS_DISSOLVE = ("Cross Dissolve", "FxPlug:4731E73A-8DAC-4113-9A30-AE85B1761265")
FADE_TO_COLOR = ("Fade To Color", "FxPlug:F779C565-486D-4633-8035-0374B4DB8F5C")
AUDIO_CROSSFADE = ("Audio Crossfade", "FFAudioTransition")
NATIVE = {"dissolve": CROSS_DISSOLVE, "dip-black": FADE_TO_COLOR}
_TOUCH = Fraction(1, 1000)  # seconds: a clip this close to a cut starts at it


@dataclass(frozen=True)
class Joint:
    """A transition at a cut of the main track: seconds before and after the cut, and our type."""

    cut: Fraction
    before: Fraction
    after: Fraction
    type: str


def joints(timeline: Any) -> list[Joint]:
    """The transitions of the first video track of an OTIO timeline, at their cuts."""
    import opentimelineio as otio

    track = next((t for t in timeline.tracks if t.kind == otio.schema.TrackKind.Video), None)
    found, at = [], Fraction(0)
    for item in track or []:
        if isinstance(item, otio.schema.Transition):
            kind = str((dict(item.metadata).get("neuralcut") or {}).get("type") or item.name or "dissolve")
            found.append(Joint(at, _seconds(item.in_offset), _seconds(item.out_offset), kind))
        else:
            at += _seconds(item.duration())
    return found


def write_joints(path: Path, found: list[Joint]) -> int:
    """Put ``found`` into the spine of the ``.fcpxml`` at ``path``; how many found a place (a cut between two
    clips of the spine)."""
    if not found:
        return 0
    tree = ET.parse(path)
    root = tree.getroot()
    resources, spine = root.find("resources"), root.find(".//sequence/spine")
    if resources is None or spine is None:
        return 0
    effects: dict[tuple[str, str], str] = {}
    placed = 0
    for joint in found:
        children = list(spine)
        at = next((k for k, c in enumerate(children) if k and _is_clip(c) and _near(_offset(c), joint.cut)), None)
        if at is None or not _is_clip(children[at - 1]):
            continue
        look = NATIVE.get(joint.type, CROSS_DISSOLVE)
        transition = ET.Element(
            "transition",
            name=_name(joint.type),
            offset=_time(joint.cut - joint.before),
            duration=_time(joint.before + joint.after),
        )
        ET.SubElement(transition, "filter-video", ref=_effect(resources, effects, look), name=look[0])
        ET.SubElement(
            transition, "filter-audio", ref=_effect(resources, effects, AUDIO_CROSSFADE), name="Audio Crossfade"
        )
        spine.insert(at, transition)
        placed += 1
    ET.indent(tree, space="    ")
    body = ET.tostring(root, encoding="unicode")
    path.write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE fcpxml>\n\n{body}\n', encoding="utf-8")
    return placed


def read_joints(path: Path, skipped: list[str] | None = None) -> list[Joint]:
    """The transitions in the main spine of an ``.fcpxml``, at the cuts they join; each one that cannot be read
    (no offset, a duration that is not a positive time, not over a cut) is said in ``skipped``."""
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError):
        return []  # the adapter has said what is wrong with the file already
    spine = root.find(".//sequence/spine")
    found: list[Joint] = []
    children = list(spine) if spine is not None else []
    for k, child in enumerate(children):
        if child.tag != "transition":
            continue
        label = f"transition {child.get('name') or '(unnamed)'} at offset {child.get('offset') or '?'}"
        start, length = _offset(child), _parse_time(child.get("duration"))
        if start is None or length is None or length <= 0:
            what = "no offset" if start is None else f"duration {child.get('duration')!r} is not a positive time"
            (skipped if skipped is not None else []).append(f"{label}: {what}; not imported")
            continue
        after = next((c for c in children[k + 1 :] if _is_clip(c)), None)
        cut = _offset(after) if after is not None else start + length / 2
        if cut is None or not start <= cut <= start + length:
            (skipped if skipped is not None else []).append(f"{label}: it is over no cut; not imported")
            continue
        found.append(Joint(cut, cut - start, start + length - cut, _type_of(child.get("name") or "")))
    return found


def strip(path: Path) -> None:
    """The file without its transitions (for reading back through the adapter, which does not know them)."""
    tree = ET.parse(path)
    spine = tree.getroot().find(".//sequence/spine")
    if spine is None:
        return
    for child in list(spine):
        if child.tag == "transition":
            spine.remove(child)
    tree.write(path, encoding="utf-8", xml_declaration=True)


def add_to_timeline(timeline: Any, found: list[Joint]) -> list[str]:
    """OTIO ``Transition``s put into the first video track at their cuts; what could not be placed."""
    import opentimelineio as otio

    track = next((t for t in timeline.tracks if t.kind == otio.schema.TrackKind.Video), None)
    if track is None:
        return [f"{len(found)} transition(s): the timeline has no video track"] if found else []
    missed = []
    for joint in found:
        at, spot = Fraction(0), None
        for index, item in enumerate(list(track)):
            if isinstance(item, otio.schema.Clip) and index and _near(at, joint.cut):
                spot = index if isinstance(track[index - 1], otio.schema.Clip) else None
                break
            if not isinstance(item, otio.schema.Transition):
                at += _seconds(item.duration())
        if spot is None:
            missed.append(f"transition {_name(joint.type)} at {float(joint.cut):g} s: no cut between two clips there")
            continue
        rate = track[spot].duration().rate
        track.insert(
            spot,
            otio.schema.Transition(
                name=joint.type,
                transition_type="SMPTE_Dissolve" if joint.type == "dissolve" else "Custom_Transition",
                in_offset=otio.opentime.RationalTime(float(joint.before) * rate, rate),
                out_offset=otio.opentime.RationalTime(float(joint.after) * rate, rate),
                metadata={"neuralcut": {"type": joint.type}},
            ),
        )
    return missed


# -- FCPXML's pieces --------------------------------------------------------------------------------


def _effect(resources: ET.Element, made: dict[tuple[str, str], str], look: tuple[str, str]) -> str:
    if look not in made:
        taken = {e.get("id") for e in resources}
        number = len(taken) + 1
        while f"r{number}" in taken:
            number += 1
        made[look] = f"r{number}"
        resources.append(ET.Element("effect", id=made[look], name=look[0], uid=look[1]))
    return made[look]


def _is_clip(element: ET.Element) -> bool:
    return element.tag in ("clip", "asset-clip", "ref-clip", "sync-clip", "mc-clip", "video", "audio", "title")


def _offset(element: ET.Element | None) -> Fraction | None:
    return None if element is None else _parse_time(element.get("offset"))


def _near(a: Fraction | None, b: Fraction) -> bool:
    return a is not None and abs(a - b) <= _TOUCH


def _time(value: Fraction) -> str:
    value = value.limit_denominator(120_000)
    return f"{value.numerator}/{value.denominator}s" if value.denominator != 1 else f"{value.numerator}s"


def _parse_time(text: str | None) -> Fraction | None:
    if not text or not text.endswith("s"):
        return None
    try:
        return Fraction(text[:-1])
    except (ValueError, ZeroDivisionError):
        return None


def _seconds(time: Any) -> Fraction:
    return Fraction(time.to_seconds()).limit_denominator(120_000)


def _name(kind: str) -> str:
    from neuralcut_cli.catalogs.transitions import find_transition

    found = find_transition(kind)
    return CROSS_DISSOLVE[0] if kind == "dissolve" else found.name if found else kind


def _type_of(name: str) -> str:
    """Our type for a transition's name: ours, Final Cut Pro's own (Cross Dissolve, Fade To Color), else a
    dissolve."""
    from neuralcut_cli.catalogs.transitions import find_transition, search_transitions

    lowered = name.strip().lower()
    if lowered in ("cross dissolve", "dissolve", ""):
        return "dissolve"
    if lowered in ("fade to color", "dip to color", "dip to black"):
        return "dip-black"
    found = find_transition(lowered.replace(" ", "-")) or next(iter(search_transitions(lowered)), None)
    return found.id if found else name
