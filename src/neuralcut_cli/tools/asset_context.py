"""``load_asset_context``: let the model see and hear an asset before editing.

A thin adapter: find the asset and its file (which must lie inside the
project folder or ``NEURALCUT_MEDIA_ROOTS``, since it leaves the machine),
ask the session's ``AssetUnderstanding`` service, shape the output.
"""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field

from neuralcut_cli.errors import NeuralCutError, ToolError
from neuralcut_cli.media.assets import AssetFileError, locate
from neuralcut_cli.media.context_cache import AssetCache
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.common import find_asset
from neuralcut_cli.tools.definition import Hints, ToolArgs, ToolContext, tool
from neuralcut_cli.tools.outputs import AssetContextOutput

FAILED = "Failed to load asset context"


class LoadAssetArgs(ToolArgs):
    asset_id: Annotated[str, Field(min_length=1, description="Internal asset id (or an unambiguous file name).")]
    errors: ClassVar = {"asset_id": "Asset not found"}


@tool("load_asset_context", LoadAssetArgs, group="core", hints=Hints(open_world=True), approval="upload")
def load_asset_context(project: Project, args: LoadAssetArgs, ctx: ToolContext) -> AssetContextOutput:
    """See and hear a media asset before describing it: uploaded to the provider once (cached 48 h while
    unchanged), answered with a summary of its content. Never edits."""
    assert ctx.session is not None
    asset = find_asset(project, args.asset_id)
    try:
        file = locate(ctx.session.path, asset, confined=True)
    except AssetFileError as exc:
        raise ToolError("Unsupported asset type" if exc.unsupported else FAILED, details=exc.message) from None
    try:
        found = ctx.services.understanding.understand(file, AssetCache(ctx.session.path), ctx.progress)
    except NeuralCutError as exc:
        raise ToolError(FAILED, details=exc.message) from None
    out: AssetContextOutput = {
        "assetId": found.asset_id,
        "status": "loaded" if found.loaded else "processing",
        "cached": found.cached,
        "provider": found.provider,
        "fileUri": found.file_uri,
        "mimeType": found.mime_type,
    }
    if found.summary:
        out["summary"] = found.summary
    return out
