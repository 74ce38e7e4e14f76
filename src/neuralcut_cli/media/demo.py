"""The bundled demo project, copied for a person to play with.

``neuralcut new tour.json --demo`` writes a copy of the demo (a day at the
beach: three clips, a logo, music, a title and a vignette) and its media
into ``tour-media/`` beside it, so a tour edits the copy and never the
demo that ships with the package (or the clone).
"""

from __future__ import annotations

import json
import shutil
import uuid
from functools import partial
from pathlib import Path
from typing import Any

from neuralcut_cli.errors import OutputExists
from neuralcut_cli.media.outputs import check_output_target
from neuralcut_cli.project.io import replace_with
from neuralcut_cli.project.paths import SHIPPED_DEMO

DEMO = SHIPPED_DEMO


def demo_project() -> Path:
    return DEMO / "demo.json"


def demo_copy(path: Path, force: bool = False) -> dict[str, Any]:
    """The demo's JSON for a copy at ``path``, its media copied to ``<stem>-media/`` (made here)."""
    media = path.parent / f"{path.stem}-media"
    data: dict[str, Any] = json.loads(demo_project().read_text(encoding="utf-8"))
    if (
        media.exists()
        and not force
        and any((media / Path(asset["path"]).name).exists() for asset in data["mediaAssets"])
    ):
        raise OutputExists(f"{media} already holds the demo's media; use --force to overwrite them")
    targets = [
        check_output_target(media / Path(asset["path"]).name, {}, True, new_folders=True)
        for asset in data["mediaAssets"]
    ]  # a FIFO or a device named like a demo file stays as it is
    media.mkdir(parents=True, exist_ok=True)
    for asset, target in zip(data["mediaAssets"], targets, strict=True):
        source = DEMO / asset["path"]
        replace_with(target, partial(shutil.copyfile, source))
        asset["path"] = f"{media.name}/{source.name}"
    data["metadata"]["id"] = str(uuid.uuid4())
    return data
