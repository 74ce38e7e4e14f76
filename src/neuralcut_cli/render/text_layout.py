"""Text laid out as the renderer draws it: wrapped to the canvas at word boundaries.

OpenCut positions a text block without a box width, so a long text ran off both edges of the frame. NeuralCut
wraps every text to ``WRAP_SHARE`` of the canvas width (less the background box's paddings): at spaces, and
inside a word only when the word alone is wider than that (long URLs, Chinese and Japanese, which have no
spaces). A line break the text holds is kept. Widths come from the font files the renderer draws with
(``fontmetrics``), so the check of the timeline (``neuralcut check``) and the render agree on where a line ends.
"""

from __future__ import annotations

from collections.abc import Callable

WRAP_SHARE = 0.9  # of the canvas width a line may take


def wrap(text: str, fits: Callable[[str], bool]) -> list[str]:
    """``text``'s lines, each as long as ``fits`` allows."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines += _wrapped(paragraph, fits)
    return lines


def _wrapped(paragraph: str, fits: Callable[[str], bool]) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in paragraph.split(" "):
        candidate = f"{line} {word}" if line else word
        if fits(candidate) or not candidate.strip():
            line = candidate
            continue
        if line:
            lines.append(line)
        line = word
        while len(line) > 1 and not fits(line):  # a word wider than a line: broken where it must be
            cut = _longest_prefix(line, fits)
            lines.append(line[:cut])
            line = line[cut:]
    lines.append(line)
    return lines


def _longest_prefix(word: str, fits: Callable[[str], bool]) -> int:
    """How many characters of ``word`` fit on a line (at least one), by bisection."""
    low, high = 1, len(word)
    while low < high:
        middle = (low + high + 1) // 2
        if fits(word[:middle]):
            low = middle
        else:
            high = middle - 1
    return low
