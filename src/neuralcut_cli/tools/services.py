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
from typing import Any, Protocol

from neuralcut_cli.media.assets import AssetFile
from neuralcut_cli.media.context_cache import AssetCache, AssetContext

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


def _gemini(model: str | None = None) -> AssetUnderstanding:
    from neuralcut_cli.providers.gemini.understanding import GeminiUnderstanding

    return GeminiUnderstanding(model)


def _whisper() -> Transcriber:
    from neuralcut_cli.media.transcripts import WhisperTranscriber

    return WhisperTranscriber()


@dataclass
class ToolServices:
    """The services a session offers its tools."""

    understanding: AssetUnderstanding = field(default_factory=_gemini)
    transcriber: Transcriber = field(default_factory=_whisper)

    @classmethod
    def for_model(cls, model: str | None) -> ToolServices:
        """The real services, understanding with ``model`` (the session's model, if it has one)."""
        return cls(understanding=_gemini(model))
