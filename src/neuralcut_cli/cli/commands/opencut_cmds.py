"""``import-opencut`` and ``export-opencut``: OpenCut project records in and out (see ``interchange.opencut``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from neuralcut_cli.cli.errors import guarded
from neuralcut_cli.cli.help_text import command
from neuralcut_cli.cli.options import JsonOpt, ProjectOpt
from neuralcut_cli.english import plural


def import_opencut(
    record: Annotated[Path, typer.Argument(help="An OpenCut project record (version 25) as JSON.")],
    output: Annotated[Path, typer.Option("-o", "--output", help="The NeuralCut project file to write.")],
    media: Annotated[
        Path | None,
        typer.Option(
            "--media", help="The folder holding the media files (found by their manifest name, or as <mediaId>.<ext>)."
        ),
    ] = None,
    manifest: Annotated[
        Path | None,
        typer.Option("--manifest", help="OpenCut's media list for the record (id, name, type, duration...)."),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    json_out: JsonOpt = False,
) -> None:
    """Make a NeuralCut project from an OpenCut record and its media (export-opencut goes back)."""
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.project_files import write_new
    from neuralcut_cli.errors import UsageError
    from neuralcut_cli.interchange.opencut import read_manifest, record_to_project
    from neuralcut_cli.media.outputs import check_output_target
    from neuralcut_cli.project.io import project_from_json

    if media is not None and not media.is_dir():
        raise UsageError(f"--media {media}: not a folder")
    sources = {record: "the record being imported", **({manifest: "the manifest being read"} if manifest else {})}
    check_output_target(output, sources, force, new_folders=True)
    raw = _read_json(record, "the record")
    listed = read_manifest(_read_json(manifest, "the manifest")) if manifest else None
    data = record_to_project(raw, listed, media, output)
    project = project_from_json(data, str(record))
    write_new(output, project, force)
    out = Output()
    without_file = [a.id for a in project.media_assets if not a.path]
    elements = sum(1 for _ in project.scene.elements())
    if json_out:
        out.json(
            {
                "path": str(output),
                "assets": len(project.media_assets),
                "elements": elements,
                "missingFiles": without_file,
            }
        )
        return
    missing = f"; no file found for {', '.join(without_file)}" if without_file else ""
    out.say(
        f"Wrote {output}: {plural(elements, 'element')}, {plural(len(project.media_assets), 'asset')}{missing}. "
        f"Try: neuralcut timeline -p {output}"
    )


def export_opencut(
    output: Annotated[Path, typer.Option("-o", "--output", help="The OpenCut record to write (.json).")],
    manifest: Annotated[
        Path | None, typer.Option("--manifest", help="Where to write the media list (default: <output>.media.json).")
    ] = None,
    project: ProjectOpt = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
) -> None:
    """Write the project as an OpenCut record (version 25) and its media list."""
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.project_files import open_session
    from neuralcut_cli.interchange.opencut import project_to_record
    from neuralcut_cli.media.outputs import check_output_target, own_files
    from neuralcut_cli.project.io import write_atomic

    session = open_session(project)
    protected = own_files(session.project(), session.path)
    first = check_output_target(output, protected, force)  # (an output that names no file is refused here)
    media_list = manifest or output.with_name(output.stem + ".media.json")
    targets = [first, check_output_target(media_list, protected, force)]
    record, assets = project_to_record(session.project().to_json_dict(), session.project())
    write_atomic(targets[0], (json.dumps(record, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    write_atomic(targets[1], (json.dumps(assets, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    out = Output()
    out.say(f"Wrote {output} (OpenCut record, version 25) and {media_list} ({len(assets)} media).")
    transitions = sum(len(track.transitions) for track in session.project().scene.tracks.ordered())
    if transitions:
        out.say(
            f"Did not travel: {plural(transitions, 'transition')} (OpenCut has none: they stay in the record as a "
            "field its loader passes over, and it shows plain cuts)."
        )


def _read_json(path: Path, what: str) -> object:
    from neuralcut_cli.errors import ProjectLoadError
    from neuralcut_cli.files import FileRefused, read_regular
    from neuralcut_cli.project.io import MAX_PROJECT_BYTES, load_json

    try:
        return load_json(read_regular(path, MAX_PROJECT_BYTES, what.removeprefix("the ")))
    except FileRefused as exc:
        raise ProjectLoadError(str(exc)) from None
    except FileNotFoundError:
        raise ProjectLoadError(f"{what} {path} does not exist") from None
    except OSError as exc:
        raise ProjectLoadError(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    except ValueError as exc:  # invalid JSON, unsafe numbers or nesting
        raise ProjectLoadError(f"{what} {path} is not valid JSON: {exc}") from None


def register(app: typer.Typer) -> None:
    command(app, guarded(import_timeline), "import-timeline")
    command(app, guarded(import_opencut), "import-opencut")
    command(app, guarded(export_opencut), "export-opencut")


def import_timeline(
    file: Annotated[Path, typer.Argument(help="An .otio, .edl, .xml (Final Cut Pro 7 / Premiere) or .fcpxml file.")],
    output: Annotated[Path, typer.Option("-o", "--output", help="The NeuralCut project file to write.")],
    media: Annotated[Path | None, typer.Option("--media", help="A folder where media files are found by name.")] = None,
    fps: Annotated[
        float | None, typer.Option("--fps", help="The frame rate (an EDL has none: default the media's, else 30).")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    json_out: JsonOpt = False,
) -> None:
    """Make a NeuralCut project from an editor's timeline (OpenTimelineIO and its adapters)."""
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.project_files import write_new
    from neuralcut_cli.errors import UsageError
    from neuralcut_cli.interchange.timeline_import import timeline_project
    from neuralcut_cli.media.outputs import check_output_target

    if media is not None and not media.is_dir():
        raise UsageError(f"--media {media}: not a folder")
    if fps is not None and not 1 <= fps <= 240:
        raise UsageError("--fps must be between 1 and 240")
    from neuralcut_cli.files import not_a_file, shown

    why = not_a_file(file)
    if why:
        raise UsageError(f"{shown(file)}: {why}")
    check_output_target(output, {file: "the file being imported"}, force, new_folders=True)
    project, rate, found = timeline_project(file, output, media, fps)
    write_new(output, project, force)
    out = Output()
    elements = sum(1 for _ in project.scene.elements())
    if json_out:
        out.json(
            {
                "output": str(output),
                "fps": rate,
                "elements": elements,
                "assets": len(project.media_assets),
                "missingMedia": found.missing,
                "unsupported": found.unsupported,
            }
        )
        return
    out.say(
        f"Wrote {output}: {plural(elements, 'element')}, {plural(len(project.media_assets), 'asset')}, {rate:g} fps"
    )
    for path in found.missing:
        out.warn(f"media not found: {path} (the asset is kept; put the file there or use --media)")
    for item in found.unsupported:
        out.warn(item)
