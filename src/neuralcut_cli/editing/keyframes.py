"""Keyframes on an element: one evaluator, and upsert, remove and curve edits (OpenCut's model, see
``project.animation``; the semantics are reference §2.3-2.5).

A number property is one channel ``<path>:value``; a colour is four,
``<path>:r|g|b|a``, in linear sRGB, sharing key ids and times. Times are
element-local ticks. ``value_at`` is the one evaluator listing, rendering and
tests use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from neuralcut_cli.editing.animation import discrete_at
from neuralcut_cli.editing.animation import value_at as channel_value
from neuralcut_cli.editing.properties import PROPERTIES, Property
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.animation import Animations, Binding, Component, Handle, ScalarChannel, ScalarKey
from neuralcut_cli.project.base import copy_with
from neuralcut_cli.project.colors import parse_color
from neuralcut_cli.project.elements import Element

SEGMENT = {"linear": "linear", "hold": "step", "step": "step", "bezier": "bezier"}
SHOWN = {"linear": "linear", "step": "hold", "bezier": "bezier"}


def value_at(element: Element, path: str, t: float) -> Any:
    """The property's value at element-local tick ``t`` (clamped to the element): animated, else static."""
    prop = PROPERTIES[path]
    t = min(max(t, 0), element.duration)
    animations = element.animations
    binding = animations.bindings.get(path) if animations else None
    if binding is None or animations is None:
        return prop.static(element)
    if binding.kind == "discrete":
        return discrete_at(animations.channels[binding.components[0].channel_id], t)  # type: ignore[arg-type]
    values = {c.key: channel_value(animations.channels[c.channel_id], t) for c in binding.components}  # type: ignore[arg-type]
    if prop.kind == "color":
        return _hex(values, prop.static(element))
    found = values.get("value")
    return prop.static(element) if found is None else found


def keyframe_list(element: Element) -> list[dict[str, Any]]:
    """``[{propertyPath, id, time (ticks), value, interpolation}]``, one per key of each binding, by time."""
    animations = element.animations
    if animations is None:
        return []
    out = []
    for path, binding in animations.bindings.items():
        first = animations.channels[binding.components[0].channel_id]
        for key in first.keys:
            value: Any = getattr(key, "value", None)
            if binding.kind == "color":
                value = _hex({c.key: _key_value(animations, c.channel_id, key.id) for c in binding.components}, None)
            segment = getattr(key, "segment_to_next", "step")
            out.append(
                {
                    "propertyPath": path,
                    "id": key.id,
                    "time": key.time,
                    "value": value,
                    "interpolation": SHOWN.get(segment, "hold"),
                }
            )
    return sorted(out, key=lambda k: (k["time"], k["propertyPath"]))


def upsert(
    element: Element,
    path: str,
    time: int,
    value: float | str,
    interpolation: str | None,
    key_id: str | None,
    new_id: Callable[[], str],
) -> tuple[Element, str]:
    """Set a key (§2.4): by ``key_id`` (moved to ``time``), else the key at exactly ``time``, else a new one."""
    prop = PROPERTIES[path]
    components = _components(prop, value)
    animations = element.animations or Animations()
    binding = animations.bindings.get(path) or Binding(
        path=path,
        kind="color" if prop.kind == "color" else "number",
        components=tuple(Component(key=k, channel_id=f"{path}:{k}") for k in components),
        color_space="srgb-linear" if prop.kind == "color" else None,
    )
    primary = animations.channels.get(binding.components[0].channel_id)
    keys = list(primary.keys) if isinstance(primary, ScalarChannel) else []
    existing = next((k for k in keys if k.id == key_id), None) or next((k for k in keys if k.time == time), None)
    chosen_id = existing.id if existing is not None else (key_id or new_id())
    channels = dict(animations.channels)
    for component in binding.components:
        channel = channels.get(component.channel_id)
        current = list(channel.keys) if isinstance(channel, ScalarChannel) else []
        old = next((k for k in current if k.id == chosen_id), None)
        segment = SEGMENT[interpolation] if interpolation else (old.segment_to_next if old else "linear")
        key = (
            old.model_copy(update={"time": time, "value": components[component.key], "segment_to_next": segment})
            if old
            else ScalarKey(id=chosen_id, time=time, value=components[component.key], segment_to_next=segment)
        )
        kept = [k for k in current if k.id != chosen_id and k.time != time]
        channels[component.channel_id] = ScalarChannel(
            kind="scalar",
            keys=tuple(sorted([*kept, key], key=lambda k: k.time)),
            extrapolation=channel.extrapolation if isinstance(channel, ScalarChannel) else None,
        )
    bindings = {**animations.bindings, path: binding}
    return copy_with(element, animations=Animations(bindings=bindings, channels=channels)), chosen_id


def remove(element: Element, path: str, key_id: str) -> Element:
    """Drop the key from every channel of the binding; an empty binding goes, and ``animations`` when empty."""
    animations, binding, channels = _keyed(element, path, key_id)
    for component in binding.components:
        channel = channels[component.channel_id]
        channels[component.channel_id] = channel.model_copy(
            update={"keys": tuple(k for k in channel.keys if k.id != key_id)}
        )
    bindings = dict(animations.bindings)
    if not channels[binding.components[0].channel_id].keys:
        del bindings[path]
        for component in binding.components:
            del channels[component.channel_id]
    result = Animations(bindings=bindings, channels=channels) if bindings else None
    return copy_with(element, animations=result)


def _keyed(element: Element, path: str, key_id: str) -> tuple[Animations, Binding, dict[str, Any]]:
    """The element's animations, the property's binding and a copy of the channels, when the key is there."""
    animations = element.animations
    binding = animations.bindings.get(path) if animations else None
    if animations is None or binding is None:
        raise EditError(f"No keyframes on '{path}' of {element.id}")
    channels = dict(animations.channels)
    if not any(k.id == key_id for k in channels[binding.components[0].channel_id].keys):
        raise EditError(f"Keyframe not found: {key_id}")
    return animations, binding, channels


def update_curve(
    element: Element,
    path: str,
    key_id: str,
    interpolation: str | None,
    right: Handle | None,
    left: Handle | None,
    tangent: str | None,
) -> Element:
    """Change a key's segment and handles (in ticks) on every component of the property."""
    animations, binding, channels = _keyed(element, path, key_id)
    for component in binding.components:
        channel = channels[component.channel_id]
        keys = []
        for key in channel.keys:
            if key.id == key_id and isinstance(key, ScalarKey):
                key = _curved(key, interpolation, right, left, tangent)
            keys.append(key)
        channels[component.channel_id] = channel.model_copy(update={"keys": tuple(keys)})
    return copy_with(element, animations=Animations(bindings=animations.bindings, channels=channels))


def _curved(
    key: ScalarKey, interpolation: str | None, right: Handle | None, left: Handle | None, tangent: str | None
) -> ScalarKey:
    update: dict[str, Any] = {}
    if interpolation is not None:
        update["segment_to_next"] = SEGMENT[interpolation]
        if interpolation != "bezier":  # handles only mean something on a bezier segment
            update["right_handle"] = right
            update["left_handle"] = left
    if right is not None:
        update["right_handle"] = right
    if left is not None:
        update["left_handle"] = left
    if tangent is not None:
        update["tangent_mode"] = tangent
    return copy_with(key, **update)


def _components(prop: Property, value: float | str) -> dict[str, float]:
    if prop.kind != "color":
        return {"value": prop.coerce(float(value))}
    red, green, blue, alpha = parse_color(str(value))
    return {"r": _linear(red / 255), "g": _linear(green / 255), "b": _linear(blue / 255), "a": round(alpha, 6)}


def _linear(channel: float) -> float:
    value = channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
    return round(value, 6)


def _srgb(value: float) -> int:
    value = min(1.0, max(0.0, value))
    encoded = value * 12.92 if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055
    return round(encoded * 255)


def _hex(values: dict[str, Any], fallback: Any) -> Any:
    if any(values.get(c) is None for c in "rgb"):
        return fallback
    text = "#" + "".join(f"{_srgb(values[c]):02x}" for c in "rgb")
    alpha = values.get("a")
    return text + f"{round(min(1.0, max(0.0, alpha)) * 255):02x}" if alpha is not None and alpha < 1 else text


def _key_value(animations: Animations, channel_id: str, key_id: str) -> Any:
    return next((getattr(k, "value", None) for k in animations.channels[channel_id].keys if k.id == key_id), None)
