"""Results worked out from a media file, cached beside the project (``.neuralcut/<stem>/<kind>/``) per asset,
parameters and file fingerprint: a second request for the same file decodes nothing; a changed file (size or
modification time, or its first and last bytes) is worked out again. Each entry is sealed with this person's
key (``project.seal``): a forged or edited entry is not believed."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from neuralcut_cli.media.assets import AssetFile
from neuralcut_cli.project.io import read_json_state
from neuralcut_cli.project.paths import real_state_folder, state_dir
from neuralcut_cli.project.seal import seal, sealed


def cache_path(project_path: Path, kind: str, file: AssetFile, key: str) -> Path:
    slug = re.sub(r"[^\w.-]+", "_", f"{file.asset.id}-{key}")
    return state_dir(project_path) / kind / f"{slug}.json"


def cached(path: Path, file: AssetFile, compute: Callable[[], Any]) -> Any:
    """The cached value at ``path`` when it was worked out from this version of the file, else ``compute()``,
    stored (atomically) for next time."""
    stored = read_json_state(path)
    if (
        isinstance(stored, dict)
        and stored.get("fingerprint") == file.fingerprint
        and "value" in stored
        and sealed(_content(path, stored), stored.get("seal"))
    ):
        return stored["value"]
    value = compute()
    from neuralcut_cli.errors import ProjectSaveError
    from neuralcut_cli.project.io import write_atomic

    document = {"fingerprint": file.fingerprint, "value": value}
    try:
        real_state_folder(path.parent)
    except ProjectSaveError:  # a state folder that is a link or cannot be made: the value, not kept
        return value
    write_atomic(path, json.dumps({**document, "seal": seal(_content(path, document))}).encode("utf-8"))
    return value


def _content(path: Path, document: dict[str, Any]) -> dict[str, Any]:
    """What a seal covers: the entry and where it lies (an entry copied to another asset's name is not believed)."""
    return {
        "entry": f"{path.parent.name}/{path.name}",
        "fingerprint": document.get("fingerprint"),
        "value": document.get("value"),
    }
