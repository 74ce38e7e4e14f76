"""``remove_retakes``: the earlier takes of what was said again, gone with the words that announce them
(``editing.retakes`` finds them; the cut keeps every track in sync, as every cut of the program does)."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field

from neuralcut_cli.editing.retakes import find_retakes
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.common import Id
from neuralcut_cli.tools.definition import Hints, ProjectEdit, ToolContext, tool
from neuralcut_cli.tools.outputs import RetakesOutput
from neuralcut_cli.tools.program_cuts import SYNC_ERRORS, SyncArgs
from neuralcut_cli.tools.sources import with_sound
from neuralcut_cli.tools.transcript_tools import cut_runs, spoken_words


class RetakeArgs(SyncArgs):
    element_ids: Annotated[
        list[Id] | None, Field(description="Clips (default: the main track's clips with sound).")
    ] = None
    ripple: Annotated[bool, Field(description="Close the cuts, every track following the picture (default true).")] = (
        True
    )
    errors: ClassVar = {"element_ids": "Invalid element ids", "ripple": "Invalid ripple", **SYNC_ERRORS}


@tool("remove_retakes", RetakeArgs, kind="edit", group="speech", hints=Hints(destructive=True))
def remove_retakes(project: Project, args: RetakeArgs, ctx: ToolContext) -> ProjectEdit[RetakesOutput]:
    """Keep only the last take: where a sentence or clause is said again (announced by "let me start again",
    "sorry, again", "scratch that"..., or broken off and restarted), the earlier take is cut together with the
    words that announce it, every track in sync; `retakes` lists each with its words and time. A phrase said
    twice far apart, or for emphasis, stays. Needs transcribe_video first."""
    words, missing = spoken_words(project, with_sound(project, args.element_ids), ctx)
    found = find_retakes(words)
    takes = [{"start": r.start, "end": r.end, "text": r.text, "cue": r.cue} for r in found]
    if not found:
        return project, {"success": True, "retakes": [], "removed": [], "secondsSaved": 0, "untranscribed": missing}
    scene, answer = cut_runs(project, [r.words for r in found], args, args.ripple, words)
    return project.with_scene(scene), {"success": True, "retakes": takes, **answer, "untranscribed": missing}  # type: ignore[typeddict-item]
