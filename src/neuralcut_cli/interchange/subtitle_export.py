"""``neuralcut export -f srt|vtt``: the caption track (the text elements of ``Captions`` tracks) as a subtitle
file."""

from __future__ import annotations

from pathlib import Path

from neuralcut_cli.editing.captions import caption_cues
from neuralcut_cli.errors import MediaError
from neuralcut_cli.media.subtitles import write_cues
from neuralcut_cli.project.io import replace_with
from neuralcut_cli.project.model import Project


def write_subtitles(project: Project, target: Path, fmt: str) -> int:
    cues = caption_cues(project.scene)
    if not cues:
        raise MediaError(
            "There are no captions to export (no Captions track): add_captions, or "
            "`neuralcut import subs.srt`, makes them"
        )
    return replace_with(target, lambda temp: write_cues(cues, temp, fmt))
