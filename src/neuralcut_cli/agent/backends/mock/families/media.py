"""Adding media from the project: "add the outtake at the end", "add outtake.mp4 as the outro", "add the
unused clip", b-roll over a clip; and insert edits ("put the outtake between the beach and the city clips",
"... after the intro", "... at the beginning"): what follows on the main track, and what sits over it, moves
later in one move.
"""

from __future__ import annotations

import re
from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Ref, When
from neuralcut_cli.agent.backends.mock.listing import Item, Vocab, stem
from neuralcut_cli.agent.backends.mock.refs import asset_named, take_ref, take_refs
from neuralcut_cli.agent.backends.mock.replay import (
    Call,
    Context,
    Done,
    Failed,
    Plan,
    Steps,
    call,
    listing,
    needs_items,
    one,
    tc,
    when,
)
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.times import take_time, take_when
from neuralcut_cli.tools.outputs import AssetsOutput, Placed

UNUSED = "<the unused clip>"


class AddMedia(i.Intent):
    asset: str = ""  # words naming the asset; UNUSED: the one video the timeline does not use yet
    at: When | None = None
    track: str | None = None  # main | overlay | audio
    length: float | None = None
    insert: bool = False  # on the main track, what is there moves later to make room (an insert edit)
    between: tuple[Ref, ...] = ()  # "between the beach and the city clips": they must meet


def read_add_media(c: Clause, v: Vocab) -> i.Intent | None:
    verb = c.take(r"\b(?:add|put|insert|place|append|drop|bring(?: in)?|use|include|throw in|stick|import|pop)\b")
    names = sorted(
        {a.get("name", "") for a in v.assets}
        | {stem(str(a.get("name", ""))) for a in v.assets}
        | {str(a.get("id", "")) for a in v.assets},
        key=len,
        reverse=True,
    )
    names = [n for n in names if n]
    if verb is None or not names:
        return None
    asset = c.take(
        re.compile(  # the project's asset names: compiled here, never kept in the patterns cache
            rf"\b(?:the\s+|my\s+|that\s+)?({'|'.join(re.escape(n.lower()) for n in names)})(?:\s+(?:clip|video|"
            rf"file|image|photo|picture|song|track|audio|music|footage|shot))?\b"
        )
    ) or c.take(r"\bthe\s+(unused|spare|leftover|remaining)\s+(?:clip|video|footage|shot)\b")
    if asset is None:
        return None
    said_asset = UNUSED if asset.group(1) in ("unused", "spare", "leftover", "remaining") else asset.group(1)
    moving = verb.group(0) in ("put", "place", "drop", "stick", "pop", "bring")
    if moving and asset.group(1) in v.placed and c.find(r"\b(?:after|before|between|behind|following)\b"):
        return None  # "put the intro after the city clip": the clip on the timeline moves (the reorder row's)
    if asset.group(1) in v.placed and c.find(r"\b(?:after|before|between|beginning|start)\b"):
        return None  # "add the intro after the city clip": a second copy, or the clip moved? (refused)
    inserted = _inserted(c, v, said_asset)
    if inserted is not None:
        return inserted
    track = None
    where = c.take(
        r"\b(?:on|to|onto|in|into|as)\s+(?:the\s+|an?\s+|my\s+)?(main|overlay|audio|music|top|picture in "
        r"picture|pip|b[\s-]?roll|cutaway|vo|voice[\s-]?over|narration)(?:\s+track|\s+layer|\s+clip)?\b"
    )
    if where is not None:  # b-roll and cutaways go over the main track; a voice-over on an audio track
        said = re.sub(r"[\s-]", "", where.group(1))
        track = {"music": "audio", "top": "overlay", "pictureinpicture": "overlay", "pip": "overlay"}.get(said, said)
        track = (
            "overlay"
            if said in ("broll", "cutaway")
            else "audio"
            if said in ("vo", "voiceover", "narration")
            else track
        )
    over = c.take(r"\b(?:over|on top of|above)\s+(?=\w)") if track == "overlay" else None
    if over is not None:  # "as b-roll over the beach clip": from where that clip starts
        ref = take_ref(c, v)
        if ref is None:
            return None
        length = take_time(c, v, r"for|lasting(?:\s+for)?", "s")
        return AddMedia(asset=asset.group(1), at=i.When(ref=ref, edge="start"), track=track, length=length)
    after = c.take(r"\b(?:after|following)\s+(?=\w)")
    at = None
    if after is not None:
        ref = take_ref(c, v)
        if ref is None:
            return None
        at = i.When(ref=ref, edge="end")
    at = at or take_when(c, v, before="at|to|from|starting at|on")
    length = take_time(c, v, r"for|lasting(?:\s+for)?", "s")
    return AddMedia(asset=said_asset, at=at, track=track, length=length, insert=after is not None)


def _inserted(c: Clause, v: Vocab, asset: str) -> i.Intent | None:
    """``put the outtake between the beach and the city clips``, ``... before the city clip``, ``... at the
    beginning``: an insert on the main track, what is there moving later."""
    if c.take(r"\bbetween\s+") is not None:
        refs = take_refs(c, v)
        if len(refs) == 1 and refs[0].plural and len(refs[0].names) == 2:  # "the beach and city clips"
            refs = tuple(i.Ref(refs[0].text, kind=refs[0].kind, names=(n,)) for n in refs[0].names)
        if len(refs) != 2:
            return None
        return AddMedia(asset=asset, at=i.When(ref=refs[1], edge="start"), track="main", insert=True, between=refs)
    if c.take(r"\b(?:before|ahead of|in front of)\s+(?=\w)") is not None:
        ref = take_ref(c, v)
        return AddMedia(asset=asset, at=i.When(ref=ref, edge="start"), track="main", insert=True) if ref else None
    if c.take(r"\b(?:at|to)\s+the\s+(?:very\s+)?(?:beginning|start)(?:\s+of\s+(?:the\s+)?(?:video|edit|timeline))?\b"):
        return AddMedia(asset=asset, at=i.When(seconds=0.0), track="main", insert=True)
    if c.take(r"\bas\s+(?:the\s+|an\s+)?(?:outro|ending|closing (?:shot|clip)|end (?:clip|shot))\b"):
        return AddMedia(asset=asset, at=i.When(anchor="end"), track="main")
    return None


def plan_add_media(intent: AddMedia, ctx: Context) -> Plan:
    asset: dict[str, Any]
    if intent.asset == UNUSED:
        asset = yield from _the_unused_clip()
    else:
        assets = ctx.assets or (yield Call("list_project_assets"))["assets"]
        found = asset_named(intent.asset, assets)
        if found is None:
            raise Failed(f"I could not tell which media asset '{intent.asset}' means.")
        asset = dict(found)
    kind = str(asset.get("type"))
    track = intent.track or {"audio": "audio", "image": "overlay"}.get(kind, "main")
    items = (yield from listing()) if needs_items(intent.at) or intent.at is None else []
    if intent.at is None and track == "main":
        start = max((item.end for item in items if item.track_kind == "main"), default=0.0)
    elif intent.at is not None and intent.at.anchor == "end" and track == "main":
        start = max((item.end for item in items if item.track_kind == "main"), default=0.0)
    else:
        start = when(intent.at, items, ctx) if intent.at is not None else ctx.playhead
    args: dict[str, Any] = {"assetId": asset["id"], "startTime": round(start, 6), "trackType": track}
    if intent.length is not None:
        args["duration"] = intent.length
    made_room = ""
    if intent.insert and track == "main":
        if not items:
            items = yield from listing()
        made_room = yield from make_room(intent, items, start, _length_of(asset, intent.length), ctx)
    result = yield from call("add_media_to_timeline", args, Placed)
    return Done(
        f"Added {asset.get('name') or asset['id']} to the {track} track at {tc(start)} "
        f"({result['elementId']} on {result['trackId']}).{made_room}",
        (result["elementId"],),
    )


def _the_unused_clip() -> Steps[dict[str, Any]]:
    """The one video the timeline does not use yet ("add the unused clip")."""
    from neuralcut_cli.tools.listing import ListAssetsArgs

    listed = yield from call("list_project_assets", ListAssetsArgs(filter="unused", type="video"), AssetsOutput)
    unused: list[dict[str, Any]] = listed["assets"]
    if len(unused) != 1:
        names = ", ".join(str(a.get("name")) for a in unused) or "none"
        raise Failed(f"'The unused clip' could be any of {len(unused)} videos ({names}); name it.")
    return unused[0]


def _length_of(asset: dict[str, Any], length: float | None) -> float:
    if length is not None:
        return length
    return float(asset.get("duration") or 5.0)  # an image: 5 s, as add_media_to_timeline places it


def make_room(intent: AddMedia, items: list[Item], start: float, length: float, ctx: Context) -> Steps[str]:
    """An insert edit: the main track's clips from ``start`` on, and what starts over them on the other picture
    tracks, move ``length`` later (one call: they keep their offsets); what spans the insert stays."""
    from neuralcut_cli.tools.timeline_edits import MoveArgs

    if intent.between:
        first, second = (one(ref, items, ctx) for ref in intent.between)
        first, second = (first, second) if first.start <= second.start else (second, first)
        if abs(first.end - second.start) > 1e-6:
            raise Failed(f"{first.describe()} and {second.describe()} do not meet, so there is no cut between them "
                         "to put it in; say a time ('add the outtake at 14s').")  # fmt: skip
        start = second.start
    later = [item for item in items if item.start >= start - 1e-6 and item.track_kind != "audio"]
    if not any(item.track_kind == "main" for item in later):
        return ""  # nothing on the main track after it: a plain add
    yield Call("move_timeline_elements", MoveArgs(element_ids=[item.id for item in later],
                                                  start=round(min(item.start for item in later) + length, 6)))  # fmt: skip
    spanning = [item for item in items if item.start < start - 1e-6 < item.end - 2e-6 and item.track_kind != "main"]
    stays = f" {', '.join(item.id for item in spanning)} span the insert and stay as they were." if spanning else ""
    return f" To make room, {len(later)} element{'s' if len(later) != 1 else ''} moved {length:g} s later.{stays}"


#: The family's rows (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "add media",
        read_add_media,
        plan=plan_add_media,
        examples=(
            "add the outtake at the end",
            "add logo.png at 10s on the overlay for 4s",
            "add music.mp3 to audio at 0s",
        ),
        rank=450,
    ),
)
