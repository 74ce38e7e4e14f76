"""One segment as ffmpeg work: its picture (H.264, exactly its frames) and its sound (raw PCM, exactly its
samples), each with a cache key made of everything that decides its pixels or samples.

A job is portable: the files its graph reads besides media (the texts and pictures the plan wrote, the fonts)
sit in one support folder and are named relative to it (``ROOT``), so the same job runs here or on another
machine (``render.ray_runner``) once that folder is put somewhere and ``ROOT`` replaced. Media files are named
by their absolute paths (a cluster's nodes must see them at the same paths).

The key of an output is a hash of: this cache layout, NeuralCut's version, the ffmpeg binary, the encoder
settings, the output's own part of the filter graph (with its times relative to the segment, so a segment that
only moved along the timeline keeps its key), its inputs with each media file's size and modification time,
and the content of every support file it reads.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from neuralcut_cli import __version__
from neuralcut_cli.media.ffmpeg import ffmpeg_identity, file_arg
from neuralcut_cli.render.filtergraph import Chain, Filter, graph_text
from neuralcut_cli.render.graph import RenderPlan
from neuralcut_cli.render.segments import Segment

Kind = Literal["video", "audio"]
KINDS: tuple[Kind, ...] = ("video", "audio")
LABELS: dict[Kind, str] = {"video": "vout", "audio": "aout"}
SUFFIXES: dict[Kind, str] = {"video": ".mp4", "audio": ".pcm"}
CACHE_FORMAT = 2  # 2: sound pieces in float
ROOT = "@root"
PATH_OPTIONS = ("fontfile", "textfile")
PCM = ["-c:a", "pcm_f32le", "-f", "f32le"]  # stereo at AUDIO_RATE in float: louder than full scale is not
# clipped before the master limiter (``render.master``) holds it


def video_codec(preview: bool) -> list[str]:
    """The encoder settings of every segment: one thread each, so a segment's bytes never depend on how many
    segments run at once (x264's output changes with its thread count)."""
    quality = ["-preset", "ultrafast", "-crf", "28"] if preview else ["-preset", "veryfast", "-crf", "20"]
    return ["-c:v", "libx264", *quality, "-pix_fmt", "yuv420p", "-threads", "1"]


@dataclass(frozen=True)
class Part:
    """One output of a segment: what it is, its key, its part of the graph and the inputs that part reads."""

    kind: Kind
    key: str
    inputs: tuple[tuple[str, ...], ...]
    chains: tuple[Chain, ...]


@dataclass(frozen=True)
class Job:
    """The ffmpeg run that makes ``kinds`` of one segment (both, when neither is cached)."""

    segment: Segment
    preview: bool
    fps: str
    inputs: tuple[tuple[str, ...], ...]
    chains: tuple[Chain, ...]
    kinds: tuple[Kind, ...]
    keys: dict[Kind, str] = field(default_factory=dict)

    def arguments(self, root: Path, graph_file: Path, targets: dict[Kind, Path]) -> list[str]:
        """ffmpeg's arguments (without the binary) with the support folder at ``root``; ``graph_file`` must
        hold ``graph(root)``."""
        args = ["-y", "-hide_banner", "-nostdin", "-loglevel", "error", "-nostats", "-progress", "pipe:1"]
        for spec in self.inputs:
            args += ["-threads", "1", *(_rebased(value, str(root)) for value in spec)]
        args += ["-filter_complex_threads", "1", "-/filter_complex", str(graph_file)]
        if "video" in self.kinds:
            args += [
                "-map",
                "[vout]",
                *video_codec(self.preview),
                "-r",
                self.fps,
                "-frames:v",
                str(self.segment.frame_count),
                "-f",
                "mp4",
                file_arg(targets["video"]),
            ]
        if "audio" in self.kinds:
            args += ["-map", "[aout]", *PCM, file_arg(targets["audio"])]
        return args

    def graph(self, root: Path) -> str:
        return graph_text(_rebase(self.chains, ROOT, str(root)))

    def support_files(self) -> set[str]:
        """The support files this job reads, relative to the support folder."""
        return _support_files(self.inputs, self.chains)


@dataclass
class Planner:
    """Turns segment plans into parts and jobs; copies fonts into the support folder once per render."""

    root: Path
    preview: bool
    digests: dict[str, str] = field(default_factory=dict)

    def parts(self, segment: Segment, plan: RenderPlan) -> tuple[Job, dict[Kind, Part]]:
        inputs = tuple(tuple(self._portable_input(v) for v in spec) for spec in plan.inputs)
        chains = tuple(self._portable_chain(c) for c in plan.chains)
        fps = f"{plan.fps.numerator}/{plan.fps.denominator}"
        whole = Job(segment, self.preview, fps, inputs, chains, KINDS)
        parts = {}
        for kind in KINDS:
            kept_inputs, kept_chains = pruned(inputs, chains, LABELS[kind])
            parts[kind] = Part(kind, self._key(kind, fps, segment, kept_inputs, kept_chains), kept_inputs, kept_chains)
        return whole, parts

    def job(self, whole: Job, parts: dict[Kind, Part], missing: tuple[Kind, ...]) -> Job:
        """The run that makes the ``missing`` outputs: the whole graph for both, else that output's part."""
        keys = {kind: parts[kind].key for kind in missing}
        if len(missing) == len(KINDS):
            return replace(whole, keys=keys)
        part = parts[missing[0]]
        return replace(whole, inputs=part.inputs, chains=part.chains, kinds=missing, keys=keys)

    def _key(
        self, kind: Kind, fps: str, segment: Segment, inputs: tuple[tuple[str, ...], ...], chains: tuple[Chain, ...]
    ) -> str:
        facts = {
            "format": CACHE_FORMAT,
            "neuralcut": __version__,
            "ffmpeg": ffmpeg_identity(),
            "kind": kind,
            "encoder": video_codec(self.preview) + ["-r", fps] if kind == "video" else PCM,
            "length": segment.frame_count if kind == "video" else segment.sample_count,
            "inputs": [[self._fingerprint(v) for v in spec] for spec in inputs],
            "graph": graph_text(_relabelled(chains)),
            "files": {name: self._digest(self.root / name) for name in sorted(_support_files(inputs, chains))},
        }
        return hashlib.sha256(json.dumps(facts, sort_keys=True).encode("utf-8")).hexdigest()[:40]

    def _portable_input(self, value: str) -> str:
        prefix = "file:" + str(self.root)
        return "file:" + ROOT + value[len(prefix) :] if value.startswith(prefix + "/") else value

    def _portable_chain(self, item: Chain) -> Chain:
        filters = tuple(
            Filter(step.name, tuple((key, self._portable_option(key, value)) for key, value in step.options))
            for step in item.filters
        )
        return replace(item, filters=filters)

    def _portable_option(self, key: str, value: str) -> str:
        if key not in PATH_OPTIONS:
            return value
        path = Path(value)
        if not path.is_relative_to(self.root):
            path = self._support_copy(path)
        return ROOT + "/" + str(path.relative_to(self.root))

    def _support_copy(self, path: Path) -> Path:
        """A font (or any file the graph reads from elsewhere) copied into the support folder."""
        digest = self._digest(path)
        target = self.root / "fonts" / f"{digest[:16]}{path.suffix}"
        if not target.exists():
            target.parent.mkdir(exist_ok=True)
            shutil.copyfile(path, target)
        return target

    def _digest(self, path: Path) -> str:
        name = str(path)
        if name not in self.digests:
            self.digests[name] = hashlib.sha256(path.read_bytes()).hexdigest()
        return self.digests[name]

    def _fingerprint(self, value: str) -> object:
        if not value.startswith("file:") or value.startswith("file:" + ROOT):
            return value
        stat = Path(value[5:]).stat()
        return [value, stat.st_size, stat.st_mtime_ns]


def pruned(
    inputs: tuple[tuple[str, ...], ...], chains: tuple[Chain, ...], output: str
) -> tuple[tuple[tuple[str, ...], ...], tuple[Chain, ...]]:
    """Only what ``output`` depends on: its chains, and the inputs they read renumbered in order."""
    makers = {label: item for item in chains for label in item.outputs}
    wanted, seen, stack = set(), set(), [output]
    while stack:
        label = stack.pop()
        item = makers.get(label)
        if item is None or id(item) in seen:
            continue
        seen.add(id(item))
        wanted.add(id(item))
        stack.extend(item.inputs)
    kept = [item for item in chains if id(item) in wanted]
    used = sorted({int(label.split(":")[0]) for item in kept for label in item.inputs if ":" in label})
    number = {old: new for new, old in enumerate(used)}
    renumbered = tuple(
        replace(item, inputs=tuple(_renumbered(label, number) for label in item.inputs)) for item in kept
    )
    return tuple(inputs[old] for old in used), renumbered


def _relabelled(chains: tuple[Chain, ...]) -> list[Chain]:
    """The chains with their labels renamed in order of use: a key does not change because another output's
    chains (sharing the plan's label counter) did."""
    names: dict[str, str] = {}

    def name(label: str) -> str:
        if ":" in label or label in LABELS.values():
            return label
        return names.setdefault(label, f"n{len(names)}")

    return [
        replace(item, inputs=tuple(map(name, item.inputs)), outputs=tuple(map(name, item.outputs))) for item in chains
    ]


def _renumbered(label: str, number: dict[int, int]) -> str:
    if ":" not in label:
        return label
    index, stream = label.split(":", 1)
    return f"{number[int(index)]}:{stream}"


def _rebased(value: str, root: str) -> str:
    return value.replace("file:" + ROOT, "file:" + root, 1) if value.startswith("file:" + ROOT) else value


def _rebase(chains: tuple[Chain, ...], old: str, new: str) -> list[Chain]:
    return [
        replace(
            item,
            filters=tuple(
                Filter(
                    step.name,
                    tuple(
                        (key, new + value[len(old) :] if key in PATH_OPTIONS and value.startswith(old) else value)
                        for key, value in step.options
                    ),
                )
                for step in item.filters
            ),
        )
        for item in chains
    ]


def _support_files(inputs: tuple[tuple[str, ...], ...], chains: tuple[Chain, ...]) -> set[str]:
    names = {value[len("file:" + ROOT) + 1 :] for spec in inputs for value in spec if value.startswith("file:" + ROOT)}
    names |= {
        value[len(ROOT) + 1 :]
        for item in chains
        for step in item.filters
        for key, value in step.options
        if key in PATH_OPTIONS and value.startswith(ROOT)
    }
    return names
