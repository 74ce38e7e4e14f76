"""Loudness as EBU R128 measures it, of any set of stretches of a file, from one decoding of it.

ffmpeg's ``ebur128`` filter logs, every 100 ms, the momentary loudness (the K-weighted 400 ms window ending
there: exactly the gating blocks of BS.1770, which overlap by 75 %) and the true peak of that 100 ms (4x
oversampled). Those rows are kept per file (``analysis_cache``), so the integrated loudness and true peak of any
stretches (the pieces of a recording left after cuts) cost no second decoding: the blocks whose window lies
inside the stretches are gated (-70 LUFS absolute, then 10 LU below their mean) and averaged as energy.

A mono file is measured as mono: the render's stereo mix carries it 3 dB down in each channel (ffmpeg's
upmix), which measures the same.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from neuralcut_cli.media.analysis_cache import cache_path, cached
from neuralcut_cli.media.assets import AssetFile
from neuralcut_cli.media.ffmpeg import run_ffmpeg, source_args

BLOCK = 0.4  # seconds: a gating block
ABSOLUTE_GATE = -70.0
RELATIVE_GATE = 10.0
_ROW = re.compile(r"t:\s*([\d.]+)\s.*?M:\s*(-?[\d.]+|-?inf|nan)\s.*?FTPK:\s*(-?[\d.]+|-?inf|nan)")

Block = tuple[float, float, float]  # (seconds at the window's end, momentary LUFS, true peak dBTP of its 100 ms)


@dataclass(frozen=True)
class Loudness:
    lufs: float | None  # integrated; None: silence
    true_peak: float | None  # dBTP; None: silence


def blocks(file: AssetFile, project_path: Path) -> list[Block]:
    """The file's 100 ms rows (cached per asset and file fingerprint)."""
    path = cache_path(project_path, "loudness", file, "blocks-1")  # -N: the measure's version
    return [(float(t), float(m), float(p)) for t, m, p in cached(path, file, lambda: _blocks(file))]


def of_stretches(file: AssetFile, project_path: Path, stretches: Iterable[tuple[float, float]]) -> Loudness:
    """Integrated loudness and true peak of the file's sound over ``stretches`` (source seconds) together."""
    return measure(blocks(file, project_path), stretches)


def measure(rows: list[Block], stretches: Iterable[tuple[float, float]]) -> Loudness:
    spans = sorted(stretches)
    inside = [row for row in rows if _within(row[0] - BLOCK, row[0], spans)]
    peaks = [row[2] for row in rows if _within(row[0] - 0.1, row[0], spans) and math.isfinite(row[2])]
    return Loudness(integrated([m for _, m, _ in inside]), max(peaks) if peaks else None)


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


def _within(start: float, end: float, spans: list[tuple[float, float]]) -> bool:
    return any(s - 1e-3 <= start and end <= e + 1e-3 for s, e in spans)


def _blocks(file: AssetFile) -> list[list[float]]:
    done = run_ffmpeg(
        [
            "-v",
            "verbose",
            *source_args(file.path),
            "-map",
            "0:a:0",
            "-af",
            "ebur128=peak=true:framelog=verbose",
            "-f",
            "null",
            "-",
        ]
    )
    rows = []
    for line in done.stderr.splitlines():
        match = _ROW.search(line)
        if match is not None:
            t, m, p = (float(v) if v != "nan" else -math.inf for v in match.groups())
            rows.append([round(t, 4), m if math.isfinite(m) else -120.0, p if math.isfinite(p) else -120.0])
    return rows
