"""The pieces made whole: the segments' pictures joined by the concat demuxer without re-encoding; their sound
(raw PCM, each piece exactly its samples) fed byte for byte, in order, to one AAC encoder that runs while the
segments are still being made (``SoundEncoder``: each piece goes in once it and every piece before it are
ready); then both copied into the output.

Every piece sits in the render's work folder under a plain name (``v000001.mp4``, ``a000001.pcm``), so the
list the concat demuxer reads holds no path a project folder could make special. Each piece's ``duration`` is
given in whole microseconds from its exact start and end, so rounding never adds up along the list.
"""

from __future__ import annotations

import subprocess
import tempfile
import threading
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from neuralcut_cli.errors import MediaError
from neuralcut_cli.media.ffmpeg import file_arg, last_lines, spawn
from neuralcut_cli.render.audio import AUDIO_RATE
from neuralcut_cli.render.jobs import Kind
from neuralcut_cli.render.segments import Segment

AUDIO_CODEC = ["-c:a", "aac", "-b:a", "160k"]
JOIN_SHARE = 0.01  # the join's share of a whole render's progress (it copies picture and sound)


def piece_name(segment: Segment, kind: Kind) -> str:
    return f"{'v' if kind == 'video' else 'a'}{segment.index:06d}{'.mp4' if kind == 'video' else '.pcm'}"


def write_list(work: Path, segments: list[Segment], rate: Fraction) -> Path:
    """The concat demuxer's list of pictures."""
    listing = work / "pieces.txt"
    lines = []
    for segment in segments:
        start, end = (round(Fraction(frame * 1_000_000) / rate) for frame in segment.frames)
        lines.append(f"file '{piece_name(segment, 'video')}'\nduration {end - start}us\n")
    listing.write_text("ffconcat version 1.0\n" + "".join(lines), encoding="ascii")
    return listing


class SoundEncoder:
    """The whole sound, encoded once by one ffmpeg reading the pieces in order from a pipe, while the pictures
    are still being made (so the join at the end only copies)."""

    def __init__(self, work: Path, segments: list[Segment], master: str | None = None) -> None:
        self.work, self.segments = work, segments
        self.target = work / "sound.m4a"
        self.errors = tempfile.TemporaryFile()
        self.process = spawn(
            [
                "-y",
                "-hide_banner",
                "-nostdin",
                "-loglevel",
                "error",
                "-f",
                "f32le",
                "-ar",
                str(AUDIO_RATE),
                "-ac",
                "2",
                "-i",
                "pipe:0",
                *(["-af", master] if master else []),
                *AUDIO_CODEC,
                file_arg(self.target),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=self.errors,
        )
        self.ready = {segment.index: threading.Event() for segment in segments}
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._feed, daemon=True)
        self.thread.start()

    def piece_ready(self, index: int) -> None:
        self.ready[index].set()

    def finish(self) -> Path:
        """Wait for the encoder (every piece must be ready); the encoded sound."""
        self.thread.join()
        code = self.process.wait()
        self.errors.seek(0)
        said = self.errors.read().decode("utf-8", "replace")
        self.errors.close()
        if code != 0 or not self.target.is_file():
            raise MediaError(f"ffmpeg failed to encode the sound (exit {code}): {last_lines(said)}")
        return self.target

    def stop(self) -> None:
        """After a failure or Ctrl-C: the feeder and the encoder end now."""
        self.stopped.set()
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.thread.join(5)
        self.errors.close()

    def _feed(self) -> None:
        pipe = self.process.stdin
        try:
            for segment in self.segments:
                while not self.ready[segment.index].wait(0.2):
                    if self.stopped.is_set():
                        return
                with open(self.work / piece_name(segment, "audio"), "rb") as piece:
                    while chunk := piece.read(1 << 20):
                        pipe.write(chunk)  # type: ignore[union-attr]
        except (OSError, ValueError):  # the encoder is gone: finish() says why
            return
        finally:
            try:
                pipe.close()  # type: ignore[union-attr]
            except OSError:
                pass


@dataclass(frozen=True)
class Mux:
    """The last step: the joined pictures and the encoded sound copied into ``output`` (work for
    ``workers.run_local``)."""

    listing: Path
    sound: Path
    output: Path
    duration: float
    targets: dict[Kind, Path] = field(default_factory=dict)

    @property
    def seconds(self) -> float:
        return self.duration

    def arguments(self, root: Path) -> list[str]:
        return [
            "-y",
            "-hide_banner",
            "-nostdin",
            "-loglevel",
            "error",
            "-nostats",
            "-progress",
            "pipe:1",
            "-f",
            "concat",
            "-i",
            file_arg(self.listing),
            "-i",
            file_arg(self.sound),
            "-map",
            "0:v",
            "-map",
            "1:a",
            "-c",
            "copy",
            "-movflags",
            "+faststart",
            file_arg(self.output),
        ]

    def where(self) -> str:
        return "joining the segments"
