"""What some tools need from outside the project, declared as small protocols.

A tool receives its services typed in its ``ToolContext``: the CLI wires the
real ones (Gemini for understanding, local Whisper for transcription), tests
replace them. Creating the real ones costs nothing: clients and models are
made on first use.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # the protocols' types only: a session that calls no such tool imports none of them
    from neuralcut_cli.media.assets import AssetFile
    from neuralcut_cli.media.context_cache import AssetCache, AssetContext
    from neuralcut_cli.media.review import Medium, ReviewAnswer, ReviewRequest

Progress = Callable[[str], None]


def no_progress(text: str) -> None:
    """The progress callback of a context nobody watches."""


class AssetUnderstanding(Protocol):
    """Lets a model see and hear an asset: ``load_asset_context``."""

    provider: str

    def understand(self, file: AssetFile, cache: AssetCache, progress: Progress) -> AssetContext: ...


class Transcriber(Protocol):
    """Speech to text: ``transcribe_video``."""

    def transcribe(
        self, file: AssetFile, project_path: Path, model_id: str | None, language: str | None
    ) -> dict[str, Any]: ...


class RenderReviewer(Protocol):
    """Lets a model watch the edit: ``review_render``. ``medium`` is what it takes (a video, or one image)."""

    provider: str
    medium: Medium

    def review(self, request: ReviewRequest, progress: Progress) -> ReviewAnswer: ...


def _gemini(model: str | None = None) -> AssetUnderstanding:
    from neuralcut_cli.providers.gemini.understanding import GeminiUnderstanding

    return GeminiUnderstanding(model)


def _whisper() -> Transcriber:
    from neuralcut_cli.media.transcripts import WhisperTranscriber

    return WhisperTranscriber()


def _gemini_reviewer(model: str | None = None) -> RenderReviewer:
    from neuralcut_cli.providers.gemini.review import GeminiReviewer

    return GeminiReviewer(model)


def image_reviewer(client: Any, model: str, base_url: str = "") -> RenderReviewer:
    """Review by an OpenAI-compatible model over its own client: a contact sheet as an image part."""
    from neuralcut_cli.providers.openai_compat.vision import OpenAIImageReviewer

    return OpenAIImageReviewer(client, model, base_url)


@dataclass
class ToolServices:
    """The services a session offers its tools."""

    understanding: AssetUnderstanding = field(default_factory=_gemini)
    transcriber: Transcriber = field(default_factory=_whisper)
    reviewer: RenderReviewer = field(default_factory=_gemini_reviewer)

    @classmethod
    def for_model(cls, model: str | None) -> ToolServices:
        """The real services, understanding and reviewing with ``model`` (the session's, if it is Gemini's)."""
        return cls(understanding=_gemini(model), reviewer=_gemini_reviewer(model))
