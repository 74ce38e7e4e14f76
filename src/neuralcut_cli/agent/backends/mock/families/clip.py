"""Clips and tracks: mute or hide a track, duplicate, opacity, speed (the usual 2x / half speed when no amount
is said), gaps.
"""

from __future__ import annotations

import re
from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Ref, TrackRef
from neuralcut_cli.agent.backends.mock.listing import Item, Vocab, items_of, track_words
from neuralcut_cli.agent.backends.mock.memory import tagged, track_tag
from neuralcut_cli.agent.backends.mock.refs import take_ref, take_refs
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan, call, listing, one, pick
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.slots import A_BIT, A_LOT
from neuralcut_cli.tools.outputs import CloseGapsOutput, DuplicateOutput, SpeedOutput, TimelineOutput


class Duplicate(i.Intent):
    refs: tuple[Ref, ...] = ()


class Opacity(i.Intent):
    refs: tuple[Ref, ...] = ()
    percent: float = 100.0  # 0 transparent, 100 opaque


class Speed(i.Intent):
    refs: tuple[Ref, ...] = ()
    rate: float = 1.0
    default: bool = False  # no amount was said: the usual 2x faster or half speed, said in the reply


class CloseGaps(i.Intent):
    track: TrackRef | None = None  # None: the main track


class Visibility(i.Intent):
    refs: tuple[Ref, ...] = ()
    hidden: bool = True


_TRACK_KINDS = {
    "main": "main",
    "primary": "main",
    "video": "main",
    "overlay": "overlay",
    "picture": "overlay",
    "text": "text",
    "title": "text",
    "titles": "text",
    "caption": "text",
    "captions": "text",
    "subtitle": "text",
    "subtitles": "text",
    "effect": "effect",
    "effects": "effect",
    "fx": "effect",
    "audio": "audio",
    "sound": "audio",
    "music": "audio",
    "sticker": "overlay",
    "stickers": "overlay",
}


def take_track(c: Clause, v: Vocab) -> i.TrackRef | None:
    """``the logo track`` (the logo's track), ``the audio track``, ``the main track``, ``t-main``."""
    for track_id in sorted(v.tracks, key=len, reverse=True):
        found = c.take(re.compile(rf"\b(?:the\s+)?(?:track\s+)?{re.escape(track_id)}(?:\s+track)?\b"))  # the project's
        if found is not None:
            return i.TrackRef(found.group(0).strip(), id=track_id)
    kinds = "|".join(sorted(_TRACK_KINDS, key=len, reverse=True))
    found = c.take(rf"\b(?:the\s+|my\s+)?({kinds})\s+(?:track|layer|row|lane)\b")
    if found is not None:
        return i.TrackRef(found.group(0).strip(), kind=_TRACK_KINDS[found.group(1)])
    marker = c.find(r"(?<=\s)(?:track|layer|lane)\b")
    if marker is None:
        return None
    before = c.copy()
    rest = (marker.start(), len(c.text))
    before.use(*rest)
    element = take_ref(before, v)
    added = [span for span in before.used if span not in c.used and span != rest]
    if element is None or element.pronoun or not added or c.text[max(end for _, end in added) : marker.start()].strip():
        return None  # the words right before "track" must name an element: "the logo track"
    c.used = [*c.used, *added]
    c.use(marker.start(), marker.end())
    return i.TrackRef(f"the {element.text.removeprefix('the ')} track", element=element)


def read_track_state(c: Clause, v: Vocab) -> i.Intent | None:
    """``mute the music track``, ``hide the logo track``, ``show the text track again``."""
    verb = c.take(
        r"\b(?P<mute>mute|silence)\b|\b(?P<unmute>unmute|un-mute)\b|\b(?P<hide>hide|turn off|disable)\b|"
        r"\b(?P<show>show|unhide|un-hide|turn on|enable|bring back)\b|\b(?P<solo>solo|only hear|listen to only)\b"
    )
    if verb is None:
        return None
    action = next(name for name in ("mute", "unmute", "hide", "show", "solo") if verb.group(name))
    track = take_track(c, v)
    c.take(r"\b(?:again|back)\b")
    if track is not None:
        return i.TrackState(track=track, action=action)
    if action == "solo":  # "solo the music": the track the music is on
        element = take_ref(c, v)
        return None if element is None else i.TrackState(track=i.TrackRef(element.text, element=element), action=action)
    if action in ("hide", "show") and verb.group(0) in ("hide", "show", "unhide", "un-hide"):
        refs = take_refs(c, v)  # "hide the logo": the element, not its track
        c.take(r"\b(?:again|back)\b")
        return Visibility(refs=refs, hidden=action == "hide") if refs else None
    return None


def read_duplicate(c: Clause, v: Vocab) -> i.Intent | None:
    """``duplicate the title``, ``make a copy of the star``."""
    if c.take(r"\b(?:duplicate|clone|copy|make a copy of|make copies of|copy and paste)\b") is None:
        return None
    refs = take_refs(c, v)
    return Duplicate(refs=refs) if refs else None


def read_opacity(c: Clause, v: Vocab) -> i.Intent | None:
    """``make the logo half transparent``, ``set the logo opacity to 40%``, ``make the logo fully opaque``."""
    c.take(r"\b(?:make|set|change|turn|put)\b")
    if not c.has(r"\b(?:transparen|opaque|opacity|see[- ]through)"):  # every amount _opacity reads names one
        return None
    refs = take_refs(c, v)
    if not refs:
        return None
    percent = _opacity(c)
    if percent is None:
        return None
    return Opacity(refs=refs, percent=percent)


def _opacity(c: Clause) -> float | None:
    if c.take(r"\bhalf(?:[- ]way)? (?:transparent|see[- ]through)\b|\b(?:50% )?(?:semi|partly)[- ]?transparent\b"):
        return 50.0
    if c.take(r"\b(?:fully|completely|totally) opaque\b|\bopaque again\b|\bnot transparent\b"):
        return 100.0
    found = c.take(r"\b(\d+(?:\.\d+)?)% (transparent|see[- ]through|opaque|opacity|visible)\b")
    if found is not None:
        value = float(found.group(1))
        return 100 - value if found.group(2).startswith(("transparent", "see")) else value
    found = c.take(
        r"\b(?:the\s+)?(?:opacity|transparency)\s+(?:to|at|of)\s+(\d+(?:\.\d+)?)%?|\bto (\d+(?:\.\d+)?)% "
        r"opacity\b"
    )
    if found is not None:
        value = float(found.group(1) or found.group(2))
        return 100 - value if "transparency" in found.group(0) else value
    return None


def read_speed(c: Clause, v: Vocab) -> i.Intent | None:
    """``speed up the beach clip 2x``, ``play the intro at half speed``, ``slow the city clip down to 0.5x``."""
    motion = c.take(rf"\b(?:(?P<lot>{A_LOT}|extra|ultra)\s+)?slow[\s-]*(?:mo|motion|mo-mo)\b")
    verb = c.take(
        r"\b(?P<up>speed up|fast forward|quicken|accelerate)\b|\b(?P<down>slow down|slow)\b|"
        r"\b(?:play|set|make|change|put|do|add|give|use)\b"
    )
    if verb is None and motion is None:
        return None
    refs = take_refs(c, v)
    if not refs:
        return None
    c.take(r"\b(?:down|up)\b")
    if motion is not None:  # "slow mo the beach clip": half speed, "super slow motion": a quarter
        c.take(r"\b(?:in|on|to|into|as)\b")
        return Speed(refs=refs, rate=0.25 if motion.group("lot") else 0.5)
    rate = _rate(c)
    if rate is None and verb is not None and (verb.group("up") or verb.group("down")):
        amount = c.take(rf"\b(?P<bit>{A_BIT})\b|\b{A_LOT}\b")  # "speed up a bit": 1.25x; "way slower": 2x
        if amount is not None:
            rate = (1.25 if amount.group("bit") else 2.0) ** (1 if verb.group("up") else -1)
    if rate is None:  # "make the beach clip play a bit faster": an amount, and which way
        said = c.take(
            rf"\b(?:play\s+|run\s+|go\s+|move\s+)?(?:(?P<bit>{A_BIT})|{A_LOT})\s+(?P<w>faster|quicker|slower)\b"
        )
        if said is not None:
            rate = (1.25 if said.group("bit") else 2.0) ** (1 if said.group("w") != "slower" else -1)
    default = False
    if rate is None:  # "slow down the third clip", "make the intro faster": the editor's usual 2x / half speed
        way = c.take(r"\b(?:play\s+|run\s+|go\s+|move\s+)?(?P<w>faster|quicker|slower)\b")
        up = (verb is not None and verb.group("up")) or (way is not None and way.group("w") != "slower")
        down = (verb is not None and verb.group("down")) or (way is not None and way.group("w") == "slower")
        if up == down or (verb is not None and not (verb.group("up") or verb.group("down")) and way is None):
            return None
        rate, default = (2.0 if up else 0.5), True
    c.take(r"\b(?:speed|the speed|playback|times|faster|slower|as fast|the normal speed)\b")
    if verb is not None and (verb.group("up") and rate < 1 or verb.group("down") and rate > 1):
        return None  # "slow down to 2x" contradicts itself
    return Speed(refs=refs, rate=rate, default=default)


def _rate(c: Clause) -> float | None:
    words = {"double": 2.0, "twice": 2.0, "triple": 3.0, "half": 0.5, "quarter": 0.25, "normal": 1.0, "regular": 1.0}
    found = c.take(
        r"\b(?:to |at |by )?(double|twice|triple|half|quarter|normal|regular)(?: the)?(?: speed| as fast"
        r"| pace)?\b"
    )
    if found is not None:
        return words[found.group(1)]
    found = c.take(
        r"\b(?:to |at |by )?(\d+(?:\.\d+)?)\s*(?:x|times)(?: speed| as fast| faster| slower)?\b|"
        r"\b(?:to |at )?(\d+(?:\.\d+)?)% speed\b"
    )
    if found is not None:
        return float(found.group(1)) if found.group(1) else float(found.group(2)) / 100
    return None


def read_close_gaps(c: Clause, v: Vocab) -> i.Intent | None:
    """``remove the gaps``, ``close the gaps on the main track``, ``tighten the audio track``."""
    if (
        c.take(
            r"\b(?:remove|close|delete|get rid of|eliminate|fill|kill|collapse)(?: (?:all|any))? (?:the |those )?"
            r"(?:empty )?(?:gaps?|spaces?|holes?|blank spaces?)\b|\btighten(?: up)?\b"
        )
        is None
    ):
        return None
    c.take(r"\b(?:between (?:the )?(?:clips|elements)|in between)\b")
    c.take(r"\b(?:on|in|of)\b(?=\s+(?:the\s+)?\S+\s+(?:track|layer))")
    track = take_track(c, v)
    return CloseGaps(track=track)


# -- plans


_STATE = {"mute": ("muted", True), "unmute": ("muted", False), "hide": ("hidden", True), "show": ("hidden", False)}


def resolve_track(ref: i.TrackRef, tracks: list[dict[str, Any]], items: list[Item], ctx: Context) -> dict[str, Any]:
    """The one track ``ref`` names (``Failed`` when none or several). A track's own name beats a kind word and
    an element's name: "the music track" is the track named Music."""
    named = _by_name(ref.said, tracks)
    if ref.id is None and len(named) == 1:
        return named[0]
    if ref.id is not None:
        found = [t for t in tracks if t["trackId"] == ref.id]
    elif ref.element is not None:
        holder = one(ref.element, items, ctx).track_id
        found = [t for t in tracks if t["trackId"] == holder]
    else:
        found = [t for t in tracks if t["type"] == ref.kind]
    if not found:
        raise Failed(f"There is no {ref.said.removeprefix('the ')}. Tracks: {', '.join(_listed(t) for t in tracks)}.")
    if len(found) > 1:
        raise Failed(f"'{ref.said}' could be {' or '.join(track_words(t) for t in found)}; say which by name.")
    return found[0]


def _by_name(said: str, tracks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    words = " ".join(said.lower().split()).removeprefix("the ")
    bare = words.removesuffix(" track")
    return [t for t in tracks if " ".join(str(t.get("name") or "").lower().split()) in (words, bare) and bare]


def _listed(track: dict[str, Any]) -> str:
    name = " ".join(str(track.get("name") or "").split())
    return f"{name} ({track['type']})" if name else f"{track['trackId']} ({track['type']})"


def plan_shown(intent: i.TrackState | Visibility, ctx: Context) -> Plan:
    """Hide, show, mute or unmute: a whole track, or elements."""
    if isinstance(intent, Visibility):
        return plan_visibility(intent, ctx)
    return plan_track_state(intent, ctx)


def remembered_track(refs: tuple[i.Ref, ...], ctx: Context) -> str | None:
    """The track "it" means, when every reference is a pronoun and the last thing touched was one track."""
    tracks = tagged(ctx.memory, "track")
    return tracks[0] if refs and all(ref.pronoun for ref in refs) and len(tracks) == 1 else None


def plan_track_state(intent: i.TrackState, ctx: Context) -> Plan:
    result = yield from call("list_timeline", {}, TimelineOutput)
    track = resolve_track(intent.track, result["tracks"], items_of(result), ctx)
    if intent.action == "solo":
        return (yield from _solo(track, result["tracks"]))
    key, wanted = _STATE[intent.action]
    tool = "toggle_track_mute" if key == "muted" else "toggle_track_visibility"
    named = track_words(track)
    if key in track and track[key] == wanted:
        return Done(
            f"{named[0].upper()}{named[1:]} is already {key}."
            if wanted
            else f"{named[0].upper()}{named[1:]} is not {key}; nothing to change."
        )
    done = yield Call(tool, {"trackId": track["trackId"]})
    word = {"muted": ("Muted", "Unmuted"), "hidden": ("Hid", "Showed")}[key][0 if done.get(key) else 1]
    return Done(f"{word} {named}.", (track_tag(track["trackId"]),))


def _solo(track: dict[str, Any], tracks: list[dict[str, Any]]) -> Plan:
    """Only ``track`` is heard: every other track with sound is muted, and ``track`` unmuted if it was."""
    if "muted" not in track:  # only tracks with sound can be muted (list_timeline says which)
        raise Failed(f"{track_words(track)[0].upper()}{track_words(track)[1:]} has no sound to solo.")
    changed = []
    for other in tracks:
        wrong = other["muted"] if other["trackId"] == track["trackId"] else not other.get("muted", False)
        if "muted" in other and wrong and other.get("elements"):
            yield Call("toggle_track_mute", {"trackId": other["trackId"]})
            changed.append(("unmuted " if other["trackId"] == track["trackId"] else "muted ") + track_words(other))
    said = f"; {', '.join(changed)}" if changed else " (the other tracks were already muted)"
    return Done(
        f"Soloed {track_words(track)}{said}. Say 'undo' to hear them all again.", (track_tag(track["trackId"]),)
    )


def plan_duplicate(intent: Duplicate, ctx: Context) -> Plan:
    from neuralcut_cli.tools.clip_tools import DuplicateArgs

    items = yield from listing()
    chosen = _chosen(intent.refs, items, ctx)
    result = yield from call(
        "duplicate_elements", DuplicateArgs(element_ids=[item.id for item in chosen]), DuplicateOutput
    )
    copies = [d["elementId"] for d in result["duplicated"]]
    return Done(
        f"Duplicated {', '.join(item.id for item in chosen)} to the same times on new tracks above "
        f"({', '.join(copies)}).",
        tuple(copies),
    )


def plan_opacity(intent: Opacity, ctx: Context) -> Plan:
    from neuralcut_cli.tools.clip_tools import UpdateClipArgs

    items = yield from listing()
    chosen = _chosen(intent.refs, items, ctx, ("video", "image", "text", "sticker", "graphic"))
    for item in chosen:
        yield Call("update_clip", UpdateClipArgs(element_id=item.id, opacity=intent.percent))
    return Done(
        f"Set {', '.join(item.id for item in chosen)} to {intent.percent:g}% opacity.",
        tuple(item.id for item in chosen),
    )


def plan_visibility(intent: Visibility, ctx: Context) -> Plan:
    from neuralcut_cli.tools.clip_tools import UpdateClipArgs

    track = remembered_track(intent.refs, ctx)
    if track is not None:  # "hide the logo track", then "show it again": the track
        action = "hide" if intent.hidden else "show"
        return (yield from plan_track_state(i.TrackState(track=i.TrackRef("it", id=track), action=action), ctx))
    items = yield from listing()
    chosen = _chosen(intent.refs, items, ctx, ("video", "image", "text", "sticker", "graphic"))
    for item in chosen:
        yield Call("update_clip", UpdateClipArgs(element_id=item.id, hidden=intent.hidden))
    verb = "Hid" if intent.hidden else "Showed"
    return Done(f"{verb} {', '.join(item.describe() for item in chosen)}.", tuple(item.id for item in chosen))


def plan_speed(intent: Speed, ctx: Context) -> Plan:
    items = yield from listing()
    chosen = _chosen(intent.refs, items, ctx, ("video", "audio"))
    args: dict[str, Any] = {"elementIds": [item.id for item in chosen], "rate": intent.rate}
    if intent.rate < 1:  # slower needs room: what follows moves later with it (faster leaves a gap, said below)
        args["ripple"] = True
    result = yield from call("set_speed", args, SpeedOutput)
    before = {item.id: item.end - item.start for item in chosen}
    shown = ", ".join(f"{e['elementId']} now lasts {e['duration']:g} s" for e in result["elements"])
    moved = sum(e["duration"] - before[e["elementId"]] for e in result["elements"])
    after = (
        ""
        if abs(moved) < 1e-6
        else (
            f"; what came after moved {moved:g} s later with it"
            if moved > 0
            else f"; it left {-moved:g} s free after it ('remove the gaps' closes it)"
        )
    )
    usual = (
        f" (no amount was said: {intent.rate:g}x is the usual {'speed-up' if intent.rate > 1 else 'slow-down'}; "
        "say e.g. '1.5x' or '75% speed' for another)"
        if intent.default
        else ""
    )
    return Done(f"Set {intent.rate:g}x speed{usual}: {shown}{after}.", tuple(item.id for item in chosen))


def plan_close_gaps(intent: CloseGaps, ctx: Context) -> Plan:
    args: dict[str, Any] = {}
    if intent.track is not None:
        result = yield from call("list_timeline", {}, TimelineOutput)
        args["trackId"] = resolve_track(intent.track, result["tracks"], items_of(result), ctx)["trackId"]
    done = yield from call("close_gaps", args, CloseGapsOutput)
    moved = len(done["movedElements"])
    if not moved:
        return Done(f"There are no gaps between the elements of {done['trackId']}.")
    return Done(
        f"Closed the gaps on {done['trackId']}: {moved} element{'s' if moved != 1 else ''} moved left.",
        tuple(m["elementId"] for m in done["movedElements"]),
    )


def _chosen(refs: tuple[i.Ref, ...], items: list[Item], ctx: Context, types: tuple[str, ...] = ()) -> list[Item]:
    chosen: list[Item] = []
    for ref in refs:
        chosen += [item for item in pick(ref, items, ctx, types, many=ref.plural) if item not in chosen]
    return chosen


#: The family's rows (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "mute or hide a track",
        read_track_state,
        plan=plan_shown,
        examples=("hide the logo track", "mute the audio track", "show the logo track again"),
        rank=160,
    ),
    Rule(
        "duplicate",
        read_duplicate,
        plan=plan_duplicate,
        examples=("duplicate the title", "make a copy of the logo"),
        rank=170,
    ),
    Rule(
        "speed",
        read_speed,
        plan=plan_speed,
        examples=("speed up the beach clip 2x", "play the intro at half speed"),
        rank=180,
        refusals=(
            (
                r"\b(?:speed up|slow down|slow|faster|slower)\b",
                "How much faster or slower? Say e.g. 'speed up the beach clip 2x' or 'play the intro at half speed'.",
            ),
        ),
    ),
    Rule(
        "opacity",
        read_opacity,
        plan=plan_opacity,
        examples=("make the logo half transparent", "set the title opacity to 40%"),
        rank=190,
    ),
    Rule(
        "close gaps",
        read_close_gaps,
        plan=plan_close_gaps,
        examples=("remove the gaps", "close the gaps on the main track"),
        rank=290,
    ),
)
