"""A render: the timeline cut into segments (``segments``), each segment's picture and sound made by its own
ffmpeg process from only the inputs it uses (``graph.build_plan`` over the segment's window, ``jobs``), on every
core (``workers``) or on a Ray cluster (``ray_runner``), kept for the next render (``cache``), then joined
without re-encoding the picture (``join``). Memory follows one segment, not the timeline.

The output appears under its name only when everything succeeded; Ctrl-C stops every process and leaves no
file under the output name and no cache entry a later render would trust.
"""

from __future__ import annotations

import glob
import hashlib
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from neuralcut_cli.errors import Cancelled, MediaError
from neuralcut_cli.media.outputs import check_output_target, own_files
from neuralcut_cli.media.probe import MediaInfo, probe
from neuralcut_cli.project.model import Project
from neuralcut_cli.render.cache import RenderCache, limit_bytes, sweep_work_folders
from neuralcut_cli.render.graph import DECLICK_SECONDS, build_plan, missing_media
from neuralcut_cli.render.jobs import KINDS, SUFFIXES, Kind, Planner
from neuralcut_cli.render.join import JOIN_SHARE, Mux, SoundEncoder, piece_name, write_list
from neuralcut_cli.render.master import master_filters
from neuralcut_cli.render.segments import SEGMENT_SECONDS, Segment, cut, rate_of
from neuralcut_cli.render.workers import Task, processors, run_local
from neuralcut_cli.time import ticks_to_seconds

Progress = Callable[[float, float], None]  # (seconds rendered so far, seconds in all)


@dataclass(frozen=True)
class RenderResult:
    output: Path
    width: int
    height: int
    fps: Fraction
    duration: float  # seconds
    segments: int  # the timeline's segments
    reused: int  # segments whose picture and sound both came from the cache


@dataclass(frozen=True)
class Options:
    preview: bool = False
    jobs: int | None = None  # processes at once (None: every core)
    cache: bool = True  # read and keep segments in .neuralcut/<stem>/render/
    ray_address: str | None = None  # send the segments to this Ray cluster instead
    segment_seconds: float = SEGMENT_SECONDS  # the longest segment inside an unchanging stretch
    declick: float = DECLICK_SECONDS  # seconds of fade where a sound starts or stops hard (0: off)


def render(
    project: Project,
    project_path: Path,
    output: Path,
    preview: bool = False,
    start: int | None = None,
    end: int | None = None,
    progress: Progress | None = None,
    overwrite: bool = False,
    options: Options | None = None,
) -> RenderResult:
    """Render into ``output`` (checked first: see ``media.outputs``); ``overwrite`` replaces an existing file."""
    options = options or Options(preview=preview)
    if options.cache:
        limit_bytes()  # the settings first: a bad one is a usage error whatever the project holds
    if options.ray_address:
        from neuralcut_cli.render.ray_runner import preflight

        preflight(options.ray_address)
    output = check_output_target(Path(output), own_files(project, project_path), overwrite)
    segments = cut(project, start, end, options.segment_seconds)
    if not segments:
        raise MediaError(
            "Nothing to render: the timeline is empty"
            if project.scene.is_empty
            else "Nothing to render: --to must be after --from"
        )
    missing = missing_media(project, project_path)
    if missing:
        raise MediaError("Missing media files (render needs them all): " + ", ".join(missing))
    _sweep_partials(output)
    store = RenderCache.beside(project_path) if options.cache else None
    work = store.work_folder() if store else _temporary_work_folder()
    partial = _partial_name(output, os.getpid())
    run = _Run(project, Path(project_path), work, options, store, progress)
    try:
        tasks, reused = run.plan(segments)
        run.start_sound(segments)
        run.execute(tasks)
        run.join(segments, partial)
        os.replace(partial, output)
    except KeyboardInterrupt:  # between two ffmpeg runs (their own Ctrl-C is caught where they run)
        raise Cancelled("Render cancelled; nothing was written under the output name") from None
    finally:
        if run.sound:
            run.sound.stop()
        partial.unlink(missing_ok=True)
        shutil.rmtree(work, ignore_errors=True)
    if store:
        store.evict()
    width, height = run.size
    return RenderResult(
        output,
        width,
        height,
        rate_of(project),
        ticks_to_seconds(segments[-1].ticks[1] - segments[0].ticks[0]),
        len(segments),
        reused,
    )


@dataclass
class _Run:
    project: Project
    project_path: Path
    work: Path
    options: Options
    store: RenderCache | None
    progress: Progress | None
    size: tuple[int, int] = (0, 0)
    total: float = 0.0
    done: dict[int, float] = field(default_factory=dict)
    probed: dict[Path, MediaInfo] = field(default_factory=dict)
    heard: set[int] = field(default_factory=set)  # segments whose sound came from the cache
    sound_keys: list[str] = field(default_factory=list)
    sound: SoundEncoder | None = None

    def plan(self, segments: list[Segment]) -> tuple[list[Task], int]:
        """Each segment's plan and keys; cached pieces linked into the work folder, the rest as tasks."""
        planner = Planner(self.work, self.options.preview)
        tasks, reused = [], 0
        self.total = sum(ticks_to_seconds(s.ticks[1] - s.ticks[0]) for s in segments) * (1 + JOIN_SHARE)
        for segment in segments:
            plan = build_plan(
                self.project,
                self.project_path,
                self.work,
                self.options.preview,
                *segment.ticks,
                prober=self._probe,
                samples=segment.sample_count,
                declick=self.options.declick,
            )
            self.size = (plan.width, plan.height)
            whole, parts = planner.parts(segment, plan)
            self.sound_keys.append(parts["audio"].key)
            missing = tuple(kind for kind in KINDS if not self._reuse(segment, kind, parts[kind].key))
            if not missing:
                reused += 1
                self._report(segment.index, ticks_to_seconds(segment.ticks[1] - segment.ticks[0]))
                continue
            job = planner.job(whole, parts, missing)
            graph_file = self.work / f"graph-{segment.index:06d}.txt"
            graph_file.write_text(job.graph(self.work), encoding="utf-8")
            tasks.append(Task(job, graph_file, {kind: self.work / piece_name(segment, kind) for kind in missing}))
        return tasks, reused

    def start_sound(self, segments: list[Segment]) -> None:
        """The whole sound from the cache when no piece of it changed; else its encoder, fed as pieces come."""
        if self._reuse_sound():
            return
        self.sound = SoundEncoder(self.work, segments, master_filters(self.project))
        for index in self.heard:
            self.sound.piece_ready(index)

    def _reuse_sound(self) -> bool:
        entry = self.store.find(self._sound_key(), ".m4a") if self.store else None
        if entry is not None:
            self.store.link_into(entry, self.work / "sound.m4a")  # type: ignore[union-attr]
        return entry is not None

    def _sound_key(self) -> str:
        keys = [*self.sound_keys, master_filters(self.project) or ""]
        return hashlib.sha256(" ".join(keys).encode("ascii")).hexdigest()[:40]

    def execute(self, tasks: list[Task]) -> None:
        if not tasks:
            return
        if self.options.ray_address:
            from neuralcut_cli.render.ray_runner import run_ray

            run_ray(tasks, self.work, self.options.ray_address, self._task_report, self._keep)
        else:
            run_local(tasks, self.work, _jobs(self.options.jobs), self._task_report, self._keep)

    def join(self, segments: list[Segment], partial: Path) -> None:
        listing = write_list(self.work, segments, rate_of(self.project))
        sound = self.work / "sound.m4a"
        if self.sound:
            self.sound.finish()
            if self.store:
                self.store.store(self._sound_key(), ".m4a", sound)
        seconds = ticks_to_seconds(segments[-1].ticks[1] - segments[0].ticks[0])
        mux = Mux(listing, sound, partial, seconds, {"video": partial})
        run_local([mux], self.work, 1, lambda _, done: self._report(-1, done * JOIN_SHARE), lambda _: None)
        self._report(-1, seconds * JOIN_SHARE)

    def _reuse(self, segment: Segment, kind: Kind, key: str) -> bool:
        entry = self.store.find(key, SUFFIXES[kind]) if self.store else None
        if entry is None:
            return False
        self.store.link_into(entry, self.work / piece_name(segment, kind))  # type: ignore[union-attr]
        if kind == "audio":
            self.heard.add(segment.index)
        return True

    def _keep(self, task: Task) -> None:
        if self.store:
            for kind, key in task.job.keys.items():
                self.store.store(key, SUFFIXES[kind], task.targets[kind])
        if "audio" in task.job.kinds and self.sound:
            self.sound.piece_ready(task.job.segment.index)

    def _task_report(self, task: Task, seconds: float) -> None:
        self._report(task.job.segment.index, seconds)

    def _report(self, index: int, seconds: float) -> None:
        self.done[index] = seconds
        if self.progress:
            self.progress(min(self.total, sum(self.done.values())), self.total)

    def _probe(self, path: Path) -> MediaInfo:
        if path not in self.probed:
            self.probed[path] = probe(path)
        return self.probed[path]


def _temporary_work_folder() -> Path:
    """A work folder without a cache: in the system's temporary folder, named by this process, so that one a
    killed render left is removed by the next."""
    sweep_work_folders(Path(tempfile.gettempdir()), "neuralcut-render-")
    return Path(tempfile.mkdtemp(prefix=f"neuralcut-render-{os.getpid()}-"))


def _jobs(asked: int | None) -> int:
    return max(1, asked) if asked is not None else len(processors())


def _partial_name(output: Path, pid: int) -> Path:
    return output.with_name(f".{output.stem}.partial-{pid}{output.suffix or '.mp4'}")


def _sweep_partials(output: Path) -> None:
    """Remove what renders killed before they could clean up left beside ``output``."""
    from neuralcut_cli.render.cache import alive

    for stray in output.parent.glob(f".{glob.escape(output.stem)}.partial-*{glob.escape(output.suffix or '.mp4')}"):
        pid = stray.name[len(output.stem) + 10 : len(stray.name) - len(output.suffix or ".mp4")]
        if pid.isdigit() and not alive(int(pid)):
            stray.unlink(missing_ok=True)
