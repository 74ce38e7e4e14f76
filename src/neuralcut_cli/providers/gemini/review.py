"""Render review through Gemini: the preview is uploaded once per range and version of the timeline (cached 48 h
in ``review-cache.json``, as asset understanding caches its uploads), then each question is asked about it."""

from __future__ import annotations

from collections.abc import Callable

from neuralcut_cli.errors import ProviderError
from neuralcut_cli.media.context_cache import AssetCache
from neuralcut_cli.media.review import Medium, ReviewAnswer, ReviewRequest
from neuralcut_cli.providers.gemini.errors import provider_errors
from neuralcut_cli.providers.gemini.files import OnFiles
from neuralcut_cli.providers.gemini.uploads import upload_once

Progress = Callable[[str], None]
CACHE = "review-cache.json"


class GeminiReviewer(OnFiles):
    """The ``RenderReviewer`` service backed by Gemini: it watches a preview render."""

    medium: Medium = "video"

    def review(self, request: ReviewRequest, progress: Progress) -> ReviewAnswer:
        cache = AssetCache(request.project_path, CACHE)
        with provider_errors():
            entry, cached = upload_once(
                self.files, cache, request.key, request.key, lambda: (request.make("video"), "video/mp4"), progress
            )
            if entry["status"] != "active":
                raise ProviderError("Gemini is still processing the preview; ask again in a minute")
            progress("Gemini is watching the preview…")
            answer = self.files.ask(entry["fileUri"], entry["mimeType"], request.prompt("video"))
        return ReviewAnswer(self.provider, "video", answer, cached, entry["fileUri"])
