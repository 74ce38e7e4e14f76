"""Where a render or an export may write, checked before any work starts.

The target is never a link (one left in a folder from someone else would
send the file anywhere the user can write). It must be a regular
file or not exist yet: a folder, a FIFO, a socket or a device (``/dev/null``)
is refused, because replacing it with a regular file would break whatever
uses it. It must not be the project file or one of the project's own media
files. An existing file is replaced only when the caller says so
(``--force``, or a yes on a terminal).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from neuralcut_cli.errors import OutputExists, UsageError
from neuralcut_cli.project.model import Project

PATH_MAX, NAME_MAX = 4096, 255  # bytes, as Linux counts them


def own_files(project: Project, project_path: Path) -> dict[Path, str]:
    """The files an output must never replace: the project file and its media, described."""
    files = {Path(project_path): "the project file"}
    for asset in project.media_assets:
        path = asset.file(project_path)
        if path is not None:
            files[path] = f"the media file of asset {asset.label}"
    return files


def free_path(folder: Path, stem: str, suffix: str) -> Path:
    """``folder/stem.suffix``, or ``stem-2``, ``stem-3``... : the first name no file has yet."""
    candidate, number = folder / f"{stem}{suffix}", 2
    while candidate.exists():
        candidate, number = folder / f"{stem}-{number}{suffix}", number + 1
    return candidate


def check_output_target(output: Path, protected: dict[Path, str], overwrite: bool, new_folders: bool = False) -> Path:
    """The real path to write ``output`` to, or an error that says why not.

    Every command that writes a file asks this first (render, export, frame, storyboard, new, the imports).
    With ``new_folders`` the caller makes missing folders itself (a new project may start a folder).
    """
    output = Path(output)
    if not output.name or output.name in (".", ".."):
        raise UsageError(f"'{output}' names no file (an empty -o?): give the name of the file to write")
    if len(os.fsencode(output)) > PATH_MAX or any(len(os.fsencode(p)) > NAME_MAX for p in output.parts):
        raise UsageError(f"{str(output)[:60]}… is too long a path ({len(str(output)):,} characters)")
    if output.is_symlink():
        raise UsageError(f"{output} is a link; NeuralCut does not write through links: give the real path")
    try:
        real = output.resolve(strict=False)
    except (RuntimeError, OSError):
        raise UsageError(f"{output} is a symbolic link loop") from None
    if real.parent.exists() and not real.parent.is_dir():
        raise UsageError(f"{real.parent} is not a folder")
    if not real.parent.is_dir() and not new_folders:
        raise UsageError(f"The folder {real.parent} does not exist")
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise UsageError(f"Cannot write {output}: {exc.strerror}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise UsageError(f"{output} is a folder")
    if mode is not None and not stat.S_ISREG(mode):
        raise UsageError(f"{output} is not a regular file (a device, FIFO or socket); refusing to replace it")
    for own, what in protected.items():
        if _same(real, own):
            raise UsageError(f"{output} is {what}; choose another output name")
    if mode is not None and not overwrite:
        raise OutputExists(f"{output} already exists; pass --force to replace it")
    return real


def _same(real: Path, own: Path) -> bool:
    try:
        return real == own.resolve(strict=False) or (real.exists() and own.exists() and os.path.samefile(real, own))
    except (RuntimeError, OSError):
        return False
