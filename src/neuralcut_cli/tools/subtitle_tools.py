"""``import_subtitles`` and ``export_captions``: subtitle files in and out (SRT, WebVTT; ASS/SSA in), inside the
project's folder or a folder named in ``NEURALCUT_MEDIA_ROOTS``: a model's file name never reaches elsewhere."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, ClassVar

from pydantic import Field

from neuralcut_cli.editing.captions import caption_cues, caption_track
from neuralcut_cli.errors import MediaError
from neuralcut_cli.interchange.subtitle_export import write_ass
from neuralcut_cli.media.subtitles import SUBTITLE_SUFFIXES, read_cues, write_cues
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.definition import Hints, ProjectEdit, ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.outputs import CaptionsOutput, ExportCaptionsOutput
from neuralcut_cli.tools.sources import inside_project, output_file


class ImportSubtitlesArgs(ToolArgs):
    file: Annotated[str, Field(min_length=1, description="A .srt, .vtt, .ass or .ssa file in the project folder.")]
    errors: ClassVar = {"file": "file must be a subtitle file name"}

    def check(self) -> None:
        if Path(self.file).suffix.lower() not in SUBTITLE_SUFFIXES:
            raise ToolError("file must be a .srt, .vtt, .ass or .ssa file")


@tool("import_subtitles", ImportSubtitlesArgs, kind="edit", group="speech", hints=Hints(destructive=False))
def import_subtitles(project: Project, args: ImportSubtitlesArgs, ctx: ToolContext) -> ProjectEdit[CaptionsOutput]:
    """Turn a subtitle file into caption text elements on a new "Captions" track, one per cue, at its times."""
    path = inside_project(ctx, args.file, "subtitle files are read and written")
    if not path.is_file():
        raise ToolError(f"Subtitle file not found: {args.file}")
    try:
        cues = read_cues(path)
    except MediaError as exc:
        raise ToolError(exc.message) from None
    scene, track = caption_track(project, cues, "bottom", "subtitle")
    return project.with_scene(scene), {"success": True, "trackId": track.id, "captions": len(track.elements)}


class ExportCaptionsArgs(ToolArgs):
    file: Annotated[
        str,
        Field(
            min_length=1, description="The .srt, .vtt or .ass (keeps the look) file to write, in the project folder."
        ),
    ]
    overwrite: Annotated[bool, Field(description="Replace the file if it exists (default false).")] = False
    errors: ClassVar = {"file": "file must be a subtitle file name", "overwrite": "overwrite must be true or false"}

    def check(self) -> None:
        if Path(self.file).suffix.lower() not in (".srt", ".vtt", ".ass"):
            raise ToolError("file must end in .srt, .vtt or .ass")


@tool("export_captions", ExportCaptionsArgs, group="speech")
def export_captions(project: Project, args: ExportCaptionsArgs, ctx: ToolContext) -> ExportCaptionsOutput:
    """Write the captions (the "Captions" track made by add_captions or import_subtitles) as an SRT or WebVTT
    file in the project folder."""
    path = inside_project(ctx, args.file, "subtitle files are read and written")
    cues = caption_cues(project.scene)
    if not cues:
        raise ToolError("There are no captions to export (no Captions track)")
    target = output_file(project, ctx, path, args.file, args.overwrite)
    fmt = path.suffix.lower().lstrip(".")
    count = write_ass(project, target) if fmt == "ass" else write_cues(cues, target, fmt)
    return {"success": True, "file": args.file, "captions": count}
