"""``neuralcut import subs.srt``: each subtitle file becomes caption elements on a new ``Captions`` track, all
in one undo step; a file that cannot be read changes nothing."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from neuralcut_cli.editing.captions import caption_track
from neuralcut_cli.media.subtitles import read_cues
from neuralcut_cli.project.edit_session import ProjectSession


def import_captions(session: ProjectSession, files: Sequence[Path]) -> list[dict[str, object]]:
    """``[{file, captions, trackId}]`` for the files added."""
    cues = {Path(file): read_cues(Path(file)) for file in files}  # every file read before anything changes
    done = []
    with session.request("import " + " ".join(path.name for path in cues)):
        with session.edit({"tool": "import", "args": {"files": [str(f) for f in files]}}) as edit:
            for path, file_cues in cues.items():
                scene, track = caption_track(edit.project, file_cues, "bottom", "subtitle")
                edit.project = edit.project.with_scene(scene)
                done.append({"file": str(path), "captions": len(track.elements), "trackId": track.id})
    return done
