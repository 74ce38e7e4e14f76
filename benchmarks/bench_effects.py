"""Each effect of the catalogue on 3 s of 1080p test footage, as a ratio to the same frames passed through untouched.

    python benchmarks/bench_effects.py [effect ...]

The effect's filters (or small graph) as the renderer builds them, on ``testsrc2`` at 1920x1080, 30 fps, to
ffmpeg's null muxer; the baseline is a ``format=gbrp`` pass (the colour conversion every effect makes),
measured in the same run. The ratio includes each effect's one-off set-up (colour tables and maps worked out
by ``geq`` on one frame), which a longer render spreads thinner.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
import time

from neuralcut_cli.catalogs.effects import EFFECTS
from neuralcut_cli.media.ffmpeg import ffmpeg_exe
from neuralcut_cli.render.effects import effect_steps
from neuralcut_cli.render.filtergraph import chain, f, graph_text

SOURCE = "testsrc2=s=1920x1080:r=30:d=3"


def seconds_for(effect: str | None) -> float:
    counter = itertools.count()
    if effect is None:
        chains, out = [chain("0:v", f("format", pix_fmts="gbrp"), out="e")], "e"
    else:
        steps = effect_steps(effect, {}, (1920, 1080))
        assert steps is not None
        if steps.graph is not None:
            chains, out = steps.graph("0:v", lambda prefix: f"{prefix}{next(counter)}", None)
        else:
            chains, out = [chain("0:v", *steps.filters, out="e")], "e"
    started = time.perf_counter()
    subprocess.run(
        [
            ffmpeg_exe(),
            "-hide_banner",
            "-loglevel",
            "error",
            "-f",
            "lavfi",
            "-i",
            SOURCE,
            "-filter_complex",
            graph_text(chains),
            "-map",
            f"[{out}]",
            "-f",
            "null",
            "-",
        ],
        check=True,
    )
    return time.perf_counter() - started


def main(names: list[str]) -> int:
    base = seconds_for(None)
    print(f"pass-through: {base:.2f} s for 90 frames")
    for effect in names or [e.id for e in EFFECTS]:
        spent = seconds_for(effect)
        print(f"{effect:22s} {spent:6.2f} s  {spent / base:5.1f}x  ({90 / spent:5.1f} fps)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
