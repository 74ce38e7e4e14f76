"""The style overrides ``add_text`` and ``update_text`` share (NeuralCut web's, with colours checked).

``positionX``/``positionY`` are pixels from the centre of the frame, as in
``update_clip``; ``background.padding`` sets both paddings.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from pydantic import Field

from neuralcut_cli.errors import ToolError
from neuralcut_cli.project.colors import check_color
from neuralcut_cli.project.limits import MAX_NUMBER
from neuralcut_cli.tools.definition import ToolArgs

_TEXT_ENUMS = {
    "font_weight": ("normal", "bold"),
    "font_style": ("normal", "italic"),
    "text_align": ("left", "center", "right"),
}
_NUMBER = {"type": "number"}


class TextStyleArgs(ToolArgs):
    color: Annotated[
        Any, Field(json_schema_extra={"type": "string"}, description="Text colour: #rrggbb, a CSS name or rgb().")
    ] = None
    font_size: Annotated[Any, Field(json_schema_extra=_NUMBER, description="Font size (presets: 5 to 8).")] = None
    font_family: Annotated[Any, Field(json_schema_extra={"type": "string"}, description="Font family.")] = None
    font_weight: Annotated[Any, Field(json_schema_extra={"type": "string", "enum": ["normal", "bold"]})] = None
    font_style: Annotated[Any, Field(json_schema_extra={"type": "string", "enum": ["normal", "italic"]})] = None
    text_align: Annotated[Any, Field(json_schema_extra={"type": "string", "enum": ["left", "center", "right"]})] = None
    letter_spacing: Annotated[Any, Field(json_schema_extra=_NUMBER, description="Extra pixels between letters.")] = None
    position_x: Annotated[Any, Field(json_schema_extra=_NUMBER, description="Pixels right of the centre.")] = None
    position_y: Annotated[Any, Field(json_schema_extra=_NUMBER, description="Pixels below the centre.")] = None
    background: Annotated[
        Any,
        Field(
            json_schema_extra={
                "type": "object",
                "properties": {
                    "enabled": {"type": "boolean"},
                    "color": {"type": "string"},
                    "cornerRadius": {"type": "number"},
                    "padding": {"type": "number"},
                },
            },
            description="The box behind the text.",
        ),
    ] = None
    style_errors: ClassVar = {
        "font_weight": "Invalid fontWeight",
        "font_style": "Invalid fontStyle",
        "text_align": "Invalid textAlign",
    }

    def overrides(self) -> dict[str, Any]:
        """The overrides given, checked, as element fields (``ToolError`` with the contract's string)."""
        out: dict[str, Any] = {}
        for name, allowed in _TEXT_ENUMS.items():
            value = getattr(self, name)
            if value is not None:
                if value not in allowed:
                    raise ToolError(self.style_errors[name])
                out[name] = value
        if self.font_size is not None:
            out["font_size"] = _number(self.font_size, "Invalid fontSize", low=0.01, high=1000)
        if self.letter_spacing is not None:
            out["letter_spacing"] = _number(self.letter_spacing, "Invalid letterSpacing", low=-1000, high=1000)
        for name, error in (("position_x", "Invalid positionX"), ("position_y", "Invalid positionY")):
            if getattr(self, name) is not None:
                out[name] = _number(getattr(self, name), error, low=-MAX_NUMBER, high=MAX_NUMBER)
        if self.background is not None:
            out["background"] = _background(self.background)
        if self.color is not None:
            out["color"] = _color(self.color, "Invalid color")
        if self.font_family is not None:
            family = self.font_family
            if (
                not isinstance(family, str)
                or not family.strip()
                or len(family) > 200
                or any(ord(c) < 32 or ord(c) == 127 for c in family)
            ):
                raise ToolError("Invalid fontFamily")
            out["font_family"] = family
        return out


def _number(value: Any, error: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or not low <= value <= high:
        raise ToolError(error)
    return value


def _color(value: Any, error: str) -> str:
    try:
        return check_color(value) if isinstance(value, str) else _raise(error)
    except ValueError:
        raise ToolError(error) from None


def _raise(error: str) -> str:
    raise ToolError(error)


def _background(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or not set(value) <= {"enabled", "color", "cornerRadius", "padding"}:
        raise ToolError("Invalid background")
    out: dict[str, Any] = {}
    if "enabled" in value:
        if not isinstance(value["enabled"], bool):
            raise ToolError("Invalid background")
        out["enabled"] = value["enabled"]
    if "color" in value:
        out["color"] = _color(value["color"], "Invalid background")
    if "cornerRadius" in value:
        out["corner_radius"] = _number(value["cornerRadius"], "Invalid background", 0, 1000)
    if "padding" in value:
        out["padding_x"] = out["padding_y"] = _number(value["padding"], "Invalid background", 0, 10_000)
    return out
