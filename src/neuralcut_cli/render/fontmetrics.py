"""Glyph advances, line metrics and coverage read from a font file (TrueType, OpenType, a collection's first font).

What laying text out needs and ffmpeg's ``drawtext`` does not offer: the
width of a line before it is drawn (to place a background box with offsets
and rounded corners) and each glyph's advance (to add letter spacing). Read
from the ``head``, ``hhea``, ``hmtx`` and ``cmap`` (format 4 or 12) tables.
Kerning is not applied (drawtext applies none either).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path


@dataclass(frozen=True)
class FontMetrics:
    units_per_em: int
    ascender: int
    descender: int  # negative
    line_gap: int
    advances: tuple[int, ...]
    glyphs: dict[int, int]  # code point -> glyph index
    _units: dict[str, int] = field(default_factory=dict, compare=False, repr=False)  # char -> advance, as met

    def _unit(self, char: str) -> int:
        glyph = self.glyphs.get(ord(char), 0)
        return self.advances[min(glyph, len(self.advances) - 1)]

    def advance(self, char: str, size: float) -> float:
        """Pixels the pen moves after ``char`` at font size ``size``."""
        return self._unit(char) * size / self.units_per_em

    def width(self, text: str, size: float, spacing: float = 0.0) -> float:
        """A line's width: the advances, plus ``spacing`` between letters (each character's advance is looked
        up once per font: the timeline check measures every text of a long project)."""
        if not text:
            return 0.0
        units = self._units
        try:
            total = sum(map(units.__getitem__, text))
        except KeyError:
            units.update((c, self._unit(c)) for c in set(text) if c not in units)
            total = sum(map(units.__getitem__, text))
        return total * size / self.units_per_em + spacing * (len(text) - 1)

    def line_height(self, size: float) -> float:
        return (self.ascender - self.descender + self.line_gap) * size / self.units_per_em

    def ascent(self, size: float) -> float:
        return self.ascender * size / self.units_per_em


@lru_cache(maxsize=16)
def load(path: Path) -> FontMetrics:
    data = Path(path).read_bytes()
    tables = _tables(data)
    units = struct.unpack_from(">H", data, tables["head"] + 18)[0]
    ascender, descender, line_gap = struct.unpack_from(">hhh", data, tables["hhea"] + 4)
    count = struct.unpack_from(">H", data, tables["hhea"] + 34)[0]
    advances = tuple(struct.unpack_from(">H", data, tables["hmtx"] + 4 * i)[0] for i in range(count))
    return FontMetrics(units, ascender, descender, line_gap, advances, _cmap(data, tables["cmap"]))


def covers(path: Path, char: str) -> bool:
    """Whether the font at ``path`` has a glyph for ``char`` (a file it cannot read covers nothing)."""
    return ord(char) in _coverage(path)


@lru_cache(maxsize=64)
def _coverage(path: Path) -> frozenset[int]:
    try:
        return frozenset(code for code, glyph in load(path).glyphs.items() if glyph)
    except (OSError, struct.error, KeyError, ValueError):
        return frozenset()


def _tables(data: bytes) -> dict[str, int]:
    """Table offsets (from the start of the file) of a font, or of the first font of a collection (.ttc)."""
    base = struct.unpack_from(">I", data, 12)[0] if data[:4] == b"ttcf" else 0
    count = struct.unpack_from(">H", data, base + 4)[0]
    found = {}
    for i in range(count):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, base + 12 + 16 * i)
        found[tag.decode("latin-1")] = offset
    return found


def _cmap(data: bytes, table: int) -> dict[int, int]:
    count = struct.unpack_from(">H", data, table + 2)[0]
    subtables = [struct.unpack_from(">HHI", data, table + 4 + 8 * i) for i in range(count)]
    for platform, encoding, offset in sorted(subtables, key=lambda s: -struct.unpack_from(">H", data, table + s[2])[0]):
        kind = struct.unpack_from(">H", data, table + offset)[0]
        if kind == 12 and (platform, encoding) in ((3, 10), (0, 4)):
            return _format12(data, table + offset)
        if kind == 4 and (platform, encoding) in ((3, 1), (0, 3)):
            return _format4(data, table + offset)
    return {}


def _format4(data: bytes, at: int) -> dict[int, int]:
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    ranges_at = at + 16 + 6 * segments
    offsets = struct.unpack_from(f">{segments}H", data, ranges_at)
    glyphs: dict[int, int] = {}
    for n, (start, end, delta, offset) in enumerate(zip(starts, ends, deltas, offsets, strict=True)):
        for code in range(start, min(end, 0xFFFE) + 1):
            if offset == 0:
                glyphs[code] = (code + delta) & 0xFFFF
                continue
            where = ranges_at + 2 * n + offset + 2 * (code - start)
            glyph = struct.unpack_from(">H", data, where)[0]
            glyphs[code] = (glyph + delta) & 0xFFFF if glyph else 0
    return glyphs


def _format12(data: bytes, at: int) -> dict[int, int]:
    groups = struct.unpack_from(">I", data, at + 12)[0]
    glyphs: dict[int, int] = {}
    for i in range(groups):
        start, end, first = struct.unpack_from(">III", data, at + 16 + 12 * i)
        for code in range(start, min(end, start + 0x10000) + 1):
            glyphs[code] = first + code - start
    return glyphs
