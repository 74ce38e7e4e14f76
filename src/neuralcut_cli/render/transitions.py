"""Transitions in the filter graph: one track's elements laid as usual, then each transition drawn over its span.

For a transition between A (outgoing) and B (incoming) over ``[s, e]``, the track draws A until ``s`` and B
from ``s`` (early, from its head handle), so over the span its own picture is B's side, decoded once::

    below ─split─┬─ the track's elements: A until s, B from s ─split─┬──────────────── overlay [s,e] ─> out
                 │                                                  └─ trim [s,e] ─┐ (B's side)      │
                 └─ trim [s,e] ─ A over it (into its tail handle) ─────────────────┴─ mix ───────────┘

``below`` is the composite under the track, so both sides are whole pictures, mixed as the catalogue says:
a dissolve by ``fade`` on the incoming side's alpha and ``overlay``, a dip by ``fade`` to and from its colour
(both far cheaper than ``xfade``, which blends one pixel at a time), the rest by ``xfade``. A segment starts
where a transition starts, so it holds the transition and the incoming clip after it. The mix counts from its
first frame: when the window starts inside the transition (a one-frame render, or a transition that starts
between two frames), its timestamps are shifted by how far in it starts (``xfade``: a negative offset), in
microseconds (``settb``: in the frame rate's own time base that would round to a whole frame).
The sound crossfades over the same span (``sound.sound_fades``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from neuralcut_cli.catalogs.transitions import DEFAULT, find_transition
from neuralcut_cli.editing.transitions import JOINED
from neuralcut_cli.project.elements import Element, ImageElement, VideoElement
from neuralcut_cli.project.tracks import Track
from neuralcut_cli.render.filtergraph import Chain, Filter, between, chain, f, seconds
from neuralcut_cli.time import ticks_to_seconds

if TYPE_CHECKING:
    from neuralcut_cli.render.graph import GraphBuilder

Layer = Callable[["GraphBuilder", str, Element, Track], str]


@dataclass(frozen=True)
class Joined:
    """A transition that renders: its two elements, where it plays (ticks) and ffmpeg's name for it."""

    outgoing: Element
    incoming: Element
    start: int
    end: int
    xfade: str
    dip: str | None = None  # the colour of a dip
    expr: str | None = None  # xfade's custom expression


def joined(track: Track) -> list[Joined]:
    """The track's transitions whose clips touch and are shown (a file edited elsewhere may hold stale ones)."""
    by_id = {e.id: e for e in track.elements}
    found = []
    for transition in track.transitions:
        a, b = by_id.get(transition.from_element_id), by_id.get(transition.to_element_id)
        if a is None or b is None or a.end_time != b.start_time or transition.duration <= 0:
            continue
        if (
            not isinstance(a, JOINED)
            or not isinstance(b, JOINED)
            or getattr(a, "hidden", None)
            or getattr(b, "hidden", None)
        ):
            continue
        kind = find_transition(transition.type) or find_transition(DEFAULT)
        assert kind is not None
        start, end = transition.span(a.end_time)
        found.append(Joined(a, b, start, end, kind.xfade, kind.dip, kind.expr))
    return found


def lay_track(builder: GraphBuilder, current: str, track: Track, layer: Layer) -> str:
    """``track`` laid over ``current``: its elements, then its transitions over their spans."""
    window = builder.window
    found = joined(track) if track.type != "audio" else []
    shown = [j for j in found if j.start < window.end and j.end > window.start]
    copies = _split(builder, current, 1 + len(shown))
    current = copies[0]
    parts = _parts(found) if shown else {}
    for element in track.sorted_elements():
        if element.id in parts and isinstance(element, (VideoElement, ImageElement)):
            current = _drawn_part(builder, current, element, track, parts[element.id])
        else:
            current = layer(builder, current, element, track)
    for index, transition in enumerate(shown):
        current = _transition(builder, current, track, transition, copies[1 + index])
    return current


def _parts(found: list[Joined]) -> dict[str, tuple[int | None, int | None]]:
    """The part of each joined clip the track draws (ticks): the outgoing one until its transition starts, the
    incoming one from there (early, from its head handle). Over a transition's span the track's own picture is
    then the incoming side, decoded once; the outgoing side is drawn apart."""
    parts: dict[str, tuple[int | None, int | None]] = {}
    for joined_ in found:
        first, _ = parts.get(joined_.outgoing.id, (None, None))
        parts[joined_.outgoing.id] = (first, joined_.start)
        _, last = parts.get(joined_.incoming.id, (None, None))
        parts[joined_.incoming.id] = (joined_.start, last)
    return parts


def _drawn_part(
    builder: GraphBuilder,
    current: str,
    element: VideoElement | ImageElement,
    track: Track,
    part: tuple[int | None, int | None],
) -> str:
    """The clip drawn over ``part`` only; its sound where it plays (a transition crossfades it)."""
    span = builder.window.clip(element, *part)
    if span is not None:
        current = builder.media(current, element, track, span=span, sound=False)
    if isinstance(element, VideoElement):
        builder.video_sound(element, track)
    return current


def _split(builder: GraphBuilder, current: str, count: int) -> list[str]:
    if count == 1:
        return [current]
    labels = [builder.label("ts") for _ in range(count)]
    builder.chains.append(Chain((current,), (f("split", outputs=count),), tuple(labels)))
    return labels


def _transition(builder: GraphBuilder, current: str, track: Track, joined_: Joined, below: str) -> str:
    """The outgoing side (its clip over ``below``) mixed into the track's own picture over the span."""
    window = builder.window
    first, last = max(joined_.start, window.start), min(joined_.end, window.end)
    s, e = ticks_to_seconds(first - window.start), ticks_to_seconds(last - window.start)
    main, incoming = _split(builder, current, 2)
    base = builder.label("tb")
    builder.chains.append(chain(below, *_span(s, e), f("setpts", expr=f"PTS-STARTPTS+{seconds(s)}/TB"), out=base))
    skip = ticks_to_seconds(first - joined_.outgoing.start_time)
    outgoing = _drawn(builder, base, joined_.outgoing, track, (s, e, skip))
    sides = [builder.label("tx"), builder.label("tx")]
    for source, side in zip((outgoing, incoming), sides, strict=True):
        builder.chains.append(
            chain(source, *_span(s, e), f("setpts", expr="PTS-STARTPTS"), f("settb", expr="AVTB"), out=side)
        )
    mixed, out = builder.label("tm"), builder.label("v")
    into = ticks_to_seconds(first - joined_.start)  # how far into the transition the window starts
    length = ticks_to_seconds(joined_.end - joined_.start)
    if joined_.dip:
        sides, mix = _dip(builder, sides, into, length, joined_.dip)
    elif joined_.xfade == "fade":
        sides, mix = _dissolve(builder, sides, into, length)
    else:
        mix = _xfade(joined_, into, length)
    builder.chains.append(chain(tuple(sides), mix, f("setpts", expr=f"PTS-STARTPTS+{seconds(s)}/TB"), out=mixed))
    builder.chains.append(
        chain((main, mixed), f("overlay", x=0, y=0, eof_action="pass", enable=between(s, e)), out=out)
    )
    return out


def _xfade(joined_: Joined, into: float, length: float) -> Filter:
    return f(
        "xfade",
        transition=joined_.xfade,
        duration=seconds(length),
        offset=seconds(-into) if into else 0,
        **({"expr": joined_.expr} if joined_.expr else {}),
    )


def _dissolve(builder: GraphBuilder, sides: list[str], into: float, length: float) -> tuple[list[str], Filter]:
    """The cross dissolve as the incoming side over the outgoing one, its opacity rising linearly over the
    span (a frame ``t`` seconds into a dissolve of ``d`` holds ``t / d`` of the incoming side): the mix of
    ``xfade``'s ``fade`` at a third of its cost (``overlay`` blends with the processor's vector instructions,
    ``xfade`` one pixel at a time), and exact on the first frame when the span starts between two frames."""
    rising = _faded(builder, sides[1], into, f("format", pix_fmts="yuva420p"), t="in", st=0, d=length, alpha=1)
    return [sides[0], rising], f("overlay", x=0, y=0, eof_action="pass")


def _dip(builder: GraphBuilder, sides: list[str], into: float, length: float, colour: str) -> tuple[list[str], Filter]:
    """A dip: the outgoing side fades to ``colour`` over the first half, the incoming one up from it over the
    second, each linearly (``fade``), so the colour is reached exactly at the centre; a fortieth of the cost of
    the same mix as an ``xfade`` custom expression (evaluated for every pixel)."""
    half = length / 2
    faded = [
        _faded(builder, sides[0], into, t="out", st=0.0, d=half, color=colour),
        _faded(builder, sides[1], into, t="in", st=half, d=half, color=colour),
    ]
    return faded, f("overlay", x=0, y=0, eof_action="pass", enable=f"gte(t,{seconds(half - into)})")


def _faded(builder: GraphBuilder, side: str, into: float, *before: Filter, **fade: object) -> str:
    """``side`` through ``fade`` timed from the transition's start: the window may start ``into`` seconds in."""
    out = builder.label("tf")
    builder.chains.append(
        chain(
            side,
            *before,
            f("setpts", expr=f"PTS+{seconds(into)}/TB"),
            f("fade", **fade),
            f("setpts", expr="PTS-STARTPTS"),
            out=out,
        )
    )
    return out


def _span(s: float, e: float) -> tuple[Filter, Filter]:
    return f("trim", start=seconds(s), end=seconds(e)), f("format", pix_fmts="yuv420p")


def _drawn(builder: GraphBuilder, base: str, element: Element, track: Track, span: tuple[float, float, float]) -> str:
    if isinstance(element, (VideoElement, ImageElement)):
        return builder.media(base, element, track, span=span, sound=False)
    return base
