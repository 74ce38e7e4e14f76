"""What a media file contains, measured by the bundled ffmpeg: silent stretches (``silencedetect``), integrated
loudness (``ebur128``) and shot changes (the ``scene`` score). Times are source seconds. Each measurement is
cached per asset and file fingerprint (``analysis_cache``); the silences and the scene scores of a whole file are
kept, so another threshold, minimum or part of the file costs no decoding."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path

from neuralcut_cli.errors import MediaError
from neuralcut_cli.media.analysis_cache import cache_path, cached
from neuralcut_cli.media.assets import AssetFile
from neuralcut_cli.media.ffmpeg import run_ffmpeg, source_args

DETECT_SILENCE = 0.05  # seconds: the shortest silence ffmpeg reports; longer minimums filter its list
SCENE_FLOOR = 0.05  # scene scores kept for the cache: any threshold asked is above this
_START = re.compile(r"silence_start: (-?[\d.]+)")
_END = re.compile(r"silence_end: (-?[\d.]+)")
_DURATION = re.compile(r"Duration: (\d+):(\d+):([\d.]+)")


def silences(file: AssetFile, project_path: Path, threshold_db: float, min_silence: float) -> list[tuple[float, float]]:
    """Every stretch quieter than ``threshold_db`` for at least ``min_silence`` seconds, in source seconds. The
    same pass meters the file's loudness (``media.loudness``) when that is not known yet: a talk cut by its
    silences and then levelled is decoded once."""
    path = cache_path(project_path, "silences", file, f"{threshold_db:g}dB")
    found = cached(path, file, lambda: _silences(file, threshold_db, project_path))
    return [(start, end) for start, end in found if end - start >= min_silence - 1e-9]


def _silences(file: AssetFile, threshold_db: float, project_path: Path) -> list[list[float]]:
    from neuralcut_cli.media import loudness
    from neuralcut_cli.media.chunks import measured

    meter = not loudness.blocks_cache(file, project_path).exists()
    chain = f"silencedetect=noise={threshold_db:g}dB:d={DETECT_SILENCE}" + (f",{loudness.METER}" if meter else "")
    chunks = measured(file, chain, verbose=meter)
    if meter:
        metered = loudness.chunk_rows(chunks)
        cached(loudness.blocks_cache(file, project_path), file, lambda: metered)
    found: list[list[float]] = []
    for chunk in chunks:  # each stretch's own silences: its pre-roll is the one before's (from where it starts)
        found += [[max(a, chunk.start), b] for a, b in _quiet(chunk.log, chunk.absolute, chunk.end) if b > chunk.start]
    return _joined(found)


def _quiet(log: str, absolute: Callable[[float], float], end: float) -> list[list[float]]:
    """The silent stretches of one pass's log in file seconds (one still open at its end runs to it)."""
    found: list[list[float]] = []
    start: float | None = None
    for line in log.splitlines():
        if (match := _START.search(line)) is not None:
            start = max(0.0, absolute(float(match.group(1))))
        elif (match := _END.search(line)) is not None and start is not None:
            found.append([round(start, 4), round(absolute(float(match.group(1))), 4)])
            start = None
    if start is not None:  # silent to the end of the stretch (or of the file)
        found.append([round(start, 4), round(end if math.isfinite(end) else _duration(log), 4)])
    return found


def _joined(spans: list[list[float]]) -> list[list[float]]:
    """Stretches measured side by side made one list: those that meet or overlap at a seam joined."""
    out: list[list[float]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1] + 1e-3:
            out[-1][1] = max(out[-1][1], end)
        else:
            out.append([start, end])
    return out


def _duration(stderr: str) -> float:
    match = _DURATION.search(stderr)
    if match is None:
        raise MediaError("ffmpeg did not report the file's length")
    hours, minutes, secs = match.groups()
    return int(hours) * 3600 + int(minutes) * 60 + float(secs)


def loudness(file: AssetFile, project_path: Path, start: float, end: float) -> float | None:
    """Integrated loudness (LUFS, EBU R128) of source ``[start, end)``; None when it is silence."""
    path = cache_path(project_path, "loudness", file, f"{start:.3f}-{end:.3f}")
    value = cached(path, file, lambda: _loudness(file, start, end))
    return None if value is None else float(value)


def _loudness(file: AssetFile, start: float, end: float) -> float | None:
    done = run_ffmpeg(
        [
            "-ss",
            f"{start:.6f}",
            "-t",
            f"{max(0.0, end - start):.6f}",
            *source_args(file.path),
            "-map",
            "0:a:0",
            "-af",
            "ebur128=framelog=quiet",
            "-f",
            "null",
            "-",
        ]
    )
    summary = done.stderr[done.stderr.rfind("Summary:") :]
    match = re.search(r"I:\s+(-?[\d.]+|-inf)\s+LUFS", summary)
    if match is None:
        raise MediaError("ffmpeg did not report the loudness")
    value = float(match.group(1))
    return None if math.isinf(value) or value <= -70 else value


def scene_changes(file: AssetFile, project_path: Path, threshold: float) -> list[float]:
    """Source times where a new shot starts (the frame's scene score above ``threshold``)."""
    path = cache_path(project_path, "scenes", file, "scores")
    scores = cached(path, file, lambda: _scene_scores(file))
    return [time for time, score in scores if score > threshold]


def _scene_scores(file: AssetFile) -> list[list[float]]:
    done = run_ffmpeg(
        [
            *source_args(file.path),
            "-map",
            "0:v:0",
            "-an",
            "-vf",
            f"select='gt(scene,{SCENE_FLOOR})',metadata=print:key=lavfi.scene_score",
            "-f",
            "null",
            "-",
        ]
    )
    found, time = [], None
    for line in done.stderr.splitlines():
        if (match := re.search(r"pts_time:(-?[\d.]+)", line)) is not None:
            time = float(match.group(1))
        elif (match := re.search(r"lavfi\.scene_score=([\d.]+)", line)) is not None and time is not None:
            found.append([round(time, 4), round(float(match.group(1)), 4)])
    return found
