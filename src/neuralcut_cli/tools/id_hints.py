"""Ids that explain themselves (issue 30 §3): a "not found" answer says what the id names when it names something
else. A model that put an element id in ``trackId``, or a track or asset id where element ids belong, learns what
to send instead: "t-text is a track (Titles); elementIds takes elements such as e-title"."""

from __future__ import annotations

import re
from itertools import islice
from typing import Any

from neuralcut_cli.project.model import Project

_MISSING = re.compile(r"not found|invalid trackid|invalid element|invalid asset|unknown (?:element|asset|track)", re.I)
_WANTS = (  # what an argument takes, by its name
    (re.compile(r"(?i)trackid"), "track"),
    (re.compile(r"(?i)assetid"), "asset"),
    (re.compile(r"(?i)elementids?$|^(?:outgoing|incoming|of|element)$"), "element"),
)


def id_hint(error: str, args: Any, project: Project) -> str | None:
    """What the first misplaced id in ``args`` names, and what its argument takes; None when none is misplaced."""
    if not _MISSING.search(error) or not isinstance(args, dict):
        return None
    for key, value in _ids(args):
        wants = next((kind for pattern, kind in _WANTS if pattern.search(key)), None)
        if wants is not None:
            said = _misplaced(project, value, key, wants)
            if said:
                return said
    return None


def _ids(args: dict[str, Any]) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for key, value in args.items():
        values = value if isinstance(value, list) else [value]
        found += [(key, v) for v in values if isinstance(v, str)]
    return found


def _misplaced(project: Project, value: str, key: str, wants: str) -> str | None:
    scene = project.scene
    track = scene.tracks.find(value)
    element = scene.find_element(value)
    asset = project.asset(value)
    examples = ", ".join(e.id for _, e in islice(scene.elements(), 3)) or "none yet"
    if wants == "element" and track is not None:
        on = ", ".join(e.id for e in track.elements[:3]) or "none: it is empty"
        return f"{value} is a track ({track.name or track.id}); {key} takes elements, such as those on it: {on}"
    if wants == "element" and asset is not None:
        placed = [e.id for _, e in islice((p for p in scene.elements() if getattr(p[1], "media_id", None) == value), 3)]
        use = f"such as {', '.join(placed)} (placed from it)" if placed else f"such as {examples} (it is not placed)"
        return f"{value} is a media asset ({asset.name}); {key} takes elements on the timeline, {use}"
    if wants == "track" and element is not None:
        return f"{value} is an element on track {element[0].id}; {key} takes {element[0].id}"
    if wants == "track" and asset is not None:
        return f"{value} is a media asset ({asset.name}); {key} takes a track id such as {scene.tracks.main.id}"
    if wants == "asset" and element is not None:
        media = getattr(element[1], "media_id", None)
        source = f"; it was placed from {media}" if media else ""
        return f"{value} is an element on the timeline{source}; {key} takes a media asset id (list_project_assets)"
    if wants == "asset" and track is not None:
        return f"{value} is a track ({track.name or track.id}); {key} takes a media asset id (list_project_assets)"
    if track is None and element is None and asset is None:
        return _invented(project, value, key, wants)
    return None


def _invented(project: Project, value: str, key: str, wants: str) -> str | None:
    """An id that names nothing (``e-main``, made up): the closest real ids of the kind ``key`` takes."""
    scene = project.scene
    if wants == "element":
        named = [(e.id, f"{e.name or e.type} on {t.name or t.id}") for t, e in scene.elements()]
    elif wants == "track":
        named = [(t.id, t.name or t.type) for t in scene.tracks.ordered()]
    else:
        named = [(a.id, a.name) for a in project.media_assets]
    if not named:
        return None
    word = value.lower().split("-", 1)[-1]
    ranked = sorted(named, key=lambda n: -max(_alike(value, n[0]), _alike(word, n[1].lower()), _alike(word, n[0])))
    shown = ", ".join(f"{i} ({label})" for i, label in ranked[:3])
    return f"{value} names nothing in this project; {key} takes {wants} ids, the closest: {shown}"


def _alike(a: str, b: str) -> float:
    from difflib import SequenceMatcher

    return 1.0 if a and a in b else SequenceMatcher(None, a, b).ratio()


def sole_meaning(project: Project, key: str, value: str) -> str | None:
    """The one id ``value`` can mean where ``key`` wants another kind, when it means exactly one: an asset placed
    once (its element), a track holding one element (that element, for an element argument), an element alone on
    its track (that track, for a track argument). None when it is already the right kind, or means several."""
    wants = next((kind for pattern, kind in _WANTS if pattern.search(key)), None)
    scene = project.scene
    if wants == "element" and scene.find_element(value) is None:
        if project.asset(value) is not None:
            placed = [e.id for _, e in scene.elements() if getattr(e, "media_id", None) == value]
            return placed[0] if len(placed) == 1 else None
        track = scene.tracks.find(value)
        return track.elements[0].id if track is not None and len(track.elements) == 1 else None
    if wants == "track" and scene.tracks.find(value) is None:
        found = scene.find_element(value)
        return found[0].id if found is not None and len(found[0].elements) == 1 else None
    return None
