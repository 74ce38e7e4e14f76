"""Where the render cuts the timeline: at every frame where the media seen or heard changes (a clip, a picture
or a sound comes or goes), and inside long unchanging stretches at most every ``SEGMENT_SECONDS``, so the work
can be shared out.

Media are what a segment's memory and decoding cost: each is an input, opened and sought for the segment.
Texts, stickers, shapes and effects cost neither and are drawn inside segments over their own ranges, so the
captions of a talk (one every second or two) do not chop it into hundreds of tiny segments, each seeking its
video again from a keyframe seconds earlier.

Segments are whole frames on the timeline's own frame grid (frame ``n`` is shown at ``n / fps``), so each one
renders the very frames the whole timeline would, and their sound is cut at the sample of each frame edge
(``time.frame_samples``): joined end to end they are exactly the timeline, picture and sound, with no drift.

A long stretch is divided into equal pieces counted from its own start, so an edit elsewhere (a clip removed
earlier, everything after moving left) leaves the pieces of an untouched stretch as they were: the render
cache then finds them again.
"""

from __future__ import annotations

import bisect
import itertools
import math
from dataclasses import dataclass
from fractions import Fraction

from neuralcut_cli.project.elements import MEDIA_ELEMENTS
from neuralcut_cli.project.model import Project
from neuralcut_cli.render.audio import AUDIO_RATE
from neuralcut_cli.render.transitions import joined as joined_transitions
from neuralcut_cli.time import frame_at_or_after, frame_samples, frame_time

SEGMENT_SECONDS = 5


@dataclass(frozen=True)
class Segment:
    index: int
    frames: tuple[int, int]  # [first, end) on the timeline's frame grid
    ticks: tuple[int, int]  # when those frames are shown: [start, end)
    samples: tuple[int, int]  # the sound of those frames, at AUDIO_RATE: [first, end)

    @property
    def frame_count(self) -> int:
        return self.frames[1] - self.frames[0]

    @property
    def sample_count(self) -> int:
        return self.samples[1] - self.samples[0]


def frame_range(project: Project, start: int | None, end: int | None) -> tuple[int, int]:
    """The frames a render of ``start``-``end`` (ticks; None: the timeline's ends) shows."""
    rate = rate_of(project)
    finish = project.scene.end_time if end is None else end
    return frame_at_or_after(start or 0, rate), frame_at_or_after(finish, rate)


def cut(
    project: Project, start: int | None = None, end: int | None = None, longest: float = SEGMENT_SECONDS
) -> list[Segment]:
    """The segments of the active scene over ``start``-``end`` (ticks)."""
    rate = rate_of(project)
    first, last = frame_range(project, start, end)
    inside = _transition_frames(project, rate)
    changes = _changes(project, rate) | {start for start, _ in inside}  # a transition starts a segment
    edges = sorted({first, last, *(e for e in changes if first < e < last)})
    most = max(1, math.ceil(longest * rate))
    spans = _whole_transitions(
        [piece for a, b in zip(edges, edges[1:], strict=False) for piece in _pieces(a, b, most)], inside
    )
    return [
        Segment(
            number,
            (a, b),
            (frame_time(a, rate), frame_time(b, rate)),
            (frame_samples(a, rate, AUDIO_RATE), frame_samples(b, rate, AUDIO_RATE)),
        )
        for number, (a, b) in enumerate(spans)
    ]


def rate_of(project: Project) -> Fraction:
    fps = project.settings.fps
    return Fraction(fps.numerator, fps.denominator)


def _changes(project: Project, rate: Fraction) -> set[int]:
    """The frames where a media element that renders comes or goes."""
    frames: set[int] = set()
    for track, element in project.scene.elements():
        if (
            not isinstance(element, MEDIA_ELEMENTS)
            or getattr(element, "hidden", None)
            or (getattr(track, "hidden", False) and track.type != "audio")
        ):
            continue
        frames.add(frame_at_or_after(element.start_time, rate))
        frames.add(frame_at_or_after(element.end_time, rate))
    return frames


def _transition_frames(project: Project, rate: Fraction) -> list[tuple[int, int]]:
    """The frames each transition plays over: a segment never cuts one (it is drawn in one graph)."""
    return [
        (frame_at_or_after(joined.start, rate), frame_at_or_after(joined.end, rate))
        for track in project.scene.tracks.ordered()
        for joined in joined_transitions(track)
    ]


def _whole_transitions(spans: list[tuple[int, int]], inside: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` with the pieces joined wherever their edge falls inside a transition."""
    inside = sorted(inside)
    starts = [a for a, _ in inside]
    reach = list(itertools.accumulate((b for _, b in inside), max))  # the furthest end of those starting so far
    joined: list[tuple[int, int]] = []
    for span in spans:
        before = bisect.bisect_left(starts, span[0])  # the transitions that start before this edge
        if joined and before and reach[before - 1] > span[0]:
            joined[-1] = (joined[-1][0], span[1])
        else:
            joined.append(span)
    return joined


def _pieces(first: int, end: int, most: int) -> list[tuple[int, int]]:
    """``first``-``end`` in equal pieces of at most ``most`` frames."""
    count = math.ceil((end - first) / most)
    return [(first + (end - first) * n // count, first + (end - first) * (n + 1) // count) for n in range(count)]
