"""``load_asset_context``: let Gemini see or hear an asset before editing.

Uploads the asset's file with the Files API, polls until it is ACTIVE
(bounded), asks the model for a short summary, and caches ``{assetId,
provider, fileUri, status, createdAt}`` plus the file's fingerprint in
``.neuralcut/<stem>/asset-context.json``. The cache is reused while the file
is unchanged and younger than 48 hours (Gemini deletes files after 48 h),
so the same unchanged file is never uploaded twice.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Annotated, Any, Callable, ClassVar

from pydantic import Field

from neuralcut_cli.project.model import Project
from neuralcut_cli.project.paths import state_dir
from neuralcut_cli.tools.asset_files import AssetFile, asset_file, resolve_asset
from neuralcut_cli.tools.definition import ToolArgs, ToolContext, ToolError, tool

FAILED = "Failed to load asset context"
MAX_AGE_MS = 48 * 3600 * 1000
SUMMARY_PROMPT = ("Summarise this media for a video editor in at most 5 short sentences: what is seen and heard, "
                  "notable moments with their times in seconds, and any speech.")


def _setting(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


class GeminiFiles:
    """The three Gemini calls this tool needs, behind one small class."""

    def __init__(self, client: Any = None, model: str | None = None) -> None:
        from neuralcut_cli.tools.gemini_client import DEFAULT_MODEL, make_client

        self.client = client or make_client()
        self.model = model or os.environ.get("NEURALCUT_MODEL") or DEFAULT_MODEL

    def upload(self, path: Path, mime_type: str) -> dict[str, Any]:
        file = self.client.files.upload(file=str(path), config={"mime_type": mime_type, "display_name": path.name})
        return _file_info(file)

    def get(self, name: str) -> dict[str, Any]:
        return _file_info(self.client.files.get(name=name))

    def summarize(self, uri: str, mime_type: str) -> str:
        from google.genai import types

        contents = [types.Content(role="user", parts=[types.Part(file_data=types.FileData(file_uri=uri, mime_type=mime_type)),
                                                       types.Part(text=SUMMARY_PROMPT)])]
        response = self.client.models.generate_content(model=self.model, contents=contents)
        return (response.text or "").strip()


def _file_info(file: Any) -> dict[str, Any]:
    state = getattr(file.state, "value", file.state) or "STATE_UNSPECIFIED"
    return {"name": file.name, "uri": file.uri, "state": str(state).upper()}


class AssetCache:
    """``asset-context.json``: one entry per asset id."""

    def __init__(self, project_path: Path) -> None:
        self.path = state_dir(project_path) / "asset-context.json"

    def read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text("utf-8"))
            return data if isinstance(data, dict) else {}
        except (OSError, ValueError):
            return {}

    def get(self, asset_id: str) -> dict[str, Any] | None:
        return self.read().get(asset_id)

    def put(self, entry: dict[str, Any]) -> None:
        from neuralcut_cli.project.io import write_atomic

        data = self.read()
        data[entry["assetId"]] = entry
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path, json.dumps(data, indent=2, ensure_ascii=False).encode("utf-8"))


class LoadAssetArgs(ToolArgs):
    asset_id: Annotated[str, Field(min_length=1, description="Internal asset id (or an unambiguous file name).")]
    errors: ClassVar = {"asset_id": "Asset not found"}


def _usable(entry: dict[str, Any] | None, file: AssetFile) -> bool:
    return bool(entry) and entry.get("fingerprint") == file.fingerprint and entry.get("status") != "failed" \
        and time.time() * 1000 - entry.get("createdAt", 0) < MAX_AGE_MS


@tool("load_asset_context", LoadAssetArgs)
def load_asset_context(project: Project, args: LoadAssetArgs, ctx: ToolContext) -> dict[str, Any]:
    """Let the model see and hear a media asset (video first; audio and
    images too) before editing: uploads it to Gemini once (cached for 48 h
    while the file is unchanged) and returns a short summary of its content.
    Call it when the user asks about what is in a clip. Never edits."""
    asset = resolve_asset(project, args.asset_id)
    file = asset_file(ctx.session.path, asset, FAILED, confined=True)
    cache = AssetCache(ctx.session.path)
    entry = cache.get(asset.id)
    cached = _usable(entry, file)
    progress: Callable[[str], None] = ctx.extras.get("progress") or (lambda text: None)
    try:
        files = ctx.extras.get("gemini_files") or GeminiFiles(model=ctx.extras.get("model"))
        if not cached:
            progress(f"Uploading {file.path.name} to Gemini…")
            info = files.upload(file.path, file.mime_type)
            entry = {"assetId": asset.id, "provider": "gemini", "fileUri": info["uri"], "fileName": info["name"],
                     "mimeType": file.mime_type, "status": "processing", "createdAt": int(time.time() * 1000),
                     "fingerprint": file.fingerprint}
            cache.put(entry)
        assert entry is not None
        if entry["status"] != "active":
            entry = _wait_until_active(files, entry, cache, progress)
        if entry["status"] == "processing":
            return _output(entry, cached)
        if not entry.get("summary"):
            progress(f"Asking Gemini about {file.path.name}…")
            entry = {**entry, "summary": files.summarize(entry["fileUri"], entry["mimeType"])}
            cache.put(entry)
    except ToolError:
        raise
    except Exception as exc:  # noqa: BLE001 - every provider failure becomes the spec's error
        from neuralcut_cli.tools.gemini_client import explain

        raise ToolError(FAILED, details=explain(exc).message) from None
    return _output(entry, cached)


def _wait_until_active(files: Any, entry: dict[str, Any], cache: AssetCache,
                       progress: Callable[[str], None]) -> dict[str, Any]:
    interval = _setting("NEURALCUT_GEMINI_POLL_INTERVAL", 2.0)
    deadline = time.monotonic() + _setting("NEURALCUT_GEMINI_POLL_TIMEOUT", 180.0)
    while True:
        state = files.get(entry["fileName"])["state"]
        if state == "ACTIVE":
            entry = {**entry, "status": "active"}
            cache.put(entry)
            return entry
        if state == "FAILED":
            cache.put({**entry, "status": "failed"})
            raise ToolError(FAILED, details="Gemini could not process the file (state FAILED)")
        if time.monotonic() >= deadline:
            return entry  # still processing: the next call polls again, without uploading
        progress(f"Gemini is processing the file ({state.lower()})…")
        time.sleep(interval)


def _output(entry: dict[str, Any], cached: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"assetId": entry["assetId"], "status": "loaded" if entry["status"] == "active" else "processing",
                           "cached": cached, "provider": "gemini", "fileUri": entry["fileUri"],
                           "mimeType": entry["mimeType"]}
    if entry.get("summary"):
        out["summary"] = entry["summary"]
    return out
