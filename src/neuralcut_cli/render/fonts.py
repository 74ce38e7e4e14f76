"""A font for every character: the shipped DejaVu first, then the fonts installed here.

DejaVu Sans covers Latin, Greek, Cyrillic, Arabic, Hebrew and many symbols,
not Chinese, Japanese or Korean. A line of text is drawn with one font when
one covers all of it (so ffmpeg's ``drawtext`` shapes it whole: Arabic
letters join, right-to-left runs are ordered), else it is cut into runs,
each with the first font that covers it. Fonts are found through fontconfig
(``fc-list :charset=...``, so ``FONTCONFIG_FILE`` applies) or, without it,
by reading the fonts in the usual folders; ``NEURALCUT_FONT_DIRS``
(``:``-separated) names the folders to read instead. Every answer is checked
against the font's own character map. Characters no font covers are
reported before the render (``uncovered``), never drawn as silent boxes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from neuralcut_cli.media.ffmpeg import fonts_dir
from neuralcut_cli.project.elements import TextElement
from neuralcut_cli.project.model import Project
from neuralcut_cli.render.fontmetrics import covers

FONT_SUFFIXES = (".ttf", ".otf", ".ttc")
BOLD = ("bold", "bolder", "600", "700", "800", "900")
SYSTEM_DIRS = (
    "/usr/share/fonts",
    "/usr/local/share/fonts",
    "~/.local/share/fonts",
    "~/.fonts",
    "/Library/Fonts",
    "/System/Library/Fonts",
    "C:/Windows/Fonts",
)


def is_bold(weight: object) -> bool:
    return str(weight).lower() in BOLD


@cache
def shipped(bold: bool) -> Path:
    return fonts_dir() / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")


def needs_no_glyph(char: str) -> bool:
    """Spaces, joiners and marks of direction draw nothing of their own."""
    return char.isspace() or unicodedata.category(char) in ("Cf", "Cc", "Zs")


def runs(line: str, bold: bool) -> list[tuple[str, Path | None]]:
    """``line`` as ``(text, font)`` runs; ``None`` where no font covers a character."""
    primary = shipped(bold)
    if line.isascii() and line.isprintable():  # DejaVu draws every printable ASCII character
        return [(line, primary)] if line else []
    if all(needs_no_glyph(c) or covers(primary, c) for c in line):
        return [(line, primary)] if line else []
    whole = fallback("".join(sorted({c for c in line if not needs_no_glyph(c)})), bold)
    if whole is not None:
        return [(line, whole)]
    pieces: list[tuple[str, Path | None]] = []
    for char in line:
        font = primary if needs_no_glyph(char) or covers(primary, char) else fallback(char, bold)
        if pieces and (pieces[-1][1] == font or needs_no_glyph(char)):
            pieces[-1] = (pieces[-1][0] + char, pieces[-1][1])
        else:
            pieces.append((char, font))
    return pieces


def uncovered(text: str, bold: bool = False) -> list[str]:
    """The characters of ``text`` that no font here can draw, in order, once each."""
    missing: dict[str, None] = {}
    for line in text.split("\n"):
        for piece, font in runs(line, bold):
            if font is None:
                missing.update(dict.fromkeys(c for c in piece if not needs_no_glyph(c)))
    return list(missing)


def missing_glyphs(project: Project, begin: int | None = None, end: int | None = None) -> list[str]:
    """The characters of the texts shown between ``begin`` and ``end`` (ticks) that no font here can draw."""
    missing: dict[str, None] = {}
    for track, element in project.scene.elements():
        if not isinstance(element, TextElement) or element.hidden or getattr(track, "hidden", False):
            continue
        if (begin is not None and element.end_time <= begin) or (end is not None and element.start_time >= end):
            continue
        missing.update(dict.fromkeys(uncovered(element.content, is_bold(element.font_weight))))
    return list(missing)


def glyph_warning(chars: list[str]) -> str:
    """What to tell a person before rendering text some of whose characters no font here has."""
    return (
        f"no installed font has {describe(chars)}: they will be drawn as empty boxes. Install a font that covers "
        "them (for Chinese, Japanese and Korean: Noto Sans CJK, e.g. the fonts-noto-cjk package) or point "
        "NEURALCUT_FONT_DIRS at a folder holding one."
    )


def describe(chars: list[str], limit: int = 12) -> str:
    """``'東' (U+6771), '京' (U+4EAC)``."""
    shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in chars[:limit])
    return shown + (f" and {len(chars) - limit} more" if len(chars) > limit else "")


@lru_cache(maxsize=512)
def fallback(chars: str, bold: bool) -> Path | None:
    """An installed font that covers every character of ``chars`` (bold preferred when asked), else None.

    Asked per character and remembered, so a long text (wrapped line by line, each candidate line a new set
    of characters) asks fontconfig once per distinct character, not once per line tried."""
    common: set[Path] | None = None
    for char in sorted(set(chars)):
        fonts = set(_covering(char))
        common = fonts if common is None else common & fonts
        if not common:
            return None
    return sorted(common, key=lambda font: _style_rank(font, bold))[0] if common else None


@lru_cache(maxsize=8192)
def _covering(char: str) -> tuple[Path, ...]:
    """Every installed font whose character map has ``char``."""
    candidates = _fontconfig(char) if shutil.which("fc-list") and "NEURALCUT_FONT_DIRS" not in os.environ else []
    candidates += [font for font in _installed() if font not in candidates]
    return tuple(font for font in candidates if covers(font, char))


def _style_rank(font: Path, bold: bool) -> tuple[int, str]:
    name = font.name.lower()
    slanted = any(word in name for word in ("italic", "oblique"))
    heavy = any(word in name for word in ("bold", "black", "heavy"))
    return (int(slanted) * 2 + int(heavy != bold), name)


def _fontconfig(chars: str) -> list[Path]:
    pattern = ":charset=" + " ".join(f"{ord(c):x}" for c in chars)
    try:
        done = subprocess.run(
            ["fc-list", "--format", "%{file}\\n", pattern], capture_output=True, text=True, timeout=20, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return []
    return sorted({Path(line) for line in done.stdout.splitlines() if line.lower().endswith(FONT_SUFFIXES)})


@lru_cache(maxsize=4)
def _installed_in(folders: tuple[str, ...]) -> tuple[Path, ...]:
    found: list[Path] = []
    for folder in folders:
        root = Path(folder).expanduser()
        if root.is_dir():
            found += sorted(p for p in root.rglob("*") if p.suffix.lower() in FONT_SUFFIXES and p.is_file())
    return tuple(found)


def _installed() -> list[Path]:
    named = os.environ.get("NEURALCUT_FONT_DIRS")
    folders = tuple(named.split(os.pathsep)) if named is not None else SYSTEM_DIRS
    return list(_installed_in(folders))
