"""Edits by what is said: ``find_in_transcript``, ``cut_words``, ``remove_filler_words``, ``add_captions``.

They read the transcripts ``transcribe_video`` cached (with word times) and never transcribe on their own: an
element whose file has none is reported, with the call that makes one."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from neuralcut_cli.editing import media_time
from neuralcut_cli.editing.captions import caption_track
from neuralcut_cli.editing.placement import new_id
from neuralcut_cli.editing.ripple import remove_range
from neuralcut_cli.editing.words import Word, captions, find_phrase, normal, placed_words
from neuralcut_cli.media.transcripts import latest_transcript
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import Project, Scene
from neuralcut_cli.time import seconds_to_ticks
from neuralcut_cli.tools.common import Id, Seconds
from neuralcut_cli.tools.definition import Hints, ProjectEdit, ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.outputs import CaptionsOutput, FindOutput, RemovedOutput
from neuralcut_cli.tools.sources import asset_file, project_path, with_sound

FILLERS = ["um", "uh", "erm", "like"]


def _words(project: Project, elements: list[Element], ctx: ToolContext) -> tuple[list[Word], list[str]]:
    """The spoken words of ``elements`` on the timeline; and the assets that have no transcript yet."""
    words, missing = [], []
    for element in elements:
        transcript = latest_transcript(project_path(ctx), asset_file(project, element, ctx))
        if transcript is None:
            missing.append(getattr(element, "media_id", element.id))
        else:
            words += placed_words(element, transcript)
    if missing and not words:
        assets = ", ".join(dict.fromkeys(missing))
        raise ToolError(f"No transcript yet for {assets}: call transcribe_video with assetId {missing[0]} first")
    return sorted(words, key=lambda w: w.start), list(dict.fromkeys(missing))


def _cut(project: Project, runs: list[list[Word]], ripple: bool) -> tuple[Scene, list[dict[str, Any]], float]:
    """Each run of words removed from every track (its first word's start to its last word's end)."""
    spans = media_time.merged([(run[0].start, run[-1].end) for run in runs])
    scene = project.scene
    for start, end in reversed(spans):
        scene = remove_range(scene, seconds_to_ticks(start), seconds_to_ticks(end), None, ripple, new_id).scene
    said = {(run[0].start, run[-1].end): " ".join(w.text for w in run) for run in runs}
    removed = [{"start": round(s, 3), "end": round(e, 3), "text": said.get((s, e), "")} for s, e in spans]
    return scene, removed, round(sum(e - s for s, e in spans), 3)


class FindArgs(ToolArgs):
    query: Annotated[str, Field(min_length=1, description="A word or phrase, e.g. 'welcome'.")]
    errors: ClassVar = {"query": "query must be a word or phrase"}

    def check(self) -> None:
        if not normal(self.query):
            raise ToolError("query must be a word or phrase")


@tool("find_in_transcript", FindArgs, group="speech")
def find_in_transcript(project: Project, args: FindArgs, ctx: ToolContext) -> FindOutput:
    """Where a word or phrase is spoken: timeline ranges (seconds) across the clips, from the transcripts
    transcribe_video made (trims and speed applied). Case and punctuation are ignored."""
    words, missing = _words(project, with_sound(project, None), ctx)
    found = [
        {
            "elementId": run[0].element_id,
            "start": run[0].start,
            "end": run[-1].end,
            "text": " ".join(w.text for w in run),
        }
        for run in find_phrase(words, args.query)
    ]
    return {"query": args.query, "matches": found, "untranscribed": missing}


class CutWordsArgs(ToolArgs):
    element_id: Annotated[Id, Field(description="The clip whose speech is cut.")]
    text: Annotated[str | None, Field(description="The words to remove, e.g. 'let me start again'.")] = None
    start: Annotated[Seconds | None, Field(description="Or: remove the words from here (timeline seconds)...")] = None
    end: Annotated[Seconds | None, Field(description="...to here.")] = None
    occurrence: Annotated[
        Literal["first", "all"], Field(description="With text: the first time it is said, or every time.")
    ] = "first"
    ripple: Annotated[bool, Field(description="Close the cut on every track (default true).")] = True
    errors: ClassVar = {
        "element_id": "Invalid element id",
        "text": "text must be words",
        "start": "Invalid start time",
        "end": "Invalid end time",
        "occurrence": "occurrence must be first or all",
        "ripple": "Invalid ripple",
    }

    def check(self) -> None:
        if (self.text is None) == (self.start is None or self.end is None):
            raise ToolError("Give text, or start and end (not both)")
        if self.text is not None and not normal(self.text):
            raise ToolError("text must be words")
        if self.start is not None and self.end is not None and self.start >= self.end:
            raise ToolError("Invalid time range")


@tool("cut_words", CutWordsArgs, kind="edit", group="speech", hints=Hints(destructive=True))
def cut_words(project: Project, args: CutWordsArgs, ctx: ToolContext) -> ProjectEdit[RemovedOutput]:
    """Remove spoken words from a clip, as in a text-based editor: `text` (the first time it is said, or every
    time) or the words between `start` and `end`; the cut runs from the first word's start to the last word's
    end, on every track, closed with ripple so the rest stays in sync. Needs transcribe_video first."""
    element = with_sound(project, [args.element_id])[0]
    words, _ = _words(project, [element], ctx)
    if args.text is not None:
        runs = find_phrase(words, args.text)
        if not runs:
            raise ToolError(f"'{args.text}' is not said in {element.id}")
        runs = runs if args.occurrence == "all" else runs[:1]
    else:
        assert args.start is not None and args.end is not None
        inside = [w for w in words if w.start >= args.start - 1e-3 and w.end <= args.end + 1e-3]
        if not inside:
            raise ToolError(f"No words between {args.start:g} s and {args.end:g} s in {element.id}")
        runs = [inside]
    scene, removed, saved = _cut(project, runs, args.ripple)
    return project.with_scene(scene), {"success": True, "removed": removed, "secondsSaved": saved}


class FillerArgs(ToolArgs):
    element_ids: Annotated[
        list[Id] | None, Field(description="Clips (default: the main track's clips with sound).")
    ] = None
    words: Annotated[
        list[Annotated[str, Field(min_length=1)]] | None,
        Field(description=f"Fillers to remove (default {', '.join(FILLERS)})."),
    ] = None
    ripple: Annotated[bool, Field(description="Close the cuts (default true).")] = True
    errors: ClassVar = {
        "element_ids": "Invalid element ids",
        "words": "words must be a list of words",
        "ripple": "Invalid ripple",
    }


@tool("remove_filler_words", FillerArgs, kind="edit", group="speech", hints=Hints(destructive=True))
def remove_filler_words(project: Project, args: FillerArgs, ctx: ToolContext) -> ProjectEdit[RemovedOutput]:
    """Cut every filler word ("um", "uh", "erm", "like" unless `words` says otherwise) from the clips' speech,
    closing the cuts. Needs transcribe_video first."""
    words, missing = _words(project, with_sound(project, args.element_ids), ctx)
    runs = [run for filler in (args.words or FILLERS) for run in find_phrase(words, filler)]
    if not runs:
        return project, {"success": True, "removed": [], "secondsSaved": 0, "untranscribed": missing}
    scene, removed, saved = _cut(project, runs, args.ripple)
    return project.with_scene(scene), {
        "success": True,
        "removed": removed,
        "secondsSaved": saved,
        "untranscribed": missing,
    }


class CaptionArgs(ToolArgs):
    element_ids: Annotated[
        list[Id] | None, Field(description="Clips to caption (default: the main track's clips with sound).")
    ] = None
    max_words: Annotated[int, Field(ge=1, le=20, description="Words per caption at most.")] = 5
    max_chars: Annotated[int, Field(ge=8, le=200, description="Characters per caption at most.")] = 32
    position: Annotated[Literal["top", "center", "bottom"], Field(description="Where on the frame.")] = "bottom"
    style: Annotated[
        Literal["plain", "subtitle", "hook", "label"],
        Field(description="Text preset (subtitle: white on a black box)."),
    ] = "subtitle"
    errors: ClassVar = {
        "element_ids": "Invalid element ids",
        "max_words": "maxWords must be 1 to 20",
        "max_chars": "maxChars must be 8 to 200",
        "position": "position must be top, center or bottom",
        "style": "style must be plain, subtitle, hook or label",
    }


@tool("add_captions", CaptionArgs, kind="edit", group="speech", hints=Hints(destructive=False))
def add_captions(project: Project, args: CaptionArgs, ctx: ToolContext) -> ProjectEdit[CaptionsOutput]:
    """Caption the clips' speech: text elements timed to the words as the clips are edited now (trims and speed
    applied), a few words each, on a new "Captions" text track. They are ordinary text elements afterwards.
    Needs transcribe_video first."""
    words, missing = _words(project, with_sound(project, args.element_ids), ctx)
    cues = captions(words, args.max_words, args.max_chars)
    if not cues:
        raise ToolError("No words to caption in those clips")
    scene, track = caption_track(project, cues, args.position, args.style)
    return project.with_scene(scene), {
        "success": True,
        "trackId": track.id,
        "captions": len(track.elements),
        "untranscribed": missing,
    }
