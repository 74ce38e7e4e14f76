"""Tracks and the scene's track layout (overlays on top, main, audio below).

Track ``type`` is one of ``video``, ``text``, ``audio``, ``graphic``,
``effect``. A track only holds the element types OpenCut pairs with it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from neuralcut_cli.project.base import CamelModel, NonEmptyStr
from neuralcut_cli.project.elements import Element, placement_error
from neuralcut_cli.project.transitions import Transition
from neuralcut_cli.time import MAX_TICKS

TRACK_TYPES = ("video", "text", "audio", "graphic", "effect")


class TrackBase(CamelModel):
    id: NonEmptyStr
    name: str = ""
    type: str
    elements: tuple[Element, ...] = ()
    transitions: tuple[Transition, ...] = ()  # NeuralCut's: between adjacent elements (``project.transitions``)

    @model_validator(mode="after")
    def _elements_fit_track(self) -> TrackBase:
        for index, element in enumerate(self.elements):
            problem = placement_error(element.type, self.type)
            if problem:
                raise ValueError(f"elements[{index}]: {problem}")
            if element.start_time + element.duration > MAX_TICKS:
                raise ValueError(f"elements[{index}]: ends after 24:00:00, the 24-hour limit of a timeline")
        _transitions_coexist(self.transitions)
        return self

    def with_element(self, element: Element) -> TrackBase:
        """A copy with the element of the same id replaced by ``element``."""
        elements = tuple(element if e.id == element.id else e for e in self.elements)
        return self.model_copy(update={"elements": elements})

    def sorted_elements(self) -> list[Element]:
        return sorted(self.elements, key=lambda e: (e.start_time, e.id))

    @property
    def end_time(self) -> int:
        return max((e.end_time for e in self.elements), default=0)


def _transitions_coexist(transitions: tuple[Transition, ...]) -> None:
    """A track's transitions: each id once, and one transition a cut (an element ends once and starts once)."""
    ids: set[str] = set()
    outgoing: dict[str, str] = {}
    incoming: dict[str, str] = {}
    for transition in transitions:
        if transition.id in ids:
            raise ValueError(f"transitions: the id '{transition.id}' is used twice")
        ids.add(transition.id)
        for side, seen in ((transition.from_element_id, outgoing), (transition.to_element_id, incoming)):
            if side in seen:
                where = "out of" if seen is outgoing else "into"
                raise ValueError(
                    f"transitions: '{seen[side]}' and '{transition.id}' are both on the cut {where} '{side}'; a cut "
                    "takes one transition (remove one)"
                )
            seen[side] = transition.id


class VideoTrack(TrackBase):
    type: Literal["video"]
    muted: bool = False
    hidden: bool = False


class TextTrack(TrackBase):
    type: Literal["text"]
    hidden: bool = False


class GraphicTrack(TrackBase):
    type: Literal["graphic"]
    hidden: bool = False


class EffectTrack(TrackBase):
    type: Literal["effect"]
    hidden: bool = False


class AudioTrack(TrackBase):
    type: Literal["audio"]
    muted: bool = False


Track = Annotated[
    VideoTrack | TextTrack | GraphicTrack | EffectTrack | AudioTrack,
    Field(discriminator="type"),
]


def _default_main() -> VideoTrack:
    return VideoTrack(id="main", name="Main Track", type="video")


class SceneTracks(CamelModel):
    """``{overlay: [...], main: VideoTrack, audio: [...]}``; overlays top first."""

    overlay: tuple[Track, ...] = ()
    main: VideoTrack = Field(default_factory=_default_main)
    audio: tuple[Track, ...] = ()

    @field_validator("overlay")
    @classmethod
    def _no_audio_overlays(cls, tracks: tuple[Track, ...]) -> tuple[Track, ...]:
        for index, track in enumerate(tracks):
            if track.type == "audio":
                raise ValueError(f"[{index}]: audio tracks belong in 'audio', not 'overlay'")
        return tracks

    @field_validator("audio")
    @classmethod
    def _only_audio(cls, tracks: tuple[Track, ...]) -> tuple[Track, ...]:
        for index, track in enumerate(tracks):
            if track.type != "audio":
                raise ValueError(f"[{index}]: only audio tracks belong in 'audio', not {track.type} tracks")
        return tracks

    def ordered(self) -> list[Track]:
        """Every track, top to bottom: overlays, main, audio."""
        return [*self.overlay, self.main, *self.audio]

    def __iter__(self) -> Iterator[Track]:  # type: ignore[override]
        return iter(self.ordered())

    def kind_of(self, track: Track) -> str:
        """``main``, ``text``, ``effect``, ``audio`` or ``overlay`` (video and graphic overlays)."""
        if track is self.main or track.id == self.main.id:
            return "main"
        if track.type in ("text", "effect", "audio"):
            return track.type
        return "overlay"

    def get(self, track_id: str) -> Track:
        """The track with this id (it must exist: ``KeyError`` otherwise)."""
        track = self.find(track_id)
        if track is None:
            raise KeyError(track_id)
        return track

    def find(self, track_id: str) -> Track | None:
        for track in self.ordered():
            if track.id == track_id:
                return track
        return None

    def replace(self, new: Track) -> SceneTracks:
        """A copy with the track of the same id swapped for ``new``."""
        if self.main.id == new.id:
            return self.model_copy(update={"main": new})
        for slot in ("overlay", "audio"):
            tracks = getattr(self, slot)
            for index, track in enumerate(tracks):
                if track.id == new.id:
                    changed = tracks[:index] + (new,) + tracks[index + 1 :]
                    return self.model_copy(update={slot: changed})
        raise KeyError(new.id)

    def add_overlay_on_top(self, track: Track) -> SceneTracks:
        return self.model_copy(update={"overlay": (track, *self.overlay)})

    def add_audio_below(self, track: Track) -> SceneTracks:
        return self.model_copy(update={"audio": (*self.audio, track)})

    def add_audio_first(self, track: Track) -> SceneTracks:
        """A new audio row right below the main track."""
        return self.model_copy(update={"audio": (track, *self.audio)})
