"""What some tools need from outside the project, declared as small protocols.

A tool receives its services typed in its ``ToolContext``: the CLI wires the
real ones (Gemini for understanding, local Whisper for transcription), tests
replace them. Creating the real ones costs nothing: each is made, and its
provider's module imported, when a tool first uses it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:  # the protocols' types only: a session that calls no such tool imports none of them
    from neuralcut_cli.media.assets import AssetFile
    from neuralcut_cli.media.context_cache import AssetCache, AssetContext
    from neuralcut_cli.media.review import Medium, ReviewAnswer, ReviewRequest

Progress = Callable[[str], None]
S = TypeVar("S")


def no_progress(text: str) -> None:
    """The progress callback of a context nobody watches."""


class AssetUnderstanding(Protocol):
    """Lets a model see and hear an asset: ``load_asset_context``."""

    provider: str

    def understand(self, file: AssetFile, cache: AssetCache, progress: Progress) -> AssetContext: ...


class Transcriber(Protocol):
    """Speech to text: ``transcribe_video``."""

    def transcribe(
        self,
        file: AssetFile,
        project_path: Path,
        model_id: str | None,
        language: str | None,
        progress: Callable[[str], None] | None = None,
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


class _Made(Generic[S]):
    """A service made by ``make(model)`` when first read (its provider module imported then), unless one was
    given or set."""

    def __init__(self, make: Callable[[str | None], S]) -> None:
        self.make = make

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_{name}"

    def __get__(self, services: ToolServices, owner: type | None = None) -> S:
        made: S | None = services.__dict__.get(self.slot)
        if made is None:
            made = self.make(services.model)
            services.__dict__[self.slot] = made
        return made

    def __set__(self, services: ToolServices, value: S) -> None:
        services.__dict__[self.slot] = value


class ToolServices:
    """The services a session offers its tools: the real ones unless given; each made when a tool first uses it,
    so a session that calls no such tool imports no provider."""

    understanding = _Made(_gemini)
    transcriber = _Made(lambda model: _whisper())
    reviewer = _Made(_gemini_reviewer)

    def __init__(
        self,
        understanding: AssetUnderstanding | None = None,
        transcriber: Transcriber | None = None,
        reviewer: RenderReviewer | None = None,
        model: str | None = None,
    ) -> None:
        self.model = model  # what the real Gemini services use (the session's model, if it is Gemini's)
        for name, given in (("understanding", understanding), ("transcriber", transcriber), ("reviewer", reviewer)):
            if given is not None:
                setattr(self, name, given)

    @classmethod
    def for_model(cls, model: str | None) -> ToolServices:
        """The real services, understanding and reviewing with ``model`` (the session's, if it is Gemini's)."""
        return cls(model=model)
