"""Plans for clips and tracks: track mute/visibility, duplicate, opacity, speed, gaps."""

from __future__ import annotations

from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.listing import Item, items_of, track_words
from neuralcut_cli.agent.backends.mock.memory import tagged, track_tag
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan, listing, one, pick

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


def plan_shown(intent: i.TrackState | i.Visibility, ctx: Context) -> Plan:
    """Hide, show, mute or unmute: a whole track, or elements."""
    if isinstance(intent, i.Visibility):
        return plan_visibility(intent, ctx)
    return plan_track_state(intent, ctx)


def remembered_track(refs: tuple[i.Ref, ...], ctx: Context) -> str | None:
    """The track "it" means, when every reference is a pronoun and the last thing touched was one track."""
    tracks = tagged(ctx.memory, "track")
    return tracks[0] if refs and all(ref.pronoun for ref in refs) and len(tracks) == 1 else None


def plan_track_state(intent: i.TrackState, ctx: Context) -> Plan:
    result = yield Call("list_timeline")
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


def plan_duplicate(intent: i.Duplicate, ctx: Context) -> Plan:
    from neuralcut_cli.tools.clip_tools import DuplicateArgs

    items = yield from listing()
    chosen = _chosen(intent.refs, items, ctx)
    result = yield Call("duplicate_elements", DuplicateArgs(element_ids=[item.id for item in chosen]))
    copies = [d["elementId"] for d in result["duplicated"]]
    return Done(
        f"Duplicated {', '.join(item.id for item in chosen)} to the same times on new tracks above "
        f"({', '.join(copies)}).",
        tuple(copies),
    )


def plan_opacity(intent: i.Opacity, ctx: Context) -> Plan:
    from neuralcut_cli.tools.clip_tools import UpdateClipArgs

    items = yield from listing()
    chosen = _chosen(intent.refs, items, ctx, ("video", "image", "text", "sticker", "graphic"))
    for item in chosen:
        yield Call("update_clip", UpdateClipArgs(element_id=item.id, opacity=intent.percent))
    return Done(
        f"Set {', '.join(item.id for item in chosen)} to {intent.percent:g}% opacity.",
        tuple(item.id for item in chosen),
    )


def plan_visibility(intent: i.Visibility, ctx: Context) -> Plan:
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


def plan_speed(intent: i.Speed, ctx: Context) -> Plan:
    items = yield from listing()
    chosen = _chosen(intent.refs, items, ctx, ("video", "audio"))
    args: dict[str, Any] = {"elementIds": [item.id for item in chosen], "rate": intent.rate}
    if intent.rate < 1:  # slower needs room: what follows moves later with it (faster leaves a gap, said below)
        args["ripple"] = True
    result = yield Call("set_speed", args)
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


def plan_close_gaps(intent: i.CloseGaps, ctx: Context) -> Plan:
    args: dict[str, Any] = {}
    if intent.track is not None:
        result = yield Call("list_timeline")
        args["trackId"] = resolve_track(intent.track, result["tracks"], items_of(result), ctx)["trackId"]
    done = yield Call("close_gaps", args)
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
