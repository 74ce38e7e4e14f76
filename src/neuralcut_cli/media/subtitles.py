"""Subtitle files (SRT, WebVTT, ASS/SSA) read and written through ``pysubs2``: cues as ``(start, end, text)`` in
seconds, a line break as ``\\n``."""

from __future__ import annotations

from pathlib import Path

from neuralcut_cli.errors import MediaError
from neuralcut_cli.files import FileRefused, read_regular
from neuralcut_cli.media.import_bounds import check_cue_time

SUBTITLE_SUFFIXES = {".srt": "srt", ".vtt": "vtt", ".ass": "ass", ".ssa": "ssa"}
Cue = tuple[float, float, str]


MAX_SUBTITLE_BYTES = 20 * 1024 * 1024  # a feature film's subtitles are a few hundred kB


def read_cues(path: Path) -> list[Cue]:
    """The cues of a subtitle file, in time order; ``MediaError`` saying why a file cannot be read."""
    import pysubs2

    try:
        data = read_regular(path, MAX_SUBTITLE_BYTES, "subtitle file")
    except FileNotFoundError:
        raise MediaError(f"Subtitle file not found: {path}") from None
    except FileRefused as exc:
        raise MediaError(str(exc)) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    try:
        subs = pysubs2.SSAFile.from_string(text)  # the format told by the content, as pysubs2.load does
    except (pysubs2.exceptions.Pysubs2Error, ValueError) as exc:
        raise MediaError(f"{path.name}: not a subtitle file pysubs2 can read ({type(exc).__name__}: {exc})") from None
    cues = [
        (event.start / 1000, event.end / 1000, event.plaintext)
        for event in subs
        if not event.is_comment and event.plaintext.strip() and event.end > event.start
    ]
    if not cues:
        raise MediaError(f"{path.name}: no subtitles in it")
    for start, end, _ in cues:
        check_cue_time(start, path.name)
        check_cue_time(end, path.name)
    return sorted(cues)


def write_cues(cues: list[Cue], path: Path, fmt: str) -> int:
    """Write ``cues`` to ``path`` as ``fmt`` (srt, vtt, ass, ssa); the number written."""
    import pysubs2

    subs = pysubs2.SSAFile()
    for start, end, text in cues:
        event = pysubs2.SSAEvent(start=round(start * 1000), end=round(end * 1000))
        event.plaintext = text
        subs.append(event)
    subs.save(str(path), format_=fmt, encoding="utf-8")
    return len(subs)
