"""Running the render: ffmpeg with a progress bar, into a temporary file that
takes the final name only when ffmpeg succeeds. Ctrl-C stops ffmpeg and
leaves no half-written file under the final name."""

from __future__ import annotations

import glob
import logging
import os
import shlex
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Callable

from neuralcut_cli.errors import Cancelled, MediaError
from neuralcut_cli.media.ffmpeg import ffmpeg_exe, last_lines
from neuralcut_cli.media.outputs import check_output_target, own_files
from neuralcut_cli.project.model import Project
from neuralcut_cli.render.graph import RenderPlan, build_plan

log = logging.getLogger("neuralcut.render")

Progress = Callable[[float, float], None]  # (seconds rendered so far, seconds in all)


def render(project: Project, project_path: Path, output: Path, preview: bool = False, start: int | None = None,
           end: int | None = None, progress: Progress | None = None, overwrite: bool = False) -> RenderPlan:
    """Render into ``output`` (checked first: see ``media.outputs``); ``overwrite`` replaces an existing file."""
    output = check_output_target(Path(output), own_files(project, project_path), overwrite)
    _sweep_partials(output)
    workdir = Path(tempfile.mkdtemp(prefix="neuralcut-render-"))
    partial = _partial_name(output, os.getpid())
    try:
        plan = build_plan(project, project_path, workdir, preview, start, end)
        graph_file = workdir / "graph.txt"
        graph_file.write_text(plan.graph, encoding="utf-8")
        quiet = ["-progress", "pipe:1", "-nostats", "-loglevel", "error"]
        command = [ffmpeg_exe(), *plan.command(graph_file, partial, preview, quiet)]
        log.debug("ffmpeg: %s (filter graph in %s)", shlex.join(command), graph_file)
        _run(command, plan.duration, progress)
        os.replace(partial, output)
        return plan
    finally:
        partial.unlink(missing_ok=True)
        shutil.rmtree(workdir, ignore_errors=True)


def _partial_name(output: Path, pid: int) -> Path:
    return output.with_name(f".{output.stem}.partial-{pid}{output.suffix or '.mp4'}")


def _sweep_partials(output: Path) -> None:
    """Remove what renders killed before they could clean up left beside ``output``."""
    for stray in output.parent.glob(f".{glob.escape(output.stem)}.partial-*{glob.escape(output.suffix or '.mp4')}"):
        pid = stray.name[len(output.stem) + 10 : len(stray.name) - len(output.suffix or ".mp4")]
        if pid.isdigit() and not _alive(int(pid)):
            stray.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _stall_limit() -> float:
    try:
        return float(os.environ.get("NEURALCUT_RENDER_STALL", 120))
    except ValueError:
        return 120.0


def _run(command: list[str], duration: float, progress: Progress | None) -> None:
    """Run ffmpeg, feed the progress callback, and stop it if it stalls.

    ffmpeg reports progress about twice a second; if it reports nothing new
    for ``$NEURALCUT_RENDER_STALL`` seconds (120), it is stopped and the
    render fails with that message rather than hanging.
    """
    state = {"seen": time.monotonic(), "done": -1.0}

    def read(stream: IO[str]) -> None:
        for line in stream:
            key, _, value = line.strip().partition("=")
            if key in ("out_time_us", "out_time_ms") and value.isdigit():
                done = min(duration, int(value) / 1_000_000)
                if done != state["done"]:
                    state["done"], state["seen"] = done, time.monotonic()
                    if progress:
                        progress(done, duration)

    with tempfile.TemporaryFile("w+") as errors:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, text=True)
        reader = threading.Thread(target=read, args=(process.stdout,), daemon=True)
        reader.start()
        limit = _stall_limit()
        try:
            while True:
                try:
                    code = process.wait(0.25)
                    break
                except subprocess.TimeoutExpired:
                    if time.monotonic() - state["seen"] > limit:
                        _stop(process)
                        raise MediaError(f"ffmpeg made no progress for {limit:g} s and was stopped "
                                         f"(at {max(state['done'], 0):.1f} s of {duration:g} s); nothing was written") from None
        except KeyboardInterrupt:
            _stop(process)
            raise Cancelled("Render cancelled; nothing was written under the output name") from None
        reader.join(5)
        if code != 0:
            errors.seek(0)
            raise MediaError(f"ffmpeg failed (exit {code}): {last_lines(errors.read())}")
    if progress:
        progress(duration, duration)


def _stop(process: subprocess.Popen[str]) -> None:
    process.terminate()
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
