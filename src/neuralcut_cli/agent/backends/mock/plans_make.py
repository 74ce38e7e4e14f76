"""Plans that add or change: text, media, volume, stickers, effects."""

from __future__ import annotations

import math
from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.families.clip import plan_track_state, remembered_track
from neuralcut_cli.agent.backends.mock.listing import Item
from neuralcut_cli.agent.backends.mock.refs import asset_named
from neuralcut_cli.agent.backends.mock.replay import (
    Call,
    Context,
    Done,
    Failed,
    Plan,
    Steps,
    listing,
    needs_items,
    on_program,
    one,
    pick,
    span,
    tc,
    when,
)
from neuralcut_cli.catalogs.effects import EffectDef, ParamDef, find_effect
from neuralcut_cli.editing.clip_effects import TAKES_CLIP_EFFECTS as CLIP_EFFECT_TAKERS
from neuralcut_cli.english import quoted

DEFAULT_POSITION = {"subtitle": "bottom", "hook": "top"}  # where people expect each style


def plan_add_text(intent: i.AddText, ctx: Context) -> Plan:
    items = (yield from listing()) if needs_items(intent.span) else []
    start, end = span(intent.span, items, ctx)
    yield from on_program(start, items)
    args: dict[str, Any] = {
        "text": intent.text,
        "start": round(start, 6),
        "end": round(end, 6),
        "position": intent.position or DEFAULT_POSITION.get(intent.style or "", "center"),
    }
    if intent.style and intent.style != "plain":
        args["style"] = intent.style
    result = yield Call("add_text", args)
    return Done(
        f"Added {intent.style or 'text'} {quoted(intent.text)} at the {args['position']}, {tc(start)}–{tc(end)} "
        f"({result['elementId']} on {result['trackId']}).",
        (result["elementId"],),
    )


def plan_change_text(intent: i.ChangeText, ctx: Context) -> Plan:
    from neuralcut_cli.tools.text_tools import UpdateTextArgs

    items = yield from listing()
    item = one(intent.ref, items, ctx, ("text",))
    yield Call("update_text", UpdateTextArgs(track_id=item.track_id, element_id=item.id, text=intent.text))
    return Done(f"Changed {item.id} from {item.label} to {quoted(intent.text)}.", (item.id,))


def plan_add_media(intent: i.AddMedia, ctx: Context) -> Plan:
    asset: dict[str, Any]
    if intent.asset == i.UNUSED:
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
    result = yield Call("add_media_to_timeline", args)
    return Done(
        f"Added {asset.get('name') or asset['id']} to the {track} track at {tc(start)} "
        f"({result['elementId']} on {result['trackId']}).{made_room}",
        (result["elementId"],),
    )


def _the_unused_clip() -> Steps[dict[str, Any]]:
    """The one video the timeline does not use yet ("add the unused clip")."""
    from neuralcut_cli.tools.listing import ListAssetsArgs

    listed = yield Call("list_project_assets", ListAssetsArgs(filter="unused", type="video"))
    unused: list[dict[str, Any]] = listed["assets"]
    if len(unused) != 1:
        names = ", ".join(str(a.get("name")) for a in unused) or "none"
        raise Failed(f"'The unused clip' could be any of {len(unused)} videos ({names}); name it.")
    return unused[0]


def _length_of(asset: dict[str, Any], length: float | None) -> float:
    if length is not None:
        return length
    return float(asset.get("duration") or 5.0)  # an image: 5 s, as add_media_to_timeline places it


def make_room(intent: i.AddMedia, items: list[Item], start: float, length: float, ctx: Context) -> Steps[str]:
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


MAX_GAIN = 10.0  # +20 dB: the most the file format holds


def _gain(item: Item, level: i.Level) -> float:
    if level.mute:
        return 0.0
    if level.gain is not None:
        if level.gain > MAX_GAIN * 1.0001:
            raise Failed("Volume goes up to +20 dB (10 times the clip's own level); that is the most a clip holds.")
        return round(max(0.0, level.gain), 6)
    current = 0.0 if item.data.get("muted") else float(item.data.get("volume", 1.0))
    delta = level.delta_db or 0.0
    if current <= 0 and delta > 0:
        raise Failed(f"{item.describe()} is muted; say 'unmute' (or a level such as 50%) first.")
    if current >= MAX_GAIN * 0.999 and delta > 0:
        raise Failed(f"{item.describe()} is already at +20 dB, the most a clip holds.")
    return round(min(MAX_GAIN, current * math.pow(10, delta / 20)), 6)


def plan_volume(intent: i.Volume, ctx: Context) -> Plan:
    from neuralcut_cli.editing.volume import db_from_gain
    from neuralcut_cli.tools.clip_tools import UpdateClipArgs
    from neuralcut_cli.tools.media_tools import VolumeArgs

    track = remembered_track(intent.refs, ctx)
    if track is not None and (intent.level.mute or intent.level.gain == 1.0):  # "mute the music track", "unmute it"
        action = "mute" if intent.level.mute else "unmute"
        return (yield from plan_track_state(i.TrackState(track=i.TrackRef("it", id=track), action=action), ctx))
    items = yield from listing()
    chosen: list[Item] = []
    for ref in intent.refs:
        chosen += [item for item in pick(ref, items, ctx, ("audio", "video"), many=ref.plural) if item not in chosen]
    lines = []
    for item in chosen:
        gain = _gain(item, intent.level)
        if gain <= 1:  # set_volume speaks gain up to the clip's own level; above it, update_clip in dB
            yield Call("set_volume", VolumeArgs(track_id=item.track_id, element_id=item.id, volume=gain))
        else:
            yield Call("update_clip", UpdateClipArgs(element_id=item.id, volume=db_from_gain(gain)))
        lines.append(_said_gain(item, gain))
    return Done("; ".join(lines) + ".", tuple(item.id for item in chosen))


def _said_gain(item: Item, gain: float) -> str:
    """The new level in dB, as the change is shown."""
    if gain == 0:
        return f"Muted {item.id}"
    db = 20 * math.log10(gain)
    if abs(db) < 0.05:
        return f"Set {item.id} to its own level (0 dB)"
    if db > 0:
        return f"Set {item.id} to {db:+.1f} dB (above its own level: loud parts may clip)"
    return f"Set {item.id} to {db:+.1f} dB ({round(gain * 100):g}% of full)"


def plan_add_sticker(intent: i.AddSticker, ctx: Context) -> Plan:
    from neuralcut_cli.tools.sticker_tools import AddStickerArgs

    items = (yield from listing()) if needs_items(intent.span) else []
    start, end = span(intent.span, items, ctx)
    yield from on_program(start, items)
    result = yield Call(
        "add_sticker",
        AddStickerArgs(sticker_id=intent.sticker, start=round(start, 6), end=round(end, 6), position=intent.position),
    )
    return Done(
        f"Added sticker {intent.sticker} at {intent.position}, {tc(start)}–{tc(end)} "
        f"({result['elementId']} on {result['trackId']}).",
        (result["elementId"],),
    )


def plan_apply_effect(intent: i.ApplyEffect, ctx: Context) -> Plan:
    items = (yield from listing()) if needs_items(intent.span) else []
    if intent.span.over is not None and intent.span.over.pronoun and not ctx.memory:
        # "make it black and white" with nothing named before: "it" is the video, every clip of the main track
        over = [item for item in items if item.track_kind == "main" and item.type in CLIP_EFFECT_TAKERS]
        if not over:
            raise Failed("There are no clips on the main track to put it on.")
        done = yield from _clip_effect(intent, over)
        return Done("With nothing named before, 'it' is the whole video. " + done.reply, done.targets)
    if intent.span.over is not None:
        over = pick(intent.span.over, items, ctx, many=True)
        if all(item.type in CLIP_EFFECT_TAKERS for item in over):  # "grain on the city clip": on the clip itself
            return (yield from _clip_effect(intent, over))
        _whole_picture(intent, over)
    start, end = span(intent.span, items, ctx, default=None)
    args: dict[str, Any] = {"effectType": intent.effect, "start": round(start, 6), "end": round(end, 6)}
    if intent.params:
        args["params"] = dict(intent.params)
    result = yield Call("apply_effect", args)
    shown = ", ".join(f"{k}={v}" for k, v in result.get("appliedParams", {}).items())
    return Done(
        f"Applied {intent.effect}{f' ({shown})' if shown else ''} from {tc(start)} to {tc(end)} ({result['elementId']} on "
        f"{result['trackId']}).",
        (result["elementId"],),
    )


def _clip_effect(intent: i.ApplyEffect, over: list[Item]) -> Plan:
    """The effect on the named clips themselves: it goes where they go, and leaves the layers above alone."""
    args: dict[str, Any] = {"elementIds": [item.id for item in over], "effectType": intent.effect}
    if intent.params:
        args["params"] = dict(intent.params)
    result = yield Call("add_clip_effect", args)
    shown = ", ".join(f"{k}={v}" for k, v in result.get("appliedParams", {}).items())
    return Done(
        f"Added {intent.effect}{f' ({shown})' if shown else ''} to "
        f"{', '.join(item.describe() for item in over)} (a clip effect: it moves with the clip).",
        tuple(item.id for item in over),
    )


def _whole_picture(intent: i.ApplyEffect, over: list[Item]) -> None:
    """An effect element changes the whole picture while it runs: "blur the title" would blur everything under
    the title too, which is not what was asked (a title takes no clip effect)."""
    partial = [item for item in over if item.track_kind != "main" and item.type != "effect"]
    if partial:
        item = partial[0]
        raise Failed(
            f"An effect changes the whole picture while it runs, so it cannot apply to {item.describe()} "
            f"alone. Say '{intent.effect} from {tc(item.start)} to {tc(item.end)}' to change everything "
            "in that time."
        )


def plan_update_effect(intent: i.UpdateEffect, ctx: Context) -> Plan:
    from neuralcut_cli.tools.effect_tools import UpdateEffectArgs

    items = yield from listing()
    kind = intent.ref.effect
    if kind and not any(item.type == "effect" and item.data.get("effectType") == kind for item in items):
        holders = [item for item in items if kind in item.data.get("clipEffects", [])]
        if len(holders) > 1:
            raise Failed(
                f"{', '.join(item.describe() for item in holders)} each have a {kind}; say which, e.g. "
                f"'make the {kind} on {holders[0].describe()} stronger'."
            )
        if holders:  # "make the blur stronger" where the blur is on a clip
            return (yield from _update_clip_effect(intent, holders[0], kind))
    if intent.ref.pronoun:  # "make it stronger" after "blur the beach clip": the clip's own effect
        held = one(intent.ref, items, ctx)
        effects = list(held.data.get("clipEffects", []))
        if held.type != "effect" and len(effects) == 1:
            return (yield from _update_clip_effect(intent, held, effects[0]))
        if held.type != "effect" and effects:
            raise Failed(
                f"{held.describe()} has {len(effects)} effects ({', '.join(effects)}); say which, e.g. "
                f"'make the {effects[-1]} on it stronger'."
            )
    item = one(intent.ref, items, ctx, ("effect",))
    effect = find_effect(str(item.data.get("effectType")))
    if effect is None:
        raise Failed(f"{item.describe()} is not an effect I know.")
    params = _new_params(intent, effect, dict(item.data.get("params", {})))
    result = yield Call("update_effect", UpdateEffectArgs(element_id=item.id, params=params))
    shown = ", ".join(f"{k}={v}" for k, v in result["appliedParams"].items())
    return Done(f"Updated {item.id}: {shown}.", (item.id,))


def _update_clip_effect(intent: i.UpdateEffect, item: Item, kind: str) -> Plan:
    from neuralcut_cli.tools.clip_effect_tools import UpdateClipEffectArgs
    from neuralcut_cli.tools.clip_tools import GetElementArgs

    got = yield Call("get_element", GetElementArgs(element_id=item.id))
    clip_effect = [e for e in got.get("effects") or [] if e.get("type") == kind][-1]
    effect = find_effect(kind)
    if effect is None:
        raise Failed(f"The {kind} on {item.describe()} is not an effect I know.")
    params = _new_params(intent, effect, dict(clip_effect.get("params", {})))
    result = yield Call(
        "update_clip_effect", UpdateClipEffectArgs(element_id=item.id, effect_id=clip_effect["id"], params=params)
    )
    shown = ", ".join(f"{k}={v}" for k, v in result["appliedParams"].items())
    return Done(f"Updated the {kind} on {item.describe()}: {shown}.", (item.id,))


def _new_params(intent: i.UpdateEffect, effect: EffectDef, current: dict[str, Any]) -> dict[str, Any]:
    named = effect.param(intent.param or "")
    if intent.step is not None:
        return _stepped(effect, named, intent.step, current)
    if named is None and len(effect.params) > 1 and any(not key for key, _ in intent.params):
        keys = " or ".join(p.key for p in effect.params)
        raise Failed(
            f"{effect.name} has more than one setting ({keys}); say which, e.g. 'set the "
            f"{effect.id} {effect.params[0].key} to {_num(effect.params[0].default)}'."
        )
    return {(key or effect.params[0].key): value for key, value in intent.params}


def _stepped(effect: EffectDef, named: ParamDef | None, step: float, current: dict[str, Any]) -> dict[str, Any]:
    """ "Stronger"/"weaker": the parameter that means strength, moved the right way by ``step`` (a share of the
    distance to that end of its range, so "weaker" weakens without switching the effect off)."""
    if named is not None:
        main, direction = named, 1
    elif effect.strength is not None:
        main, direction = effect.param(effect.strength[0]) or effect.params[0], effect.strength[1]
    else:
        keys = " or ".join(p.key for p in effect.params)
        raise Failed(
            f"'Stronger' or 'weaker' has no one meaning for {effect.name}; say which setting and how "
            f"much, e.g. 'set the {effect.id} {effect.params[0].key} to {_num(effect.params[0].default)}' "
            f"({keys})."
        )
    now = float(current.get(main.key, main.default))
    toward = float(main.max if step * direction > 0 else main.min)  # a share of the way left: never off the range
    target = now + abs(step) * (toward - now)
    if abs(target - now) < 1e-9:
        side = "maximum" if step * direction > 0 else "minimum"
        raise Failed(f"The {effect.id} {main.key} is already at its {side} ({now:g}).")
    return {main.key: round(target / main.step) * main.step if main.step >= 1 else round(target, 2)}


def _num(value: float | str) -> str:
    return value if isinstance(value, str) else f"{value:g}"
