"""Timeline elements: video, image, audio, text, sticker, graphic, effect.

Every element has ``id, type, name, startTime, duration, trimStart, trimEnd``
in ticks, and may carry keyframe ``animations``. Media elements point at a
media asset (``mediaId``; library audio has a ``sourceUrl`` instead). For media
``duration * rate + trimStart + trimEnd == sourceDuration`` when NeuralCut
wrote it (``rate`` is the ``retime`` speed, 1 without one); OpenCut files may
have a shorter duration, which loads.

Fields OpenCut leaves out when they hold their default (``hidden``,
``blendMode``, ``effects``, ``retime`` ...) default to None here, so a file
keeps its shape on save; the properties (``is_hidden``, ``blend``, ``rate``)
give the effective values.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal, get_args

from pydantic import Field, TypeAdapter, model_validator

from neuralcut_cli.project.animation import Animations
from neuralcut_cli.project.base import (
    NUMBER,
    CamelModel,
    NonEmptyStr,
    Number,
    PositiveTicks,
    Ticks,
    empty_dict,
    in_range,
)
from neuralcut_cli.project.colors import Color
from neuralcut_cli.project.limits import MAX_NUMBER

ELEMENT_TYPES = ("video", "image", "audio", "text", "sticker", "graphic", "effect")

#: Which track type each element type lives on (OpenCut's pairing).
TRACK_FOR_ELEMENT = {
    "video": "video",
    "image": "video",
    "audio": "audio",
    "text": "text",
    "sticker": "graphic",
    "graphic": "graphic",
    "effect": "effect",
}

BlendMode = Literal[
    "normal",
    "darken",
    "multiply",
    "color-burn",
    "lighten",
    "screen",
    "plus-lighter",
    "color-dodge",
    "overlay",
    "soft-light",
    "hard-light",
    "difference",
    "exclusion",
    "hue",
    "saturation",
    "color",
    "luminosity",
]
#: OpenCut's blend modes (CSS mix-blend-mode names), in its order: the type's own list.
BLEND_MODES: tuple[str, ...] = get_args(BlendMode)
GRAPHIC_SHAPES = ("rectangle", "ellipse", "polygon", "star")
MASK_TYPES = ("split", "cinematic-bars", "rectangle", "ellipse", "heart", "diamond", "star")
MIN_RATE, MAX_RATE = 0.25, 4.0

#: A font family name: printable text, at most 200 characters.
FontFamily = Annotated[str, Field(max_length=200, pattern=r"^[^\x00-\x1f\x7f]*$")]
Volume = Annotated[int | float, in_range(-60, 20), NUMBER]
Opacity = Annotated[int | float, in_range(0, 1), NUMBER]
Rate = Annotated[int | float, in_range(0.01, 100), NUMBER]  # files may hold any sane speed; tools keep 0.25-4
NonNegative = Annotated[int | float, in_range(0, MAX_NUMBER), NUMBER]
FontSize = Annotated[int | float, in_range(0.01, 10_000), NUMBER]  # OpenCut's unit: canvas height / 90 a point


class Position(CamelModel):
    x: Number = 0
    y: Number = 0


class Transform(CamelModel):
    scale_x: Number = 1
    scale_y: Number = 1
    position: Position = Field(default_factory=Position)
    rotate: Number = 0


class TextBackground(CamelModel):
    enabled: bool = False
    color: Color = "#000000"
    corner_radius: NonNegative | None = None  # OpenCut's defaults: 0, 30, 42, 0, 0 (pixels)
    padding_x: NonNegative | None = None
    padding_y: NonNegative | None = None
    offset_x: Number | None = None
    offset_y: Number | None = None


EffectParamValue = (
    bool
    | Annotated[int, Field(strict=True, ge=-MAX_NUMBER, le=MAX_NUMBER)]
    | Annotated[float, Field(allow_inf_nan=False, ge=-MAX_NUMBER, le=MAX_NUMBER)]
    | Annotated[str, Field(max_length=1000)]
)
Params = Annotated[dict[str, EffectParamValue], Field(max_length=100)]


def _typed_params(effect_type: str, params: dict[str, Any]) -> None:
    """A known effect's parameters must have the catalogue's types: a number where it takes a number, a colour
    (text) where it takes a colour; what a tool would refuse, a file may not slip in."""
    from neuralcut_cli.catalogs.effects import find_effect

    effect = find_effect(effect_type)
    for key, value in params.items():
        known = effect.param(key) if effect is not None else None
        if known is None:
            continue
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if known.type == "color" and not isinstance(value, str):
            raise ValueError(f"params.{key}: {effect_type}'s {key} is a colour (text such as '#ff0000')")
        if known.type != "color" and not number:
            raise ValueError(f"params.{key}: {effect_type}'s {key} is a number, found {type(value).__name__}")


class ClipEffect(CamelModel):
    """An effect on one element (``element.effects[]``), as opposed to an effect element on an effect track."""

    id: NonEmptyStr
    type: NonEmptyStr
    params: Params = Field(default_factory=empty_dict)
    enabled: bool = True

    @model_validator(mode="after")
    def _params_typed(self) -> ClipEffect:
        _typed_params(self.type, self.params)
        return self


class Mask(CamelModel):
    id: NonEmptyStr
    type: Literal["split", "cinematic-bars", "rectangle", "ellipse", "heart", "diamond", "star"]
    params: dict[str, Any] = Field(default_factory=empty_dict, max_length=100)


class Retime(CamelModel):
    """Playback speed: ``rate`` 2 plays twice as fast; ``maintainPitch`` keeps the voice's pitch."""

    rate: Rate
    maintain_pitch: bool | None = None


class ElementBase(CamelModel):
    id: NonEmptyStr
    type: str
    name: str = ""
    start_time: Ticks
    duration: PositiveTicks
    trim_start: Ticks = 0
    trim_end: Ticks = 0
    animations: Animations | None = None

    @property
    def end_time(self) -> int:
        return self.start_time + self.duration

    @property
    def label(self) -> str:
        """What a person calls this element: its text, or its name, or its id."""
        return self.name or self.id


class _Visual(CamelModel):
    transform: Transform = Field(default_factory=Transform)
    opacity: Opacity = 1
    hidden: bool | None = None
    blend_mode: BlendMode | None = None
    effects: tuple[ClipEffect, ...] | None = None
    masks: tuple[Mask, ...] | None = None

    @property
    def is_hidden(self) -> bool:
        return bool(self.hidden)

    @property
    def blend(self) -> str:
        return self.blend_mode or "normal"


SpeechSpan = tuple[
    Annotated[float, Field(ge=0, le=86_400, allow_inf_nan=False)],
    Annotated[float, Field(ge=0, le=86_400, allow_inf_nan=False)],
]


class Ducking(CamelModel):
    """NeuralCut's: how a sound is ducked (its ``sound.duck`` layer), so it can be ducked again when the voice
    under it moves: ``depthDb`` below its level, ramps of ``attack``/``release`` ticks, under the elements of
    ``underTracks`` (of the media ``underMedia``, when given), where their ``speech`` is when it was measured."""

    depth_db: Annotated[int | float, in_range(0, 60), NUMBER]
    attack: Annotated[int, Field(strict=True, ge=0, le=10 * 120_000)] = 0
    release: Annotated[int, Field(strict=True, ge=0, le=10 * 120_000)] = 0
    under_tracks: Annotated[tuple[NonEmptyStr, ...], Field(max_length=100)] = ()
    under_media: Annotated[tuple[NonEmptyStr, ...], Field(max_length=1000)] = ()
    #: where each voice recording speaks (source seconds, by media id): the duck follows the words, not the clips
    speech: Annotated[
        dict[NonEmptyStr, Annotated[list[SpeechSpan], Field(max_length=50_000)]], Field(max_length=100)
    ] = Field(default_factory=dict)


class _MediaBase(ElementBase):
    media_id: NonEmptyStr
    source_duration: Ticks | None = None
    retime: Retime | None = None

    @property
    def rate(self) -> float:
        """Playback speed (1 when not retimed)."""
        return float(self.retime.rate) if self.retime else 1.0

    @property
    def source_ticks(self) -> int:
        """Length of the source; derived from the trims when the file omits it."""
        if self.source_duration is not None:
            return self.source_duration
        return round(self.duration * self.rate) + self.trim_start + self.trim_end

    @property
    def shown_ticks(self) -> int:
        """Source ticks the element plays: its duration times its speed."""
        return round(self.duration * self.rate)


class VideoElement(_Visual, _MediaBase):
    type: Literal["video"]
    volume: Volume = 0
    muted: bool = False
    is_source_audio_enabled: bool | None = None
    ducking: Ducking | None = None

    @property
    def source_audio(self) -> bool:
        """Whether the clip's own sound plays (OpenCut turns it off when the audio was separated)."""
        return self.is_source_audio_enabled is not False


class ImageElement(_Visual, _MediaBase):
    type: Literal["image"]


class AudioElement(_MediaBase):
    """Uploaded audio (``mediaId``) or library audio (``sourceType: "library"``, ``sourceUrl``)."""

    type: Literal["audio"]
    media_id: str = ""  # empty for library audio
    source_type: Literal["upload", "library"] = "upload"
    source_url: Annotated[str, Field(max_length=4096)] | None = None
    volume: Volume = 0
    muted: bool = False
    ducking: Ducking | None = None

    @model_validator(mode="after")
    def _source(self) -> AudioElement:
        if self.source_type == "library" and not self.source_url:
            raise ValueError("library audio needs a sourceUrl")
        if self.source_type == "upload" and not self.media_id:
            raise ValueError("mediaId is required for uploaded audio")
        return self


class CaptionWord(CamelModel):
    """NeuralCut's: when one word of a caption is said (element-local ticks), for a style that lights it up."""

    start: Ticks
    end: Ticks


class TextElement(_Visual, ElementBase):
    type: Literal["text"]
    content: str
    font_size: FontSize = 15
    font_family: FontFamily = "Arial"
    color: Color = "#ffffff"
    text_align: str = "center"
    font_weight: str = "normal"
    font_style: str = "normal"
    text_decoration: str = "none"
    background: TextBackground = Field(default_factory=TextBackground)
    letter_spacing: Number | None = None  # OpenCut's defaults: 0 px, 1.2 lines
    line_height: Annotated[int | float, in_range(0.1, 10), NUMBER] | None = None
    #: NeuralCut's (captions): when each word of ``content`` is said, in order, and the colour of the word being
    #: said (a "highlight" caption style); the render draws it frame-exactly, an OpenCut record keeps the text
    caption_words: Annotated[tuple[CaptionWord, ...], Field(max_length=2000)] | None = None
    highlight_color: Color | None = None

    @property
    def label(self) -> str:
        return self.content


class StickerElement(_Visual, ElementBase):
    type: Literal["sticker"]
    sticker_id: NonEmptyStr
    intrinsic_width: Annotated[int | float, in_range(0, MAX_NUMBER), NUMBER] | None = None
    intrinsic_height: Annotated[int | float, in_range(0, MAX_NUMBER), NUMBER] | None = None


class GraphicElement(_Visual, ElementBase):
    """A drawn shape: ``definitionId`` rectangle, ellipse, polygon or star, with its ``params`` (fill, stroke...)."""

    type: Literal["graphic"]
    definition_id: Literal["rectangle", "ellipse", "polygon", "star"]
    params: Params = Field(default_factory=empty_dict)

    @property
    def label(self) -> str:
        return self.name or self.definition_id


class EffectElement(ElementBase):
    type: Literal["effect"]
    effect_type: NonEmptyStr
    params: Params = Field(default_factory=empty_dict)

    @model_validator(mode="after")
    def _params_typed(self) -> EffectElement:
        _typed_params(self.effect_type, self.params)
        return self

    @property
    def label(self) -> str:
        return self.name or self.effect_type


MEDIA_ELEMENTS = (VideoElement, ImageElement, AudioElement)  # the kinds with a mediaId, for isinstance
VISUAL_ELEMENTS = (VideoElement, ImageElement, TextElement, StickerElement, GraphicElement)

Element = Annotated[
    VideoElement | ImageElement | AudioElement | TextElement | StickerElement | GraphicElement | EffectElement,
    Field(discriminator="type"),
]


@cache
def element_adapter() -> TypeAdapter[Element]:
    """The validator of one element of any kind, built on first use (costly at start-up)."""
    return TypeAdapter(Element)


def placement_error(element_type: str, track_type: str) -> str | None:
    """OpenCut's pairing rule; the message when an element may not go on a track."""
    if TRACK_FOR_ELEMENT.get(element_type) == track_type:
        return None
    return f"{element_type} elements cannot be placed on {track_type} tracks"
