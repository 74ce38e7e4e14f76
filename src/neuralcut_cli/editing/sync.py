"""Taking time out of the program and keeping everything in sync with the picture, as an NLE's sync lock does.

When spans are removed from the program (silences, fillers, words, a range, a ripple delete on the main track)
each element is treated by what it is:

===================  ==========================================================================================
**cut**              the main track's clips, and every other element of a recording being cut (its separated
                     sound, another piece of the same file): cut like the picture, the removed pieces deleted,
                     the rest moved up. Also the tracks a person names to cut ("cut the music too").
**kept whole**       everything else (titles, captions, overlays, b-roll, stickers, effects, music beds): its
                     start and end stay over the same moment of the picture, so it stays over the same words;
                     a removed span inside it shortens it (its media plays on, continuously), one that holds it
                     whole removes it. A sound shortened so stops early gets a short fade out (``BED_FADE``)
                     unless it fades out already, and a ducked bed is ducked again under the voice's new places.
**left in place**    the tracks a person names to leave alone ("leave the titles where they are").
===================  ==========================================================================================

Nothing that ended with the picture ends after it: a bed that spanned the whole talk ends with the program.
Without ripple (a gap left where the time was), only what is cut changes.

The map from old to new times is ``shift``: a time after a removed span moves back by its length; a time
inside one lands on its start.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from neuralcut_cli.editing.animation import excise
from neuralcut_cli.editing.ducking import under_spans
from neuralcut_cli.editing.sound import DUCK, fade_lengths, has_layer, is_sound, with_duck, with_fade
from neuralcut_cli.editing.split import cut_element
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.base import copy_with
from neuralcut_cli.project.elements import Ducking, Element, VideoElement, _MediaBase
from neuralcut_cli.project.model import Scene
from neuralcut_cli.project.tracks import SceneTracks, Track
from neuralcut_cli.time import on_frame

NewId = Callable[[], str]
Span = tuple[int, int]
BED_FADE = 120_000  # a second: the fade out of a sound that now stops early


@dataclass(frozen=True)
class Choice:
    """A person's say over the rule, by track id: ``keep`` stays where it is, ``cut`` is cut like the picture."""

    keep: frozenset[str] = frozenset()
    cut: frozenset[str] = frozenset()


@dataclass
class TrackChange:
    """What one track went through."""

    track_id: str
    how: str  # "cut", "kept whole", "left in place"
    removed: list[str] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)  # new pieces
    moved: list[str] = field(default_factory=list)
    shortened: list[str] = field(default_factory=list)
    faded: list[str] = field(default_factory=list)
    reducked: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.removed or self.cut or self.moved or self.shortened)


@dataclass
class Synced:
    scene: Scene
    spans: list[Span] = field(default_factory=list)  # what was taken out (on the frame grid when asked)
    removed: list[str] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)
    moved: dict[str, int] = field(default_factory=dict)
    tracks: list[TrackChange] = field(default_factory=list)


class Shift:
    """Old program times to new ones, for merged, sorted spans removed."""

    def __init__(self, spans: list[Span]) -> None:
        self.spans = spans
        self.starts = [s for s, _ in spans]
        self.before: list[int] = [0]  # ticks removed before each span
        for s, e in spans:
            self.before.append(self.before[-1] + e - s)

    def __call__(self, t: int) -> int:
        index = bisect_right(self.starts, t) - 1
        if index < 0:
            return t
        s, e = self.spans[index]
        return s - self.before[index] if t < e else t - self.before[index + 1]

    def inside(self, start: int, end: int) -> list[Span]:
        """The removed spans that overlap ``[start, end)``, clipped to it."""
        return [(max(s, start), min(e, end)) for s, e in self.spans if s < end and e > start]

    @property
    def total(self) -> int:
        return self.before[-1]


def merged(spans: Iterable[Span]) -> list[Span]:
    out: list[Span] = []
    for start, end in sorted(spans):
        if end <= start:
            continue
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def remove_time(
    scene: Scene,
    spans: Iterable[Span],
    choice: Choice,
    new_id: NewId,
    ripple: bool = True,
    frames: Fraction | None = None,
) -> Synced:
    """Take ``spans`` (timeline ticks) out of the program and keep every track in sync (the module's rule).

    ``frames``: the frame rate whose frame edges the spans' edges move to first, so every cut is on a frame.
    """
    unknown = sorted((choice.keep | choice.cut) - {t.id for t in scene.tracks.ordered()})
    if unknown:
        raise EditError(f"Track not found: {', '.join(unknown)}")
    shift = Shift(merged((on_frame(s, frames), on_frame(e, frames)) if frames else (s, e) for s, e in spans))
    recordings = _recordings(scene.tracks.main, shift)
    out = Synced(scene, shift.spans)
    layout = scene.tracks
    for track in scene.tracks.ordered():
        change = _track(scene.tracks, track, shift, recordings, choice, ripple, new_id)
        out.tracks.append(change[1])
        if change[0] is not track:
            layout = layout.replace(change[0])
        out.removed += change[1].removed
        out.cut += change[1].cut
    out.scene = scene.with_tracks(layout)
    for element in (e for t in out.scene.tracks.ordered() for e in t.elements):
        old = scene.find_element(element.id)
        if old is not None and old[1].start_time != element.start_time:
            out.moved[element.id] = element.start_time
    if ripple:
        out.scene = _reducked(out.scene, out.tracks, new_id)
    return out


def _recordings(main: Track, shift: Shift) -> set[str]:
    """The media of the main track's clips that lose time: what else comes from them is cut the same way."""
    return {e.media_id for e in main.elements if isinstance(e, _MediaBase) and shift.inside(e.start_time, e.end_time)}


def _track(
    layout: SceneTracks,
    track: Track,
    shift: Shift,
    recordings: set[str],
    choice: Choice,
    ripple: bool,
    new_id: NewId,
) -> tuple[Track, TrackChange]:
    if track.id in choice.keep:
        return track, TrackChange(track.id, "left in place")
    whole_track = track.id != layout.main.id and track.id not in choice.cut
    change = TrackChange(track.id, "kept whole" if whole_track else "cut")
    kept: list[Element] = []
    for element in track.elements:
        recorded = isinstance(element, _MediaBase) and element.media_id in recordings
        if whole_track and not recorded:
            if ripple:
                kept += _whole(element, shift, change, new_id)
            else:
                kept.append(element)
        else:
            kept += _cut(element, shift, change, ripple, new_id)
    if not change.changed:
        return track, change
    if whole_track and any(e.media_id in recordings for e in track.elements if isinstance(e, _MediaBase)):
        change.how = "cut"
    return track.model_copy(update={"elements": tuple(kept)}), change


def _cut(element: Element, shift: Shift, change: TrackChange, ripple: bool, new_id: NewId) -> list[Element]:
    """``element`` cut at the spans inside it, the pieces inside them dropped, the rest moved up."""
    inside = shift.inside(element.start_time, element.end_time)
    if not inside:
        return [_moved(element, shift, change, ripple)]
    edges = sorted({t for span in inside for t in span if element.start_time < t < element.end_time})
    pieces = cut_element(element, edges, new_id) if edges else [element]
    change.cut += [p.id for p in pieces if p.id != element.id]
    out = []
    for piece in pieces:
        if any(s <= piece.start_time and piece.end_time <= e for s, e in inside):
            change.removed.append(piece.id)
        else:
            out.append(_moved(piece, shift, change, ripple))
    change.cut = [i for i in change.cut if i not in change.removed]
    return out


def _moved(element: Element, shift: Shift, change: TrackChange, ripple: bool) -> Element:
    start = shift(element.start_time) if ripple else element.start_time
    if start == element.start_time:
        return element
    change.moved.append(element.id)
    return element.model_copy(update={"start_time": start})


def _whole(element: Element, shift: Shift, change: TrackChange, new_id: NewId) -> list[Element]:
    """``element`` kept whole: its edges stay over the same moments, the removed time inside it taken out."""
    start, end = shift(element.start_time), shift(element.end_time)
    if end <= start:
        change.removed.append(element.id)
        return []
    lost = element.duration - (end - start)
    if not lost:
        if start != element.start_time:
            change.moved.append(element.id)
        return [element.model_copy(update={"start_time": start})] if start != element.start_time else [element]
    animations = element.animations
    length = element.duration
    for s, e in reversed(shift.inside(element.start_time, element.end_time)):
        animations = excise(animations, s - element.start_time, e - element.start_time, length, new_id)
        length -= e - s
    update: dict[str, object] = {"start_time": start, "duration": end - start, "animations": animations}
    if isinstance(element, _MediaBase):
        update["trim_end"] = element.trim_end + round(lost * element.rate)
    shortened = copy_with(element, **update)
    change.shortened.append(element.id)
    if is_sound(shortened) and _heard(shortened) and not fade_lengths(shortened)[1]:
        shortened = with_fade(shortened, None, min(BED_FADE, shortened.duration // 2), new_id)
        change.faded.append(element.id)
    return [shortened]


def _heard(element: Element) -> bool:
    if isinstance(element, VideoElement) and not element.source_audio:
        return False
    return not getattr(element, "muted", False)


def _reducked(scene: Scene, changes: list[TrackChange], new_id: NewId) -> Scene:
    """Ducked sounds that were kept whole, ducked again under where their voice plays now."""
    for change in changes:
        if change.how != "kept whole":
            continue
        track = scene.tracks.get(change.track_id)
        for element in track.elements:
            if not has_layer(element, DUCK):
                continue
            ducking = getattr(element, "ducking", None)
            if not isinstance(ducking, Ducking):
                continue
            spans = under_spans(scene, ducking, element.id)
            redone = with_duck(element, spans, ducking.depth_db, ducking.attack, ducking.release, new_id)
            scene = scene.update_element(redone)
            change.reducked.append(element.id)
    return scene
