"""A sound's level as layers that add up: the element's own volume (OpenCut's ``volume``, static or keyframed),
then NeuralCut's automation layers, each its own keyframe channel in the element's ``animations``:

===============  =====================================================================================
``sound.fade``   fades in and out: 0 dB, down to -60 dB (silence) at the element's edges
``sound.duck``   ducking under a voice: 0 dB, ``-depth`` dB wherever the voice plays, with ramps
``sound.gain``   loudness normalisation: one constant gain (the same on every piece of a recording)
===============  =====================================================================================

::

    level(t) = volume(t) + fade(t) + duck(t) + gain(t)      (dB; a layer at -60 dB or below is silence)

Because each move writes only its own layer, fades, ducking and gain combine in any order and never erase
each other: a duck over a faded bed keeps the fade, and a fade-out after a duck ends at silence. Undo of a move
gives back the layer as it was. The layers are ordinary channels, so every edit that cuts, trims, retimes or
copies keyframes (split, trims, speed) keeps them right; ``editing.sync`` re-ducks a bed when the voice under
it moves. ``level_at`` is the one evaluator the renderer, the listings and the checks use; ``compiled`` folds
the layers into OpenCut's single ``volume`` channel for an OpenCut record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from neuralcut_cli.editing.animation import value_at as channel_value
from neuralcut_cli.editing.keyframes import value_at as property_value
from neuralcut_cli.project.animation import Animations, Binding, Component, ScalarChannel, ScalarKey
from neuralcut_cli.project.base import copy_with
from neuralcut_cli.project.elements import AudioElement, Element, VideoElement

NewId = Callable[[], str]
FADE, DUCK, GAIN = "sound.fade", "sound.duck", "sound.gain"
LAYERS = (FADE, DUCK, GAIN)
SILENT = -60.0  # dB: this or below is silence
LOUDEST = 40.0  # dB: the most the layers together may raise a sound


def is_sound(element: Element) -> bool:
    return isinstance(element, (VideoElement, AudioElement))


def layer_at(element: Element, path: str, t: float) -> float:
    """One layer's dB at element-local tick ``t`` (0 where the element has none)."""
    channel = _channel(element, path)
    if channel is None:
        return 0.0
    value = channel_value(channel, min(max(t, 0), element.duration))
    return 0.0 if value is None else float(value)


def level_at(element: Element, t: float) -> float:
    """The element's sound level (dB) at element-local tick ``t``: its volume plus every layer; ``SILENT`` when
    any part is at silence."""
    base = float(property_value(element, "volume", t))
    layers = [layer_at(element, path, t) for path in LAYERS]
    if base <= SILENT or any(layer <= SILENT for layer in layers):
        return SILENT
    return max(SILENT, min(LOUDEST, base + sum(layers)))


def moving(element: Element) -> bool:
    """Whether the level changes over time or has layers (else the static ``volume`` says it all)."""
    animations = element.animations
    return bool(animations and any(path in animations.bindings for path in ("volume", *LAYERS)))


def has_layer(element: Element, path: str) -> bool:
    return _channel(element, path) is not None


def key_times(element: Element) -> list[int]:
    """Every time (element-local ticks) where the volume or a layer has a key, with both ends."""
    times = {0, element.duration}
    animations = element.animations
    if animations is not None:
        for path in ("volume", *LAYERS):
            binding = animations.bindings.get(path)
            if binding is not None:
                channel = animations.channels[binding.components[0].channel_id]
                times.update(key.time for key in channel.keys if 0 <= key.time <= element.duration)
    return sorted(times)


def envelope(element: Element) -> list[tuple[int, float]]:
    """The resulting level at each key time, and where it crosses into silence between two: a piecewise-linear
    picture of what plays (dB, element-local; linear keys give exactly the level between these points)."""
    points: list[tuple[int, float]] = []
    times = key_times(element)
    for t0, t1 in zip(times, times[1:], strict=False):
        points.append((t0, round(level_at(element, t0), 2)))
        v0, v1 = _raw(element, t0), _raw(element, t1)
        if (v0 - SILENT) * (v1 - SILENT) < 0:
            crossing = t0 + round((SILENT - v0) / (v1 - v0) * (t1 - t0))
            if t0 < crossing < t1:
                points.append((crossing, SILENT))
    points.append((times[-1], round(level_at(element, times[-1]), 2)))
    return points


def _raw(element: Element, t: int) -> float:
    """The sum of the volume and the layers at ``t``, before silence and the ceiling."""
    return float(property_value(element, "volume", t)) + sum(layer_at(element, path, t) for path in LAYERS)


# -- the moves ---------------------------------------------------------------------------------------


def with_fade(element: Element, fade_in: int | None, fade_out: int | None, new_id: NewId) -> Element:
    """The fade layer with a fade in over the first ``fade_in`` ticks and/or out over the last ``fade_out``
    (None keeps that side as it is; 0 removes it)."""
    current_in, current_out = fade_lengths(element)
    fade_in = current_in if fade_in is None else fade_in
    fade_out = current_out if fade_out is None else fade_out
    length = element.duration
    keys: list[tuple[int, float]] = []
    if fade_in:
        keys += [(0, SILENT), (fade_in, 0.0)]
    if fade_out:
        keys += [(length - fade_out, 0.0), (length, SILENT)]
    deduped = dict(keys)  # a fade in that ends where the fade out starts shares the key there
    return _with_channel(element, FADE, sorted(deduped.items()), new_id)


def fade_lengths(element: Element) -> tuple[int, int]:
    """The fade in and out of the fade layer (ticks; 0 for none): rising from silence at the start to the next
    key, and falling from a key to silence at the end."""
    channel = _channel(element, FADE)
    keys = list(channel.keys) if channel is not None else []
    if len(keys) < 2:
        return 0, 0
    fade_in = keys[1].time if keys[0].time == 0 and keys[0].value <= SILENT else 0
    at_end = keys[-1].time == element.duration and keys[-1].value <= SILENT
    return fade_in, element.duration - keys[-2].time if at_end else 0


def with_duck(
    element: Element, spans: Iterable[tuple[int, int]], depth: float, attack: int, release: int, new_id: NewId
) -> Element:
    """The duck layer: ``-depth`` dB wherever ``spans`` (timeline ticks) play, reached over ``attack`` ticks
    before each span and left over ``release`` ticks after it; spans whose ramps meet merge. Replaces any duck
    the element had; no span over the element removes the layer."""
    attack, release, low = max(1, attack), max(1, release), -abs(depth)
    corners: list[tuple[int, float]] = []
    for start, end in merged_spans([(s - attack, e + release) for s, e in spans]):
        corners += [(start, 0.0), (start + attack, low), (end - release, low), (end, 0.0)]
    local = [(t - element.start_time, v) for t, v in corners]
    if not any(0 < t < element.duration or v for t, v in local):
        return _with_channel(element, DUCK, [], new_id)
    keys = [(0, _polyline(local, 0))]
    keys += [(t, v) for t, v in local if 0 < t < element.duration and t > keys[-1][0]]
    keys.append((element.duration, _polyline(local, element.duration)))
    if all(v == 0 for _, v in keys):
        return _with_channel(element, DUCK, [], new_id)
    return _with_channel(element, DUCK, keys, new_id)


def _polyline(points: list[tuple[int, float]], t: int) -> float:
    """The value at ``t`` of straight lines through ``points`` (sorted), 0 outside them."""
    for (t0, v0), (t1, v1) in zip(points, points[1:], strict=False):
        if t0 <= t <= t1:
            return v0 if t1 == t0 else v0 + (v1 - v0) * (t - t0) / (t1 - t0)
    return 0.0


def duck_depth(element: Element) -> float:
    """How far the duck layer goes down (dB, 0 when there is none)."""
    channel = _channel(element, DUCK)
    return -min((key.value for key in channel.keys), default=0.0) if channel is not None else 0.0


def with_gain(element: Element, db: float, new_id: NewId) -> Element:
    """The gain layer at a constant ``db`` (0 removes it)."""
    return _with_channel(element, GAIN, [(0, round(db, 2))] if db else [], new_id)


def gain_of(element: Element) -> float:
    """The gain layer's dB at the element's start (0 when there is none)."""
    return layer_at(element, GAIN, 0)


def summary(element: Element) -> dict[str, Any]:
    """The layers as a person reads them: ``{fadeIn, fadeOut, duckDb, gainDb}`` (seconds, dB), those present."""
    out: dict[str, Any] = {}
    fade_in, fade_out = fade_lengths(element)
    if fade_in:
        out["fadeIn"] = round(fade_in / 120_000, 3)
    if fade_out:
        out["fadeOut"] = round(fade_out / 120_000, 3)
    if has_layer(element, DUCK):
        out["duckDb"] = -round(duck_depth(element), 2)
    if has_layer(element, GAIN):
        out["gainDb"] = round(gain_of(element), 2)
    return out


def compiled(element: Element, new_id: NewId) -> Element:
    """The element with its layers folded into one ``volume`` channel (keys at every key time of the volume and
    the layers), as OpenCut stores sound automation."""
    if not any(has_layer(element, path) for path in LAYERS):
        return element
    points = [(t, max(SILENT, min(20.0, level))) for t, level in envelope(element)]
    stripped = element
    for path in LAYERS:
        stripped = _with_channel(stripped, path, [], new_id)
    return _with_channel(stripped, "volume", points, new_id)


def merged_spans(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans sorted, those that touch or overlap joined."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        elif end > start:
            merged.append((start, end))
    return merged


# -- channels ---------------------------------------------------------------------------------------


def _channel(element: Element, path: str) -> ScalarChannel | None:
    animations = element.animations
    binding = animations.bindings.get(path) if animations else None
    if binding is None or animations is None:
        return None
    channel = animations.channels.get(binding.components[0].channel_id)
    return channel if isinstance(channel, ScalarChannel) and channel.keys else None


def _with_channel(element: Element, path: str, keys: list[tuple[int, float]], new_id: NewId) -> Element:
    """``element`` with the layer ``path`` holding exactly ``keys`` (linear segments); none removes it."""
    animations = element.animations or Animations()
    channel_id = f"{path}:value"
    bindings = {p: b for p, b in animations.bindings.items() if p != path}
    channels = {c: ch for c, ch in animations.channels.items() if c != channel_id}
    if keys:
        bindings[path] = Binding(path=path, kind="number", components=(Component(key="value", channel_id=channel_id),))
        channels[channel_id] = ScalarChannel(
            kind="scalar", keys=tuple(ScalarKey(id=new_id(), time=t, value=v) for t, v in keys)
        )
    result = Animations(bindings=bindings, channels=channels) if bindings else None
    return copy_with(element, animations=result)
