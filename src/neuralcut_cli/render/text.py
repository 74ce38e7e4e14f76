"""Text on the frame: ``drawtext`` alone, or laid out line by line when it cannot do the job.

OpenCut's unit: pixels = fontSize x canvas height / 90. Plain text is one
``drawtext`` centred on its position, with line height (``line_spacing``) and
the background box's paddings (``boxborderw``). Letter spacing, and a box with
offsets or rounded corners, need the text's size before it is drawn: the
glyph advances come from the font file (``fontmetrics``), the box is drawn
first (``drawbox``, or a rounded picture) and each line is drawn on its
baseline, letter by letter when there is spacing between them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from neuralcut_cli.editing.keyframes import value_at
from neuralcut_cli.project.elements import TextElement
from neuralcut_cli.render.animated import Clock, animated, runs
from neuralcut_cli.render.filtergraph import Chain, Filter, between, chain, colour, f, seconds
from neuralcut_cli.render.fontmetrics import load
from neuralcut_cli.render.fonts import is_bold, shipped
from neuralcut_cli.render.fonts import runs as script_runs
from neuralcut_cli.render.shapes import draw_box
from neuralcut_cli.render.text_layout import WRAP_SHARE, wrap
from neuralcut_cli.time import seconds_to_ticks

NORMAL_LINE = 1.2  # OpenCut's default line height; drawtext's natural spacing


class Sized(Protocol):
    """A frame's size and the render's scale: what laying text out needs."""

    scale: float

    @property
    def canvas(self) -> tuple[int, int]: ...


class Canvas(Sized, Protocol):
    """What drawing text needs from the render builder."""

    workdir: Path
    chains: list[Chain]
    inputs: list[list[str]]

    @property
    def canvas(self) -> tuple[int, int]: ...

    @property
    def length(self) -> float: ...

    def label(self, prefix: str) -> str: ...

    def still(self, picture: Path, start: float, end: float) -> str: ...


@dataclass(frozen=True)
class _Style:
    size: float
    font: Path  # the shipped DejaVu of the element's weight; other scripts get theirs run by run
    bold: bool
    spacing: float  # pixels between letters
    line_gap: float  # pixels added to each line (line height beyond 1.2)
    centre: tuple[float, float]


ANIMATED = ("color", "background.color", "opacity", "transform.positionX", "transform.positionY")


def draw_text(
    canvas: Canvas, current: str, element: TextElement, start: float, end: float, clock: Clock | None = None
) -> str:
    """The text over ``start``-``end`` (output seconds); keyframed colour, opacity or position drawn run by run
    (``clock``: where the element is on the timeline, see ``animated``); a caption whose words light up as they are
    said word by word (``lit_words``)."""
    if clock is not None and element.caption_words and element.highlight_color:
        from neuralcut_cli.render.lit_words import lit

        drawn = lit(canvas, current, element, start, end, clock)
        if drawn is not None:
            return drawn
    if clock is None or not any(animated(element, path) for path in ANIMATED):
        return _draw(canvas, current, element, start, end)
    for run_start, run_end, look in _looks(element, start, end, clock):
        current = _draw(canvas, current, look, run_start, run_end, half_open=True)
    return current


def _looks(element: TextElement, start: float, end: float, clock: Clock) -> list[tuple[float, float, Any]]:
    """Runs of frames that look the same, each with the element as it looks then."""
    samples = [runs(element, path, clock) for path in ANIMATED]
    cuts = sorted({t for parts in samples for run in parts for t in run[:2]} | {start, end})
    looks = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        local = max(0, clock.origin + seconds_to_ticks(a) - clock.element_start)
        color, box, opacity, x, y = (value_at(element, path, local) for path in ANIMATED)
        transform = element.transform.model_copy(
            update={"position": element.transform.position.model_copy(update={"x": x, "y": y})}
        )
        look = element.model_copy(
            update={
                "color": color,
                "opacity": opacity,
                "transform": transform,
                "background": element.background.model_copy(update={"color": box}),
            }
        )
        looks.append((a, b, look))
    return looks


def _draw(canvas: Canvas, current: str, element: TextElement, start: float, end: float, half_open: bool = False) -> str:
    style = _style(canvas, element)
    enable = f"gte(t,{seconds(start)})*lt(t,{seconds(end)})" if half_open else between(start, end)
    background = element.background
    rounded_or_moved = background.enabled and any((background.offset_x, background.offset_y, background.corner_radius))
    lines = text_lines(canvas, element, style)
    fonts = {font for line in lines for _, font in _line_runs(line, style)}
    decorated = element.text_decoration in _DECORATION_AT  # a bar as wide as each line: laid out by us
    if style.spacing or rounded_or_moved or decorated or len(fonts) > 1 or len(lines) > 1:  # line by line
        return _laid_out(canvas, current, element, style, enable, lines)
    font = fonts.pop() if fonts else style.font
    text_file = text_file_of(canvas.workdir, element.content)
    options: dict[str, object] = box_options(element, style.size, canvas.scale)
    if style.line_gap:
        options["line_spacing"] = round(style.line_gap)
    out = canvas.label("v")
    x, y = style.centre
    canvas.chains.append(
        chain(
            current,
            f(
                "drawtext",
                fontfile=font,
                textfile=text_file,
                expansion="none",
                text_shaping=1,
                fontsize=f"{style.size:.2f}",
                fontcolor=colour(element.color, element.opacity),
                x=f"{x:.1f}-text_w/2",
                y=f"{y:.1f}-text_h/2",
                **options,
                enable=enable,
            ),
            out=out,
        )
    )
    return out


def text_file_of(folder: Path, text: str) -> Path:
    """``text`` in a file for drawtext, named by its content: segments drawing the same words share one file,
    and a render's graph says the same thing whichever segment wrote it (see ``render.jobs``)."""
    data = text.encode("utf-8")
    path = folder / f"text-{hashlib.sha256(data).hexdigest()[:24]}.txt"
    if not path.exists():
        path.write_bytes(data)
    return path


def box_options(element: TextElement, size: float, scale: float) -> dict[str, object]:
    """drawtext's box options: the background colour, and its paddings (canvas pixels) when the file sets them."""
    background = element.background
    if not background.enabled:
        return {}
    pad_x, pad_y = _paddings(element, size, scale)
    sides = [max(0, round(v)) for v in (pad_y, pad_x, pad_y, pad_x)]
    return {"box": 1, "boxcolor": colour(background.color, element.opacity), "boxborderw": "|".join(map(str, sides))}


def _style(canvas: Sized, element: TextElement) -> _Style:
    width, height = canvas.canvas
    size = max(1.0, float(element.font_size) * height / 90 * float(element.transform.scale_y) * canvas.scale)
    bold = is_bold(element.font_weight)
    spacing = float(element.letter_spacing or 0) * canvas.scale
    line_gap = (float(element.line_height) - NORMAL_LINE) * size if element.line_height is not None else 0.0
    centre = (
        width * canvas.scale / 2 + float(element.transform.position.x) * canvas.scale,
        height * canvas.scale / 2 + float(element.transform.position.y) * canvas.scale,
    )
    return _Style(size, shipped(bold), bold, spacing, line_gap, centre)


def _line_runs(line: str, style: _Style) -> list[tuple[str, Path]]:
    """The line's runs, each with its font (an uncovered run keeps DejaVu: the render warned about it)."""
    return [(text, font or style.font) for text, font in script_runs(line, style.bold)]


def _paddings(element: TextElement, size: float, scale: float) -> tuple[float, float]:
    background = element.background
    pad_x = float(background.padding_x) * scale if background.padding_x is not None else size / 4
    pad_y = float(background.padding_y) * scale if background.padding_y is not None else size / 4
    return pad_x, pad_y


def text_lines(canvas: Sized, element: TextElement, style: _Style) -> list[str]:
    """The element's text wrapped to the canvas (see ``text_layout``)."""
    width = canvas.canvas[0] * canvas.scale * WRAP_SHARE
    if element.background.enabled:
        width -= 2 * _paddings(element, style.size, canvas.scale)[0]
    return wrap(element.content, lambda line: _width(_line_runs(line, style), style) <= max(width, style.size))


def _laid_out(canvas: Canvas, current: str, element: TextElement, style: _Style, enable: str, text: list[str]) -> str:
    metrics = load(style.font)
    lines = [_line_runs(line, style) for line in text]
    line_height = metrics.line_height(style.size) + style.line_gap
    widths = [_width(line, style) for line in lines]
    block = (max(widths), line_height * len(lines))
    left, top = style.centre[0] - block[0] / 2, style.centre[1] - block[1] / 2
    if element.background.enabled:
        current = _box(canvas, current, element, style, (left, top, *block), enable)
    filters: list[Filter] = []
    for number, (line, width) in enumerate(zip(lines, widths, strict=True)):
        x = {"left": left, "right": left + block[0] - width}.get(element.text_align, style.centre[0] - width / 2)
        baseline = top + number * line_height + metrics.ascent(style.size)
        filters += _decoration(element, style, (x, baseline, width), metrics.ascent(style.size), enable)
        if len(line) == 1 and not style.spacing:  # one font: drawtext measures the shaped line itself
            at = {"left": f"{left:.1f}", "right": f"{left + block[0]:.1f}-text_w"}.get(
                element.text_align, f"{style.centre[0]:.1f}-text_w/2"
            )
            if line[0][0].strip():
                filters.append(_glyphs(canvas, element, style, line[0][0], line[0][1], at, baseline, enable))
            continue
        filters += [
            _glyphs(canvas, element, style, text, font, f"{at:.1f}", baseline, enable)
            for text, font, at in _placed(line, x, style)
            if text.strip()
        ]
    if not filters:
        return current
    out = canvas.label("v")
    canvas.chains.append(chain(current, *filters, out=out))
    return out


#: Where a decoration's line runs, as a share of the ascent above the baseline (negative: below it).
_DECORATION_AT = {"underline": -0.12, "line-through": 0.3, "overline": 1.0}


def _decoration(
    element: TextElement, style: _Style, line: tuple[float, float, float], ascent: float, enable: str
) -> list[Filter]:
    """Underline, strike-through or overline of one line (drawtext draws none): a bar of the text's colour."""
    share = _DECORATION_AT.get(element.text_decoration)
    if share is None or line[2] <= 0:
        return []
    x, baseline, width = line
    thick = max(1, round(style.size / 14))
    y = baseline - share * ascent - thick / 2
    fill = colour(element.color, element.opacity)
    return [f("drawbox", x=f"{x:.1f}", y=f"{y:.1f}", w=max(1, round(width)), h=thick, color=fill, t="fill",
              enable=enable)]  # fmt: skip


def _width(line: list[tuple[str, Path]], style: _Style) -> float:
    letters = sum(len(text) for text, _ in line)
    return sum(load(font).width(text, style.size) for text, font in line) + style.spacing * max(0, letters - 1)


def _placed(line: list[tuple[str, Path]], x: float, style: _Style) -> list[tuple[str, Path, float]]:
    """Each run at its pen position; with letter spacing, each letter."""
    placed, pen = [], x
    for text, font in line:
        metrics = load(font)
        if not style.spacing:
            placed.append((text, font, pen))
            pen += metrics.width(text, style.size)
            continue
        for char in text:
            placed.append((char, font, pen))
            pen += metrics.advance(char, style.size) + style.spacing
    return placed


def _glyphs(
    canvas: Canvas, element: TextElement, style: _Style, text: str, font: Path, x: str, baseline: float, enable: str
) -> Filter:
    text_file = text_file_of(canvas.workdir, text)
    return f(
        "drawtext",
        fontfile=font,
        textfile=text_file,
        expansion="none",
        text_shaping=1,
        fontsize=f"{style.size:.2f}",
        fontcolor=colour(element.color, element.opacity),
        x=x,
        y=f"{baseline:.1f}",
        y_align="baseline",
        enable=enable,
    )


def _box(
    canvas: Canvas,
    current: str,
    element: TextElement,
    style: _Style,
    rect: tuple[float, float, float, float],
    enable: str,
) -> str:
    """The background box around the text block: paddings, then offsets; rounded corners as a picture."""
    background = element.background
    pad_x, pad_y = _paddings(element, style.size, canvas.scale)
    x = rect[0] - pad_x + float(background.offset_x or 0) * canvas.scale
    y = rect[1] - pad_y + float(background.offset_y or 0) * canvas.scale
    w, h = max(2, round(rect[2] + 2 * pad_x)), max(2, round(rect[3] + 2 * pad_y))
    radius = float(background.corner_radius or 0) * canvas.scale
    fill = colour(background.color, element.opacity)
    if radius <= 0:
        out = canvas.label("v")
        canvas.chains.append(
            chain(
                current,
                f("drawbox", x=f"{x:.1f}", y=f"{y:.1f}", w=w, h=h, color=fill, t="fill", enable=enable),
                out=out,
            )
        )
        return out
    picture = draw_box((w, h), min(radius, w / 2, h / 2), background.color, element.opacity, canvas.workdir)
    layer, out = canvas.still(picture, 0, canvas.length), canvas.label("v")
    canvas.chains.append(
        chain((current, layer), f("overlay", x=f"{x:.1f}", y=f"{y:.1f}", eof_action="pass", enable=enable), out=out)
    )
    return out


@dataclass
class _Frame:
    size: tuple[int, int]
    scale: float = 1.0

    @property
    def canvas(self) -> tuple[int, int]:
        return self.size


def laid_lines(element: TextElement, canvas: tuple[int, int]) -> list[str]:
    """The lines the render draws ``element`` in on a frame of ``canvas`` pixels (its own breaks, and wrapped)."""
    frame = _Frame(canvas)
    return text_lines(frame, element, _style(frame, element))


def text_block(element: TextElement, canvas: tuple[int, int]) -> tuple[float, float, float, float]:
    """``(left, top, right, bottom)`` of the element's text as the render lays it out on a frame of ``canvas``
    pixels (wrapped, its background box included): what a check compares with the frame and other texts."""
    frame = _Frame(canvas)
    style = _style(frame, element)
    lines = [_line_runs(line, style) for line in text_lines(frame, element, style)]
    width = max((_width(line, style) for line in lines), default=0.0)
    height = (load(style.font).line_height(style.size) + style.line_gap) * max(1, len(lines))
    if element.background.enabled:
        pad_x, pad_y = _paddings(element, style.size, 1.0)
        width, height = width + 2 * pad_x, height + 2 * pad_y
    return (
        style.centre[0] - width / 2,
        style.centre[1] - height / 2,
        style.centre[0] + width / 2,
        style.centre[1] + height / 2,
    )
