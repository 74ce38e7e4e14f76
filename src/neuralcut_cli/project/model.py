"""The project: metadata, settings, media assets, scenes.

Media asset durations are in seconds (as in OpenCut); every timeline field
is in ticks. A file needs ``scenes`` (a non-empty list) and a
``currentSceneId`` naming one of them; everything else has a default.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, model_validator

from neuralcut_cli.project.base import NUMBER, CamelModel, NonEmptyStr, in_range
from neuralcut_cli.project.colors import Color
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.limits import MAX_NUMBER
from neuralcut_cli.project.tracks import SceneTracks, Track
from neuralcut_cli.time import MAX_SECONDS, MAX_TICKS

FORMAT = "neuralcut-project"  # the values of Project.format and Project.version
SCHEMA_VERSION = 1

PositiveNumber = Annotated[int | float, in_range(0, MAX_NUMBER), NUMBER]
AssetSeconds = Annotated[int | float, in_range(0, MAX_SECONDS), NUMBER]
BookmarkTicks = Annotated[int | float, in_range(0, MAX_TICKS), NUMBER]
MAX_CANVAS = 16384  # pixels a side: more than any encoder NeuralCut renders with takes


class FrameRate(CamelModel):
    numerator: int = Field(default=30, strict=True, gt=0, le=1_000_000)
    denominator: int = Field(default=1, strict=True, gt=0, le=1_000_000)

    @model_validator(mode="after")
    def _sane(self) -> FrameRate:
        if self.numerator / self.denominator > 1000:
            raise ValueError("a frame rate above 1000 fps is not a video frame rate")
        return self

    @property
    def value(self) -> float:
        return self.numerator / self.denominator


class CanvasSize(CamelModel):
    width: int = Field(default=1920, strict=True, gt=0, le=MAX_CANVAS)
    height: int = Field(default=1080, strict=True, gt=0, le=MAX_CANVAS)


class Background(CamelModel):
    """``{type: "color", color}`` or ``{type: "blur", blurIntensity}`` (the picture, blurred, behind itself)."""

    type: Literal["color", "blur"] = "color"
    color: Color = "#000000"
    blur_intensity: Annotated[int | float, in_range(0, 1000), NUMBER] | None = None


class Master(CamelModel):
    """NeuralCut's: what the whole mix gets on its way out (``render``): a true-peak limiter with its ceiling
    (dBTP), and the loudness the program was normalised to (said by ``normalize_loudness``, read by ``check``)."""

    true_peak_db: Annotated[int | float, in_range(-12, 0), NUMBER] | None = None
    target_lufs: Annotated[int | float, in_range(-50, -5), NUMBER] | None = None
    platform: Annotated[str, Field(max_length=40)] | None = None


class Settings(CamelModel):
    fps: FrameRate = Field(default_factory=FrameRate)
    canvas_size: CanvasSize = Field(default_factory=CanvasSize)
    background: Background = Field(default_factory=Background)
    canvas_size_mode: Literal["preset", "custom"] | None = None
    last_custom_canvas_size: CanvasSize | None = None
    original_canvas_size: CanvasSize | None = None
    master: Master | None = None


class Metadata(CamelModel):
    id: str = ""
    name: str = ""
    created_at: str | None = None
    updated_at: str | None = None
    thumbnail: Annotated[str, Field(max_length=10_000_000)] | None = None
    duration: Annotated[int | float, in_range(0, MAX_TICKS), NUMBER] | None = None  # ticks (OpenCut keeps it)


class TimelineViewState(CamelModel):
    zoom_level: Annotated[int | float, in_range(0, MAX_NUMBER), NUMBER] | None = None
    scroll_left: Annotated[int | float, in_range(-MAX_NUMBER, MAX_NUMBER), NUMBER] | None = None
    playhead_time: Annotated[int | float, in_range(0, MAX_TICKS), NUMBER] | None = None  # ticks


class Bookmark(CamelModel):
    """A marker on the timeline: ``time`` (ticks), with an optional note, colour and length."""

    time: BookmarkTicks
    note: Annotated[str, Field(max_length=10_000)] | None = None
    color: Color | None = None
    duration: BookmarkTicks | None = None


class MediaAsset(CamelModel):
    id: NonEmptyStr
    name: str = ""
    type: Literal["video", "audio", "image"]
    path: str | None = None
    duration: AssetSeconds | None = None  # seconds
    width: int | None = Field(default=None, strict=True, gt=0, le=MAX_CANVAS * 4)
    height: int | None = Field(default=None, strict=True, gt=0, le=MAX_CANVAS * 4)
    fps: PositiveNumber | None = None
    has_audio: bool | None = None

    @property
    def label(self) -> str:
        return self.name or self.id

    def file(self, project_path: Path) -> Path | None:
        """The asset's file: ``path`` is relative to the project file (or absolute)."""
        if not self.path:
            return None
        path = Path(self.path)
        return path if path.is_absolute() else Path(project_path).parent / path


class Scene(CamelModel):
    id: NonEmptyStr
    name: str = ""
    is_main: bool = False
    bookmarks: tuple[Bookmark | BookmarkTicks, ...] = ()  # objects; bare numbers (older files) load too
    tracks: SceneTracks = Field(default_factory=SceneTracks)
    created_at: str | None = None
    updated_at: str | None = None

    @model_validator(mode="after")
    def _unique_ids(self) -> Scene:
        seen_tracks: set[str] = set()
        seen_elements: set[str] = set()
        seen_transitions: set[str] = set()
        for track in self.tracks.ordered():
            if track.id in seen_tracks:
                raise ValueError(f"track id '{track.id}' is used twice")
            seen_tracks.add(track.id)
            for transition in track.transitions:
                if transition.id in seen_transitions:
                    raise ValueError(f"transition id '{transition.id}' is used on two tracks")
                seen_transitions.add(transition.id)
            for element in track.elements:
                if element.id in seen_elements:
                    raise ValueError(f"element id '{element.id}' is used twice")
                seen_elements.add(element.id)
        return self

    def with_track(self, track: Track) -> Scene:
        return self.model_copy(update={"tracks": self.tracks.replace(track)})

    def update_element(self, element: Element) -> Scene:
        """A copy with the element of the same id (on whichever track holds it) replaced."""
        found = self.find_element(element.id)
        if found is None:
            raise KeyError(element.id)
        return self.with_track(found[0].with_element(element))  # type: ignore[arg-type]

    def with_tracks(self, tracks: SceneTracks) -> Scene:
        return self.model_copy(update={"tracks": tracks})

    def elements(self) -> Iterator[tuple[Track, Element]]:
        for track in self.tracks.ordered():
            for element in track.elements:
                yield track, element

    def find_element(self, element_id: str) -> tuple[Track, Element] | None:
        for track, element in self.elements():
            if element.id == element_id:
                return track, element
        return None

    @property
    def is_empty(self) -> bool:
        return not any(track.elements for track in self.tracks.ordered())

    @property
    def end_time(self) -> int:
        return max((track.end_time for track in self.tracks.ordered()), default=0)


class Project(CamelModel):
    format: Literal["neuralcut-project"] = "neuralcut-project"
    version: Literal[1] = 1
    metadata: Metadata = Field(default_factory=Metadata)
    settings: Settings = Field(default_factory=Settings)
    media_assets: tuple[MediaAsset, ...] = ()
    scenes: tuple[Scene, ...] = Field(min_length=1)
    current_scene_id: NonEmptyStr
    timeline_view_state: TimelineViewState | None = None

    @model_validator(mode="after")
    def _current_scene_exists(self) -> Project:
        ids = [scene.id for scene in self.scenes]
        if self.current_scene_id not in ids:
            raise ValueError(f"currentSceneId '{self.current_scene_id}' names no scene (scenes: {', '.join(ids)})")
        if len(set(ids)) != len(ids):
            raise ValueError("two scenes share an id")
        asset_ids = [asset.id for asset in self.media_assets]
        if len(set(asset_ids)) != len(asset_ids):
            raise ValueError("two media assets share an id")
        return self

    @property
    def scene(self) -> Scene:
        """The active scene (``currentSceneId``)."""
        for scene in self.scenes:
            if scene.id == self.current_scene_id:
                return scene
        raise LookupError(self.current_scene_id)  # unreachable: validated

    def with_scene(self, scene: Scene) -> Project:
        scenes = tuple(scene if s.id == scene.id else s for s in self.scenes)
        return self.model_copy(update={"scenes": scenes})

    def asset(self, asset_id: str) -> MediaAsset | None:
        for asset in self.media_assets:
            if asset.id == asset_id:
                return asset
        return None

    def find_asset(self, reference: str) -> MediaAsset | None:
        """By id; else by file name (with or without extension) when exactly one asset has it."""
        asset = self.asset(reference)
        if asset is not None:
            return asset
        wanted = reference.strip().lower()
        named = [a for a in self.media_assets if a.name.lower() == wanted or Path(a.name).stem.lower() == wanted]
        return named[0] if len(named) == 1 else None

    @property
    def fps(self) -> float:
        return self.settings.fps.value

    @property
    def project_id(self) -> str:
        return self.metadata.id
