"""New elements, written out in full with OpenCut's defaults.

Text presets are OpenCut's NeuralCut presets: font size 6/5/8/5 for plain,
subtitle, hook and label; bold for all but plain; a black background box for
subtitle and label. Positions ``top``/``center``/``bottom`` are y = -35 % /
0 / +35 % of the canvas height from the centre.
"""

from __future__ import annotations

from typing import Any, cast

from neuralcut_cli.catalogs.effects import EffectDef
from neuralcut_cli.catalogs.stickers import Sticker, sticker_position
from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.project.base import mark_all_set
from neuralcut_cli.project.elements import Element, element_adapter
from neuralcut_cli.project.model import MediaAsset, Project
from neuralcut_cli.time import seconds_to_ticks

DEFAULT_DURATION = seconds_to_ticks(5)
TEXT_POSITIONS = {"top": -0.35, "center": 0.0, "bottom": 0.35}
TEXT_STYLES: dict[str, dict[str, Any]] = {
    "plain": {"fontSize": 6, "fontWeight": "normal", "background": {"enabled": False, "color": "#000000"}},
    "subtitle": {"fontSize": 5, "fontWeight": "bold", "background": {"enabled": True, "color": "#000000"}},
    "hook": {"fontSize": 8, "fontWeight": "bold", "background": {"enabled": False, "color": "#000000"}},
    "label": {"fontSize": 5, "fontWeight": "bold", "background": {"enabled": True, "color": "#000000"}},
}


def _transform(x: float = 0, y: float = 0, scale: float = 1) -> dict[str, Any]:
    return {"scaleX": scale, "scaleY": scale, "position": {"x": x, "y": y}, "rotate": 0}


def _build(data: dict[str, Any]) -> Element:
    return cast(Element, mark_all_set(element_adapter().validate_python(data)))


def _timing(start: int, duration: int) -> dict[str, Any]:
    return {"startTime": start, "duration": duration, "trimStart": 0, "trimEnd": 0}


def text_y(position: str, canvas_height: int) -> float:
    return round(TEXT_POSITIONS[position] * canvas_height, 2)


def text_element(project: Project, text: str, start: int, end: int, position: str, style: str) -> Element:
    preset = TEXT_STYLES[style]
    return _build(
        {
            "id": new_id(),
            "type": "text",
            "name": text.strip()[:40],
            **_timing(start, end - start),
            "transform": _transform(0, text_y(position, project.settings.canvas_size.height)),
            "opacity": 1,
            "content": text,
            "fontSize": preset["fontSize"],
            "fontFamily": "Arial",
            "color": "#ffffff",
            "textAlign": "center",
            "fontWeight": preset["fontWeight"],
            "fontStyle": "normal",
            "textDecoration": "none",
            "background": dict(preset["background"]),
        }
    )


def sticker_element(project: Project, sticker: Sticker, start: int, end: int, position: str) -> Element:
    size = project.settings.canvas_size
    x, y = sticker_position(position, size.width, size.height)
    return _build(
        {
            "id": new_id(),
            "type": "sticker",
            "name": sticker.name,
            **_timing(start, end - start),
            "transform": _transform(x, y),
            "opacity": 1,
            "stickerId": sticker.id,
        }
    )


def effect_element(effect: EffectDef, params: dict[str, Any], start: int, end: int) -> Element:
    return _build(
        {
            "id": new_id(),
            "type": "effect",
            "name": effect.name,
            **_timing(start, end - start),
            "effectType": effect.id,
            "params": params,
        }
    )


def media_element(asset: MediaAsset, start: int, duration: int) -> Element:
    """A video, image or audio element showing ``asset`` from its beginning."""
    data: dict[str, Any] = {
        "id": new_id(),
        "type": asset.type,
        "name": asset.label,
        **_timing(start, duration),
        "mediaId": asset.id,
    }
    if asset.type in ("video", "audio"):
        source = seconds_to_ticks(asset.duration or 0)
        data["trimEnd"] = max(source - duration, 0)
        data["sourceDuration"] = max(source, duration)
    if asset.type == "audio":
        data["sourceType"] = "upload"
    if asset.type in ("video", "image"):
        data["transform"] = _transform()
        data["opacity"] = 1
    if asset.type in ("video", "audio"):
        data["volume"] = 0
        data["muted"] = False
    return _build(data)
