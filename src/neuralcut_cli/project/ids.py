"""Ids people can read and type: the shortest unique prefix, git-style.

Human output shows each id by the shortest prefix that no other id of the
project shares, never under ``MINIMUM`` characters (``3f9c2a`` for a UUID; ids of ``LONG``
characters or fewer, such as ``e-title``, are names and stay whole);
``--json`` keeps the full ids. Every id a tool takes may be given as a
unique prefix of ``TYPED`` characters or more: ``expand`` swaps it for the
full id before the tool sees its arguments (and before the history records
them). A prefix two ids share is left as typed, so the tool answers with
its own "not found" error rather than guessing.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator
from typing import Any

from neuralcut_cli.project.model import Project

MINIMUM = 6
LONG = 12  # ids this short are names people chose (``e-title``): shown whole
TYPED = 4
ID_KEYS = frozenset(
    {
        "elementId",
        "elementIds",
        "trackId",
        "trackIds",
        "targetTrackId",
        "assetId",
        "mediaId",
        "effectId",
        "keyframeId",
        "musicElementIds",
        "underElementIds",
    }
)


def project_ids(project: Project) -> Iterator[str]:
    """Every id a person may refer to: tracks, elements, their clip effects and keyframes, assets."""
    for _, element in project.scene.elements():
        yield element.id
        for effect in getattr(element, "effects", ()) or ():
            yield effect.id
        animations = getattr(element, "animations", None)
        for binding in animations.channels.values() if animations is not None else ():
            for key in getattr(binding, "keys", ()) or ():
                yield key.id
    for track in project.scene.tracks.ordered():
        yield track.id
    for asset in project.media_assets:
        yield asset.id


def short_ids(ids: Iterable[str], minimum: int = MINIMUM) -> dict[str, str]:
    """``{id: shortest unique prefix}``; ids already that short map to themselves."""
    ordered = sorted(set(ids))
    return {full: _shortest(ordered, index, minimum) for index, full in enumerate(ordered)}


def _shortest(ordered: list[str], index: int, minimum: int = MINIMUM) -> str:
    """The short id of ``ordered[index]``: the prefix that tells it from its neighbours in sorted order."""
    full, shared = ordered[index], 0
    for other in ordered[max(0, index - 1) : index] + ordered[index + 1 : index + 2]:
        shared = max(shared, _common(full, other))
    length = max(minimum, shared + 1)
    return full if len(full) <= LONG or length >= len(full) - 1 else full[:length]


class ShortIds:
    """``short_ids`` one id at a time, for when only a few of many are shown."""

    def __init__(self, ids: Iterable[str]) -> None:
        self._ordered = sorted(set(ids))
        self._seen: dict[str, str] = {}

    def __getitem__(self, full: str) -> str:
        known = self._seen.get(full)
        if known is None:
            index = bisect_left(self._ordered, full)
            found = index < len(self._ordered) and self._ordered[index] == full
            known = self._seen[full] = _shortest(self._ordered, index) if found else full
        return known


def _common(a: str, b: str) -> int:
    count = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        count += 1
    return count


def mentions_ids(args: Any) -> bool:
    """Whether any field of ``args`` (at any depth) holds ids."""
    if isinstance(args, dict):
        return any(key in ID_KEYS or mentions_ids(value) for key, value in args.items())
    if isinstance(args, list):
        return any(mentions_ids(item) for item in args)
    return False


class IdIndex:
    """The ids of one project, sorted, for prefix lookups."""

    def __init__(self, ids: Iterable[str]) -> None:
        self._ids = sorted(set(ids))
        self._known = set(self._ids)

    def resolve(self, value: str) -> str:
        """The full id ``value`` names: itself when known or ambiguous, else the one id it begins."""
        if value in self._known or len(value) < TYPED:
            return value
        start = bisect_left(self._ids, value)
        matches = []
        for candidate in self._ids[start : start + 2]:
            if candidate.startswith(value):
                matches.append(candidate)
        return matches[0] if len(matches) == 1 else value

    def expand(self, args: Any) -> Any:
        """``args`` with every id-valued field's unique prefixes made full (a new object; ``args`` is kept)."""
        if isinstance(args, dict):
            return {key: self._field(key, value) for key, value in args.items()}
        if isinstance(args, list):
            return [self.expand(item) for item in args]
        return args

    def _field(self, key: Any, value: Any) -> Any:
        if key in ID_KEYS:
            if isinstance(value, str):
                return self.resolve(value)
            if isinstance(value, list):
                return [self.resolve(item) if isinstance(item, str) else item for item in value]
        return self.expand(value)
