"""The moves people ask for in one call, written as keyframes so they stay editable: fades, two-key
animations with easing, and ducking music under a voice.

::

    fade in 1 s, out 0.5 s      opacity  0 ──/‾‾‾‾‾‾‾‾‾‾\\── 0      (volume: -60 dB up to its level and back)
    duck under a voice          volume   ‾‾‾\\____/‾‾‾\\___/‾‾      (depth dB below its level, attack and release ramps)
"""

from __future__ import annotations

from collections.abc import Callable

from neuralcut_cli.editing.keyframes import keyframe_list, remove, update_curve, upsert
from neuralcut_cli.editing.properties import PROPERTIES
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.animation import Handle
from neuralcut_cli.project.elements import VISUAL_ELEMENTS, AudioElement, Element, VideoElement

NewId = Callable[[], str]
MIN_DB = -60.0
#: CSS easing curves as the two control points of a unit bezier: (x1, y1, x2, y2).
EASINGS = {"ease-in": (0.42, 0.0, 1.0, 1.0), "ease-out": (0.0, 0.0, 0.58, 1.0), "ease-in-out": (0.42, 0.0, 0.58, 1.0)}


def fade(element: Element, fade_in: int, fade_out: int, new_id: NewId) -> Element:
    """Opacity (pictures) and volume (sound) from nothing to the element's level over ``fade_in`` ticks, and
    back over the last ``fade_out`` ticks."""
    if fade_in + fade_out > element.duration:
        raise EditError(
            f"The fades ({(fade_in + fade_out) / 120_000:g} s) are longer than {element.id} "
            f"({element.duration / 120_000:g} s)"
        )
    properties = [
        p
        for p, applies in (
            ("opacity", isinstance(element, VISUAL_ELEMENTS)),
            ("volume", isinstance(element, (VideoElement, AudioElement))),
        )
        if applies
    ]
    if not properties:
        raise EditError(f"Element type '{element.type}' has neither picture nor sound to fade")
    for path in properties:
        level = float(PROPERTIES[path].static(element))
        silent = 0.0 if path == "opacity" else MIN_DB
        if fade_in:  # a fade made again (longer, shorter) replaces the keys inside it
            element = _clear(element, path, 0, fade_in)
            element, _ = upsert(element, path, 0, silent, "linear", None, new_id)
            element, _ = upsert(element, path, fade_in, level, "linear", None, new_id)
        if fade_out:
            element = _clear(element, path, element.duration - fade_out, element.duration)
            element, _ = upsert(element, path, element.duration - fade_out, level, "linear", None, new_id)
            element, _ = upsert(element, path, element.duration, silent, "linear", None, new_id)
    return element


def _clear(element: Element, path: str, start: int, end: int) -> Element:
    """``element`` without its ``path`` keys strictly between ``start`` and ``end`` (element-local ticks)."""
    for key in keyframe_list(element):
        if key["propertyPath"] == path and start < key["time"] < end:
            element = remove(element, path, key["id"])
    return element


def fade_lengths(element: Element) -> tuple[int, int]:
    """The fade in and fade out an element has now (ticks; 0 for none): its opacity (or, for sound, volume)
    rising from nothing at its start to the next key, and falling from a key to nothing at its end."""
    path = "opacity" if isinstance(element, VISUAL_ELEMENTS) else "volume"
    silent = 0.0 if path == "opacity" else MIN_DB
    keys = [k for k in keyframe_list(element) if k["propertyPath"] == path]
    if len(keys) < 2:
        return 0, 0
    fade_in = keys[1]["time"] if keys[0]["time"] == 0 and keys[0]["value"] == silent else 0
    at_end = keys[-1]["time"] == element.duration and keys[-1]["value"] == silent
    return fade_in, element.duration - keys[-2]["time"] if at_end else 0


def animate(
    element: Element,
    path: str,
    start: int,
    end: int,
    values: tuple[float | str, float | str],
    easing: str,
    new_id: NewId,
) -> Element:
    """Two keys, ``values`` at ``start`` and ``end`` (element-local ticks), eased (bezier handles for CSS curves)."""
    if not 0 <= start < end <= element.duration:
        raise EditError("The animation must start before it ends, inside the element")
    element, first = upsert(element, path, start, values[0], "bezier" if easing in EASINGS else "linear", None, new_id)
    element, second = upsert(element, path, end, values[1], "linear", None, new_id)
    if easing in EASINGS and PROPERTIES[path].kind == "number":
        x1, y1, x2, y2 = EASINGS[easing]
        span, delta = end - start, float(values[1]) - float(values[0])
        element = update_curve(element, path, first, "bezier", Handle(dt=round(x1 * span), dv=y1 * delta), None, None)
        element = update_curve(
            element, path, second, None, None, Handle(dt=-round((1 - x2) * span), dv=(y2 - 1) * delta), None
        )
    return element


def duck(
    music: Element, spans: list[tuple[int, int]], depth: float, attack: int, release: int, new_id: NewId
) -> Element:
    """``music`` lowered by ``depth`` dB wherever ``spans`` (timeline ticks) play, with ramps; returns the element."""
    if not isinstance(music, (VideoElement, AudioElement)):
        raise EditError(f"Element type '{music.type}' has no volume to duck")
    level = float(music.volume)
    low = max(MIN_DB, level - depth)
    for start, end in _merged(
        [
            (max(s - attack, music.start_time), min(e + release, music.end_time))
            for s, e in spans
            if s < music.end_time and e > music.start_time
        ]
    ):
        down_at, up_at = start - music.start_time, end - music.start_time
        points = [
            (down_at, level),
            (min(down_at + attack, up_at), low),
            (max(up_at - release, down_at), low),
            (up_at, level),
        ]
        for time, value in points:
            if 0 <= time <= music.duration:
                music, _ = upsert(music, "volume", time, value, "linear", None, new_id)
    return music


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans (already widened by their ramps) that touch or overlap become one."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged
