"""A file uploaded through the Files API once, and waited on until Gemini can read it.

Shared by asset understanding and render review. The cache entry (see
``media.context_cache``) is written as soon as the upload is accepted, so a
file still processing when the bounded wait ends is polled again next time,
never uploaded twice.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from neuralcut_cli.errors import ProviderError
from neuralcut_cli.media.context_cache import AssetCache

Progress = Callable[[str], None]
#: Makes the file to upload when the cache has none: ``(path, mime type)``.
Source = Callable[[], tuple[Path, str]]


def _setting(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


def upload_once(
    files: Any, cache: AssetCache, key: str, fingerprint: Any, source: Source, progress: Progress
) -> tuple[dict[str, Any], bool]:
    """``(entry, cached)``: the cache's upload for ``key`` while ``fingerprint`` holds, else a new one."""
    entry = cache.fresh(key, fingerprint)
    cached = entry is not None
    if entry is None:
        path, mime_type = source()
        progress(f"Uploading {path.name} to Gemini…")
        info = files.upload(path, mime_type)
        entry = {
            "assetId": key,
            "provider": "gemini",
            "fileUri": info["uri"],
            "fileName": info["name"],
            "mimeType": mime_type,
            "status": "processing",
            "createdAt": int(time.time() * 1000),
            "fingerprint": fingerprint,
        }
        cache.put(entry)
    if entry["status"] != "active":
        entry = wait_until_active(files, entry, cache, progress)
    return entry, cached


def wait_until_active(files: Any, entry: dict[str, Any], cache: AssetCache, progress: Progress) -> dict[str, Any]:
    """Poll until the upload is ACTIVE (bounded by ``NEURALCUT_GEMINI_POLL_TIMEOUT``); FAILED is an error."""
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
            raise ProviderError("Gemini could not process the file (state FAILED)")
        if time.monotonic() >= deadline:
            return entry  # still processing: the next call polls again, without uploading
        progress(f"Gemini is processing the file ({state.lower()})…")
        time.sleep(interval)
