"""One element as ``get_element`` shows it: seconds, and the units ``update_clip`` takes.

Opacity is 0-100 and volume 0-100 (with its decibels beside it), as
``update_clip`` accepts them, so what one tool reads the other can write.
"""

from __future__ import annotations

from typing import Any

from neuralcut_cli.editing import sound
from neuralcut_cli.project.animation import Animations, DiscreteChannel
from neuralcut_cli.project.elements import (
    AudioElement,
    EffectElement,
    Element,
    GraphicElement,
    ImageElement,
    StickerElement,
    TextElement,
    Transform,
    VideoElement,
    _MediaBase,
    _Visual,
)
from neuralcut_cli.time import output_seconds


def element_details(element: Element, track_id: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "elementId": element.id,
        "trackId": track_id,
        "type": element.type,
        "name": element.name,
        "start": output_seconds(element.start_time),
        "end": output_seconds(element.end_time),
        "duration": output_seconds(element.duration),
        "trimStart": output_seconds(element.trim_start),
        "trimEnd": output_seconds(element.trim_end),
    }
    if isinstance(element, _MediaBase):
        out["assetId"] = element.media_id or None
        out["speed"] = element.rate
        if element.source_duration is not None:
            out["sourceDuration"] = output_seconds(element.source_duration)
    if isinstance(element, TextElement):
        out.update(_text(element))
    elif isinstance(element, StickerElement):
        out["stickerId"] = element.sticker_id
    elif isinstance(element, GraphicElement):
        out.update(definitionId=element.definition_id, params=dict(element.params))
    elif isinstance(element, EffectElement):
        out.update(effectType=element.effect_type, params=dict(element.params))
    if isinstance(element, (VideoElement, AudioElement)):
        out.update(_sound(element))
    if isinstance(element, _Visual):
        out.update(_visual(element))
    if element.animations is not None and not isinstance(element, EffectElement):
        out["animations"] = keyframes(element.animations)
    return out


def transform_json(transform: Transform) -> dict[str, Any]:
    return {
        "positionX": transform.position.x,
        "positionY": transform.position.y,
        "rotation": transform.rotate,
        "scaleX": transform.scale_x,
        "scaleY": transform.scale_y,
    }


def keyframes(animations: Animations) -> dict[str, Any]:
    """``{keyframeCount, keyframes: [{propertyPath, id, time, value, interpolation}]}``, one per key of a
    property (a colour's r, g, b, a keys count once)."""
    found = []
    for path, binding in animations.bindings.items():
        channel = animations.channels[binding.components[0].channel_id]
        for key in channel.keys:
            if isinstance(channel, DiscreteChannel):
                found.append(
                    {
                        "propertyPath": path,
                        "id": key.id,
                        "time": output_seconds(key.time),
                        "value": key.value,
                        "interpolation": "hold",
                    }
                )
                continue
            value: Any = key.value
            if len(binding.components) > 1:
                value = {c.key: _component(animations, c.channel_id, key.id) for c in binding.components}
            found.append(
                {
                    "propertyPath": path,
                    "id": key.id,
                    "time": output_seconds(key.time),
                    "value": value,
                    "interpolation": key.segment_to_next,  # type: ignore[union-attr]
                }
            )
    found.sort(key=lambda k: (k["time"], k["propertyPath"]))
    return {"keyframeCount": len(found), "keyframes": found}


def _component(animations: Animations, channel_id: str, key_id: str) -> Any:
    return next((k.value for k in animations.channels[channel_id].keys if k.id == key_id), None)


def _text(element: TextElement) -> dict[str, Any]:
    return {
        "content": element.content,
        "fontSize": element.font_size,
        "fontFamily": element.font_family,
        "color": element.color,
        "fontWeight": element.font_weight,
        "fontStyle": element.font_style,
        "textAlign": element.text_align,
        "textDecoration": element.text_decoration,
        "letterSpacing": element.letter_spacing if element.letter_spacing is not None else 0,
        "lineHeight": element.line_height if element.line_height is not None else 1.2,
        "background": element.background.model_dump(mode="json", by_alias=True, exclude_none=True),
    }


def _sound(element: VideoElement | AudioElement) -> dict[str, Any]:
    out: dict[str, Any] = {
        "volume": element.volume,  # dB, as stored and as update_clip takes it
        "muted": element.muted,
    }
    layers = sound.summary(element)
    if layers:
        out["soundLayers"] = layers
    if sound.moving(element):
        out["soundEnvelope"] = sound_envelope(element)
    if isinstance(element, VideoElement):
        out["sourceAudio"] = element.source_audio
    else:
        out["sourceType"] = element.source_type
        if element.source_url:
            out["sourceUrl"] = element.source_url
    return out


def sound_envelope(element: Element) -> list[dict[str, float]]:
    """The level that plays, volume and layers added up, at each key time: ``[{time (s, element-local), db}]``
    (-60 is silence)."""
    return [{"time": output_seconds(t), "db": db} for t, db in sound.envelope(element)]


def _visual(element: VideoElement | ImageElement | TextElement | StickerElement | GraphicElement) -> dict[str, Any]:
    return {
        "transform": transform_json(element.transform),
        "opacity": round(float(element.opacity) * 100, 2),
        "blendMode": element.blend,
        "hidden": element.is_hidden,
        "effects": [e.model_dump(mode="json", by_alias=True) for e in element.effects or ()],
        "masks": [m.model_dump(mode="json", by_alias=True) for m in element.masks or ()],
    }
