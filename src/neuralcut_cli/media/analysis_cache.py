"""Results worked out from a media file, cached beside the project (``.neuralcut/<stem>/<kind>/``) per asset,
parameters and file fingerprint: a second request for the same file decodes nothing; a changed file (size or
modification time) is worked out again."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

from neuralcut_cli.media.assets import AssetFile
from neuralcut_cli.project.io import read_json_state
from neuralcut_cli.project.paths import state_dir


def cache_path(project_path: Path, kind: str, file: AssetFile, key: str) -> Path:
    slug = re.sub(r"[^\w.-]+", "_", f"{file.asset.id}-{key}")
    return state_dir(project_path) / kind / f"{slug}.json"


def cached(path: Path, file: AssetFile, compute: Callable[[], Any]) -> Any:
    """The cached value at ``path`` when it was worked out from this version of the file, else ``compute()``,
    stored (atomically) for next time."""
    stored = read_json_state(path)
    if isinstance(stored, dict) and stored.get("fingerprint") == file.fingerprint and "value" in stored:
        return stored["value"]
    value = compute()
    from neuralcut_cli.project.io import write_atomic

    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps({"fingerprint": file.fingerprint, "value": value}).encode("utf-8"))
    return value
