"""Which folders a project's media may come from when they leave the machine.

A project file is data from anywhere: its asset paths may point at
``/etc/passwd`` or ``../../secrets``. Before a file is uploaded to a
provider, its real path (links followed) must lie inside the project's
folder or inside a folder the person named in ``NEURALCUT_MEDIA_ROOTS``
(folders separated by ``:``, as in ``PATH``).

Reading on this machine (render, frames, the analysis tools) is not
confined, because people keep media in ``~/Videos`` beside projects kept
elsewhere; but the commands that read media first name every file that lies
outside those folders (``outside_project``), so a project someone else made
cannot read a file unseen. Whatever the path, only local files are read, and
never a playlist of other files (``media.ffmpeg.source_args``).
"""

from __future__ import annotations

import os
from pathlib import Path

ENV = "NEURALCUT_MEDIA_ROOTS"


def media_roots(project_path: Path) -> list[Path]:
    """The project's folder, then every folder named in ``NEURALCUT_MEDIA_ROOTS``."""
    roots = [Path(project_path).resolve().parent]
    for item in os.environ.get(ENV, "").split(os.pathsep):
        if item.strip():
            roots.append(Path(item.strip()).expanduser().resolve())
    return roots


def outside_roots(path: Path, project_path: Path) -> str | None:
    """None when ``path`` may be uploaded; otherwise why not, for the person."""
    try:
        real = Path(path).resolve(strict=True)
    except (OSError, RuntimeError):
        return f"{path} cannot be resolved"
    roots = media_roots(project_path)
    if any(real.is_relative_to(root) for root in roots):
        return None
    return (
        f"{path} is outside the project folder ({roots[0]}); only media inside it, or inside a folder "
        f"named in {ENV}, are sent to a provider"
    )


def outside_project(paths: list[Path], project_path: Path) -> list[Path]:
    """The files of ``paths`` whose real path lies outside the project folder and ``NEURALCUT_MEDIA_ROOTS``."""
    roots = media_roots(project_path)
    outside = []
    for path in paths:
        try:
            real = Path(path).resolve()
        except (OSError, RuntimeError):
            outside.append(Path(path))
            continue
        if not any(real.is_relative_to(root) for root in roots):
            outside.append(Path(path))
    return outside
