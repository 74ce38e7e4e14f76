"""How captions look: the presets ``add_captions`` and ``style_captions`` take. Sizes are OpenCut's font unit
(a ninetieth of the canvas height); ``highlight`` is the colour of the word being said (a style that lights
words up as they are spoken, karaoke-style); ``box`` a background behind the text."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CaptionStyle:
    id: str
    description: str
    font_size: float
    weight: str = "bold"
    color: str = "#ffffff"
    box: str | None = None  # the box's colour (with alpha), or none
    highlight: str | None = None
    uppercase: bool = False


CAPTION_STYLES: dict[str, CaptionStyle] = {
    style.id: style
    for style in (
        CaptionStyle("plain", "white text, no box: quiet subtitles", 5, weight="normal"),
        CaptionStyle("social", "big bold centred white words, as short-form videos caption", 7.5),
        CaptionStyle("boxed", "white on a dark box: readable over any picture", 5, box="#000000b3"),
        CaptionStyle("highlight", "big bold words, each lit up in yellow while it is said", 7.5, highlight="#ffd400"),
    )
}
#: Earlier names: a subtitle was the boxed style; a hook, the big one; a label, boxed.
ALIASES = {"subtitle": "boxed", "hook": "social", "label": "boxed", "karaoke": "highlight", "bold": "social"}
DEFAULT = "boxed"


def caption_style(name: str) -> CaptionStyle | None:
    key = name.strip().lower()
    return CAPTION_STYLES.get(ALIASES.get(key, key))
