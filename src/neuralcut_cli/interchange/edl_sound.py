"""A clip's sound in a CMX 3600 EDL: the channel field of its event says ``B`` (picture and the first audio
channel) instead of ``V`` (picture only). OTIO's writer knows one video track only; this marks, event by event,
the clips whose own sound plays, so an editor's import (and OTIO's reader: a ``B`` event fills tracks ``V`` and
``A1``) brings the talk in with its voice."""

from __future__ import annotations

import re
from pathlib import Path

# ``001  reelname V     C        …``: the event number, the reel, then the channel field (five wide)
_EVENT = re.compile(r"^(\d{3,})(\s+\S+\s+)V(\s{4}\s)", re.MULTILINE)


def mark(edl: Path, heard: list[bool]) -> None:
    """Events of clips ``heard`` (the video track's clips in order; a dissolve's event is its incoming clip's)
    get channel ``B``; a clip heard is its event's number in order."""
    if not any(heard):
        return
    text = edl.read_text(encoding="utf-8")
    numbers: list[str] = []

    def channel(match: re.Match[str]) -> str:
        if not numbers or numbers[-1] != match.group(1):
            numbers.append(match.group(1))
        index = len(numbers) - 1
        code = "B" if index < len(heard) and heard[index] else "V"
        return f"{match.group(1)}{match.group(2)}{code}{match.group(3)}"

    edl.write_text(_EVENT.sub(channel, text), encoding="utf-8")
