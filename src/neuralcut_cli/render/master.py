"""The mix on its way out: the program's true-peak limiter (``settings.master``), applied once to the whole
joined sound by the encoder (``join.SoundEncoder``), so it runs continuously across segment boundaries.

True peak is the peak between samples as well as on them (BS.1770: measured 4x oversampled). The limiter runs
on the sound resampled to 192 kHz, where inter-sample peaks are samples, with a look-ahead that is compensated
(no delay against the picture), and aims ``MARGIN`` dB under the ceiling: AAC encoding moves peaks a little.
"""

from __future__ import annotations

from neuralcut_cli.project.model import Project

OVERSAMPLED = 192_000
MARGIN = 1.5  # dB under the ceiling the limiter aims for: AAC at 160 kb/s moved a limited talk's peaks up by 0.8 dB


def master_filters(project: Project) -> str | None:
    """The ``-af`` chain of the mix (None: it goes out as it is)."""
    master = project.settings.master
    if master is None or master.true_peak_db is None:
        return None
    limit = 10 ** ((float(master.true_peak_db) - MARGIN) / 20)
    return (
        f"aresample={OVERSAMPLED},"
        f"alimiter=limit={limit:.6f}:attack=10:release=100:level=false:latency=true,"
        "aresample=48000"
    )
