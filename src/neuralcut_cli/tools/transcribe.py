"""``transcribe_video`` (secondary): the session's ``Transcriber`` (local Whisper).

A thin adapter: find the asset and its file, ask the service (which caches
per asset, model, language and file fingerprint), return the transcript.
Without the optional extra the tool answers with how to install it.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, cast

from pydantic import Field

from neuralcut_cli.errors import MediaError, ToolError
from neuralcut_cli.media.assets import AssetFileError, locate
from neuralcut_cli.media.transcripts import MissingExtra
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.common import find_asset
from neuralcut_cli.tools.definition import ToolArgs, ToolContext, tool
from neuralcut_cli.tools.outputs import TranscriptOutput

FAILED = "Failed to transcribe"


class TranscribeArgs(ToolArgs):
    asset_id: Annotated[str | None, Field(description="Video or audio asset id; default: the first clip in use.")] = (
        None
    )
    language: Annotated[str | None, Field(description="Language code such as en or es; detected when omitted.")] = None
    model_id: Annotated[
        str | None,
        Field(
            description="Whisper model: tiny, base (the default, or NEURALCUT_WHISPER_MODEL), small, medium..., or "
            "a folder holding one; without it the file's last transcript is reused."
        ),
    ] = None
    errors: ClassVar = {"asset_id": "Asset not found", "language": "Invalid language", "model_id": "Invalid model id"}


def _default_asset(project: Project) -> str:
    for _, element in project.scene.elements():
        if element.type in ("video", "audio"):
            return element.media_id
    for asset in project.media_assets:
        if asset.type in ("video", "audio"):
            return asset.id
    raise ToolError("Asset not found")


@tool("transcribe_video", TranscribeArgs, group="speech")
def transcribe_video(project: Project, args: TranscribeArgs, ctx: ToolContext) -> TranscriptOutput:
    """Transcribe the speech of a video or audio asset with local Whisper:
    the full text and timed segments (seconds). Useful for captions: add
    them with add_text, one call per segment, only when the user asks."""
    assert ctx.session is not None
    asset = find_asset(project, args.asset_id or _default_asset(project))
    if asset.type not in ("video", "audio"):
        raise ToolError("Unsupported asset type", details=f"{asset.label} is an {asset.type}")
    try:
        file = locate(ctx.session.path, asset)
        said = ctx.services.transcriber.transcribe(file, ctx.session.path, args.model_id, args.language, ctx.progress)
        return cast(TranscriptOutput, said)  # built by media.transcripts; its keys are checked by the tests
    except AssetFileError as exc:
        raise ToolError("Unsupported asset type" if exc.unsupported else FAILED, details=exc.message) from None
    except MissingExtra as exc:
        raise ToolError(exc.message) from None
    except MediaError as exc:
        raise ToolError(FAILED, details=exc.message) from None
