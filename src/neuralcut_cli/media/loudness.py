"""Loudness as EBU R128 measures it, of any set of stretches of a file, from one decoding of it.

ffmpeg's ``ebur128`` filter logs, every 100 ms, the momentary loudness: the K-weighted 400 ms window ending
there, exactly the gating blocks of BS.1770, which overlap by 75 %. Those rows are kept per file
(``analysis_cache``), so the integrated loudness of any stretches (the pieces of a recording left after cuts)
costs no second decoding: the blocks whose window lies inside the stretches are gated (-70 LUFS absolute, then
10 LU below their mean) and averaged as energy. The rows are also written by the silence measurement
(``analysis.silences``), which reads the same decoded sound in the same pass, so levelling a talk just cut by
its silences decodes nothing again.

Peaks are not measured here: the render's limiter (``render.master``) holds the true peak of the whole mix, and
ffmpeg's true-peak meter (4x oversampling) would double the cost of the pass.

A mono file is measured as mono: the render's stereo mix carries it 3 dB down in each channel (ffmpeg's
upmix), which measures the same.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Iterable
from pathlib import Path

from neuralcut_cli.media.analysis_cache import cache_path, cached
from neuralcut_cli.media.assets import AssetFile
from neuralcut_cli.media.chunks import Chunk

BLOCK = 0.4  # seconds: a gating block
ABSOLUTE_GATE = -70.0
RELATIVE_GATE = 10.0
METER = "ebur128=framelog=verbose"  # the filter whose log ``rows`` reads (at ffmpeg's verbose level)
_ROW = re.compile(r"t:\s*([\d.]+)\s.*?M:\s*(-?[\d.]+|-?inf|nan)\s")  # (the meter's time, momentary LUFS)

Block = tuple[float, float]  # (seconds at the window's end, momentary LUFS)


def blocks_cache(file: AssetFile, project_path: Path) -> Path:
    return cache_path(project_path, "loudness", file, "blocks-2")  # -N: the measure's version


def blocks(file: AssetFile, project_path: Path) -> list[Block]:
    """The file's 100 ms rows (cached per asset and file fingerprint)."""
    found = cached(blocks_cache(file, project_path), file, lambda: _blocks(file))
    return [(float(t), float(m)) for t, m in found]


def of_stretches(file: AssetFile, project_path: Path, stretches: Iterable[tuple[float, float]]) -> float | None:
    """Integrated loudness (LUFS) of the file's sound over ``stretches`` (source seconds) together; None:
    silence."""
    return measure(blocks(file, project_path), stretches)


def measure(rows: list[Block], stretches: Iterable[tuple[float, float]]) -> float | None:
    """The integrated loudness of the rows (sorted by time) whose whole window lies inside one of ``stretches``:
    each stretch's rows found by bisection (a talk cut into 120 pieces has 6,000 rows in ten minutes)."""
    rows = sorted(rows)
    times = [t for t, _ in rows]
    inside: set[int] = set()
    for start, end in stretches:  # a window [t - BLOCK, t] inside [start, end], within a millisecond
        first = bisect.bisect_left(times, start + BLOCK - 1e-3 - 1e-9)
        last = bisect.bisect_right(times, end + 1e-3)
        inside.update(k for k in range(first, last) if start - 1e-3 <= times[k] - BLOCK)
    return integrated([rows[k][1] for k in sorted(inside)])


def integrated(momentary: list[float]) -> float | None:
    """BS.1770 gating over block loudness values: None when nothing is above the absolute gate."""
    loud = [m for m in momentary if math.isfinite(m) and m > ABSOLUTE_GATE]
    if not loud:
        return None
    relative = _mean(loud) - RELATIVE_GATE
    kept = [m for m in loud if m > relative]
    return round(_mean(kept), 2) if kept else None


def _mean(values: list[float]) -> float:
    energy = sum(10 ** ((m + 0.691) / 10) for m in values) / len(values)
    return -0.691 + 10 * math.log10(energy)


def _blocks(file: AssetFile) -> list[list[float]]:
    from neuralcut_cli.media.chunks import measured

    return chunk_rows(measured(file, METER, verbose=True))


def chunk_rows(chunks: Iterable[Chunk]) -> list[list[float]]:
    """The meter's rows of a pass shared out in stretches, each once: a stretch's pre-roll rows are the one
    before's (a full window there, not this stretch's first, partial one)."""
    return [
        [t, m]
        for chunk in chunks
        for t, m in rows(chunk.log, -chunk.origin)
        if t > chunk.start + 0.05 or not chunk.start
    ]


def rows(log: str, base: float = 0.0) -> list[list[float]]:
    """The meter's rows in an ffmpeg log: ``[seconds, momentary LUFS]`` (-120 and below: silence), each at the
    end of its window in file seconds (``base``: where what the meter read starts in the file; a pass that seeks
    may start a codec frame later, which the times it prints say)."""
    out: list[list[float]] = []
    for line in log.splitlines():
        match = _ROW.search(line)
        if match is not None:
            t, m = (float(v) if v != "nan" else -math.inf for v in match.groups())
            out.append([round(base + t, 4), max(m, -120.0) if math.isfinite(m) else -120.0])
    return out
