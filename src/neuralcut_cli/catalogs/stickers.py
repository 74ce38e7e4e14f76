"""The sticker catalogue: ``shapes:<name>`` and ``flags:<ISO 3166-1 alpha-2>``.

Sticker ids are ``provider:value``. Positions map to the canvas corners and
centre with a margin; a sticker's base size is a fifth of the canvas height.
"""

from __future__ import annotations

from dataclasses import dataclass

from neuralcut_cli.catalogs.countries import COUNTRIES

SHAPES: dict[str, str] = {
    "circle": "Circle",
    "square": "Square",
    "triangle": "Triangle",
    "star": "Star",
    "heart": "Heart",
    "arrow": "Arrow",
    "diamond": "Diamond",
    "hexagon": "Hexagon",
    "check": "Check mark",
    "cross": "Cross",
}
SHAPE_ALIASES = {"tick": "check", "checkmark": "check", "x": "cross", "rectangle": "square", "box": "square"}
SIZE_FRACTION = 0.2  # of the canvas height
MARGIN_FRACTION = 0.05


@dataclass(frozen=True)
class Sticker:
    id: str
    name: str
    provider: str

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name, "provider": self.provider}


def find_sticker(sticker_id: str) -> Sticker | None:
    """``shapes:star``, ``flags:AR`` (case-insensitive; ``star`` alone is a shape)."""
    provider, _, value = sticker_id.strip().partition(":")
    if not value:
        provider, value = "shapes", provider
    provider, value = provider.lower(), value.strip()
    if provider in ("shapes", "shape"):
        key = SHAPE_ALIASES.get(value.lower(), value.lower())
        return Sticker(f"shapes:{key}", SHAPES[key], "shapes") if key in SHAPES else None
    if provider in ("flags", "flag"):
        code = value.upper()
        return Sticker(f"flags:{code}", f"Flag of {COUNTRIES[code]}", "flags") if code in COUNTRIES else None
    return None


def all_stickers() -> list[Sticker]:
    shapes = [Sticker(f"shapes:{key}", name, "shapes") for key, name in SHAPES.items()]
    flags = [Sticker(f"flags:{code}", f"Flag of {name}", "flags") for code, name in COUNTRIES.items()]
    return shapes + flags


def search_stickers(query: str | None = None, provider: str | None = None) -> list[Sticker]:
    found = all_stickers()
    if provider:
        found = [s for s in found if s.provider == provider]
    if query and query.strip():
        q = query.strip().lower()
        found = [s for s in found if q in s.id.lower() or q in s.name.lower()]
    return found


def sticker_position(position: str, width: int, height: int) -> tuple[float, float]:
    """Canvas pixels from the centre for one of the five positions."""
    size = SIZE_FRACTION * height
    margin = MARGIN_FRACTION * height
    dx = width / 2 - margin - size / 2
    dy = height / 2 - margin - size / 2
    x = {"top-left": -dx, "bottom-left": -dx, "top-right": dx, "bottom-right": dx}.get(position, 0.0)
    y = {"top-left": -dy, "top-right": -dy, "bottom-left": dy, "bottom-right": dy}.get(position, 0.0)
    return round(x, 2), round(y, 2)
