"""Edits by what is said: ``find_in_transcript``, ``cut_words``, ``remove_filler_words`` (captions:
``caption_tools``).

They read the transcripts ``transcribe_video`` cached (with word times) and never transcribe on their own: an
element whose file has none is reported, with the call that makes one."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from neuralcut_cli.editing import media_time
from neuralcut_cli.editing.words import Word, find_phrase, normal, placed_words
from neuralcut_cli.media.transcripts import latest_transcript
from neuralcut_cli.project.elements import Element
from neuralcut_cli.project.model import Project, Scene
from neuralcut_cli.time import fps_fraction, output_seconds, seconds_to_ticks
from neuralcut_cli.tools.common import Id, Seconds
from neuralcut_cli.tools.definition import Hints, ProjectEdit, ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.outputs import FindOutput, RemovedOutput
from neuralcut_cli.tools.program_cuts import SYNC_ERRORS, SyncArgs, answer_rows, cut_program
from neuralcut_cli.tools.sources import asset_file, project_path, with_sound

FILLERS = ["um", "uh", "erm", "er", "ah", "hmm", "like", "you know"]
#: Words that are fillers only when said as one: set off by a comma or a pause ("like, this"; not "I like it").
SET_OFF = {"like", "you know", "so", "well", "i mean", "basically", "actually"}
PAUSE = 0.25  # seconds of quiet that set a word off


def spoken_words(project: Project, elements: list[Element], ctx: ToolContext) -> tuple[list[Word], list[str]]:
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


def cut_runs(
    project: Project, runs: list[list[Word]], args: SyncArgs, ripple: bool, words: list[Word] | None = None
) -> tuple[Scene, dict[str, Any]]:
    """Each run of words taken out of the program (its first word's start to its last word's end), every track
    following the picture (``tools.program_cuts``); the answer's removed/saved/tracks. Each edge goes to a frame
    edge in the quiet between the run and the word beside it (``words``), so the cut neither clips that word nor
    leaves any of the run; where the words touch, to the nearest frame edge."""
    rate = fps_fraction(project.fps)
    spans = media_time.merged([_framed(run, words or [], rate) for run in runs])
    done = cut_program(project, [(seconds_to_ticks(s), seconds_to_ticks(e)) for s, e in spans], args.choice(), ripple)
    removed = []
    for start, end in done.spans:
        said = [run for run in runs if run[0].start < output_seconds(end) and run[-1].end > output_seconds(start)]
        text = " … ".join(" ".join(w.text for w in run) for run in said)
        removed.append({"start": output_seconds(start), "end": output_seconds(end), "text": text})
    answer = {
        "removed": removed,
        "secondsSaved": output_seconds(sum(e - s for s, e in done.spans)),
        **answer_rows(project, done),
    }
    return done.scene, answer


def _framed(run: list[Word], words: list[Word], rate: Fraction) -> tuple[float, float]:
    """``run``'s span with each edge on a frame edge inside the quiet beside it, where there is one."""
    start, end = run[0].start, run[-1].end
    before = max((w.end for w in words if w.end <= start + 1e-6 and w is not run[0]), default=None)
    after = min((w.start for w in words if w.start >= end - 1e-6 and w is not run[-1]), default=None)
    early = float(math.floor(start * rate) / rate)  # the frame edge at or before the run
    late = float(math.ceil(end * rate) / rate)  # and at or after it
    return (
        early if before is None or early >= before - 1e-6 else start,
        late if after is None or late <= after + 1e-6 else end,
    )


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
    words, missing = spoken_words(project, with_sound(project, None), ctx)
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


class CutWordsArgs(SyncArgs):
    element_id: Annotated[Id, Field(description="The clip whose speech is cut.")]
    text: Annotated[str | None, Field(description="The words to remove, e.g. 'let me start again'.")] = None
    start: Annotated[Seconds | None, Field(description="Or: remove the words from here (timeline seconds)...")] = None
    end: Annotated[Seconds | None, Field(description="...to here.")] = None
    occurrence: Annotated[
        Literal["first", "all"], Field(description="With text: the first time it is said, or every time.")
    ] = "first"
    ripple: Annotated[bool, Field(description="Close the cut, every track following the picture (default true).")] = (
        True
    )
    errors: ClassVar = {
        "element_id": "Invalid element id",
        "text": "text must be words",
        "start": "Invalid start time",
        "end": "Invalid end time",
        "occurrence": "occurrence must be first or all",
        "ripple": "Invalid ripple",
        **SYNC_ERRORS,
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
    end, on frame edges, closed with ripple so every track stays in sync with the picture (`tracks` says what each
    did). Needs transcribe_video first."""
    element = with_sound(project, [args.element_id])[0]
    words, _ = spoken_words(project, [element], ctx)
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
    scene, answer = cut_runs(project, runs, args, args.ripple, words)
    return project.with_scene(scene), {"success": True, **answer}  # type: ignore[typeddict-item]


class FillerArgs(SyncArgs):
    element_ids: Annotated[
        list[Id] | None, Field(description="Clips (default: the main track's clips with sound).")
    ] = None
    words: Annotated[
        list[Annotated[str, Field(min_length=1)]] | None,
        Field(description=f"Fillers to remove (default {', '.join(FILLERS)})."),
    ] = None
    ripple: Annotated[bool, Field(description="Close the cuts, every track following the picture (default true).")] = (
        True
    )
    errors: ClassVar = {
        "element_ids": "Invalid element ids",
        "words": "words must be a list of words",
        "ripple": "Invalid ripple",
        **SYNC_ERRORS,
    }


def _set_off(words: list[Word], run: list[Word]) -> bool:
    """Whether ``run`` is said on its own: a comma after it or before it, or a pause on both sides."""
    at = words.index(run[0])
    before = words[at - 1] if at else None
    after = words[at + len(run)] if at + len(run) < len(words) else None
    if run[-1].text.rstrip().endswith(",") or (before is not None and before.text.rstrip().endswith(",")):
        return True
    quiet_before = before is None or run[0].start - before.end >= PAUSE
    quiet_after = after is None or after.start - run[-1].end >= PAUSE
    return quiet_before and quiet_after


@tool("remove_filler_words", FillerArgs, kind="edit", group="speech", hints=Hints(destructive=True))
def remove_filler_words(project: Project, args: FillerArgs, ctx: ToolContext) -> ProjectEdit[RemovedOutput]:
    """Cut every filler word from the clips' speech ("um", "uh", "erm", "er", "ah", "hmm", and "like" / "you know"
    where said as fillers, set off by a comma or a pause, unless `words` says otherwise), closing the cuts with
    every track in sync. Needs transcribe_video first."""
    words, missing = spoken_words(project, with_sound(project, args.element_ids), ctx)
    runs = [
        run
        for filler in (args.words or FILLERS)
        for run in find_phrase(words, filler)
        if normal(filler) not in SET_OFF or _set_off(words, run)
    ]
    if not runs:
        return project, {"success": True, "removed": [], "secondsSaved": 0, "untranscribed": missing}
    scene, answer = cut_runs(project, runs, args, args.ripple, words)
    return project.with_scene(scene), {"success": True, **answer, "untranscribed": missing}  # type: ignore[typeddict-item]
