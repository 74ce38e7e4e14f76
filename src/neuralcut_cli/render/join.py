"""The pieces made whole: the segments' pictures joined by the concat demuxer without re-encoding, their sound
joined byte for byte (raw PCM, each piece exactly its samples), then both muxed into the output with the sound
encoded once.

Every piece sits in the render's work folder under a plain name (``v000001.mp4``, ``a000001.pcm``), so the
list the concat demuxer reads holds no path a project folder could make special. Each piece's ``duration`` is
given in whole microseconds from its exact start and end, so rounding never adds up along the list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from neuralcut_cli.media.ffmpeg import file_arg
from neuralcut_cli.render.jobs import Kind
from neuralcut_cli.render.segments import AUDIO_RATE, Segment

AUDIO_CODEC = ["-c:a", "aac", "-b:a", "160k"]
JOIN_SHARE = 0.04  # the join's share of a whole render's progress (it copies the picture, encodes the sound)


def piece_name(segment: Segment, kind: Kind) -> str:
    return f"{'v' if kind == 'video' else 'a'}{segment.index:06d}{'.mp4' if kind == 'video' else '.pcm'}"


def write_lists(work: Path, segments: list[Segment], rate: Fraction) -> tuple[Path, Path]:
    """The concat demuxer's list of pictures, and the whole sound as one raw file."""
    listing = work / "pieces.txt"
    lines = []
    for segment in segments:
        start, end = (round(Fraction(frame * 1_000_000) / rate) for frame in segment.frames)
        lines.append(f"file '{piece_name(segment, 'video')}'\nduration {end - start}us\n")
    listing.write_text("ffconcat version 1.0\n" + "".join(lines), encoding="ascii")
    sound = work / "sound.pcm"
    with open(sound, "wb") as whole:
        for segment in segments:
            with open(work / piece_name(segment, "audio"), "rb") as piece:
                while chunk := piece.read(1 << 20):
                    whole.write(chunk)
    return listing, sound


@dataclass(frozen=True)
class Mux:
    """The last step: joined picture and sound into ``output`` (work for ``workers.run_local``)."""

    listing: Path
    sound: Path
    output: Path
    duration: float
    targets: dict[Kind, Path] = field(default_factory=dict)

    @property
    def seconds(self) -> float:
        return self.duration

    def arguments(self, root: Path) -> list[str]:
        return ["-y", "-hide_banner", "-nostdin", "-loglevel", "error", "-nostats", "-progress", "pipe:1",
                "-f", "concat", "-i", file_arg(self.listing),
                "-f", "s16le", "-ar", str(AUDIO_RATE), "-ac", "2", "-i", file_arg(self.sound),
                "-map", "0:v", "-map", "1:a", "-c:v", "copy", *AUDIO_CODEC, "-movflags", "+faststart",
                file_arg(self.output)]

    def where(self) -> str:
        return "joining the segments"
