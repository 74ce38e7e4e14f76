"""Pictures of the edit: one frame, and a contact sheet of frames with their timecodes.

A frame is rendered by the same filter graph as the video (``build_plan``
over the one frame's window), so ``neuralcut frame --at 5s`` shows what
``render`` puts at 5 s, before H.264 compression. The storyboard samples one
frame per shot (the middle of each element of the main track) or one every
N seconds, and tiles them in rows (``contact_sheet``): each under a band with its shot number, timecode,
length and name.
"""

from __future__ import annotations

import contextvars
import math
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from functools import partial
from pathlib import Path

from neuralcut_cli.errors import Cancelled, MediaError, UsageError
from neuralcut_cli.media.ffmpeg import cancellable, current_cancel, file_arg, run_ffmpeg
from neuralcut_cli.media.outputs import check_output_target, own_files
from neuralcut_cli.project.model import Project
from neuralcut_cli.render.contact_sheet import Tile, write_sheet
from neuralcut_cli.render.graph import build_plan
from neuralcut_cli.time import format_timecode, seconds_to_ticks, ticks_to_seconds

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")
Progress = Callable[[int, int], None]
MAX_TILES = 100


def frame_ticks(project: Project) -> int:
    fps = project.settings.fps
    return max(1, seconds_to_ticks(fps.denominator / fps.numerator))


def write_frame(
    project: Project, project_path: Path, at: int, output: Path, overwrite: bool = False, width: int | None = None
) -> Path:
    """The frame at ``at`` (ticks) as a picture; ``width`` scales it (height follows)."""
    output = _target(project, project_path, output, overwrite)
    end = project.scene.end_time
    if not 0 <= at < end:
        raise UsageError(f"{format_timecode(at)} is outside the timeline (00:00.00 to {format_timecode(end)})")
    workdir = Path(tempfile.mkdtemp(prefix="neuralcut-frame-"))
    try:
        _render_still(project, project_path, workdir, at, workdir / "frame.png", width)
        _encode(workdir / "frame.png", output)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return output


def shots(project: Project, every: float | None = None, start: int | None = None, end: int | None = None) -> list[Tile]:
    """Where the storyboard samples: the middle of each main-track shot, or every ``every`` seconds, between
    ``start`` and ``end`` (ticks; None: the timeline's ends)."""
    first, last = start or 0, project.scene.end_time if end is None else min(end, project.scene.end_time)
    if last <= first:
        raise UsageError(f"Nothing between {format_timecode(first)} and {format_timecode(last)} to show")
    if every is not None:
        if every <= 0:
            raise UsageError("every: a frame every N seconds needs a positive N")
        count = math.ceil(ticks_to_seconds(last - first) / every)
        if count > MAX_TILES:
            raise UsageError(f"a frame every {every:g} s would make {count} tiles; the most is {MAX_TILES}")
        times = [first + seconds_to_ticks(i * every) for i in range(count)]
        return [Tile(t, format_timecode(t)) for t in times]
    elements = [e for e in project.scene.tracks.main.sorted_elements() if e.end_time > first and e.start_time < last]
    if not elements:
        raise UsageError("No shot of the main track there: nothing to show (try --every 2 for the other tracks)")
    tiles = []
    for number, element in enumerate(elements[:MAX_TILES], start=1):  # the middle of each shot inside the range
        a, b = max(element.start_time, first), min(element.end_time, last)
        middle = a + (b - a) // 2
        length = ticks_to_seconds(element.duration)
        asset = project.asset(getattr(element, "media_id", "") or "")
        name = element.name or (asset.name if asset is not None else "")
        tiles.append(Tile(middle, f"#{number}  {format_timecode(middle)}  {length:.1f} s", name))
    return tiles


def write_storyboard(
    project: Project,
    project_path: Path,
    tiles: list[Tile],
    output: Path,
    columns: int = 4,
    tile_width: int = 480,
    overwrite: bool = False,
    progress: Progress | None = None,
) -> tuple[Path, int, int]:
    """The contact sheet; ``(path, columns, rows)``. The tiles render side by side, one per core (each an
    ffmpeg that seeks its frame), and ``progress(done, total)`` hears of each; Ctrl-C (or a cancelled request)
    stops every one of them."""
    output = _target(project, project_path, output, overwrite)
    columns = max(1, min(columns, len(tiles)))
    rows = math.ceil(len(tiles) / columns)
    canvas = project.settings.canvas_size
    tile_height = max(2, round(tile_width * canvas.height / canvas.width / 2) * 2)
    band = max(16, tile_width // 12)
    workdir = Path(tempfile.mkdtemp(prefix="neuralcut-board-"))
    try:
        pictures = [workdir / f"tile-{number}.png" for number in range(len(tiles))]
        times = [min(tile.time, project.scene.end_time - 1) for tile in tiles]
        tasks = [
            partial(_render_still, project, project_path, workdir, t, p, tile_width)
            for t, p in zip(times, pictures, strict=True)
        ]
        side_by_side(tasks, progress)
        write_sheet(pictures, tiles, workdir / "board.png", (tile_width, tile_height, band), columns)
        _encode(workdir / "board.png", output)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return output, columns, rows


def side_by_side(tasks: Sequence[Callable[[], object]], progress: Progress | None = None) -> None:
    """Run ``tasks`` (each an ffmpeg run or a few) on every core, telling ``progress`` as each ends. Ctrl-C
    here, or the request this runs for being cancelled, stops the ffmpeg runs under way and starts no more."""
    stop, outer = threading.Event(), current_cancel()

    def run(task: Callable[[], object]) -> None:
        with cancellable(stop):
            task()

    if progress is not None:
        progress(0, len(tasks))
    pool = ThreadPoolExecutor(max_workers=max(1, min(len(tasks), os.cpu_count() or 1)))
    try:
        waiting = {pool.submit(contextvars.copy_context().run, run, task) for task in tasks}
        while waiting:
            if outer is not None and outer.is_set():
                raise Cancelled("Cancelled")
            finished, waiting = wait(waiting, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in finished:
                future.result()
            if finished and progress is not None:
                progress(len(tasks) - len(waiting), len(tasks))
    except BaseException:
        stop.set()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _target(project: Project, project_path: Path, output: Path, overwrite: bool) -> Path:
    if Path(output).suffix.lower() not in IMAGE_SUFFIXES:
        raise UsageError(f"{output}: a picture is written as {', '.join(IMAGE_SUFFIXES)}; name the file so")
    return check_output_target(Path(output), own_files(project, project_path), overwrite)


def _render_still(
    project: Project, project_path: Path, workdir: Path, at: int, output: Path, width: int | None
) -> None:
    plan = build_plan(project, project_path, workdir, False, at, min(project.scene.end_time, at + frame_ticks(project)))
    graph = plan.graph + ";\n[aout]anullsink" + (f";\n[vout]scale={width}:-2:flags=bicubic[still]" if width else "")
    graph_file = workdir / f"graph-{output.stem}.txt"
    graph_file.write_text(graph, encoding="utf-8")
    inputs = [arg for spec in plan.inputs for arg in spec]
    run_ffmpeg(
        [
            "-y",
            *inputs,
            "-/filter_complex",
            str(graph_file),
            "-map",
            "[still]" if width else "[vout]",
            "-frames:v",
            "1",
            "-update",
            "1",
            file_arg(output),
        ]
    )
    if not output.exists():
        raise MediaError(f"ffmpeg made no picture at {format_timecode(at)}")


def _encode(picture: Path, output: Path) -> None:
    """The PNG as the file asked for (JPEG re-encoded), written whole or not at all."""
    partial = output.with_name(f".{output.stem}.partial{output.suffix}")
    try:
        if output.suffix.lower() == ".png":
            shutil.copyfile(picture, partial)
        else:
            run_ffmpeg(
                ["-y", "-i", file_arg(picture), "-q:v", "2", "-frames:v", "1", "-update", "1", file_arg(partial)]
            )
        partial.replace(output)
    finally:
        partial.unlink(missing_ok=True)
