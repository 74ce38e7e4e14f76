"""The style overrides ``add_text`` and ``update_text`` share (NeuralCut web's, with colours checked).

``positionX``/``positionY`` are pixels from the centre of the frame, as in
``update_clip``; ``background.padding`` sets both paddings.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, WithJsonSchema
from pydantic.alias_generators import to_camel

from neuralcut_cli.project.base import NUMBER, Number, in_range
from neuralcut_cli.project.colors import check_color
from neuralcut_cli.tools.definition import ToolArgs


def _family(value: str) -> str:
    if not value.strip() or len(value) > 200 or any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise ValueError("not a font family")
    return value


# JSON numbers within a range, kept as given (an int stays an int in the file).
FontSize = Annotated[int | float, in_range(0.01, 1000), NUMBER]
Spacing = Annotated[int | float, in_range(-1000, 1000), NUMBER]
Radius = Annotated[int | float, in_range(0, 1000), NUMBER]
Padding = Annotated[int | float, in_range(0, 10_000), NUMBER]


Colour = Annotated[str, AfterValidator(check_color)]
Family = Annotated[str, AfterValidator(_family)]


class TextBackground(BaseModel):
    """The box behind a text; ``padding`` sets both paddings."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, strict=True, extra="forbid")
    enabled: bool | None = None
    color: Colour | None = None
    corner_radius: Radius | None = None
    padding: Padding | None = None


class TextStyleArgs(ToolArgs):
    """The style fields ``add_text`` and ``update_text`` share; their own fields are checked first."""

    color: Annotated[Colour | None, Field(description="Text colour: #rrggbb, a CSS name or rgb().")] = None
    font_size: Annotated[FontSize | None, Field(description="Font size (presets: 5 to 8).")] = None
    font_family: Annotated[Family | None, Field(description="Font family.")] = None
    font_weight: Literal["normal", "bold"] | None = None
    font_style: Literal["normal", "italic"] | None = None
    text_align: Literal["left", "center", "right"] | None = None
    letter_spacing: Annotated[Spacing | None, Field(description="Extra pixels between letters.")] = None
    position_x: Annotated[Number | None, Field(description="Pixels right of the centre.")] = None
    position_y: Annotated[Number | None, Field(description="Pixels below the centre.")] = None
    background: Annotated[
        TextBackground | None,
        WithJsonSchema(
            {
                "type": "object",
                "properties": {
                    "enabled": {"type": "boolean"},
                    "color": {"type": "string"},
                    "cornerRadius": {"type": "number"},
                    "padding": {"type": "number"},
                },
            }
        ),
        Field(description="The box behind the text."),
    ] = None
    #: The contract's error for each style field; the tool's own fields' errors come first (``ToolArgs``).
    style_errors: ClassVar = {
        "color": "Invalid color",
        "font_size": "Invalid fontSize",
        "font_family": "Invalid fontFamily",
        "font_weight": "Invalid fontWeight",
        "font_style": "Invalid fontStyle",
        "text_align": "Invalid textAlign",
        "letter_spacing": "Invalid letterSpacing",
        "position_x": "Invalid positionX",
        "position_y": "Invalid positionY",
        "background": "Invalid background",
    }

    error_order: ClassVar = tuple(style_errors)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.errors = {**TextStyleArgs.style_errors, **cls.__dict__.get("errors", {})}

    def overrides(self) -> dict[str, Any]:
        """The overrides given, as element fields."""
        out: dict[str, Any] = {
            name: getattr(self, name)
            for name in ("font_weight", "font_style", "text_align", "font_size", "letter_spacing", "position_x")
            + ("position_y", "color", "font_family")
            if getattr(self, name) is not None
        }
        if self.background is not None:
            box = self.background
            out["background"] = {
                **({"enabled": box.enabled} if box.enabled is not None else {}),
                **({"color": box.color} if box.color is not None else {}),
                **({"corner_radius": box.corner_radius} if box.corner_radius is not None else {}),
                **({"padding_x": box.padding, "padding_y": box.padding} if box.padding is not None else {}),
            }
        return out
