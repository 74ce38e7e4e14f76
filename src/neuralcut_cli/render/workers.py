"""Segment jobs run on this machine: up to ``jobs`` ffmpeg processes at once, watched from one thread.

Each process reports how far it is (``-progress pipe:1``); the pool adds it up for one progress bar. A process
that neither moves its output time nor uses the processor for ``$NEURALCUT_RENDER_STALL`` seconds (120) is
stuck (a hung input, a full disk) and stops the render: a process busy opening or seeking its inputs is
working, and is left alone. Ctrl-C, or any failure, stops every process; they also die with this one
(``media.ffmpeg.spawn``).
"""

from __future__ import annotations

import os
import selectors
import subprocess
import tempfile
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol

from neuralcut_cli.errors import Cancelled, MediaError
from neuralcut_cli.media.ffmpeg import last_lines, spawn
from neuralcut_cli.render.jobs import Job, Kind
from neuralcut_cli.time import format_timecode, ticks_to_seconds


class Work(Protocol):
    """What the pool runs: an ffmpeg command, how many seconds of output it makes, the files it must leave."""

    @property
    def seconds(self) -> float: ...

    @property
    def targets(self) -> dict[Kind, Path]: ...

    def arguments(self, root: Path) -> list[str]: ...

    def where(self) -> str: ...


@dataclass(frozen=True)
class Task:
    """A segment's job with where it reads its graph and writes its outputs."""

    job: Job
    graph_file: Path
    targets: dict[Kind, Path]

    @property
    def seconds(self) -> float:
        ticks = self.job.segment.ticks
        return ticks_to_seconds(ticks[1] - ticks[0])

    def arguments(self, root: Path) -> list[str]:
        return self.job.arguments(root, self.graph_file, self.targets)

    def where(self) -> str:
        return f"segment {self.job.segment.index + 1} at {format_timecode(self.job.segment.ticks[0])}"


Report = Callable[[Any, float], None]  # a piece of work and the seconds of it done so far
Finished = Callable[[Any], None]


def stall_limit() -> float:
    try:
        return float(os.environ.get("NEURALCUT_RENDER_STALL", 120))
    except ValueError:
        return 120.0


@dataclass
class _Running:
    task: Work
    process: subprocess.Popen[bytes]
    errors: IO[bytes]
    cpu_slot: int | None = None
    buffer: bytes = b""
    done: float = 0.0
    cpu: float = 0.0
    moved: float = field(default_factory=time.monotonic)


def run_local(tasks: Sequence[Work], root: Path, jobs: int, report: Report, finished: Finished) -> None:
    """Run every task, at most ``jobs`` at once; raises ``MediaError`` or ``Cancelled`` after stopping them all.

    ``jobs`` is how many processors the render takes: each process keeps to a processor of its own (ffmpeg runs
    its decoder, filters and encoder on threads of their own; kept together they share caches and leave the
    other processes alone, about 5 % faster here, and ``--jobs 1`` leaves the other processors free). With more
    jobs than processors they run where the system puts them."""
    pending: deque[Work] = deque(tasks)
    running: dict[int, _Running] = {}
    free = pinnable(jobs)
    selector = selectors.DefaultSelector()
    limit = stall_limit()
    try:
        while pending or running:
            while pending and len(running) < jobs:
                started = _start(pending.popleft(), root, free.pop() if free else None)
                running[started.process.stdout.fileno()] = started  # type: ignore[union-attr]
                selector.register(started.process.stdout, selectors.EVENT_READ)  # type: ignore[arg-type]
            for key, _ in selector.select(timeout=0.25):
                item = running[key.fd]
                if not _read(item, report):  # its output ended: it is exiting
                    selector.unregister(key.fileobj)
                    del running[key.fd]
                    if item.cpu_slot is not None:
                        free.append(item.cpu_slot)
                    _end(item)
                    finished(item.task)
            for item in running.values():
                if _stalled(item, limit):
                    raise MediaError(
                        f"ffmpeg made no progress for {limit:g} s on {item.task.where()} and was "
                        f"stopped ({item.done:.1f} s of {item.task.seconds:g} s done); nothing was written"
                    )
    except KeyboardInterrupt:
        raise Cancelled("Render cancelled; nothing was written under the output name") from None
    finally:
        for item in running.values():
            _stop(item.process)
            item.errors.close()
        selector.close()


def _start(task: Work, root: Path, cpu: int | None) -> _Running:
    errors = tempfile.TemporaryFile()
    process = spawn(task.arguments(root), cpu=cpu, stdout=subprocess.PIPE, stderr=errors, stdin=subprocess.DEVNULL)
    os.set_blocking(process.stdout.fileno(), False)  # type: ignore[union-attr]
    return _Running(task, process, errors, cpu_slot=cpu)


def processors() -> list[int]:
    """The processors this process may use (Linux: its affinity), fewer when a container's CPU quota says so."""
    try:
        allowed = sorted(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return list(range(os.cpu_count() or 1))
    try:
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()[:2]
        if quota != "max":
            allowed = allowed[: max(1, -(-int(quota) // int(period)))]
    except (OSError, ValueError):
        pass
    return allowed


def pinnable(jobs: int) -> list[int]:
    """A processor for each job, while there are enough (else none: the system shares them out)."""
    cores = processors()
    return cores[len(cores) - jobs :] if jobs <= len(cores) and hasattr(os, "sched_setaffinity") else []


def _read(item: _Running, report: Report) -> bool:
    """Take what the process said; False at the end of its output."""
    try:
        chunk = os.read(item.process.stdout.fileno(), 65536)  # type: ignore[union-attr]
    except BlockingIOError:
        return True
    if not chunk:
        return False
    *lines, item.buffer = (item.buffer + chunk).split(b"\n")
    for line in lines:
        key, _, value = line.decode("ascii", "replace").strip().partition("=")
        if key == "out_time_us" and value.isdigit():
            done = min(item.task.seconds, int(value) / 1_000_000)
            if done > item.done:
                item.done, item.moved = done, time.monotonic()
                report(item.task, done)
    return True


def _end(item: _Running) -> None:
    code = item.process.wait()
    item.errors.seek(0)
    said = item.errors.read().decode("utf-8", "replace")
    item.errors.close()
    missing = [kind for kind, path in item.task.targets.items() if not path.is_file()]
    if code != 0 or missing:
        raise MediaError(f"ffmpeg failed on {item.task.where()} (exit {code}): {last_lines(said)}")


def _stalled(item: _Running, limit: float) -> bool:
    cpu = _cpu_seconds(item.process.pid)
    if cpu is not None and cpu > item.cpu:
        item.cpu, item.moved = cpu, time.monotonic()
    return time.monotonic() - item.moved > limit


def _cpu_seconds(pid: int) -> float | None:
    """Processor time a process has used (Linux ``/proc``); None where that cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
