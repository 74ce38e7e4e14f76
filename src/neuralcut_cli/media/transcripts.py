"""Speech to text with local Whisper (faster-whisper; the model from ``whisper_models``).

The sound is decoded once, at 16 kHz, and used twice: Whisper transcribes it, prompted so that it keeps the
fillers people say ("um", "uh") rather than tidying them away, and ``word_timing`` moves each word's start and
end onto the sound. Progress (with the time left) is told as segments arrive, and a cancelled request stops
between two of them.

Transcripts, with each word's start and end, are cached per asset, model, language and file fingerprint in
``.neuralcut/<stem>/transcripts/``, so a second request decodes nothing; a request that names no model uses
the newest transcript of the file there is, whichever model made it. ``load_model`` and ``decode`` are the
boundary the fast tests replace with a fake model.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from neuralcut_cli.errors import Cancelled, MediaError
from neuralcut_cli.media.analysis_cache import cache_path, cached
from neuralcut_cli.media.assets import AssetFile
from neuralcut_cli.media.ffmpeg import current_cancel
from neuralcut_cli.media.whisper_models import MissingExtra, Model, resolve
from neuralcut_cli.project.io import read_json_state

__all__ = ["MissingExtra", "WhisperTranscriber", "latest_transcript"]

#: Said to Whisper before the speech: its transcripts then keep disfluencies (a prompt in the style it should
#: write is how Whisper is told to keep them).
FILLER_PROMPT = "Uh, um, so, uh, yeah. Um, I mean, uh, it's, um, like, uh, hard."
WORDS = "-words2"  # the cache name of transcripts with sound-exact word times (older ones are not used)
Progress = Callable[[str], None]


def load_model(model: Model) -> Any:
    """The Whisper model (the boundary tests replace)."""
    from faster_whisper import WhisperModel

    if model.fetch_mb:
        return WhisperModel(model.load, device="cpu", compute_type="int8")  # fetched once by faster-whisper
    return WhisperModel(model.load, device="cpu", compute_type="int8", local_files_only=True)


def decode(path: Path) -> Any:
    """The file's sound at 16 kHz mono (None where the library cannot: the path is transcribed as it is)."""
    try:
        from faster_whisper import decode_audio
    except ImportError:
        return None
    return decode_audio(str(path), sampling_rate=16_000)


class WhisperTranscriber:
    """The ``Transcriber`` service: ``{assetId, language, text, segments, model}`` in source seconds."""

    def transcribe(
        self,
        file: AssetFile,
        project_path: Path,
        model_id: str | None,
        language: str | None,
        progress: Progress | None = None,
    ) -> dict[str, Any]:
        told = progress or (lambda text: None)
        if model_id is None and language is None:  # one transcript, reused, whichever model made it
            known = latest_transcript(project_path, file)
            if known is not None:
                return known
        model = resolve(model_id)
        if model.fetch_mb:
            told(f"Fetching the Whisper {model.name} model once ({model.fetch_mb} MB, into the Hugging Face cache)…")
        path = cache_path(project_path, "transcripts", file, f"{model.name}-{language or 'auto'}{WORDS}")
        return dict(cached(path, file, lambda: _transcribed(file, model, language, told)))


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


def _transcribed(file: AssetFile, model: Model, language: str | None, progress: Progress) -> dict[str, Any]:
    if not _has_sound(file):
        return {"assetId": file.asset.id, "language": language or "", "model": model.name, "text": "", "segments": []}
    try:
        whisper = load_model(model)
        samples = decode(file.path)
        segments, info = whisper.transcribe(
            samples if samples is not None else str(file.path),
            language=language,
            word_timestamps=True,
            initial_prompt=FILLER_PROMPT,
            vad_filter=samples is not None,  # only where someone speaks: music and room tone heard as nothing
        )
        parts = _collected(segments, float(getattr(info, "duration", 0) or 0), file.asset.label, progress)
    except (Cancelled, MediaError):
        raise
    except Exception as exc:  # noqa: BLE001 - the library's failure, reported safely
        raise _said(exc, model) from None
    if samples is not None:
        from neuralcut_cli.media.fillers import second_look
        from neuralcut_cli.media.word_timing import refine

        words = refine([w for p in parts for w in p["words"]], samples)
        for part in parts:
            part["words"], words = words[: len(part["words"])], words[len(part["words"]) :]
        progress(f"Listening again for the fillers in {file.asset.label}…")
        second_look(whisper, samples, parts, FILLER_PROMPT)
    return {
        "assetId": file.asset.id,
        "language": getattr(info, "language", None) or language or "",
        "model": model.name,
        "text": " ".join(p["text"] for p in parts).strip(),
        "segments": parts,
    }


def _collected(segments: Any, length: float, name: str, progress: Progress) -> list[dict[str, Any]]:
    """The segments as they arrive, telling how far it is and how long is left; a cancelled request stops. A
    segment the model itself doubts is speech at all (likely silence, and words it is unsure of) is left out:
    what a prompt makes it imagine over music."""
    cancel, started, parts = current_cancel(), time.monotonic(), []
    progress(f"Transcribing {name}…")
    for segment in segments:
        if cancel is not None and cancel.is_set():
            raise Cancelled("Cancelled")
        doubted = (
            float(getattr(segment, "no_speech_prob", 0) or 0) > 0.5
            and float(getattr(segment, "avg_logprob", 0) or 0) < -0.7
        )
        if not doubted:
            parts.append(_segment(segment))
        if length > 0:
            done = min(1.0, float(segment.end) / length)
            left = (time.monotonic() - started) * (1 - done) / max(done, 1e-6)
            progress(f"Transcribing {name}: {done:.0%} (about {left:.0f} s left)")
    return parts


def _has_sound(file: AssetFile) -> bool:
    if file.asset.has_audio is False:
        return False
    from neuralcut_cli.media.probe import probe

    try:
        return probe(file.path).has_audio
    except MediaError:
        return True  # faster-whisper says what is wrong with it


def _said(exc: Exception, model: Model) -> MediaError:
    """The library's failure as a sentence: a model that cannot be found (offline) says what to do."""
    name = type(exc).__name__
    if "LocalEntryNotFound" in name or "offline" in str(exc).lower() or "Connection" in name:
        from neuralcut_cli.media.whisper_models import INSTALL

        return MissingExtra(f"The Whisper model '{model.name}' could not be fetched (offline?). {INSTALL}")
    return MediaError(f"{name}: {exc}")


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
