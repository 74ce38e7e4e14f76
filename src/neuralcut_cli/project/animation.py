"""Keyframe animations as OpenCut stores them on an element (``animations``).

::

    animations: {
      bindings: {"opacity": {path, kind: number|vector2|color|discrete,
                             components: [{key: "value", channelId: "opacity:value"}], colorSpace?}},
      channels: {"opacity:value": {kind: "scalar", keys: [{id, time, value, segmentToNext,
                                    tangentMode, leftHandle?, rightHandle?}], extrapolation?}
                 | {kind: "discrete", keys: [{id, time, value}]}}
    }

Key times are element-local ticks (0 is the element's start); handle ``dt``
is ticks too. A binding's components share their keys' ids and times (a
colour key writes r, g, b and a at once). The operations on them (evaluate,
cut, clamp, copy) live in ``editing.animation``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from neuralcut_cli.project.base import NUMBER, CamelModel, NonEmptyStr, Number, Ticks, empty_dict, in_range
from neuralcut_cli.time import MAX_TICKS

HandleTicks = Annotated[int | float, in_range(-MAX_TICKS, MAX_TICKS), NUMBER]


class Handle(CamelModel):
    """A bezier handle relative to its key: ``dt`` ticks (≤ 0 on the left, ≥ 0 on the right), ``dv`` value."""

    dt: HandleTicks
    dv: Number


class Extrapolation(CamelModel):
    before: Literal["hold", "linear"] = "hold"
    after: Literal["hold", "linear"] = "hold"


class ScalarKey(CamelModel):
    id: NonEmptyStr
    time: Ticks
    value: Number
    segment_to_next: Literal["step", "linear", "bezier"] = "linear"
    tangent_mode: Literal["auto", "aligned", "broken", "flat"] = "flat"
    left_handle: Handle | None = None
    right_handle: Handle | None = None

    @model_validator(mode="after")
    def _written_whole(self) -> ScalarKey:
        """OpenCut's ``ScalarKey`` requires both: a key is written with them, even where they were left out."""
        self.__pydantic_fields_set__.update(("segment_to_next", "tangent_mode"))
        return self


class ScalarChannel(CamelModel):
    kind: Literal["scalar"]
    keys: tuple[ScalarKey, ...] = ()
    extrapolation: Extrapolation | None = None

    @model_validator(mode="after")
    def _sorted(self) -> ScalarChannel:
        _check_times([key.time for key in self.keys])
        return self


class DiscreteKey(CamelModel):
    id: NonEmptyStr
    time: Ticks
    value: bool | Annotated[str, Field(max_length=1000)]


class DiscreteChannel(CamelModel):
    kind: Literal["discrete"]
    keys: tuple[DiscreteKey, ...] = ()

    @model_validator(mode="after")
    def _sorted(self) -> DiscreteChannel:
        _check_times([key.time for key in self.keys])
        return self


Channel = Annotated[ScalarChannel | DiscreteChannel, Field(discriminator="kind")]


class Component(CamelModel):
    key: NonEmptyStr
    channel_id: NonEmptyStr


class Binding(CamelModel):
    path: NonEmptyStr
    kind: Literal["number", "vector2", "color", "discrete"]
    components: tuple[Component, ...] = Field(min_length=1, max_length=4)
    color_space: str | None = None


class Animations(CamelModel):
    bindings: dict[str, Binding] = Field(default_factory=empty_dict, max_length=256)
    channels: dict[str, Channel] = Field(default_factory=empty_dict, max_length=1024)

    @model_validator(mode="after")
    def _components_have_channels(self) -> Animations:
        for path, binding in self.bindings.items():
            for component in binding.components:
                if component.channel_id not in self.channels:
                    raise ValueError(f"bindings.{path}: channel '{component.channel_id}' is missing from channels")
        return self

    @property
    def key_count(self) -> int:
        return sum(len(channel.keys) for channel in self.channels.values())


def _check_times(times: list[int]) -> None:
    if any(b <= a for a, b in zip(times, times[1:], strict=False)):
        raise ValueError("keys must be in time order, one key per time")
