"""``transcribe_video`` (secondary): local Whisper through ``faster-whisper``.

An optional extra (``pip install 'neuralcut-cli[transcribe]'``); without it
the tool answers with how to install it. Transcripts are cached per asset,
model, language and file fingerprint in ``.neuralcut/<stem>/transcripts/``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any, ClassVar

from pydantic import Field

from neuralcut_cli.project.model import Project
from neuralcut_cli.project.paths import state_dir
from neuralcut_cli.tools.asset_files import AssetFile, asset_file, resolve_asset
from neuralcut_cli.tools.definition import ToolArgs, ToolContext, ToolError, tool

DEFAULT_MODEL = "base"
FAILED = "Failed to transcribe"
INSTALL = "Transcription needs the optional faster-whisper extra: pip install 'neuralcut-cli[transcribe]'"


class TranscribeArgs(ToolArgs):
    asset_id: Annotated[str | None, Field(description="Video or audio asset id; default: the first clip in use.")] = None
    language: Annotated[str | None, Field(description="Language code such as en or es; detected when omitted.")] = None
    model_id: Annotated[str | None, Field(description="Whisper model: tiny, base (default), small, medium...")] = None
    errors: ClassVar = {"asset_id": "Asset not found", "language": "Invalid language", "model_id": "Invalid model id"}


def _default_asset(project: Project) -> str:
    for _, element in project.scene.elements():
        if element.type in ("video", "audio"):
            return element.media_id
    for asset in project.media_assets:
        if asset.type in ("video", "audio"):
            return asset.id
    raise ToolError("Asset not found")


def load_model(model_id: str) -> Any:
    """The Whisper model (the boundary tests replace)."""
    try:
        from faster_whisper import WhisperModel
    except ImportError:
        raise ToolError(INSTALL) from None
    return WhisperModel(model_id, device="cpu", compute_type="int8")


def _cache_path(project_path: Path, file: AssetFile, model_id: str, language: str | None) -> Path:
    slug = re.sub(r"[^\w.-]+", "_", f"{file.asset.id}-{model_id}-{language or 'auto'}")
    return state_dir(project_path) / "transcripts" / f"{slug}.json"


@tool("transcribe_video", TranscribeArgs)
def transcribe_video(project: Project, args: TranscribeArgs, ctx: ToolContext) -> dict[str, Any]:
    """Transcribe the speech of a video or audio asset with local Whisper:
    the full text and timed segments (seconds). Useful for captions: add
    them with add_text, one call per segment, only when the user asks."""
    asset = resolve_asset(project, args.asset_id or _default_asset(project))
    if asset.type not in ("video", "audio"):
        raise ToolError("Unsupported asset type", details=f"{asset.label} is an {asset.type}")
    file = asset_file(ctx.session.path, asset, FAILED)
    model_id = args.model_id or DEFAULT_MODEL
    cache = _cache_path(ctx.session.path, file, model_id, args.language)
    try:
        cached = json.loads(cache.read_text("utf-8"))
        if cached.get("fingerprint") == file.fingerprint:
            return cached["transcript"]
    except (OSError, ValueError, KeyError):
        pass
    model = load_model(model_id)
    try:
        segments, info = model.transcribe(str(file.path), language=args.language)
        parts = [{"start": round(float(s.start), 3), "end": round(float(s.end), 3), "text": s.text.strip()}
                 for s in segments]
    except Exception as exc:  # noqa: BLE001 - the library's failure, reported safely
        raise ToolError(FAILED, details=f"{type(exc).__name__}: {exc}") from None
    transcript = {"assetId": asset.id, "language": getattr(info, "language", None) or args.language or "",
                  "text": " ".join(p["text"] for p in parts).strip(), "segments": parts}
    from neuralcut_cli.project.io import write_atomic

    cache.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(cache, json.dumps({"fingerprint": file.fingerprint, "transcript": transcript}).encode("utf-8"))
    return transcript
