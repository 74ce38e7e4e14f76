"""``export_timeline``: the edit written for another editor (Final Cut Pro's FCPXML, Final Cut Pro 7 / Premiere
XML, a CMX 3600 EDL, OpenTimelineIO), as ``neuralcut export`` writes it, into the project's folder (or a folder
named in ``NEURALCUT_MEDIA_ROOTS``). A request can then cut, level and hand the talk to an editor in one run."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from neuralcut_cli.errors import MediaError
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.definition import ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.outputs import ExportTimelineOutput
from neuralcut_cli.tools.sources import inside_project, output_file, project_path

#: The file's ending -> the format written (``interchange.timeline_export``).
FORMATS = {".fcpxml": "fcpxml", ".xml": "fcp7xml", ".edl": "edl", ".otio": "otio"}
ENDINGS = {fmt: suffix for suffix, fmt in FORMATS.items()}
Format = Literal["fcpxml", "fcp7xml", "edl", "otio"]


class ExportTimelineArgs(ToolArgs):
    file: Annotated[
        str | None,
        Field(
            min_length=1,
            max_length=255,
            description="The file to write, in the project folder: .fcpxml (Final Cut Pro, DaVinci Resolve), .xml "
            "(Final Cut Pro 7, Premiere), .edl or .otio. Default: the project's name with the format's ending.",
        ),
    ] = None
    format: Annotated[
        Format | None,
        Field(description="fcpxml, fcp7xml (.xml), edl or otio; default: from the file's ending."),
    ] = None
    overwrite: Annotated[bool, Field(description="Replace the file if it exists (default false).")] = False
    errors: ClassVar = {
        "file": "file must be a file name",
        "format": "format must be fcpxml, fcp7xml, edl or otio",
        "overwrite": "overwrite must be true or false",
    }

    def check(self) -> None:
        if self.file is None and self.format is None:
            raise ToolError("Name the file to write (file) or its format (format)")
        if self.file is not None and Path(self.file).suffix.lower() not in FORMATS:
            raise ToolError("file must end in .fcpxml, .xml, .edl or .otio")
        if self.file is not None and self.format is not None and FORMATS[Path(self.file).suffix.lower()] != self.format:
            raise ToolError(f"format {self.format} is written to a {ENDINGS[self.format]} file, not {self.file}")


@tool("export_timeline", ExportTimelineArgs, group="checks")
def export_timeline(project: Project, args: ExportTimelineArgs, ctx: ToolContext) -> ExportTimelineOutput:
    """Write the edit for another editor: .fcpxml (Final Cut Pro, Resolve), .xml (Premiere), .edl or .otio, in the
    project folder, with the clips' sound and every cut on the frame grid; says what the format could not carry
    (lost). Only when asked to export."""
    from neuralcut_cli.interchange.timeline_export import write_timeline

    name = args.file or project_path(ctx).with_suffix(ENDINGS[args.format or "fcpxml"]).name
    path = inside_project(ctx, name, "timelines are exported")
    target = output_file(project, ctx, path, name, args.overwrite)
    try:
        counts = write_timeline(project, project_path(ctx), target, FORMATS[path.suffix.lower()])
    except MediaError as exc:
        raise ToolError(f"Could not export {name}", details=exc.message) from None
    return {
        "success": True,
        "file": name,
        "format": counts["format"],
        "clips": counts["clips"],
        "gaps": counts["gaps"],
        "lost": counts["lost"],
    }
