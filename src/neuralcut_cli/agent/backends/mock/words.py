"""Small vocabularies the plans share: positions, styles, ranges, tracks."""

from __future__ import annotations

import re

from neuralcut_cli.agent.backends.mock.phrases import Phrase
from neuralcut_cli.agent.backends.mock.runner import Failed, Runner

DEFAULT_LENGTH = 5.0


def text_position(p: Phrase, default: str) -> str:
    if p.has(r"\b(top|upper|above|header)\b"):
        return "top"
    if p.has(r"\b(bottom|lower|below|footer)\b"):
        return "bottom"
    if p.has(r"\b(center|centre|middle|centered|centred)\b"):
        return "center"
    return default


def corner(p: Phrase) -> str:
    vertical = "top" if p.has(r"\b(top|upper)\b") else "bottom" if p.has(r"\b(bottom|lower)\b") else None
    horizontal = "left" if p.has(r"\bleft\b") else "right" if p.has(r"\bright\b") else None
    if vertical and horizontal:
        return f"{vertical}-{horizontal}"
    if horizontal:
        return f"top-{horizontal}"
    if vertical:
        return f"{vertical}-right"
    return "center"


def text_style(p: Phrase) -> str | None:
    if p.has(r"\b(subtitles?|captions?|subs)\b"):
        return "subtitle"
    if p.has(r"\bhooks?\b"):
        return "hook"
    if p.has(r"\blabels?\b"):
        return "label"
    if p.has(r"\b(titles?|headings?|headlines?)\b"):
        return "hook"
    return None


def span(p: Phrase, run: Runner, default_length: float | None = DEFAULT_LENGTH,
         whole_timeline: bool = False) -> tuple[float, float]:
    """The time span a request names, in the order people say it.

    ``from 1s to 2.5s`` / ``3-6s``; ``the first 3 seconds``; ``the last 2
    seconds``; ``at 2s for 3 seconds``; ``for 3 seconds`` (from the
    playhead); ``at 2s`` (for ``default_length``); nothing at all: the whole
    timeline when ``whole_timeline``, else ``default_length`` from the playhead.
    """
    found = p.range()
    if found:
        return found
    head = p.head()
    if head is not None:
        return 0.0, head
    after = p.after(r"after|from")
    if after is not None and p.has(r"\b(?:after|to the end|till the end|until the end|onwards|on)\b"):
        return after, max(run.timeline_end(), after)
    before = p.after(r"before|up to")
    if before is not None:
        return 0.0, before
    tail = p.tail()
    if tail is not None:
        end = run.timeline_end()
        return max(0.0, end - tail), end
    start = p.after(r"at|from|starting at|start at|starting|beginning at")
    length = p.duration()
    if start is None and p.has(r"\b(here|at the playhead|now)\b"):
        start = run.playhead
    if start is not None and length is not None:
        return start, start + length
    if length is not None:
        return run.playhead, run.playhead + length
    if start is not None and default_length is not None:
        return start, start + default_length
    if whole_timeline:
        return 0.0, run.timeline_end()
    if default_length is not None:
        return run.playhead, run.playhead + default_length
    raise Failed("When? Give a time range, for example 'from 2s to 5s' or '0-3s'.")


def track_named(p: Phrase, run: Runner) -> str | None:
    """``on t-main``, ``on track t-logo``, ``to the main track``, ``on the overlay``."""
    tracks = run.tracks()
    for token in re.findall(r"\b(?:on|onto|to|into)\s+(?:the\s+)?(?:track\s+)?([\w\-]+)", p.text):
        for track_id in tracks:
            if track_id.lower() == token:
                return track_id
    kind = re.search(r"\b(main|overlay|text|effect|audio)\s+track\b", p.text)
    if kind:
        wanted = kind.group(1)
        for track_id, track_type in tracks.items():
            if track_type == wanted:
                return track_id
    return None
