"""Asset understanding through Gemini: upload once, poll until ACTIVE, summarise, cache.

The cache (``media.context_cache``) is reused while the file is unchanged
and younger than 48 hours (Gemini deletes uploads after 48 h), so the same
unchanged file is never uploaded twice. Polling is bounded: a file still
processing when the time is up is reported as such, and the next call polls
again without uploading (``providers.gemini.uploads``).
"""

from __future__ import annotations

from collections.abc import Callable

from neuralcut_cli.media.assets import AssetFile
from neuralcut_cli.media.context_cache import AssetCache, AssetContext
from neuralcut_cli.providers.gemini.errors import provider_errors
from neuralcut_cli.providers.gemini.files import SUMMARY_PROMPT, OnFiles
from neuralcut_cli.providers.gemini.uploads import upload_once

Progress = Callable[[str], None]


class GeminiUnderstanding(OnFiles):
    """The ``AssetUnderstanding`` service backed by Gemini."""

    def understand(self, file: AssetFile, cache: AssetCache, progress: Progress) -> AssetContext:
        """Upload (unless cached), wait for processing, summarise; ``ProviderError`` says what failed."""
        with provider_errors():
            entry, cached = upload_once(
                self.files, cache, file.asset.id, file.fingerprint, lambda: (file.path, file.mime_type), progress
            )
            if entry["status"] == "active" and not entry.get("summary"):
                progress(f"Asking Gemini about {file.path.name}…")
                entry = {**entry, "summary": self.files.ask(entry["fileUri"], entry["mimeType"], SUMMARY_PROMPT)}
                cache.put(entry)
        return AssetContext(
            entry["assetId"],
            self.provider,
            entry["fileUri"],
            entry["mimeType"],
            loaded=entry["status"] == "active",
            cached=cached,
            summary=entry.get("summary"),
        )
