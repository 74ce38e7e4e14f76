"""What the media tools share: the project's folder, an element's media file (checked), and the clips with
sound a request means (named, or the main track's)."""

from __future__ import annotations

from pathlib import Path

from neuralcut_cli.media.assets import AssetFile, AssetFileError, locate
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.common import require_content
from neuralcut_cli.tools.definition import ToolContext, ToolError

FAILED = "Failed to analyse media"


def project_path(ctx: ToolContext) -> Path:
    assert ctx.session is not None
    return ctx.session.path


def inside_project(ctx: ToolContext, name: str, what: str) -> Path:
    """``name`` (relative to the project's folder) resolved, if it lies inside the project's folder or a folder
    named in ``NEURALCUT_MEDIA_ROOTS``: a file name a model writes never reaches elsewhere."""
    from neuralcut_cli.media.roots import media_roots

    base = project_path(ctx)
    path = (base.parent / name).resolve()
    if not any(path.is_relative_to(root) for root in media_roots(base)):
        raise ToolError(
            f"{name} is outside the project folder; {what} there (or in a folder named in NEURALCUT_MEDIA_ROOTS)"
        )
    return path


def output_file(project: Project, ctx: ToolContext, path: Path, name: str, overwrite: bool) -> Path:
    """Where a tool writes ``name`` (``path``, already ``inside_project``): never over the project's own files, and
    over another file only with ``overwrite``; a ``ToolError`` that says why not."""
    from neuralcut_cli.errors import OutputExists, UsageError
    from neuralcut_cli.media.outputs import check_output_target, own_files

    try:
        return check_output_target(path, own_files(project, project_path(ctx)), overwrite)
    except OutputExists:
        raise ToolError(f"{name} already exists; set overwrite: true to replace it") from None
    except UsageError as exc:
        raise ToolError(exc.message) from None


def asset_file(project: Project, element: Element, ctx: ToolContext) -> AssetFile:
    asset = project.asset(getattr(element, "media_id", "") or "")
    if asset is None:
        raise ToolError(FAILED, details=f"{element.id} has no media asset")
    try:
        return locate(project_path(ctx), asset)
    except AssetFileError as exc:
        raise ToolError(FAILED, details=exc.message) from None


def with_sound(project: Project, element_ids: list[str] | None) -> list[Element]:
    """The named elements (each must have sound), or the main track's clips that have sound."""
    scene = require_content(project)
    if element_ids is None:
        found = [e for e in scene.tracks.main.sorted_elements() if _has_sound(project, e)]
        if not found:
            raise ToolError("No clips with sound on the main track; name the elements (elementIds)")
        return found
    chosen = []
    for element_id in dict.fromkeys(element_ids):
        hit = scene.find_element(element_id)
        if hit is None:
            raise ToolError(f"Timeline element not found: {element_id}")
        if not _has_sound(project, hit[1]):
            raise ToolError(f"Element {element_id} has no sound to measure")
        chosen.append(hit[1])
    return chosen


def _has_sound(project: Project, element: Element) -> bool:
    if element.type == "audio":
        return True
    asset = project.asset(getattr(element, "media_id", "") or "") if element.type == "video" else None
    return asset is not None and asset.has_audio is not False
