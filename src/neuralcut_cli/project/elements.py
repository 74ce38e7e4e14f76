"""Timeline elements: video, image, audio, text, sticker, effect.

Every element has ``id, type, name, startTime, duration, trimStart, trimEnd``
in ticks. Media elements point at a media asset (``mediaId``); for media that
is not retimed ``duration + trimStart + trimEnd == sourceDuration``.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from neuralcut_cli.project.base import (
    NUMBER,
    CamelModel,
    NonEmptyStr,
    Number,
    PositiveTicks,
    Ticks,
    in_range,
)
from neuralcut_cli.project.colors import Color
from neuralcut_cli.project.limits import MAX_NUMBER

ELEMENT_TYPES = ("video", "image", "audio", "text", "sticker", "effect")

#: Which track type each element type lives on (OpenCut's pairing).
TRACK_FOR_ELEMENT = {
    "video": "video",
    "image": "video",
    "audio": "audio",
    "text": "text",
    "sticker": "graphic",
    "effect": "effect",
}

#: A font family name: printable text, at most 200 characters.
FontFamily = Annotated[str, Field(max_length=200, pattern=r"^[^\x00-\x1f\x7f]*$")]
Volume = Annotated[int | float, in_range(-60, 20), NUMBER]
Opacity = Annotated[int | float, in_range(0, 1), NUMBER]


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


class ElementBase(CamelModel):
    id: NonEmptyStr
    type: str
    name: str = ""
    start_time: Ticks
    duration: PositiveTicks
    trim_start: Ticks = 0
    trim_end: Ticks = 0

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


class _MediaBase(ElementBase):
    media_id: NonEmptyStr
    source_duration: Ticks | None = None

    @property
    def source_ticks(self) -> int:
        """Length of the source; derived from the trims when the file omits it."""
        if self.source_duration is not None:
            return self.source_duration
        return self.duration + self.trim_start + self.trim_end


class VideoElement(_Visual, _MediaBase):
    type: Literal["video"]
    volume: Volume = 0
    muted: bool = False


class ImageElement(_Visual, _MediaBase):
    type: Literal["image"]


class AudioElement(_MediaBase):
    type: Literal["audio"]
    source_type: str = "upload"
    volume: Volume = 0
    muted: bool = False


class TextElement(_Visual, ElementBase):
    type: Literal["text"]
    content: str
    font_size: Number = 15
    font_family: FontFamily = "Arial"
    color: Color = "#ffffff"
    text_align: str = "center"
    font_weight: str = "normal"
    font_style: str = "normal"
    text_decoration: str = "none"
    background: TextBackground = Field(default_factory=TextBackground)

    @property
    def label(self) -> str:
        return self.content


class StickerElement(_Visual, ElementBase):
    type: Literal["sticker"]
    sticker_id: NonEmptyStr


EffectParamValue = Union[bool, Annotated[int, Field(strict=True, ge=-MAX_NUMBER, le=MAX_NUMBER)],
                         Annotated[float, Field(allow_inf_nan=False, ge=-MAX_NUMBER, le=MAX_NUMBER)],
                         Annotated[str, Field(max_length=1000)]]


class EffectElement(ElementBase):
    type: Literal["effect"]
    effect_type: NonEmptyStr
    params: dict[str, EffectParamValue] = Field(default_factory=dict)

    @property
    def label(self) -> str:
        return self.name or self.effect_type


MEDIA_ELEMENTS = (VideoElement, ImageElement, AudioElement)  # the kinds with a mediaId, for isinstance

Element = Annotated[
    Union[VideoElement, ImageElement, AudioElement, TextElement, StickerElement, EffectElement],
    Field(discriminator="type"),
]


def placement_error(element_type: str, track_type: str) -> str | None:
    """OpenCut's pairing rule; the message when an element may not go on a track."""
    if TRACK_FOR_ELEMENT.get(element_type) == track_type:
        return None
    return f"{element_type} elements cannot be placed on {track_type} tracks"
