"""Where the face is in a clip, over time: the clip's pictures sampled ``RATE`` times a second (small, decoded
once by ffmpeg, skipping the pictures no other picture refers to), the largest face in each found
(``media.faces``), and the shot changes between samples told by how much the picture's colours change. Cached
per file and stretch (``analysis_cache``), so asking again decodes nothing.

A sample is ``[seconds, x, y, width]`` of the largest face as fractions of the picture (or ``[seconds]`` with no
face); shots are the sample times where a new one begins.
"""

from __future__ import annotations

import contextvars
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from neuralcut_cli.errors import MediaError
from neuralcut_cli.media.analysis_cache import cache_path, cached
from neuralcut_cli.media.assets import AssetFile
from neuralcut_cli.media.faces import faces
from neuralcut_cli.media.ffmpeg import run_ffmpeg_bytes, source_args

RATE = 4  # samples a second
WIDTH = 384  # pixels across a sample
CUT = 0.35  # colour change (0-1, half the histograms' difference) that starts a new shot


def track(file: AssetFile, project_path: Path, start: float, end: float) -> dict[str, Any]:
    """``{"samples": [...], "shots": [...]}`` of source seconds ``start``-``end``."""
    path = cache_path(project_path, "faces", file, f"{start:.3f}-{end:.3f}-{RATE}")
    return dict(cached(path, file, lambda: _tracked(file, start, end)))


def _tracked(file: AssetFile, start: float, end: float) -> dict[str, Any]:
    import numpy as np

    pictures, size = _pictures(file, start, end)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        found = list(pool.map(lambda p: contextvars.copy_context().run(faces, p), pictures))
    samples: list[list[float]] = []
    for index, (picture, seen) in enumerate(zip(pictures, found, strict=True)):
        at = round(start + index / RATE, 3)
        if seen:
            face = seen[0]
            x, y = face.centre
            samples.append(
                [at, round(x / size[0], 4), round(y / size[1], 4), round((face.right - face.left) / size[0], 4)]
            )
        else:
            samples.append([at])
        del picture
    hist = [_histogram(p, np) for p in pictures]
    shots = [
        round(start + k / RATE, 3) for k in range(1, len(hist)) if float(np.abs(hist[k] - hist[k - 1]).sum()) / 2 > CUT
    ]
    return {"samples": samples, "shots": shots}


def _pictures(file: AssetFile, start: float, end: float) -> tuple[list[Any], tuple[int, int]]:
    import numpy as np

    raw = run_ffmpeg_bytes(
        ["-skip_frame", "noref", "-ss", f"{start:.3f}", "-t", f"{max(0.05, end - start):.3f}", *source_args(file.path)]
        + ["-an", "-vf", f"fps={RATE},scale={WIDTH}:-2", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
    )
    height = _height(file)
    frame = WIDTH * height * 3
    if not raw or frame == 0:
        raise MediaError(f"{file.asset.label}: no pictures to look at between {start:g} s and {end:g} s")
    count = len(raw) // frame
    data = np.frombuffer(raw[: count * frame], np.uint8).reshape(count, height, WIDTH, 3)
    return list(data), (WIDTH, height)


def _height(file: AssetFile) -> int:
    from neuralcut_cli.media.probe import probe

    info = probe(file.path)
    if not info.width or not info.height:
        raise MediaError(f"{file.asset.label}: no picture")
    return max(2, round(WIDTH * info.height / info.width / 2) * 2)


def _histogram(picture: Any, np: Any) -> Any:
    """A coarse colour histogram (4 levels a channel), normalised."""
    levels = (picture[::4, ::4] // 64).reshape(-1, 3)
    codes = levels[:, 0] * 16 + levels[:, 1] * 4 + levels[:, 2]
    counts = np.bincount(codes, minlength=64).astype(np.float64)
    return counts / max(1.0, counts.sum())
