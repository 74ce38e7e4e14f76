"""The animatable properties (OpenCut's ``ANIMATION_PROPERTY_PATHS``): kinds, ranges, and where their static value
lives on an element.

=========================  ======  =======================  =========================
path                       kind    coercion (snap, clamp)   elements
=========================  ======  =======================  =========================
transform.positionX/Y      number  step 1 (px from centre)  visual
transform.scaleX/Y         number  min 0.01, step 0.01      visual
transform.rotate           number  -360..360, step 1 (deg)  visual
opacity                    number  0..1, step 0.01          visual
volume                     number  -60..20 dB, step 0.01    video, audio
color                      color   any colour               text
background.color           color   any colour               text
background.paddingX/Y      number  min 0, step 1            text
background.offsetX/Y       number  step 1                   text
background.cornerRadius    number  0..100, step 1           text
=========================  ======  =======================  =========================
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from neuralcut_cli.project.elements import VISUAL_ELEMENTS, AudioElement, Element, TextElement, VideoElement


@dataclass(frozen=True)
class Property:
    path: str
    kind: str  # number | color
    low: float = -math.inf
    high: float = math.inf
    step: float = 0.0  # 0: no snapping
    default: Any = 0

    def coerce(self, value: float) -> float:
        """Snap to the step, then clamp (OpenCut's order)."""
        if self.step:
            value = round(value / self.step) * self.step
            value = round(value, 6)
        return min(self.high, max(self.low, value))

    def applies_to(self, element: Element) -> bool:
        if self.path == "volume":
            return isinstance(element, (VideoElement, AudioElement))
        if self.path in ("color",) or self.path.startswith("background."):
            return isinstance(element, TextElement)
        return isinstance(element, VISUAL_ELEMENTS)

    def static(self, element: Element) -> Any:
        """The element's value without animation."""
        if self.path.startswith("transform."):
            transform = element.transform  # type: ignore[union-attr]
            name = self.path.split(".", 1)[1]
            return {
                "positionX": transform.position.x,
                "positionY": transform.position.y,
                "scaleX": transform.scale_x,
                "scaleY": transform.scale_y,
                "rotate": transform.rotate,
            }[name]
        if self.path.startswith("background."):
            background = element.background  # type: ignore[union-attr]
            field = {
                "color": "color",
                "paddingX": "padding_x",
                "paddingY": "padding_y",
                "offsetX": "offset_x",
                "offsetY": "offset_y",
                "cornerRadius": "corner_radius",
            }[self.path.split(".", 1)[1]]
            value = getattr(background, field)
            return self.default if value is None else value
        return getattr(element, self.path)


PROPERTIES: dict[str, Property] = {
    p.path: p
    for p in (
        Property("transform.positionX", "number", step=1),
        Property("transform.positionY", "number", step=1),
        Property("transform.scaleX", "number", low=0.01, step=0.01, default=1),
        Property("transform.scaleY", "number", low=0.01, step=0.01, default=1),
        Property("transform.rotate", "number", -360, 360, 1),
        Property("opacity", "number", 0, 1, 0.01, 1),
        Property("volume", "number", -60, 20, 0.01),
        Property("color", "color", default="#ffffff"),
        Property("background.color", "color", default="#000000"),
        Property("background.paddingX", "number", low=0, step=1, default=30),
        Property("background.paddingY", "number", low=0, step=1, default=42),
        Property("background.offsetX", "number", step=1),
        Property("background.offsetY", "number", step=1),
        Property("background.cornerRadius", "number", 0, 100, 1),
    )
}


def number_text(value: float) -> str:
    """A number as JSON (and JavaScript) print it: ``3``, not ``3.0``."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return json.dumps(int(value))
    return json.dumps(value)
