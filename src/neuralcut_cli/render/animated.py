"""Keyframed values as ffmpeg sees them: sampled at every output frame from the one evaluator
(``editing.keyframes.value_at``), merged into runs of equal values, written as expressions of ``t`` or as
filters switched on for their run.

A frame's value is exactly what the evaluator gives at that frame's time, so linear, hold and bezier keys all
render as the timeline says. Sound is sampled every 20 ms and interpolated linearly in gain between samples
(no zipper steps on a fade).
"""

from __future__ import annotations

from typing import Any, Callable

from neuralcut_cli.editing.keyframes import value_at
from neuralcut_cli.project.elements import Element
from neuralcut_cli.render.filtergraph import seconds
from neuralcut_cli.time import seconds_to_ticks

Run = tuple[float, float, Any]  # output seconds [start, end) and the value


def animated(element: Element, path: str) -> bool:
    return bool(element.animations and path in element.animations.bindings)


def runs(element: Element, path: str, start: float, end: float, skip: float, fps: float,
         convert: Callable[[Any], Any] = lambda v: v) -> list[Run]:
    """The value over the element's visible span (output seconds ``start``-``end``; ``skip`` seconds of the
    element are before the window), one sample per frame, equal neighbours merged."""
    out: list[Run] = []
    frame = 1 / fps
    t = start
    while t < end - 1e-9:
        local = seconds_to_ticks(max(0.0, t - start + skip))
        value = convert(value_at(element, path, local))
        if out and out[-1][2] == value:
            out[-1] = (out[-1][0], min(t + frame, end), value)
        else:
            out.append((t, min(t + frame, end), value))
        t += frame
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


def linear_expression(element: Element, path: str, start: float, end: float, skip: float, fps: float,
                      convert: Callable[[Any], float], tolerance: float) -> str:
    """The value over output seconds ``start``-``end`` as a piecewise-linear expression of ``t``: sampled every
    frame, then as few straight pieces as keep every sample within ``tolerance`` (linear keys give one piece per
    key gap; bezier curves a few more)."""
    step = 1 / fps
    times = [start + n * step for n in range(int((end - start) / step) + 1)]
    if times[-1] < end:
        times.append(end)
    values = [float(convert(value_at(element, path, seconds_to_ticks(max(0.0, t - start + skip))))) for t in times]
    points = _simplified(list(zip(times, values, strict=True)), tolerance)
    terms = []
    for (a, va), (b, vb) in zip(points, points[1:], strict=False):
        window = f"gte(t,{seconds(a)})*lt(t,{seconds(b)})"
        slope = "" if va == vb else f"+({seconds(vb - va)})*(t-{seconds(a)})/{seconds(b - a)}"
        terms.append(f"{window}*({seconds(va)}{slope})")
    terms.append(f"lt(t,{seconds(points[0][0])})*({seconds(points[0][1])})")
    terms.append(f"gte(t,{seconds(points[-1][0])})*({seconds(points[-1][1])})")
    return balanced_sum(terms)


def gain_expression(element: Element, start: float, end: float, skip: float) -> str:
    """Linear gain for an animated ``volume``: its decibels piecewise linear in ``t`` (sampled every 20 ms and
    simplified to 0.05 dB), turned into gain (silence at -60 dB and below)."""
    db = linear_expression(element, "volume", start, end, skip, 50, lambda v: max(-60.0, float(v)), 0.05)
    return f"if(lte({db},-60),0,pow(10,({db})/20))"


def balanced_sum(terms: list[str]) -> str:
    """``a+b+c+...`` nested as a balanced tree: ffmpeg's expression parser fails on long flat chains."""
    if len(terms) == 1:
        return terms[0]
    middle = len(terms) // 2
    return f"({balanced_sum(terms[:middle])})+({balanced_sum(terms[middle:])})"


def _simplified(points: list[tuple[float, float]], tolerance: float) -> list[tuple[float, float]]:
    """Greedy: extend each straight piece while every sample it spans stays within ``tolerance`` of it."""
    kept = [points[0]]
    anchor = 0
    for n in range(2, len(points) + 1):
        if n == len(points) or not _fits(points, anchor, n, tolerance):
            kept.append(points[n - 1])
            anchor = n - 1
    return kept


def _fits(points: list[tuple[float, float]], first: int, last: int, tolerance: float) -> bool:
    (ta, va), (tb, vb) = points[first], points[last]
    return all(abs(va + (vb - va) * (t - ta) / (tb - ta) - v) <= tolerance for t, v in points[first + 1:last])


def _gain(db: Any) -> float:
    value = float(db)
    return 0.0 if value <= -60 else round(10 ** (value / 20), 6)
