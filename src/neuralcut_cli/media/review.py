"""What ``review_render`` asks of a model that watches (``RenderReviewer`` in ``tools.services``): a preview of a
range of the timeline, made only when the provider does not hold it already, and a question."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Medium = Literal["video", "image"]  # a preview render, or a contact sheet of frames


@dataclass(frozen=True)
class ReviewRequest:
    project_path: Path
    key: str  # names this range of this version of the timeline and its media (the upload cache's key)
    start: float  # seconds on the timeline
    end: float
    question: str
    make: Callable[[Medium], Path]  # renders the preview in the medium asked, into a temporary folder

    def prompt(self, medium: Medium) -> str:
        """The question, with what the model is looking at and how its times map to the timeline."""
        if medium == "video":
            seen = (
                f"This video is a low-quality preview render of seconds {self.start:g} to {self.end:g} of the "
                f"timeline being edited (0 s in the video is {self.start:g} s on the timeline)."
            )
        else:
            seen = (
                f"This image is a contact sheet of frames from seconds {self.start:g} to {self.end:g} of the "
                "timeline being edited; each tile is labelled with its time on the timeline."
            )
        return (
            f"{seen} Answer for a video editor in a few short sentences, giving times on the timeline in seconds. "
            f"Question: {self.question}"
        )


@dataclass(frozen=True)
class ReviewAnswer:
    provider: str
    medium: Medium
    answer: str
    cached: bool  # the provider already held this preview: nothing was rendered or uploaded
    file_uri: str | None = None
