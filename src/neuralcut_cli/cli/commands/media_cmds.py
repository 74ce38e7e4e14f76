"""``neuralcut import FILE...``: add media assets with their real metadata."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from neuralcut_cli.cli.errors import guarded
from neuralcut_cli.cli.help_text import command
from neuralcut_cli.cli.options import JsonOpt, ProjectOpt
from neuralcut_cli.english import plural


def import_media(
    files: Annotated[
        list[Path], typer.Argument(help="Video, audio or image files; subtitles (.srt, .vtt, .ass) become captions.")
    ],
    project: ProjectOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Add media files to the project (probed with the bundled ffmpeg; paths stored relative to the project).
    A subtitle file (.srt, .vtt, .ass, .ssa) becomes caption elements on a new Captions track."""
    from neuralcut_cli.cli.output import Output
    from neuralcut_cli.cli.project_files import open_session
    from neuralcut_cli.media.caption_import import import_captions
    from neuralcut_cli.media.importer import import_files
    from neuralcut_cli.media.subtitles import SUBTITLE_SUFFIXES

    session = open_session(project)
    subtitles = [f for f in files if f.suffix.lower() in SUBTITLE_SUFFIXES]
    media = [f for f in files if f.suffix.lower() not in SUBTITLE_SUFFIXES]
    captioned = import_captions(session, subtitles) if subtitles else []
    imported = import_files(session, media) if media else []
    out = Output()
    if json_out:
        out.json(
            {"assets": [{**item.asset.to_json_dict(), "new": item.new} for item in imported], "captions": captioned}
        )
        return
    from neuralcut_cli.cli.views.names import Names

    after = session.project()
    names = Names(after)
    for done in captioned:
        where = names.track_id(after, str(done["trackId"]))
        out.say(
            f"Imported {Path(str(done['file'])).name}: {plural(int(str(done['captions'])), 'caption')} on the "
            f"{where} track"
        )
    for item in imported:
        asset, info = item.asset, item.info
        details = ", ".join(
            x
            for x in (
                asset.type,
                f"{info.duration:g}s" if info.duration is not None else "",
                f"{info.width}x{info.height}" if info.width else "",
                f"{info.fps:g} fps" if info.fps else "",
                ("with sound" if info.has_audio else "silent") if asset.type == "video" else "",
            )
            if x
        )
        verb = "Imported" if item.new else "Already in the project:"
        out.say(f"{verb} {asset.name} as {names.id(asset.id)} ({details})")


def register(app: typer.Typer) -> None:
    command(app, guarded(import_media), "import")
