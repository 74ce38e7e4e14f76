"""``neuralcut export -f srt|vtt|ass``: the caption track (the text elements of ``Captions`` tracks) as a subtitle
file. SRT and WebVTT carry the text and times only; ASS carries the look too: the font size, weight and colour,
the box, where on the frame, and, for captions that light their words up, each word's time as a karaoke tag
(``\\k``: a word turns from the caption's colour to the highlight when it is said)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from neuralcut_cli.editing.captions import CAPTIONS, caption_cues
from neuralcut_cli.errors import MediaError
from neuralcut_cli.media.subtitles import write_cues
from neuralcut_cli.project.elements import TextElement
from neuralcut_cli.project.io import replace_with
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import TICKS_PER_SECOND


def write_subtitles(project: Project, target: Path, fmt: str) -> int:
    cues = caption_cues(project.scene)
    if not cues:
        raise MediaError(
            "There are no captions to export (no Captions track): add_captions, or "
            "`neuralcut import subs.srt`, makes them"
        )
    if fmt == "ass":
        return replace_with(target, lambda temp: write_ass(project, temp))
    return replace_with(target, lambda temp: write_cues(cues, temp, fmt))


def write_ass(project: Project, path: Path) -> int:
    """The captions as Advanced SubStation Alpha: one style per look, one event per caption."""
    import pysubs2

    size = project.settings.canvas_size
    subs = pysubs2.SSAFile()
    subs.info.update({"PlayResX": str(size.width), "PlayResY": str(size.height), "WrapStyle": "2"})
    subs.styles.clear()
    for element in _captions(project):
        name = _style_name(element)
        if name not in subs.styles:
            subs.styles[name] = _style(element, size.width, size.height)
        event = pysubs2.SSAEvent(
            start=round(element.start_time * 1000 / TICKS_PER_SECOND),
            end=round(element.end_time * 1000 / TICKS_PER_SECOND),
            style=name,
            text=_text(element),
        )
        subs.append(event)
    subs.save(str(path), format_="ass", encoding="utf-8")
    return len(subs)


def _captions(project: Project) -> list[TextElement]:
    found = [
        e
        for t in project.scene.tracks.overlay
        if t.type == "text" and t.name == CAPTIONS
        for e in t.elements
        if isinstance(e, TextElement)
    ]
    return sorted(found, key=lambda e: e.start_time)


def _style_name(element: TextElement) -> str:
    lit = "lit" if element.caption_words and element.highlight_color else "plain"
    box = "box" if element.background.enabled else "nobox"
    return f"{lit}-{box}-{element.font_size:g}-{element.font_weight}-{round(float(element.transform.position.y))}"


def _style(element: TextElement, width: int, height: int) -> Any:
    import pysubs2

    y = float(element.transform.position.y)
    alignment = 8 if y < -height * 0.15 else 2 if y > height * 0.15 else 5
    margin = round(height / 2 - abs(y)) if alignment != 5 else 0
    colour, highlight = _colour(element.color), _colour(element.highlight_color or element.color)
    lit = bool(element.caption_words and element.highlight_color)
    return pysubs2.SSAStyle(
        fontname="DejaVu Sans",
        fontsize=round(float(element.font_size) * height / 90, 1),
        primarycolor=highlight if lit else colour,
        secondarycolor=colour,  # karaoke: a word not yet said
        outlinecolor=pysubs2.Color(0, 0, 0, 0),
        backcolor=_colour(element.background.color) if element.background.enabled else pysubs2.Color(0, 0, 0, 128),
        bold=element.font_weight in ("bold", "700", "800", "900"),
        borderstyle=3 if element.background.enabled else 1,
        outline=round(float(element.font_size) * height / 90 / 8, 1) if element.background.enabled else 1,
        shadow=0,
        alignment=pysubs2.Alignment(alignment),
        marginl=round(width * 0.05),
        marginr=round(width * 0.05),
        marginv=max(0, margin),
    )


def _text(element: TextElement) -> str:
    """The caption's text in ASS: lines joined with ``\\N``; with word times, each word after its ``\\k`` tag (the
    centiseconds until it is said, then how long it is said)."""
    lines = [line.split() for line in element.content.split("\n")]
    words = list(element.caption_words or ())
    if not words or not element.highlight_color or sum(len(line) for line in lines) != len(words):
        return "\\N".join(" ".join(line) for line in lines)
    out, at, index = [], 0, 0
    for line in lines:
        said = []
        for word in line:
            timing = words[index]
            wait = max(0, round((timing.start - at) * 100 / TICKS_PER_SECOND))
            length = max(1, round((timing.end - timing.start) * 100 / TICKS_PER_SECOND))
            said.append((f"{{\\k{wait}}}" if wait else "") + f"{{\\k{length}}}{word}")
            at, index = timing.end, index + 1
        out.append(" ".join(said))
    return "\\N".join(out)


def _colour(hex_colour: str) -> Any:
    """``#rrggbb[aa]`` as pysubs2's colour (ASS alpha counts up to transparent)."""
    import pysubs2

    text = hex_colour.lstrip("#")
    r, g, b = (int(text[k : k + 2], 16) for k in (0, 2, 4))
    alpha = 255 - int(text[6:8], 16) if len(text) == 8 else 0
    return pysubs2.Color(r, g, b, alpha)
