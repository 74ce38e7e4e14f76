"""The timeline as the mock sees it: ``list_timeline``'s answer, and the
vocabulary of names and ids it may hear before it has called any tool."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

from neuralcut_cli.agent.backends.mock.lexicon import EFFECT_WORDS
from neuralcut_cli.agent.types import AgentContext
from neuralcut_cli.english import quoted
from neuralcut_cli.time import timecode_of_seconds
from neuralcut_cli.values import Value


class Item(Value):
    """One element of ``list_timeline``'s answer, with its track."""

    data: dict[str, Any]
    track_id: str
    track_kind: str  # main, overlay, text, effect, audio
    track_name: str = ""

    @property
    def id(self) -> str:
        return str(self.data["elementId"])

    @property
    def type(self) -> str:
        return str(self.data["type"])

    @property
    def start(self) -> float:
        return float(self.data["start"])

    @property
    def end(self) -> float:
        return float(self.data["end"])

    @property
    def name(self) -> str:
        return str(self.data.get("name") or "")

    @property
    def content(self) -> str:
        return str(self.data.get("content") or "")

    @property
    def label(self) -> str:
        if self.type == "text":
            return quoted(self.content)
        return str(self.data.get("effectType") or self.data.get("stickerId") or self.name or self.type)

    def describe(self) -> str:
        return (
            f"{self.id} ({self.type} {self.label}, {timecode_of_seconds(self.start)}–{timecode_of_seconds(self.end)})"
        )


def items_of(listing: Mapping[str, Any]) -> list[Item]:
    """Every element, top track first."""
    return [Item(e, t["trackId"], t["type"], t.get("name") or "") for t in listing["tracks"] for e in t["elements"]]


def track_words(track: dict[str, Any]) -> str:
    """How a reply names a track of ``list_timeline``: ``the Logo track`` (by id only when it has no name)."""
    name = " ".join(str(track.get("name") or "").split())
    if not name:
        return f"track {track['trackId']} ({track['type']})"
    return f"the {name} track" if not name.lower().endswith("track") else f"the {name}"


def stem(name: str) -> str:
    return PurePath(name).stem.lower() if name else ""


@dataclass
class Vocab:
    """What the request may name, known before any tool runs (from the context)."""

    fps: float = 30.0
    names: set[str] = field(default_factory=set)  # element and asset names, stems, text contents
    ids: set[str] = field(default_factory=set)  # element ids
    tracks: dict[str, str] = field(default_factory=dict)  # track id -> kind
    assets: list[dict[str, Any]] = field(default_factory=list)
    placed: set[str] = field(default_factory=set)  # names and stems of what is on the timeline

    def key(self) -> tuple[object, ...]:
        """What parsing depends on, as a hashable value."""
        assets = frozenset((str(a.get("id", "")), str(a.get("name", ""))) for a in self.assets)
        names = (frozenset(self.names), frozenset(self.placed))
        return (self.fps, names, frozenset(self.ids), tuple(sorted(self.tracks.items())), assets)

    @property
    def name_pattern(self) -> str | None:
        words = sorted((re.escape(n) for n in self.names if n), key=len, reverse=True)
        return "|".join(words) or None


_TRACK_LINE = re.compile(r'^(\S+)(?: "[^"]*")? \((\w+)\): (.*)$')  # t-audio "Music" (audio): …
_ITEM = re.compile(r'(\S+) (\w+) "([^"]*)" [\d.]+s-[\d.]+s')


def vocab_of(context: AgentContext | None, fps: float = 30.0) -> Vocab:
    """Names, ids and tracks from the context's assets and timeline summary."""
    vocab = Vocab(fps=context.fps if context is not None and context.fps else fps)
    if context is None:
        return vocab
    for asset in context.media_assets:
        vocab.assets.append(asset.wire())
        if asset.name:
            vocab.names.update({asset.name.lower(), stem(asset.name)})
    for line in (context.timeline or "").splitlines():
        match = _TRACK_LINE.match(line)
        if not match:
            continue
        vocab.tracks[match.group(1)] = match.group(2)
        for element_id, _, label in _ITEM.findall(match.group(3)):
            vocab.ids.add(element_id.lower())
            if label and not label.endswith("…"):
                vocab.names.update({label.lower(), stem(label)})
                vocab.placed.update({label.lower(), stem(label)})
    # effects are named by their kind ("the blur"), not as names; kind words stay kind words
    vocab.names = {n for n in vocab.names if len(n) >= 2 and not n.isdigit() and n not in EFFECT_WORDS}
    return vocab
