"""Keyframed values as ffmpeg sees them: sampled from the one evaluator (``editing.keyframes.value_at``) on the
timeline's own frame grid, merged into runs of equal values or simplified into straight pieces, written as
expressions of ``t`` or as filters switched on for their run.

A frame's value is exactly what the evaluator gives at that frame's time, so linear, hold and bezier keys all
render as the timeline says. Samples sit on the absolute grid (frame ``n`` at ``n / rate`` on the timeline)
and straight pieces never cross a block boundary of that grid counted from the element's first frame, so a
segment of a render gets the very values the whole render would: nothing restarts at a segment boundary.
Sound is sampled every 20 ms (a 50 Hz grid) and interpolated linearly in gain between samples (no zipper
steps on a fade).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from neuralcut_cli.editing.keyframes import value_at
from neuralcut_cli.editing.sound import level_at
from neuralcut_cli.project.elements import Element
from neuralcut_cli.render.filtergraph import seconds
from neuralcut_cli.time import frame_at_or_after, frame_time, ticks_to_seconds

Run = tuple[float, float, Any]  # output seconds [start, end) and the value
BLOCK = 64  # grid samples per block of straight pieces
SOUND_RATE = Fraction(50)


@dataclass(frozen=True)
class Clock:
    """An element in a render window, in timeline ticks: output time ``t`` is 0 at ``origin``; the element's own
    time is 0 at ``element_start``; ``shown`` is the part of it in the window; ``rate`` samples a second."""

    origin: int
    element_start: int
    shown: tuple[int, int]
    rate: Fraction

    def output(self, ticks: int) -> float:
        return ticks_to_seconds(ticks - self.origin)

    def frames(self) -> range:
        """The grid samples shown in the window."""
        return range(frame_at_or_after(self.shown[0], self.rate), frame_at_or_after(self.shown[1], self.rate))

    def value(self, element: Element, path: str, frame: int) -> Any:
        return value_at(element, path, max(0, frame_time(frame, self.rate) - self.element_start))


def animated(element: Element, path: str) -> bool:
    return bool(element.animations and path in element.animations.bindings)


def runs(element: Element, path: str, clock: Clock, convert: Callable[[Any], Any] = lambda v: v) -> list[Run]:
    """The value over the shown part, one sample per frame of the grid, equal neighbours merged."""
    out: list[Run] = []
    end = clock.output(clock.shown[1])
    for frame in clock.frames():
        value = convert(clock.value(element, path, frame))
        start = max(clock.output(clock.shown[0]), clock.output(frame_time(frame, clock.rate)))
        stop = min(end, clock.output(frame_time(frame + 1, clock.rate)))
        if out and out[-1][2] == value:
            out[-1] = (out[-1][0], stop, value)
        else:
            out.append((start, stop, value))
    return out


def expression(parts: list[Run], fallback: float) -> str:
    """``t`` -> the run's value, as an ffmpeg expression (``fallback`` outside every run)."""
    if not parts:
        return seconds(fallback)
    if len({value for _, _, value in parts}) == 1:
        return seconds(float(parts[0][2]))
    terms = [f"gte(t,{seconds(a)})*lt(t,{seconds(b)})*({seconds(float(v))})" for a, b, v in parts]
    before, after = float(parts[0][2]), float(parts[-1][2])
    terms.append(f"lt(t,{seconds(parts[0][0])})*({seconds(before)})")
    terms.append(f"gte(t,{seconds(parts[-1][1])})*({seconds(after)})")
    return balanced_sum(terms)


def linear_expression(
    element: Element, path: str, clock: Clock, convert: Callable[[Any], float], tolerance: float
) -> str:
    """The value over the shown part as a piecewise-linear expression of ``t``: sampled on the grid, then as few
    straight pieces per block as keep every sample within ``tolerance`` (linear keys give one piece per key gap;
    bezier curves a few more)."""
    return straight_pieces(element, clock, lambda n: float(convert(clock.value(element, path, n))), tolerance)


def straight_pieces(element: Element, clock: Clock, sample: Callable[[int], float], tolerance: float) -> str:
    """``sample`` (a grid sample's value) over the shown part as a piecewise-linear expression of ``t``."""
    points = _points(element, clock, sample, tolerance)
    if len(points) == 1:
        return seconds(points[0][1])
    terms = []
    for (a, va), (b, vb) in zip(points, points[1:], strict=False):
        window = f"gte(t,{seconds(a)})*lt(t,{seconds(b)})"
        slope = "" if va == vb else f"+({seconds(vb - va)})*(t-{seconds(a)})/{seconds(b - a)}"
        terms.append(f"{window}*({seconds(va)}{slope})")
    terms.append(f"lt(t,{seconds(points[0][0])})*({seconds(points[0][1])})")
    terms.append(f"gte(t,{seconds(points[-1][0])})*({seconds(points[-1][1])})")
    return balanced_sum(terms)


def gain_expression(element: Element, clock: Clock) -> str:
    """Linear gain for a moving level (``editing.sound.level_at``: the volume and its fade, duck and gain layers
    added up): its decibels piecewise linear in ``t`` (sampled every 20 ms and simplified to 0.05 dB), turned
    into gain (silence at -60 dB and below)."""

    def level(frame: int) -> float:
        return level_at(element, max(0, frame_time(frame, clock.rate) - clock.element_start))

    db = straight_pieces(element, clock, level, 0.05)
    return f"if(lte({db},-60),0,pow(10,({db})/20))"


def balanced_sum(terms: list[str]) -> str:
    """``a+b+c+...`` nested as a balanced tree: ffmpeg's expression parser fails on long flat chains."""
    if len(terms) == 1:
        return terms[0]
    middle = len(terms) // 2
    return f"({balanced_sum(terms[:middle])})+({balanced_sum(terms[middle:])})"


def _points(
    element: Element, clock: Clock, sample: Callable[[int], float], tolerance: float
) -> list[tuple[float, float]]:
    """Output-time corners of the straight pieces over every block the window touches."""
    shown = clock.frames()
    first = frame_at_or_after(clock.element_start, clock.rate)
    last = max(first, frame_at_or_after(clock.element_start + element.duration, clock.rate) - 1)
    if not shown:  # a window shorter than one sample
        frame = min(last, max(first, frame_at_or_after(clock.shown[0], clock.rate)))
        return [(clock.output(clock.shown[0]), sample(frame))]
    kept: list[tuple[int, float]] = []
    for block in range((shown.start - first) // BLOCK, (shown.stop - 1 - first) // BLOCK + 1):
        frames = range(max(first, first + block * BLOCK), min(last, first + (block + 1) * BLOCK) + 1)
        samples = [(n, sample(n)) for n in frames]
        for point in _simplified(samples, tolerance):
            if not kept or point[0] > kept[-1][0]:
                kept.append(point)
    return [(clock.output(frame_time(n, clock.rate)), value) for n, value in kept]


def _simplified(points: list[tuple[int, float]], tolerance: float) -> list[tuple[int, float]]:
    """Greedy: extend each straight piece while every sample it spans stays within ``tolerance`` of it."""
    kept = [points[0]]
    anchor = 0
    for n in range(2, len(points) + 1):
        if n == len(points) or not _fits(points, anchor, n, tolerance):
            kept.append(points[n - 1])
            anchor = n - 1
    return kept


def _fits(points: list[tuple[int, float]], first: int, last: int, tolerance: float) -> bool:
    (ta, va), (tb, vb) = points[first], points[last]
    return all(abs(va + (vb - va) * (t - ta) / (tb - ta) - v) <= tolerance for t, v in points[first + 1 : last])
