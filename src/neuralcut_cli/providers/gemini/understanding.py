"""Asset understanding through Gemini: upload once, poll until ACTIVE, summarise, cache.

The cache (``media.context_cache``) is reused while the file is unchanged
and younger than 48 hours (Gemini deletes uploads after 48 h), so the same
unchanged file is never uploaded twice. Polling is bounded: a file still
processing when the time is up is reported as such, and the next call polls
again without uploading.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from neuralcut_cli.errors import NeuralCutError, ProviderError
from neuralcut_cli.media.assets import AssetFile
from neuralcut_cli.media.context_cache import AssetCache, AssetContext
from neuralcut_cli.providers.gemini.errors import explain
from neuralcut_cli.providers.gemini.files import GeminiFiles

Progress = Callable[[str], None]


def _setting(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


class GeminiUnderstanding:
    """The ``AssetUnderstanding`` service backed by Gemini."""

    provider = "gemini"

    def __init__(self, model: str | None = None, files: Any = None) -> None:
        self.model = model
        self._files = files

    @property
    def files(self) -> Any:
        if self._files is None:
            self._files = GeminiFiles(model=self.model)
        return self._files

    def understand(self, file: AssetFile, cache: AssetCache, progress: Progress) -> AssetContext:
        """Upload (unless cached), wait for processing, summarise; ``ProviderError`` says what failed."""
        entry = cache.usable(file)
        cached = entry is not None
        try:
            if entry is None:
                progress(f"Uploading {file.path.name} to Gemini…")
                info = self.files.upload(file.path, file.mime_type)
                entry = {
                    "assetId": file.asset.id,
                    "provider": self.provider,
                    "fileUri": info["uri"],
                    "fileName": info["name"],
                    "mimeType": file.mime_type,
                    "status": "processing",
                    "createdAt": int(time.time() * 1000),
                    "fingerprint": file.fingerprint,
                }
                cache.put(entry)
            if entry["status"] != "active":
                entry = self._wait_until_active(entry, cache, progress)
            if entry["status"] == "active" and not entry.get("summary"):
                progress(f"Asking Gemini about {file.path.name}…")
                entry = {**entry, "summary": self.files.summarize(entry["fileUri"], entry["mimeType"])}
                cache.put(entry)
        except ProviderError:
            raise
        except NeuralCutError as exc:  # a missing key, say
            raise ProviderError(exc.message) from None
        except Exception as exc:  # noqa: BLE001 - every provider failure becomes one clear message
            raise explain(exc) from None
        return AssetContext(
            entry["assetId"],
            self.provider,
            entry["fileUri"],
            entry["mimeType"],
            loaded=entry["status"] == "active",
            cached=cached,
            summary=entry.get("summary"),
        )

    def _wait_until_active(self, entry: dict[str, Any], cache: AssetCache, progress: Progress) -> dict[str, Any]:
        interval = _setting("NEURALCUT_GEMINI_POLL_INTERVAL", 2.0)
        deadline = time.monotonic() + _setting("NEURALCUT_GEMINI_POLL_TIMEOUT", 180.0)
        while True:
            state = self.files.get(entry["fileName"])["state"]
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
