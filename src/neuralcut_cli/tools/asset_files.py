"""Finding an asset's file on disk: path, fingerprint, MIME type.

Shared by ``load_asset_context`` and ``transcribe_video``. An asset's
``path`` is relative to the project file.
"""

from __future__ import annotations

import mimetypes
from dataclasses import dataclass
from pathlib import Path

from neuralcut_cli.media.roots import outside_roots
from neuralcut_cli.project.model import MediaAsset, Project
from neuralcut_cli.tools.definition import ToolError

SUPPORTED_MIME = ("video/", "audio/", "image/png", "image/jpeg", "image/webp", "image/heic", "image/heif")
_EXTRA_TYPES = {".m4a": "audio/mp4", ".webm": "video/webm", ".mkv": "video/x-matroska", ".heic": "image/heic",
                ".webp": "image/webp", ".aac": "audio/aac", ".flac": "audio/flac", ".ogg": "audio/ogg"}


@dataclass(frozen=True)
class AssetFile:
    asset: MediaAsset
    path: Path
    mime_type: str
    size: int
    mtime_ns: int

    @property
    def fingerprint(self) -> dict[str, int]:
        return {"size": self.size, "mtimeNs": self.mtime_ns}


def resolve_asset(project: Project, asset_id: str) -> MediaAsset:
    """By internal id; else by file name when exactly one asset has it."""
    asset = project.asset(asset_id)
    if asset is not None:
        return asset
    wanted = asset_id.strip().lower()
    named = [a for a in project.media_assets if a.name.lower() == wanted or Path(a.name).stem.lower() == wanted]
    if len(named) == 1:
        return named[0]
    raise ToolError("Asset not found")


def mime_of(asset: MediaAsset) -> str | None:
    suffix = Path(asset.path or asset.name).suffix.lower()
    return _EXTRA_TYPES.get(suffix) or mimetypes.guess_type(f"x{suffix}")[0]


def asset_file(project_path: Path, asset: MediaAsset, failure: str, confined: bool = False) -> AssetFile:
    """The asset's file, checked; ``failure`` is the tool's error string when it is missing.

    ``confined`` (a file about to leave the machine): it must lie inside the
    project folder or a folder named in ``NEURALCUT_MEDIA_ROOTS``.
    """
    mime = mime_of(asset)
    if mime is None or not mime.startswith(SUPPORTED_MIME) or asset.type not in ("video", "audio", "image"):
        raise ToolError("Unsupported asset type", details=f"{asset.label}: {mime or 'unknown file type'}")
    path = asset.file(project_path)
    if path is None:
        raise ToolError(failure, details=f"asset {asset.id} has no file path")
    try:
        stat = path.stat()
    except OSError:
        raise ToolError(failure, details=f"media file not found: {path}") from None
    if not path.is_file():
        raise ToolError(failure, details=f"not a file: {path}")
    problem = outside_roots(path, project_path) if confined else None
    if problem:
        raise ToolError(failure, details=problem)
    return AssetFile(asset, path, mime, stat.st_size, stat.st_mtime_ns)
