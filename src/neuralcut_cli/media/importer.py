"""Adding media files to a project with their real metadata.

All files are probed first; if any cannot be read, nothing is added. Paths
are stored relative to the project file. Importing is one undoable request.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from neuralcut_cli.errors import MediaError
from neuralcut_cli.media.probe import MediaInfo, probe
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.io import project_from_json
from neuralcut_cli.project.model import MediaAsset, Project
from neuralcut_cli.time import seconds_to_ticks


@dataclass(frozen=True)
class Imported:
    asset: MediaAsset
    info: MediaInfo
    new: bool  # False when the file was already in the project


def relative_path(file: Path, project_path: Path) -> str:
    try:
        return Path(os.path.relpath(file.resolve(), project_path.resolve().parent)).as_posix()
    except ValueError:  # another drive
        return file.resolve().as_posix()


def asset_json(file: Path, info: MediaInfo, project_path: Path) -> dict[str, Any]:
    return {"id": str(uuid.uuid4()), "name": file.name, "path": relative_path(file, project_path), **media_fields(info)}


def media_fields(info: MediaInfo) -> dict[str, Any]:
    """An asset's fields from what ffmpeg says of its file: type, duration, size, frame rate, sound."""
    data: dict[str, Any] = {"type": info.type}
    if info.duration is not None:
        data["duration"] = info.duration
    if info.width and info.height:
        data["width"], data["height"] = info.width, info.height
    if info.fps:
        data["fps"] = info.fps
    if info.type == "video":
        data["hasAudio"] = info.has_audio
    return data


def probe_all(files: Sequence[Path]) -> list[tuple[Path, MediaInfo]]:
    """Probe every file; one error naming each file that failed."""
    results, problems = [], []
    for file in files:
        try:
            results.append((Path(file), probe(Path(file))))
        except MediaError as exc:
            problems.append(exc.message)
    if problems:
        raise MediaError("Nothing was imported: " + "; ".join(problems))
    return results


def import_files(session: ProjectSession, files: Sequence[Path]) -> list[Imported]:
    probed = probe_all(files)
    with session.request("import " + " ".join(Path(f).name for f in files)):
        with session.edit({"tool": "import", "args": {"files": [str(f) for f in files]}}) as edit:
            known = {_resolved(session.path, a): a for a in edit.project.media_assets}
            imported, added = [], []
            for file, info in probed:
                existing = known.get(file.resolve())
                if existing is not None:
                    imported.append(Imported(existing, info, new=False))
                    continue
                asset = MediaAsset.model_validate(asset_json(file, info, session.path))
                known[file.resolve()] = asset
                added.append(asset)
                imported.append(Imported(asset, info, new=True))
            if added:
                edit.project = edit.project.model_copy(update={"media_assets": (*edit.project.media_assets, *added)})
    return imported


def _resolved(project_path: Path, asset: MediaAsset) -> Path | None:
    path = asset.file(project_path)
    return path.resolve() if path else None


def project_with_media(base: dict[str, Any], files: Sequence[tuple[Path, MediaInfo]], project_path: Path) -> Project:
    """A new project's JSON plus the files: videos and images end to end on the
    main track (images 5 s), audio end to end on an audio track from 0."""
    scene = base["scenes"][0]
    main, audio = scene["tracks"]["main"]["elements"], []
    video_at = audio_at = 0
    for file, info in files:
        asset = asset_json(file, info, project_path)
        base["mediaAssets"].append(asset)
        length = seconds_to_ticks(info.duration or 5.0)
        element: dict[str, Any] = {
            "id": str(uuid.uuid4()),
            "type": info.type,
            "name": file.name,
            "mediaId": asset["id"],
            "duration": length,
            "trimStart": 0,
            "trimEnd": 0,
        }
        if info.type == "audio":
            audio.append(
                {
                    **element,
                    "startTime": audio_at,
                    "sourceDuration": length,
                    "sourceType": "upload",
                    "volume": 0,
                    "muted": False,
                }
            )
            audio_at += length
            continue
        element["startTime"] = video_at
        if info.type == "video":
            element.update(sourceDuration=length, volume=0, muted=False)
        main.append(element)
        video_at += length
    if audio:
        scene["tracks"]["audio"].append(
            {"id": str(uuid.uuid4()), "name": "Audio track", "type": "audio", "elements": audio, "muted": False}
        )
    return project_from_json(base, str(project_path))
