"""Speech to text with local Whisper (the optional ``faster-whisper`` extra).

Transcripts, with each word's start and end, are cached per asset, model, language and file fingerprint in
``.neuralcut/<stem>/transcripts/``, so a second request decodes nothing.
``load_model`` is the boundary tests replace with a fake model.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from neuralcut_cli.errors import MediaError
from neuralcut_cli.media.analysis_cache import cache_path, cached
from neuralcut_cli.media.assets import AssetFile
from neuralcut_cli.project.io import read_json_state

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

    def transcribe(
        self, file: AssetFile, project_path: Path, model_id: str | None, language: str | None
    ) -> dict[str, Any]:
        model_id = model_id or DEFAULT_MODEL
        path = cache_path(project_path, "transcripts", file, f"{model_id}-{language or 'auto'}{WORDS}")
        return dict(cached(path, file, lambda: _transcribed(file, model_id, language)))


WORDS = "-words"  # the cache name of transcripts with word times (older ones have none and are not used)


def latest_transcript(project_path: Path, file: AssetFile) -> dict[str, Any] | None:
    """The newest cached transcript with word times of this version of the asset's file (any model or
    language), or None: the word tools never transcribe on their own."""
    folder = cache_path(project_path, "transcripts", file, "x").parent
    prefix = cache_path(project_path, "transcripts", file, "").stem
    candidates = (
        sorted((p for p in folder.glob(f"{prefix}*{WORDS}.json")), key=lambda p: p.stat().st_mtime, reverse=True)
        if folder.is_dir()
        else []
    )
    for path in candidates:
        stored = read_json_state(path)
        if not isinstance(stored, dict) or stored.get("fingerprint") != file.fingerprint:
            continue
        value = stored.get("value")
        if isinstance(value, dict) and value.get("assetId") == file.asset.id:  # another id may start the same way
            return dict(value)
    return None


def _transcribed(file: AssetFile, model_id: str, language: str | None) -> dict[str, Any]:
    model = load_model(model_id)
    try:
        segments, info = model.transcribe(str(file.path), language=language, word_timestamps=True)
        parts = [_segment(s) for s in segments]
    except Exception as exc:  # noqa: BLE001 - the library's failure, reported safely
        raise MediaError(f"{type(exc).__name__}: {exc}") from None
    return {
        "assetId": file.asset.id,
        "language": getattr(info, "language", None) or language or "",
        "text": " ".join(p["text"] for p in parts).strip(),
        "segments": parts,
    }


def _segment(segment: Any) -> dict[str, Any]:
    words = [
        {"start": round(float(w.start), 3), "end": round(float(w.end), 3), "word": str(w.word).strip()}
        for w in getattr(segment, "words", None) or ()
        if str(w.word).strip()
    ]
    return {
        "start": round(float(segment.start), 3),
        "end": round(float(segment.end), 3),
        "text": segment.text.strip(),
        "words": words,
    }
