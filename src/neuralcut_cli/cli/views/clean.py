"""Text from a project or a model never drives the terminal.

A title, a name or a reply may hold escape sequences (``ESC ] 52`` writes
the clipboard, ``ESC [ 2 J`` clears the screen) or rich markup
(``[link=...]``). Every console NeuralCut prints to carries ``CleanHook``:
each character that would control the terminal is shown as U+FFFD in the
text rich renders, while rich's own styling (kept apart from the text, in
segment styles and control segments) is untouched. Markup is kept out by
building views from ``Text`` objects and escaping strings (see ``plain``).
"""

from __future__ import annotations

import re

from rich.console import (
    Console,
    ConsoleOptions,
    ConsoleRenderable,
    RenderableType,
    RenderHook,
    RenderResult,
)
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text

from neuralcut_cli.secrets import redact

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def clean(text: str) -> str:
    """``text`` with every terminal control character shown as U+FFFD (tab and newline kept)."""
    return _CONTROL.sub("\ufffd", text)


def plain(text: str, style: str = "") -> Text:
    """Untrusted text as a ``Text`` (never parsed as markup), controls made visible."""
    return Text(clean(text), style=style)


class _Cleaned:
    def __init__(self, inner: RenderableType) -> None:
        self.inner = inner

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for segment in console.render(self.inner, options):
            if segment.control is not None:
                yield segment
                continue
            text = redact(segment.text)  # a key a server echoed never reaches the screen
            if _CONTROL.search(text):
                text = clean(text)
            yield segment if text == segment.text else Segment(text, segment.style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.inner)


class CleanHook(RenderHook):
    def process_renderables(self, renderables: list[ConsoleRenderable]) -> list[ConsoleRenderable]:
        return [_Cleaned(item) for item in renderables]


def guard(console: Console) -> Console:
    """``console`` with the hook installed (once)."""
    if not any(isinstance(hook, CleanHook) for hook in getattr(console, "_render_hooks", [])):
        console.push_render_hook(CleanHook())
    return console


__all__ = ["clean", "plain", "guard", "CleanHook"]
