"""An asset's file on disk: its path, fingerprint and MIME type, checked.

Shared by the services that read media (understanding, transcription,
analysis). An asset's ``path`` is relative to the project file.
"""

from __future__ import annotations

import mimetypes
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from neuralcut_cli.errors import MediaError
from neuralcut_cli.media.roots import outside_roots
from neuralcut_cli.project.model import MediaAsset

SUPPORTED_MIME = ("video/", "audio/", "image/png", "image/jpeg", "image/webp", "image/heic", "image/heif")
_EXTRA_TYPES = {
    ".m4a": "audio/mp4",
    ".webm": "video/webm",
    ".mkv": "video/x-matroska",
    ".heic": "image/heic",
    ".webp": "image/webp",
    ".aac": "audio/aac",
    ".flac": "audio/flac",
    ".ogg": "audio/ogg",
}


class AssetFileError(MediaError):
    """An asset's file cannot be used; ``unsupported`` tells a wrong kind of file from a missing one."""

    def __init__(self, message: str, unsupported: bool = False) -> None:
        super().__init__(message)
        self.unsupported = unsupported


@dataclass(frozen=True)
class AssetFile:
    asset: MediaAsset
    path: Path
    mime_type: str
    size: int
    mtime_ns: int

    @cached_property
    def fingerprint(self) -> dict[str, Any]:
        """What identifies this version of the file for caches: size, modification time, and a digest of its
        first and last 64 kB (a file replaced by another of the same size and time is still told apart)."""
        return {"size": self.size, "mtimeNs": self.mtime_ns, "sample": _sample(self.path, self.size)}


def _sample(path: Path, size: int, span: int = 64 * 1024) -> str:
    import hashlib

    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            digest.update(handle.read(span))
            if size > 2 * span:
                handle.seek(size - span)
                digest.update(handle.read(span))
    except OSError:
        return ""
    return digest.hexdigest()


def mime_of(asset: MediaAsset) -> str | None:
    suffix = Path(asset.path or asset.name).suffix.lower()
    return _EXTRA_TYPES.get(suffix) or mimetypes.guess_type(f"x{suffix}")[0]


def locate(project_path: Path, asset: MediaAsset, confined: bool = False) -> AssetFile:
    """The asset's file, checked, or an ``AssetFileError`` saying why not.

    ``confined`` (the file is about to leave the machine): it must lie inside
    the project folder or a folder named in ``NEURALCUT_MEDIA_ROOTS``.
    """
    mime = mime_of(asset)
    if mime is None or not mime.startswith(SUPPORTED_MIME) or asset.type not in ("video", "audio", "image"):
        raise AssetFileError(f"{asset.label}: {mime or 'unknown file type'}", unsupported=True)
    path = asset.file(project_path)
    if path is None:
        raise AssetFileError(f"asset {asset.id} has no file path")
    try:
        stat = path.stat()
    except OSError:
        raise AssetFileError(f"media file not found: {path}") from None
    if not path.is_file():
        raise AssetFileError(f"not a file: {path}")
    problem = outside_roots(path, project_path) if confined else None
    if problem:
        raise AssetFileError(problem)
    return AssetFile(asset, path, mime, stat.st_size, stat.st_mtime_ns)
