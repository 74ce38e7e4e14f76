"""One ffmpeg measuring pass over a long file, shared out over the cores: the file's sound is cut into as many
stretches as there are cores (each at least ``SHORTEST`` seconds, on a 100 ms grid so the loudness meter's rows
of every stretch fall on the same grid), each measured by its own ffmpeg at the same time, each but the first
starting ``PRE_ROLL`` seconds early so its meter's first full window and any silence across the seam are seen
whole. ``Chunk.log`` is that ffmpeg's log; ``Chunk.start`` where the stretch itself starts (file seconds) and
``Chunk.lead`` the pre-roll before it (the log's times count from ``start - lead``)."""

from __future__ import annotations

import contextvars
import math
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from neuralcut_cli.media.assets import AssetFile
from neuralcut_cli.media.ffmpeg import run_ffmpeg, source_args

SHORTEST = 60.0  # seconds: a shorter stretch is not worth a second ffmpeg
PRE_ROLL = 0.4  # seconds: the loudness meter's window


@dataclass(frozen=True)
class Chunk:
    start: float
    end: float  # math.inf: to the file's end
    lead: float
    log: str

    def absolute(self, t: float) -> float:
        """A time of this chunk's log in the file's seconds."""
        return self.start - self.lead + t


def measured(file: AssetFile, length: float | None, chain: str, verbose: bool) -> list[Chunk]:
    """The logs of ``chain`` (an ``-af`` filter chain) run over the file's first sound stream, in stretches side
    by side on the cores when the file is long enough (``length``: its seconds, None when unknown: one pass)."""
    cores = os.cpu_count() or 1
    count = 1 if length is None else max(1, min(cores, int(length // SHORTEST)))
    step = math.floor((length or 0) / count * 10) / 10 if count > 1 else 0.0
    spans = [(k * step, (k + 1) * step if k < count - 1 else math.inf) for k in range(count)]

    def run(span: tuple[float, float]) -> Chunk:
        start, end = span
        lead = min(PRE_ROLL, start)
        seek = ["-ss", f"{start - lead:.3f}"] if start else []
        until = ["-t", f"{end - start + lead:.3f}"] if math.isfinite(end) else []
        log = run_ffmpeg(
            [*(["-v", "verbose"] if verbose else []), *seek, *until, *source_args(file.path), "-vn", "-map", "0:a:0"]
            + ["-af", chain, "-f", "null", "-"]
        ).stderr
        return Chunk(start, end, lead, log)

    if count == 1:
        return [run(spans[0])]
    with ThreadPoolExecutor(count) as pool:  # each run in this context: a cancelled request stops them all
        return list(pool.map(lambda span: contextvars.copy_context().run(run, span), spans))
