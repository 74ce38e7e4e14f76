"""OpenCut records in and out.

A NeuralCut project is OpenCut's project record (version 25: metadata,
scenes, settings, ``timelineViewState``) plus three keys: ``format``,
``version: 1`` and ``mediaAssets`` (OpenCut keeps its media elsewhere, in
IndexedDB and OPFS). So:

* **in** (``record_to_project``): drop OpenCut's ``version``, add ours, and
  build ``mediaAssets`` from a media manifest (OpenCut's ``MediaAssetData``
  list: id, name, type, duration...) and a folder holding the files, found by
  name or as ``<mediaId>.<ext>``; a file with no manifest entry is probed.
* **out** (``project_to_record``): the same keys back, ``version: 25``, and
  the manifest (the assets without their ``path``).

Everything else, known or not, passes through unchanged.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from neuralcut_cli.errors import ProjectLoadError
from neuralcut_cli.media.importer import relative_path
from neuralcut_cli.media.probe import probe
from neuralcut_cli.project.model import FORMAT, SCHEMA_VERSION, Project

OPENCUT_VERSION = 25
_MANIFEST_KEYS = ("id", "name", "type", "duration", "width", "height", "fps", "hasAudio")


def record_to_project(
    record: Any, manifest: list[dict[str, Any]] | None, media_dir: Path | None, project_path: Path
) -> dict[str, Any]:
    """The JSON of a NeuralCut project made from an OpenCut record (``ProjectLoadError`` when it cannot be)."""
    if not isinstance(record, dict) or not isinstance(record.get("scenes"), list):
        raise ProjectLoadError("not an OpenCut project record: expected an object with 'scenes'")
    version = record.get("version")
    if "format" in record:
        raise ProjectLoadError("this is already a NeuralCut project; open it with -p")
    if version != OPENCUT_VERSION:
        raise ProjectLoadError(
            f"OpenCut record version {version!r}: this reads version {OPENCUT_VERSION} "
            "(open and save it in a current OpenCut first)"
        )
    project = {key: copy.deepcopy(value) for key, value in record.items() if key != "version"}
    project = {"format": FORMAT, "version": SCHEMA_VERSION, **project}
    project["mediaAssets"] = _assets(_used_media(record), manifest or [], media_dir, project_path)
    return project


def project_to_record(
    project: dict[str, Any], model: Project | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """An OpenCut record and its media manifest from a NeuralCut project's JSON; with its ``model``, every field
    OpenCut's types require is written (``opencut_complete``)."""
    record = {
        key: copy.deepcopy(value) for key, value in project.items() if key not in ("format", "version", "mediaAssets")
    }
    if model is not None:
        from neuralcut_cli.interchange.opencut_complete import completed
        from neuralcut_cli.project.io import now_iso

        record = completed(record, model, now_iso())
    record["version"] = OPENCUT_VERSION
    manifest = [{key: asset[key] for key in asset if key != "path"} for asset in project.get("mediaAssets", [])]
    return record, manifest


def read_manifest(raw: Any) -> list[dict[str, Any]]:
    """A manifest is a list of assets, or ``{"mediaAssets": [...]}`` / ``{"assets": [...]}``."""
    items = raw.get("mediaAssets", raw.get("assets")) if isinstance(raw, dict) else raw
    if not isinstance(items, list) or not all(isinstance(i, dict) and isinstance(i.get("id"), str) for i in items):
        raise ProjectLoadError("the media manifest must be a list of assets, each with an 'id'")
    return items


def _used_media(record: dict[str, Any]) -> list[str]:
    """Media ids the record's elements use, in order of first use."""
    seen: dict[str, None] = {}
    for scene in record["scenes"]:
        tracks = scene.get("tracks", {}) if isinstance(scene, dict) else {}
        layout = (
            [*tracks.get("overlay", []), tracks.get("main", {}), *tracks.get("audio", [])]
            if isinstance(tracks, dict)
            else []
        )
        for track in layout:
            for element in track.get("elements", []) if isinstance(track, dict) else []:
                media = element.get("mediaId") if isinstance(element, dict) else None
                if isinstance(media, str) and media:
                    seen.setdefault(media, None)
    return list(seen)


def _assets(
    used: list[str], manifest: list[dict[str, Any]], media_dir: Path | None, project_path: Path
) -> list[dict[str, Any]]:
    listed = {item["id"]: item for item in manifest}
    assets: list[dict[str, Any]] = []
    missing: list[str] = []
    for media_id in [*listed, *(m for m in used if m not in listed)]:
        entry = listed.get(media_id)
        file = _find_file(media_dir, media_id, entry.get("name") if entry else None)
        if entry is None and file is None:
            missing.append(media_id)
            continue
        asset = dict(entry) if entry else _probed(media_id, file)  # type: ignore[arg-type]
        if file is not None:
            asset["path"] = relative_path(file, project_path)
        assets.append(asset)
    if missing:
        where = f"in {media_dir}" if media_dir else "(no --media folder given)"
        raise ProjectLoadError(
            f"media used by the record but in no manifest and not found {where}: "
            f"{', '.join(missing)}. Give --manifest, or name the files <mediaId>.<ext>."
        )
    return assets  # checked with the whole project (``project_from_json``: type, duration... with their path)


def _find_file(media_dir: Path | None, media_id: str, name: str | None) -> Path | None:
    """The file of a record's media in ``media_dir`` and nowhere else: by its manifest name, else as
    ``<mediaId>.<ext>``. A name or id that is a path (``../x``, ``/etc/x``) names no file."""
    if media_dir is None:
        return None
    candidates = [media_dir / name] if name and _plain(name) else []
    if _plain(media_id):
        candidates += sorted(p for p in media_dir.glob(f"{_glob_safe(media_id)}.*") if p.is_file())
    inside = media_dir.resolve()
    return next((p for p in candidates if p.is_file() and p.resolve().is_relative_to(inside)), None)


def _plain(name: str) -> bool:
    """A file name with no folder in it."""
    return bool(name) and name not in (".", "..") and not any(c in name for c in "/\\\0")


def _glob_safe(text: str) -> str:
    return "".join(f"[{c}]" if c in "*?[]" else c for c in text)


def _probed(media_id: str, file: Path) -> dict[str, Any]:
    info = probe(file)
    asset: dict[str, Any] = {"id": media_id, "name": file.name, "type": info.type}
    for key, value in (
        ("duration", info.duration),
        ("width", info.width),
        ("height", info.height),
        ("fps", info.fps),
        ("hasAudio", info.has_audio),
    ):
        if value is not None:
            asset[key] = value
    return asset
