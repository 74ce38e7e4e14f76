"""One ffmpeg measuring pass over a long file, shared out over the cores: the file's sound is cut into as many
stretches as there are cores (each at least ``SHORTEST`` seconds, on a 100 ms grid so the loudness meter's rows
of every stretch fall on the same grid), each measured by its own ffmpeg at the same time, each but the first
starting ``PRE_ROLL`` seconds early so its meter's first full window and any silence across the seam are seen
whole. Each pass decodes inside its filter graph (``ffmpeg.sound_args``). ``Chunk.log`` is that ffmpeg's log,
whose times are the stream's timestamps; ``Chunk.origin`` where the file's seconds begin among them (the
container's start: 0 for most files, not for an MPEG-TS from a camera), ``Chunk.start`` where the stretch itself
starts (file seconds) and ``Chunk.lead`` the pre-roll read before it."""

from __future__ import annotations

import contextvars
import math
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from neuralcut_cli.errors import MediaError
from neuralcut_cli.media.assets import AssetFile
from neuralcut_cli.media.ffmpeg import run_ffmpeg, sound_args

SHORTEST = 60.0  # seconds: a shorter stretch is not worth a second ffmpeg
PRE_ROLL = 0.4  # seconds: the loudness meter's window


@dataclass(frozen=True)
class Chunk:
    start: float
    end: float  # the last stretch: the file's length (math.inf when it cannot be told)
    lead: float
    log: str
    origin: float = 0.0  # the timestamp of the file's second 0

    def absolute(self, t: float) -> float:
        """A time of this chunk's log in the file's seconds."""
        return t - self.origin


def measured(file: AssetFile, chain: str, verbose: bool) -> list[Chunk]:
    """The logs of ``chain`` (an ``-af`` filter chain) run over the file's first sound stream, in stretches side
    by side on the cores when the file is long enough (one pass when its length cannot be told)."""
    length, origin = _extent(file)
    cores = os.cpu_count() or 1
    count = 1 if length is None else max(1, min(cores, int(length // SHORTEST)))
    step = math.floor((length or 0) / count * 10) / 10 if count > 1 else 0.0
    spans = [(k * step, (k + 1) * step if k < count - 1 else math.inf) for k in range(count)]

    def run(span: tuple[float, float]) -> Chunk:
        start, end = span
        lead = min(PRE_ROLL, start)
        until = end if math.isfinite(end) else None
        said = ["-v", "verbose"] if verbose else []
        log = run_ffmpeg([*said, *sound_args(file.path, chain, origin, start - lead, until), "-f", "null", "-"])
        return Chunk(start, end if math.isfinite(end) or length is None else length, lead, log.stderr, origin)

    if count == 1:
        return [run(spans[0])]
    with ThreadPoolExecutor(count) as pool:  # each run in this context: a cancelled request stops them all
        return list(pool.map(lambda span: contextvars.copy_context().run(run, span), spans))


def _extent(file: AssetFile) -> tuple[float | None, float]:
    """The file's seconds (None when they cannot be told: one pass) and the timestamp its second 0 has. The
    length is the project's record when there is one (a stale one only shares the pass out less evenly: the last
    stretch runs to the file's end)."""
    from neuralcut_cli.media.probe import probe

    try:
        info = probe(file.path)
    except MediaError:
        return None, 0.0
    known = float(file.asset.duration) if file.asset.duration else info.duration
    return known, info.start
