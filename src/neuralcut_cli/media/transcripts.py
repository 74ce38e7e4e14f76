"""Speech to text with local Whisper (the optional ``faster-whisper`` extra).

Transcripts are cached per asset, model, language and file fingerprint in
``.neuralcut/<stem>/transcripts/``, so a second request decodes nothing.
``load_model`` is the boundary tests replace with a fake model.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from neuralcut_cli.errors import MediaError
from neuralcut_cli.media.analysis_cache import cache_path, cached
from neuralcut_cli.media.assets import AssetFile

DEFAULT_MODEL = "base"
INSTALL = "Transcription needs the optional faster-whisper extra: pip install 'neuralcut-cli[transcribe]'"


class MissingExtra(MediaError):
    """An optional dependency is not installed; the message says how to install it."""


def load_model(model_id: str) -> Any:
    """The Whisper model (the boundary tests replace)."""
    try:
        from faster_whisper import WhisperModel
    except ImportError:
        raise MissingExtra(INSTALL) from None
    return WhisperModel(model_id, device="cpu", compute_type="int8")


class WhisperTranscriber:
    """The ``Transcriber`` service: ``{assetId, language, text, segments}`` in source seconds."""

    def transcribe(self, file: AssetFile, project_path: Path, model_id: str | None,
                   language: str | None) -> dict[str, Any]:
        model_id = model_id or DEFAULT_MODEL
        path = cache_path(project_path, "transcripts", file, f"{model_id}-{language or 'auto'}")
        return dict(cached(path, file, lambda: _transcribed(file, model_id, language)))


def _transcribed(file: AssetFile, model_id: str, language: str | None) -> dict[str, Any]:
    model = load_model(model_id)
    try:
        segments, info = model.transcribe(str(file.path), language=language)
        parts = [{"start": round(float(s.start), 3), "end": round(float(s.end), 3), "text": s.text.strip()}
                 for s in segments]
    except Exception as exc:  # noqa: BLE001 - the library's failure, reported safely
        raise MediaError(f"{type(exc).__name__}: {exc}") from None
    return {"assetId": file.asset.id, "language": getattr(info, "language", None) or language or "",
            "text": " ".join(p["text"] for p in parts).strip(), "segments": parts}
