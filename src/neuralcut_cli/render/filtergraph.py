"""ffmpeg filter graphs as data, written out with ffmpeg's two levels of escaping.

A graph is built as ``Chain``s of ``Filter``s whose options are ``(key,
value)`` pairs; only ``graph_text`` turns them into the text ffmpeg parses.
Every value is escaped twice, as ffmpeg reads it twice (``av_get_token``):
once for the option list of a filter (``:`` separates options) and once for
the graph (``,`` ``;`` ``[`` ``]`` separate filters, chains and labels). So a
value, whatever it holds (a path, a colour, an expression), stays one value
of one option; no project data can add a filter, an option or a label.

Names and keys of filters and labels come from this package's code only.
(Paths on the command line go through ``media.ffmpeg.file_arg``.)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

from neuralcut_cli.media.ffmpeg import graph_filter
from neuralcut_cli.project.colors import parse_color

_NAME = re.compile(r"[a-z][a-z0-9_]*")
_KEY = re.compile(r"[A-Za-z0-9_]+")


@dataclass(frozen=True)
class Filter:
    """One filter: a name and its options, in order."""

    name: str
    options: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name) or not all(_KEY.fullmatch(key) for key, _ in self.options):
            raise ValueError(f"not a filter this package writes: {self.name} {self.options}")

    def text(self) -> str:
        """``name=key=value:key=value`` with both levels of escaping."""
        if not self.options:
            return self.name
        return graph_filter(self.name, self.options)


def f(name: str, **options: object) -> Filter:
    """``f("scale", w=640, h=360)``: a filter with options in keyword order."""
    return Filter(name, tuple((key, _plain(value)) for key, value in options.items()))


@dataclass(frozen=True)
class Chain:
    """``[in][in2]filter,filter[out]``."""

    inputs: tuple[str, ...]
    filters: tuple[Filter, ...]
    outputs: tuple[str, ...]

    def __post_init__(self) -> None:
        for label in (*self.inputs, *self.outputs):
            if not re.fullmatch(r"[A-Za-z0-9_:]+", label):
                raise ValueError(f"not a label this package writes: {label!r}")

    def text(self) -> str:
        labels_in = "".join(f"[{label}]" for label in self.inputs)
        labels_out = "".join(f"[{label}]" for label in self.outputs)
        return labels_in + ",".join(item.text() for item in self.filters) + labels_out


def chain(inputs: str | tuple[str, ...], *filters: Filter, out: str) -> Chain:
    """``chain("base", f("format", pix_fmts="yuv420p"), out="vout")``."""
    sources = (inputs,) if isinstance(inputs, str) else tuple(inputs)
    return Chain(tuple(s for s in sources if s), tuple(filters), (out,))


def graph_text(chains: list[Chain]) -> str:
    return ";\n".join(item.text() for item in chains)


def _plain(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        return seconds(value)
    return str(value)


def seconds(value: float) -> str:
    """A number as ffmpeg reads it: fixed point, no exponent."""
    return f"{value:.6f}".rstrip("0").rstrip(".") or "0"


def between(start: float, end: float) -> str:
    """The ``enable`` expression of a time range."""
    return f"between(t,{seconds(start)},{seconds(end)})"


def on_frames(start: float, end: float, rate: Fraction) -> str:
    """The ``enable`` expression of the frames an element shows, frame ``n`` at ``n / rate`` (seconds of the
    window, whose first frame is at 0): those with ``start <= n / rate < end``. Its bounds sit half a frame
    from every frame time, so no rounding of a time moves a frame in or out (``between`` is inclusive at both
    ends, and a time written to six places can land either side of a frame's)."""
    first = math.ceil(start * rate - 1e-6)
    stop = math.ceil(end * rate - 1e-6)
    half = Fraction(1, 2)
    return f"between(t,{seconds(float((first - half) / rate))},{seconds(float((stop - half) / rate))})"


def colour_source(
    value: str, size: tuple[int, int], rate: Fraction, duration: float, pix_fmt: str, out: str, opacity: float = 1.0
) -> Chain:
    """``[out]``: a frame of one colour, ``size`` pixels at ``rate`` for ``duration`` seconds, in ``pix_fmt``."""
    return chain(
        (),
        f(
            "color",
            c=colour(value, opacity),
            s=f"{size[0]}x{size[1]}",
            r=f"{rate.numerator}/{rate.denominator}",
            d=seconds(duration),
        ),
        f("format", pix_fmts=pix_fmt),
        out=out,
    )


def colour(value: str, opacity: float = 1.0) -> str:
    """A project colour (validated at load) as ffmpeg's ``0xRRGGBB@alpha``."""
    red, green, blue, alpha = parse_color(value)
    return f"0x{red:02x}{green:02x}{blue:02x}@{max(0.0, min(1.0, alpha * opacity)):.3f}"
