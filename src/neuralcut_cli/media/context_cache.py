"""What a provider holds of our files, cached per project.

``.neuralcut/<stem>/asset-context.json`` holds one entry per asset id:
``{assetId, provider, fileUri, fileName, mimeType, status, createdAt,
fingerprint, summary?}``. An entry is reused while the file keeps its
fingerprint and the provider still holds the upload (48 hours for Gemini).
``review-cache.json`` holds the previews ``review_render`` uploaded, one per
range and version of the timeline, in the same shape (``assetId`` is then the
preview's key).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from neuralcut_cli.project.io import read_json_state
from neuralcut_cli.project.paths import real_state_folder, state_dir
from neuralcut_cli.project.seal import seal, sealed

MAX_AGE_MS = 48 * 3600 * 1000


@dataclass(frozen=True)
class AssetContext:
    """What ``load_asset_context`` reports of an asset."""

    asset_id: str
    provider: str
    file_uri: str
    mime_type: str
    loaded: bool  # False while the provider is still processing the file
    cached: bool
    summary: str | None = None


class AssetCache:
    """``asset-context.json``: one entry per asset id."""

    def __init__(self, project_path: Path, name: str = "asset-context.json") -> None:
        self.path = state_dir(project_path) / name

    def read(self) -> dict[str, Any]:
        data = read_json_state(self.path)
        return data if isinstance(data, dict) else {}

    def get(self, asset_id: str) -> dict[str, Any] | None:
        entry = self.read().get(asset_id)
        return entry if isinstance(entry, dict) else None

    def fresh(self, key: str, fingerprint: Any) -> dict[str, Any] | None:
        """The entry under ``key`` if it was made from ``fingerprint``, by us, and the upload is not too old."""
        entry = self.get(key)
        if not entry or entry.get("fingerprint") != fingerprint or entry.get("status") == "failed":
            return None
        if not sealed(_content(entry), entry.get("seal")):  # written by someone else, or edited: upload again
            return None
        return entry if time.time() * 1000 - entry.get("createdAt", 0) < MAX_AGE_MS else None

    def put(self, entry: dict[str, Any]) -> None:
        from neuralcut_cli.project.io import write_atomic

        data = self.read()
        data[entry["assetId"]] = {**entry, "seal": seal(_content(entry))}
        real_state_folder(self.path.parent)
        write_atomic(self.path, json.dumps(data, indent=2, ensure_ascii=False).encode("utf-8"))


def _content(entry: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in entry.items() if k != "seal"}
