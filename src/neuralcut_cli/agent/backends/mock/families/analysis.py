"""Requests about what the media contains: silences ("remove the silences", "cut out the dead space", "keep only
the parts where someone is talking"), loudness ("make it loud enough for YouTube"), shot changes; their plans call
remove_silences, normalize_loudness and split_at_scenes.
"""

from __future__ import annotations

import re
from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Ref, TrackRef
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.refs import take_refs
from neuralcut_cli.agent.backends.mock.replay import (
    Call,
    Context,
    Done,
    Failed,
    Plan,
    call,
    followed,
    listing,
    pick,
    tc,
)
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.times import take_time
from neuralcut_cli.english import plural
from neuralcut_cli.tools.outputs import RemovedOutput, SplitScenesOutput, TimelineOutput


class RemoveSilences(i.Intent):
    padding: float | None = None  # seconds kept at each edge; None: the tool's default
    min_silence: float | None = None
    cut_tracks: tuple[TrackRef, ...] = ()  # "cut the music too": cut like the picture
    keep_tracks: tuple[TrackRef, ...] = ()  # "leave the titles where they are"


class Normalize(i.Intent):
    target: float | None = None  # LUFS; None: the platform's
    platform: str | None = None  # a key of ``catalogs.loudness.PLATFORMS``; None: the tool's default (YouTube)


class SplitScenes(i.Intent):
    refs: tuple[Ref, ...] = ()  # none: the main track's video clips


ROOMY_PADDING = 0.3  # "leave a little breathing room": twice the tool's 0.15 s

TIGHT_PADDING = 0.05

#: What people call the places a program goes, as ``catalogs.loudness.PLATFORMS`` keys.
PLACES = {
    "youtube": "youtube",
    "spotify": "spotify",
    "streaming": "youtube",
    "instagram": "instagram",
    "tiktok": "tiktok",
    "podcast": "podcast",
    "podcasts": "podcast",
    "apple": "podcast",
    "broadcast": "broadcast",
    "tv": "broadcast",
    "ebu": "broadcast",
    "atsc": "atsc",
}


def read_remove_silences(c: Clause, v: Vocab) -> i.Intent | None:
    """``remove the silences``, ``cut the dead air but leave a little breathing room``, ``shorten the gaps between
    words``, ``keep only the parts where someone is talking``."""
    kept = c.take(
        r"^(?:please\s+)?(?:keep|leave)\s+(?:only|just)\s+(?:the\s+)?(?:parts?|bits?|stretches|moments)\s+"
        r"(?:where|when|with)\s+(?:someone|somebody|anyone|people|i|he|she|they|we)?\s*(?:is\s+|are\s+|am\s+)?"
        r"(?:talking|speaking|speech|sound|audio|voice)\b"
    )
    verb = kept or c.take(
        r"\b(?:remove|cut|delete|trim|strip|get rid of|take out|kill|drop|chop|shorten|tighten|close)(?: out)?"
        r"(?: (?:all|every|any))?(?: (?:the|of the))?\b"
    )
    noun = kept or c.take(
        r"\b(?:silences?|silent (?:parts|bits|stretches|gaps)|dead (?:air|space|spots)|quiet (?:parts|bits)|"
        r"(?:long )?pauses|awkward (?:pauses|silences)|(?:the )?gaps (?:between|in) (?:the )?(?:words|sentences|"
        r"speech|talking)|word gaps|parts (?:where|when) (?:no ?one|nobody) (?:is )?(?:talking|speaking))\b"
    )
    if verb is None or noun is None:
        return None
    minimum = take_time(c, v, r"longer than|over|of more than|above|past", "s")
    padding = None
    if c.take(
        r"\b(?:but |and )?(?:leave|keep)(?: a(?: little| bit of)?| some)? (?:breathing room|room to breathe|"
        r"(?:a )?(?:little|bit of) (?:air|space|pause))\b"
    ):
        padding = ROOMY_PADDING
    elif c.take(r"\b(?:tight(?:ly)?|no breathing room|leave no (?:air|room|space))\b"):
        padding = TIGHT_PADDING
    c.take(r"\b(?:in|from|of) (?:the )?(?:video|recording|clip|clips|audio|footage|edit|timeline)\b")
    cut, keep = take_track_choice(c)
    return RemoveSilences(padding=padding, min_silence=minimum, cut_tracks=cut, keep_tracks=keep)


#: Tracks people name when they say which follow a cut: the word, and the kind of track it is.
_FOLLOWERS = {
    "music": "audio", "music bed": "audio", "bed": "audio", "song": "audio", "soundtrack": "audio",
    "voice over": "audio", "voiceover": "audio", "narration": "audio", "sound effects": "audio",
    "titles": "text", "title": "text", "captions": "text", "subtitles": "text", "text": "text",
    "logo": "overlay", "overlays": "overlay", "overlay": "overlay", "b-roll": "overlay", "broll": "overlay",
    "b roll": "overlay", "effects": "effect",
}  # fmt: skip

_FOLLOWER = "|".join(sorted((re.escape(w) for w in _FOLLOWERS), key=len, reverse=True))


def take_track_choice(c: Clause) -> tuple[tuple[i.TrackRef, ...], tuple[i.TrackRef, ...]]:
    """Which tracks a person says follow the cut otherwise: "cut the music too", "including the music" (cut like
    the picture); "leave the titles where they are", "but don't touch the music" (left in place)."""
    cut: list[i.TrackRef] = []
    keep: list[i.TrackRef] = []
    for pattern, into in (
        (rf"\b(?:and |but )?(?:cut |chop |trim )?(?:the |my )?({_FOLLOWER})(?: track)? (?:too|as well|also)\b", cut),
        (rf"\b(?:including|include|and cut|also cut|cutting) (?:the |my )?({_FOLLOWER})(?: track)?\b", cut),
        (
            rf"\b(?:but |and )?(?:leave|keep|don'?t (?:cut|touch|move)|do not (?:cut|touch|move)|not) (?:the |my )?"
            rf"({_FOLLOWER})(?: track)?(?: (?:where (?:it is|they are)|alone|as (?:it is|they are)|untouched|in "
            rf"place|(?:un)?cut))?\b",
            keep,
        ),
    ):
        while (found := c.take(pattern)) is not None:
            word = found.group(1).lower()
            into.append(i.TrackRef(f"the {word}", kind=_FOLLOWERS[word]))
    return tuple(cut), tuple(keep)


def read_normalize(c: Clause, v: Vocab) -> i.Intent | None:
    """``even out the audio``, ``make it as loud as YouTube wants``, ``normalize to -16 LUFS``."""
    verb = c.take(r"\b(?:even out|normali[sz]e|level(?: out)?|balance|fix)\b(?: (?:the|all the|my))?")
    loud = None if verb else c.take(r"\b(?:make (?:it|the (?:audio|sound|video)|everything) )?as loud as\b")
    if verb is None and loud is None:
        return None
    said = c.take(r"\b(?:audio|sound|volume|volumes|levels?|loudness)\b")
    target, platform = None, None
    number = c.take(r"\b(?:to|at) (-\d+(?:\.\d+)?) ?(?:lufs|lu)\b")
    if number is not None:
        target = float(number.group(1))
    place = c.take(rf"\b({'|'.join(PLACES)})\b")
    if place is not None:
        platform = PLACES[place.group(1).lower()]
    c.take(r"\b(?:wants|want|needs|likes|expects|asks for|standard|level|loudness|for|of)\b")
    if (verb is not None and said is None and number is None) or (loud is not None and place is None):
        return None
    return Normalize(target=target, platform=platform)


def read_split_scenes(c: Clause, v: Vocab) -> i.Intent | None:
    """``split at every shot change``, ``cut the beach clip at its scene changes``."""
    verb = c.take(r"\b(?:split|cut|chop|divide)\b")
    if verb is None:
        return None
    if (
        c.take(
            r"\b(?:at|on|by|into)(?: (?:every|each|all(?: the)?|its|the|their))? (?:shot|scene|camera) "
            r"(?:changes?|cuts?)\b|\binto (?:its |their )?(?:shots|scenes)\b"
        )
        is None
    ):
        return None
    c.take(r"\b(?:in (?:it|them)|automatically)\b")
    return SplitScenes(refs=take_refs(c, v))


# -- plans


def plan_remove_silences(intent: RemoveSilences, ctx: Context) -> Plan:
    args: dict[str, Any] = {}
    if intent.padding is not None:
        args["padding"] = intent.padding
    if intent.min_silence is not None:
        args["minSilence"] = intent.min_silence
    if intent.cut_tracks or intent.keep_tracks:
        from neuralcut_cli.agent.backends.mock.families.clip import resolve_track
        from neuralcut_cli.agent.backends.mock.listing import items_of

        result = yield from call("list_timeline", {}, TimelineOutput)
        for key, refs in (("cutTrackIds", intent.cut_tracks), ("keepTrackIds", intent.keep_tracks)):
            if refs:
                args[key] = [resolve_track(r, result["tracks"], items_of(result), ctx)["trackId"] for r in refs]
    done = yield from call("remove_silences", args, RemovedOutput)
    removed = done["removed"]
    minimum = intent.min_silence if intent.min_silence is not None else 0.5
    if not removed:
        return Done(f"No silence of {minimum:g} s or more found; nothing removed.")
    ranges = ", ".join(f"{tc(r['start'])}–{tc(r['end'])}" for r in removed[:6]) + (" …" if len(removed) > 6 else "")
    padding = intent.padding if intent.padding is not None else 0.15
    return Done(
        f"Removed {len(removed)} silent stretch{'es' if len(removed) != 1 else ''} of {minimum:g} s or "
        f"more ({done['secondsSaved']:g} s saved, {padding:g} s kept at each edge): {ranges}." + followed(done)
    )


def plan_normalize(intent: Normalize, ctx: Context) -> Plan:
    from neuralcut_cli.tools.loudness_tools import NormalizeArgs

    done = yield Call(
        "normalize_loudness",
        NormalizeArgs.model_validate(
            {k: v for k, v in (("platform", intent.platform), ("targetLufs", intent.target)) if v is not None}
        ),
    )
    lines = [
        f"{r['name']} ({plural(r['pieces'], 'piece')}) measured {r['measuredLufs']:g} LUFS: {r['gainDb']:+g} dB on "
        "every piece"
        for r in done["recordings"]
    ]
    skipped = f" Left alone (silent): {', '.join(s['elementId'] for s in done['skipped'])}." if done["skipped"] else ""
    aim = f"{done['targetLufs']:g} LUFS, true peak held at most {done['truePeakDb']:g} dBTP by a limiter"
    return Done(
        f"Levelled for {done['platform']} ({aim}): " + "; ".join(lines) + "." + skipped,
        tuple(e["elementId"] for e in done["elements"]),
    )


def plan_split_scenes(intent: SplitScenes, ctx: Context) -> Plan:
    from neuralcut_cli.tools.analysis_tools import SplitScenesArgs

    items = yield from listing()
    if intent.refs:
        chosen = [item for ref in intent.refs for item in pick(ref, items, ctx, ("video",), many=True)]
    else:
        chosen = [item for item in items if item.type == "video" and item.track_kind == "main"]
    if not chosen:
        raise Failed("There is no video clip to cut at its shot changes.")
    done = yield from call(
        "split_at_scenes",
        SplitScenesArgs(element_ids=list(dict.fromkeys(item.id for item in chosen))),
        SplitScenesOutput,
    )
    cuts = "; ".join(f"{c['elementId']} at {', '.join(tc(t) for t in c['times'])}" for c in done["cuts"] if c["times"])
    return Done(f"Cut at every shot change: {cuts}.", tuple(done["affectedElements"]))


#: The family's rows (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "remove silences",
        read_remove_silences,
        plan=plan_remove_silences,
        examples=(
            "remove the silences",
            "cut the dead air but leave a little breathing room",
            "remove pauses longer than 1 second",
        ),
        rank=260,
    ),
    Rule(
        "normalize",
        read_normalize,
        plan=plan_normalize,
        examples=("even out the audio", "make it as loud as YouTube wants", "normalize the audio to -16 LUFS"),
        rank=270,
    ),
    Rule(
        "split at scenes",
        read_split_scenes,
        plan=plan_split_scenes,
        examples=("split at every shot change", "cut the beach clip at its scene changes"),
        rank=280,
    ),
)
