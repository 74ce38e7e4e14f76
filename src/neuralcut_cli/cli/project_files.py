"""Opening projects for the CLI: resolution, validation, creation."""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

from neuralcut_cli.errors import NeuralCutError, ToolError, UsageError
from neuralcut_cli.media.outputs import check_output_target
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.io import (
    dump_project,
    now_iso,
    project_from_json,
    write_atomic,
)
from neuralcut_cli.project.lock import ProjectLock
from neuralcut_cli.project.model import Project


def open_session(path: Path | None, dry_run: bool = False) -> ProjectSession:
    """A session over ``path``; loading it now turns a bad file into exit 2."""
    from neuralcut_cli.cli.options import resolve_project

    session = ProjectSession(resolve_project(path), dry_run=dry_run)
    try:
        session.settle()  # a request another process left half done is rolled back before anything reads it
    except NeuralCutError:
        pass  # a folder we cannot write in: the file is shown as it is
    session.project()
    OPENED.append(session)
    return session


#: The sessions this command opened: what settling them did is said when the command ends.
OPENED: list[ProjectSession] = []


def say_notices() -> None:
    from neuralcut_cli.cli.output import Output

    for session in OPENED:
        for notice in session.notices:
            Output().warn(notice)
        session.notices.clear()


def run_read_tool(session: ProjectSession, name: str, args: dict[str, Any]) -> dict[str, Any]:
    from neuralcut_cli.tools import default_registry
    from neuralcut_cli.tools.definition import ToolContext

    result = default_registry().execute(name, args, ToolContext(session))
    if "error" in result:
        raise ToolError(result["error"])
    return result


def parse_fps(text: str) -> tuple[int, int]:
    """``30``, ``29.97``, ``30000/1001`` -> ``(numerator, denominator)``."""
    from fractions import Fraction

    from neuralcut_cli.time import fps_fraction

    try:
        value = Fraction(text.strip()) if "/" in text else fps_fraction(float(text))
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"--fps: '{text}' is not a frame rate (try 30, 25, 29.97 or 30000/1001)") from None
    if value <= 0 or value > 1000:
        raise UsageError(f"--fps: '{text}' is out of range (0 < fps <= 1000)")
    return value.numerator, value.denominator


def parse_size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if not match or int(match.group(1)) == 0 or int(match.group(2)) == 0:
        raise UsageError(f"--size: '{text}' is not WIDTHxHEIGHT (for example 1920x1080)")
    return int(match.group(1)), int(match.group(2))


def new_project_json(name: str, fps: tuple[int, int], size: tuple[int, int]) -> dict[str, Any]:
    now = now_iso()
    scene_id = str(uuid.uuid4())
    return {
        "format": "neuralcut-project",
        "version": 1,
        "metadata": {"id": str(uuid.uuid4()), "name": name, "createdAt": now, "updatedAt": now},
        "settings": {
            "fps": {"numerator": fps[0], "denominator": fps[1]},
            "canvasSize": {"width": size[0], "height": size[1]},
            "background": {"type": "color", "color": "#000000"},
        },
        "mediaAssets": [],
        "scenes": [
            {
                "id": scene_id,
                "name": "Main scene",
                "isMain": True,
                "bookmarks": [],
                "createdAt": now,
                "updatedAt": now,
                "tracks": {
                    "overlay": [],
                    "main": {
                        "id": str(uuid.uuid4()),
                        "name": "Main Track",
                        "type": "video",
                        "elements": [],
                        "muted": False,
                        "hidden": False,
                    },
                    "audio": [],
                },
            }
        ],
        "currentSceneId": scene_id,
    }


def create_project(
    path: Path,
    name: str | None,
    fps: str | None,
    size: str | None,
    force: bool,
    media: list[Path] | None = None,
    demo: bool = False,
) -> Project:
    check_output_target(path, {}, force, new_folders=True)
    if demo:
        if media or fps or size:
            raise UsageError("--demo makes a copy of the demo project; it takes no --media, --fps or --size")
        from neuralcut_cli.media.demo import demo_copy

        data = demo_copy(path, force)
        if name:
            data["metadata"]["name"] = name
        return write_new(path, project_from_json(data, str(path)), force)
    probed = []
    if media:
        from neuralcut_cli.media.importer import probe_all

        probed = probe_all(media)
    first_video = next((info for _, info in probed if info.type == "video"), None)
    rate = parse_fps(fps) if fps else parse_fps(f"{first_video.fps:g}") if first_video and first_video.fps else (30, 1)
    canvas = (
        parse_size(size)
        if size
        else (first_video.width or 1920, first_video.height or 1080)
        if first_video
        else (1920, 1080)
    )
    base = new_project_json(name or path.stem, rate, canvas)
    if probed:
        from neuralcut_cli.media.importer import project_with_media

        project = project_with_media(base, probed, path)
    else:
        project = project_from_json(base, str(path))
    return write_new(path, project, force)


def write_new(path: Path, project: Project, force: bool) -> Project:
    """Write a project made by ``new`` or an import to ``path``, checked as every output is (never over a
    device, a FIFO or a folder; over an existing file only with ``force``), then atomically."""
    real = check_output_target(path, {}, force, new_folders=True)
    real.parent.mkdir(parents=True, exist_ok=True)
    with ProjectLock(real):
        write_atomic(real, dump_project(project))
    return project
