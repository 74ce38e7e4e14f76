"""The media file a request asks to add, so a model cannot answer "add the outtake at the end" with another edit
(the 1.5B model called ``add_clip_effect`` for it, issue 42).

A request that says add, put, insert, append or place and then, right after, the name of a media asset that is not
on the timeline yet ("add the outtake", "put outtake.mp4 at 12s", "append the b-roll clip") asks for that asset
placed: ``add_media_to_timeline``, and, when that is all it says (one clause: no "and", "then" or comma), nothing
else: the 1.5B model went on to turn the placed outtake black and white. Where it goes is said only when the
request says it plainly: "at the end" (the end of the program) or one time ("at 12s"). A request that names an
effect, a text or anything else first ("add a blur to the outtake") is not this. It is read once, when the request
begins (the asset is on the timeline after the first right call).
"""

from __future__ import annotations

import re

from neuralcut_cli.agent.asked_times import times_named
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import TICKS_PER_SECOND

_VERB = r"\b(?:add|put|insert|append|place|drop|bring\s+in)\s+(?:in\s+)?(?:the\s+|my\s+|our\s+|this\s+|that\s+)?"
_MORE = re.compile(r"\b(?:and|then|also|plus)\b|[,;]", re.I)  # a second thing asked
_AT_END = re.compile(r"\b(?:at|to)\s+the\s+(?:very\s+)?end\b|\bafter\s+everything\b|\bat\s+the\s+back\b", re.I)


def added_asset(project: Project, text: str) -> tuple[str, str, str, float | None] | None:
    """(asset id, its name, the track type it goes on, where it goes in seconds or None) of the one unplaced asset
    ``text`` asks to add."""
    if _MORE.search(text):
        return None
    placed = {getattr(e, "media_id", None) for _, e in project.scene.elements()}
    lowered = text.lower()
    found = []
    for asset in project.media_assets:
        if asset.id in placed:
            continue
        stem = asset.name.rsplit(".", 1)[0].lower()
        words = re.findall(r"[a-z0-9]+", stem)
        if not words:
            continue
        name = r"[\s_.-]*".join(map(re.escape, words))
        if re.search(rf"{_VERB}{name}(?:\.[a-z0-9]{{2,4}})?\b", lowered):
            found.append(asset)
    if len(found) != 1:
        return None
    times = times_named(text)
    end = project.scene.end_time / TICKS_PER_SECOND
    at = end if _AT_END.search(text) else (next(iter(times)) if len(times) == 1 else None)
    kind = "audio" if found[0].type == "audio" else "main"
    return found[0].id, found[0].name, kind, at
