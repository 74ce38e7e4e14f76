"""Sound from a media file, sample for sample the same whichever window of the timeline asks for it; and audio
speed for retimed clips (``atempo`` keeps the pitch, resampling does not).

ffmpeg's input seeking is not sample-exact for sound: after a seek in an audio-only file (AAC in .m4a, MP3) the
first packet is lost, and a source at 44.1 kHz resampled from another start comes out in another phase. So a
sound is read from an *anchor* on a 1/25 s grid (a whole number of samples at 8 kHz to 96 kHz, 44.1 kHz
included, and at the output's 48 kHz), decoded from ``PREROLL`` before it (what the codec needs to get the
anchor exactly), trimmed to the anchor by its timestamps, resampled from there, then trimmed to the first
sample the window needs by count. Every window thus resamples the same samples in the same phase, and
segments joined end to end are the sound of one long render (``tests/render/test_render_scale.py``).
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

from neuralcut_cli.media.ffmpeg import source_args
from neuralcut_cli.render.filtergraph import Filter, f, seconds

AUDIO_RATE = 48_000
GRID = 25  # anchors every 1/25 s
PREROLL = Fraction(12, 25)  # seconds decoded before the anchor (0.48 s: AAC, MP3 and Opus need far less)
WARMUP = Fraction(3, 25)  # seconds resampled before the first sample kept
TAIL = 0.1  # seconds read past the last sample kept, so the resampler ends as a long render would


def sound_input(path: Path, position: float, length: float) -> tuple[list[str], list[Filter]]:
    """The ``-i`` arguments and the first filters that give the file's sound from ``position`` (seconds of the
    file) at ``AUDIO_RATE`` in stereo, ``length`` seconds of it (and a little more: trim the end after)."""
    anchor = Fraction(max(0, math.floor((Fraction(position) - WARMUP) * GRID)), GRID)
    seek = anchor - PREROLL
    if seek > 0:
        spec = ["-vn", "-ss", seconds(float(seek)), "-t", seconds(position - float(seek) + length + TAIL)]
        lead = PREROLL
    else:
        spec, lead = ["-vn", "-t", seconds(position + length + TAIL)], anchor
    filters = [
        f("atrim", start=seconds(float(lead))),
        f("asetpts", expr="PTS-STARTPTS"),
        f("aresample", osr=AUDIO_RATE),  # named: an inserted one resamples differently after a seek
        f("aformat", sample_fmts="fltp", sample_rates=AUDIO_RATE, channel_layouts="stereo"),
        f("atrim", start_sample=round((Fraction(position) - anchor) * AUDIO_RATE)),
        f("asetpts", expr="PTS-STARTPTS"),
    ]
    return [*spec, *source_args(path)], filters


def speed_filters(rate: float, keep_pitch: bool) -> list[Filter]:
    """Filters that play audio ``rate`` times as fast (none at 1x).

    ``atempo`` takes factors from 0.5 to 2 at its best quality, so other
    rates are a product of such steps (4x = 2 x 2; 0.25x = 0.5 x 0.5).
    Without pitch kept, the samples are relabelled at ``48000 x rate`` and
    resampled: faster and higher, like tape.
    """
    if rate == 1:
        return []
    if not keep_pitch:
        return [f("asetrate", r=round(48000 * rate)), f("aresample", osr=48000)]
    steps: list[Filter] = []
    left = rate
    while left > 2:
        steps.append(f("atempo", tempo=2))
        left /= 2
    while left < 0.5:
        steps.append(f("atempo", tempo=0.5))
        left /= 0.5
    steps.append(f("atempo", tempo=seconds(left)))
    return steps
