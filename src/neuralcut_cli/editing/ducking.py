"""Where a sound ducks: under the voice it was ducked under, as it plays now.

A duck remembers what it ducks under (``Ducking``: the tracks, the recordings, and where each recording speaks,
in its own seconds, as ``duck`` measured it). The spans are worked out again from that whenever they are
needed (the duck made, or the voice moved by a cut, ``editing.sync``): each piece of a voice recording on those
tracks ducks the sound where its words play; a piece of a recording never measured ducks it all along.
"""

from __future__ import annotations

from neuralcut_cli.editing.media_time import used_source
from neuralcut_cli.project.elements import Ducking, Element
from neuralcut_cli.project.model import Scene
from neuralcut_cli.time import TICKS_PER_SECOND

Span = tuple[int, int]


def under_spans(scene: Scene, ducking: Ducking, sound_id: str) -> list[Span]:
    """Timeline ticks where the voice under ``sound_id`` is heard."""
    spans: list[Span] = []
    for track in scene.tracks.ordered():
        if track.id not in ducking.under_tracks:
            continue
        for element in track.elements:
            media = getattr(element, "media_id", None)
            if element.id == sound_id or (ducking.under_media and media not in ducking.under_media):
                continue
            words = ducking.speech.get(media or "")
            spans += speaking(element, words) if words is not None else [(element.start_time, element.end_time)]
    return spans


def speaking(element: Element, words: list[tuple[float, float]]) -> list[Span]:
    """The timeline ticks of ``element`` where its recording speaks (``words``: source seconds)."""
    start, end = used_source(element)
    rate = float(getattr(element, "rate", 1.0) or 1.0)
    spans = []
    for a, b in words:
        a, b = max(a, start), min(b, end)
        if b > a:
            first = element.start_time + round((a - start) / rate * TICKS_PER_SECOND)
            last = element.start_time + round((b - start) / rate * TICKS_PER_SECOND)
            spans.append((max(element.start_time, first), min(element.end_time, last)))
    return spans


def speech_from_silences(silences: list[tuple[float, float]], length: float) -> list[tuple[float, float]]:
    """The spoken stretches of a recording ``length`` seconds long: what its silences leave."""
    spoken, at = [], 0.0
    for a, b in sorted(silences):
        if a > at:
            spoken.append((round(at, 4), round(a, 4)))
        at = max(at, b)
    if length > at:
        spoken.append((round(at, 4), round(length, 4)))
    return spoken
