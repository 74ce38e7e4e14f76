"""A caption whose words light up as they are said (the "highlight" caption style): every word drawn on its own
at the place the line's layout gives it, in the caption's colour for the caption's time, then again in the
highlight colour for exactly the frames its word is said (``on_frames``): the two are the same glyphs at the same
place, so the word changes colour and nothing else moves. Word times are the element's ``captionWords`` (its
own ticks), read on the timeline's clock."""

from __future__ import annotations

from fractions import Fraction

from neuralcut_cli.project.elements import TextElement
from neuralcut_cli.render.animated import Clock
from neuralcut_cli.render.filtergraph import Filter, chain, on_frames
from neuralcut_cli.render.fontmetrics import load
from neuralcut_cli.render.text import Canvas, _box, _glyphs, _line_runs, _placed, _Style, _style, _width, text_lines


def lit(canvas: Canvas, current: str, element: TextElement, start: float, end: float, clock: Clock) -> str | None:
    """The caption drawn word by word (None: its words and layout disagree; drawn as plain text then)."""
    style = _style(canvas, element)
    lines = text_lines(canvas, element, style)
    said = list(element.caption_words or ())
    if sum(len(line.split()) for line in lines) != len(said) or not element.highlight_color:
        return None
    metrics = load(style.font)
    line_height = metrics.line_height(style.size) + style.line_gap
    widths = [_width(_line_runs(line, style), style) for line in lines]
    block = (max(widths), line_height * len(lines))
    left, top = style.centre[0] - block[0] / 2, style.centre[1] - block[1] / 2
    enable = on_frames(start, end, Fraction(clock.rate))  # its own frames exactly: never over the next caption
    if element.background.enabled:
        current = _box(canvas, current, element, style, (left, top, *block), enable)
    lighter = element.model_copy(update={"color": element.highlight_color})
    base: list[Filter] = []
    over: list[Filter] = []
    index = 0
    for number, (line, width) in enumerate(zip(lines, widths, strict=True)):
        x = {"left": left, "right": left + block[0] - width}.get(element.text_align, style.centre[0] - width / 2)
        baseline = top + number * line_height + metrics.ascent(style.size)
        for word, at in _words(line, x, style):
            word_enable = _when(said[index].start, said[index].end, start, end, clock)
            for text, font, pen in _placed(_line_runs(word, style), at, style):
                base.append(_glyphs(canvas, element, style, text, font, f"{pen:.1f}", baseline, enable))
                if word_enable is not None:
                    over.append(_glyphs(canvas, lighter, style, text, font, f"{pen:.1f}", baseline, word_enable))
            index += 1
    out = canvas.label("v")
    canvas.chains.append(chain(current, *base, *over, out=out))
    return out


def _words(line: str, x: float, style: _Style) -> list[tuple[str, float]]:
    """Each word of a line and where it starts (the pen after the words and spaces before it)."""
    placed, prefix = [], ""
    for word in line.split(" "):
        if word:
            placed.append((word, x + (_width(_line_runs(prefix, style), style) if prefix else 0.0)))
        prefix = f"{prefix}{word} "
    return placed


def _when(first: int, last: int, start: float, end: float, clock: Clock) -> str | None:
    """``enable`` for the frames a word is said, in the window's seconds (None: not in this window)."""
    a = max(start, clock.output(clock.element_start + first))
    b = min(end, clock.output(clock.element_start + last))
    if b <= a:
        return None
    return on_frames(a, b, Fraction(clock.rate))
