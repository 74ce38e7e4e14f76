"""The moves people ask for in one call, written as keyframes so they stay editable: fades, two-key
animations with easing, and ducking music under a voice.

::

    fade in 1 s, out 0.5 s      opacity  0 ──/‾‾‾‾‾‾‾‾‾‾\\── 0      (sound: its fade layer, -60 dB up to 0 and back)
    duck under a voice          sound.duck ‾‾\\____/‾‾‾\\___/‾‾    (depth dB down, attack and release ramps)
"""

from __future__ import annotations

from collections.abc import Callable

from neuralcut_cli.editing import sound
from neuralcut_cli.editing.keyframes import keyframe_list, remove, update_curve, upsert
from neuralcut_cli.editing.properties import PROPERTIES
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.animation import Handle
from neuralcut_cli.project.elements import VISUAL_ELEMENTS, AudioElement, Ducking, Element, VideoElement

NewId = Callable[[], str]
MIN_DB = -60.0
#: CSS easing curves as the two control points of a unit bezier: (x1, y1, x2, y2).
EASINGS = {"ease-in": (0.42, 0.0, 1.0, 1.0), "ease-out": (0.0, 0.0, 0.58, 1.0), "ease-in-out": (0.42, 0.0, 0.58, 1.0)}


def fade(element: Element, fade_in: int, fade_out: int, new_id: NewId) -> Element:
    """Opacity (pictures) from nothing to the element's own over ``fade_in`` ticks and back over the last
    ``fade_out``; sound through its fade layer (``editing.sound``), which adds to its volume and to any duck or
    gain rather than replacing them. A side given as 0 stays as it is."""
    visual, audible = isinstance(element, VISUAL_ELEMENTS), sound.is_sound(element)
    if not visual and not audible:
        raise EditError(f"Element type '{element.type}' has neither picture nor sound to fade")
    if fade_in + fade_out > element.duration:
        raise EditError(
            f"The fades ({(fade_in + fade_out) / 120_000:g} s) are longer than {element.id} "
            f"({element.duration / 120_000:g} s)"
        )
    fade_in, fade_out = _room_made(element, fade_in, fade_out)
    if visual:
        level = float(PROPERTIES["opacity"].static(element))
        if fade_in:  # a fade made again (longer, shorter) replaces the keys inside it
            element = _clear(element, "opacity", 0, fade_in)
            element, _ = upsert(element, "opacity", 0, 0.0, "linear", None, new_id)
            element, _ = upsert(element, "opacity", fade_in, level, "linear", None, new_id)
        if fade_out:
            element = _clear(element, "opacity", element.duration - fade_out, element.duration)
            element, _ = upsert(element, "opacity", element.duration - fade_out, level, "linear", None, new_id)
            element, _ = upsert(element, "opacity", element.duration, 0.0, "linear", None, new_id)
    if audible:
        element = sound.with_fade(element, fade_in or None, fade_out or None, new_id)
    return element


def _room_made(element: Element, fade_in: int, fade_out: int) -> tuple[int, int]:
    """The fades to write: a side already there and not asked for is shortened (made again) when the side asked
    for would overlap it, so a fade out added to a title that fades in over its whole length still fits."""
    now_in, now_out = fade_lengths(element)
    if fade_in and not fade_out and now_out and fade_in + now_out > element.duration:
        return fade_in, element.duration - fade_in
    if fade_out and not fade_in and now_in and now_in + fade_out > element.duration:
        return element.duration - fade_out, fade_out
    return fade_in, fade_out


def _clear(element: Element, path: str, start: int, end: int) -> Element:
    """``element`` without its ``path`` keys strictly between ``start`` and ``end`` (element-local ticks)."""
    for key in keyframe_list(element):
        if key["propertyPath"] == path and start < key["time"] < end:
            element = remove(element, path, key["id"])
    return element


def fade_lengths(element: Element) -> tuple[int, int]:
    """The fade in and fade out an element has now (ticks; 0 for none): for pictures, its opacity rising from
    nothing at its start and falling to nothing at its end; for sound, its fade layer (or, in a file from before
    the layers, its volume keys doing the same from -60 dB)."""
    if isinstance(element, VISUAL_ELEMENTS):
        path, silent = "opacity", 0.0
    else:
        layered = sound.fade_lengths(element)
        if any(layered) or not isinstance(element, AudioElement):
            return layered
        path, silent = "volume", MIN_DB  # a file from before the layers
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


def duck(music: Element, spans: list[tuple[int, int]], how: Ducking, new_id: NewId) -> Element:
    """``music``'s duck layer: ``how.depth_db`` dB below its level wherever ``spans`` (timeline ticks) play, with
    ramps; ``how`` is kept on the element so it can be ducked again when the voice moves (``editing.sync``)."""
    if not isinstance(music, (VideoElement, AudioElement)):
        raise EditError(f"Element type '{music.type}' has no volume to duck")
    ducked = sound.with_duck(music, spans, how.depth_db, how.attack, how.release, new_id)
    return ducked.model_copy(update={"ducking": how})
