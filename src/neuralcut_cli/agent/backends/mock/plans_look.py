"""Plans that only look: help, history, listings and answers about the project."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.listing import Item, items_of, stem, track_words
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan, end_of, listing, one, tc, when
from neuralcut_cli.english import plural

if TYPE_CHECKING:
    from neuralcut_cli.agent.backends.mock.rules_talk import CheckEdit, Greet

TIMES = "times: 5, 5s, 2.5s, 1:02.5, 00:01:02.500, 00:00:05:12, 120f, 1m30s"


def help_text() -> str:
    from neuralcut_cli.agent.backends.mock.rules import grammar  # the table is made of rows that name plans

    lines = [f"I understand requests like these ({TIMES}); chain them with 'then', 'and' or ';':"]
    lines += [f"  {line}" for line in grammar()]
    return "\n".join(lines)


def plan_help(intent: i.Help, ctx: Context) -> Plan:
    return Done(help_text())
    yield  # a generator that calls nothing


def plan_greet(intent: Greet, ctx: Context) -> Plan:
    if intent.thanks:
        return Done("You're welcome. Say 'undo' to take back the last change, or 'help' for what I understand.")
    return Done("Hi! Tell me an edit, e.g. 'split at 5s', or ask 'what's on the timeline?'; 'help' lists the rest.")
    yield  # a generator that calls nothing


def plan_check(intent: CheckEdit, ctx: Context) -> Plan:
    args: dict[str, Any] = {"media": True, "target": intent.target} if intent.media else {}
    report = yield Call("check_project", args)
    findings = report["findings"]
    if not findings:
        return Done("No problems found" + (f": the loudness suits {intent.target}." if intent.media else "."))
    lines = [f"- {f['severity']}: {f['what']}" + _fix(f) for f in findings[:8]]
    more = f"\n(and {len(findings) - 8} more: neuralcut check lists them all)" if len(findings) > 8 else ""
    return Done(f"{plural(len(findings), 'problem')} found:\n" + "\n".join(lines) + more)


def _fix(finding: dict[str, Any]) -> str:
    repair = finding.get("fix")
    return f" (fix: {repair['tool']} {json.dumps(repair['args'])})" if repair else ""


def plan_history(intent: i.History, ctx: Context) -> Plan:
    name = "undo" if intent.backwards else "redo"
    done: list[str] = []
    for _ in range(intent.count):
        result = yield Call(name, allow_error=True)
        if "error" in result:
            if not done:
                raise Failed(result["error"])
            break
        done.append(result["undone" if intent.backwards else "redone"]["request"])
        if result.get("remaining") == 0:  # "undo everything": stop before a call that can only fail
            break
    verb = "Undid" if intent.backwards else "Redid"
    shown = "; ".join(f'"{request}"' for request in done)
    if intent.count == i.ALL_STEPS:
        more = len(done) == intent.count and result.get("remaining", 0) > 0
        short = f" (the last {len(done)}; there are more: say it again)" if more else f" (all {len(done)})"
    else:
        short = f" (only {len(done)} of {intent.count}: there was no more)" if len(done) < intent.count else ""
    return Done(f"{verb} {shown}{short}.")


def _line(item: Item) -> str:
    return f"{item.id} {item.label} {tc(item.start)}–{tc(item.end)}"


def plan_list_timeline(intent: i.ListTimeline, ctx: Context) -> Plan:
    result = yield Call("list_timeline")
    tracks = result["tracks"]
    items = items_of(result)
    lines = [
        f"The timeline has {len(items)} element{'s' if len(items) != 1 else ''} on {len(tracks)} "
        f"track{'s' if len(tracks) != 1 else ''}, {tc(end_of(items))} long:"
    ]
    for track in tracks:
        mine = [item for item in items if item.track_id == track["trackId"]]
        lines.append(f"  {track['trackId']} ({track['type']}): " + (", ".join(map(_line, mine)) or "(empty)"))
    return Done("\n".join(lines))


def plan_list_assets(intent: i.ListAssets, ctx: Context) -> Plan:
    args = {k: v for k, v in (("filter", intent.usage), ("type", intent.kind)) if v}
    result = yield Call("list_project_assets", args)
    assets = result["assets"]
    what = " ".join(w for w in (intent.usage, intent.kind or "media") if w)
    if not assets:
        return Done(
            f"No {what} assets."
            if intent.usage != "unused"
            else f"No: every {intent.kind or 'asset'} is on the timeline."
        )
    shown = ", ".join(
        f"{a['name'] or a['id']} ({a['id']}, {a['type']}" + (f", {a['duration']:g}s" if a.get("duration") else "") + ")"
        for a in assets
    )
    return Done(f"{len(assets)} {what} asset{'s' if len(assets) != 1 else ''}: {shown}.")


def plan_list_effects(intent: i.ListEffects, ctx: Context) -> Plan:
    if intent.on_timeline:
        everything = yield from listing()
        items = [item for item in everything if item.type == "effect"]
        where = ""
        if intent.over is not None:  # an effect changes every layer below it while it runs
            target = one(intent.over, everything, ctx)
            items = [item for item in items if item.start < target.end and item.end > target.start]
            where = f" over {target.describe()}"
        if not items:
            return Done(f"No effects are applied{where}.")
        return Done(f"Applied{where}: " + ", ".join(f"{_line(item)}{_settings(item)}" for item in items) + ".")
    result = yield Call("list_effects")
    return Done("Effects: " + "; ".join(f"{e['id']} ({e['description']})" for e in result["effects"]))


def plan_effect_info(intent: i.EffectInfo, ctx: Context) -> Plan:
    from neuralcut_cli.tools.effect_tools import GetEffectArgs

    result = yield Call("get_effect", GetEffectArgs(effect_type=intent.effect))
    params = "; ".join(f"{p['key']}: {p['description']}" for p in result["params"])
    return Done(f"{result['name']} ({result['id']}): {result['description']} Parameters: {params}.")


def plan_list_stickers(intent: i.ListStickers, ctx: Context) -> Plan:
    result = yield Call("list_stickers", {"provider": intent.provider} if intent.provider else {})
    stickers = result["stickers"]
    shown = ", ".join(s["id"] for s in stickers[:30]) + (
        f" and {len(stickers) - 30} more" if len(stickers) > 30 else ""
    )
    return Done(f"{len(stickers)} sticker{'s' if len(stickers) != 1 else ''}: {shown}.")


def _settings(item: Item) -> str:
    params = item.data.get("params") or {}
    return (
        f" ({', '.join(f'{k} {v:g}' if isinstance(v, (int, float)) else f'{k} {v}' for k, v in params.items())})"
        if params
        else ""
    )


def plan_count(intent: i.Count, ctx: Context) -> Plan:
    items = yield from listing()
    chosen = [item for item in items if intent.kind is None or item.type == intent.kind]
    what = f"{intent.kind} element" if intent.kind else "element"
    plural = "s" if len(chosen) != 1 else ""
    listed = f": {', '.join(map(_line, chosen))}" if chosen else ""
    return Done(f"{len(chosen)} {what}{plural}{listed}.", tuple(item.id for item in chosen))


def plan_what_at(intent: i.WhatAt, ctx: Context) -> Plan:
    items = yield from listing()
    moment = when(intent.when, items, ctx)
    playing = [
        item for item in items if item.start <= moment < item.end and (intent.kind is None or item.type == intent.kind)
    ]
    if not playing:
        return Done(f"No {intent.kind} element at {tc(moment)}." if intent.kind else f"Nothing plays at {tc(moment)}.")
    return Done(f"At {tc(moment)}: {', '.join(map(_line, playing))}.", tuple(item.id for item in playing))


def plan_how_long(intent: i.HowLong, ctx: Context) -> Plan:
    items = yield from listing()
    if intent.ref is None:
        return Done(f"The timeline is {tc(end_of(items))} long ({end_of(items):g} s).")
    item = one(intent.ref, items, ctx)
    length = item.end - item.start
    return Done(f"{item.describe()} lasts {tc(length)} ({length:g} s).", (item.id,))


def plan_about(intent: i.About, ctx: Context) -> Plan:
    from neuralcut_cli.tools.clip_tools import GetElementArgs

    items = yield from listing()
    item = one(intent.ref, items, ctx)
    got = yield Call("get_element", GetElementArgs(element_id=item.id))
    track = {"trackId": got["trackId"], "name": item.track_name, "type": item.track_kind}
    facts = [f"{item.describe()}, {got['duration']:g} s long, on {track_words(track)}"]
    if item.type == "text":
        facts.append(f'it says "{got["content"]}"')
        facts.append(_text_style(got))
    if "volume" in got:
        facts.append("muted" if got["muted"] else f"not muted, volume {got['volume']:+.1f} dB")
    if got.get("speed", 1) != 1:
        facts.append(f"playing at {got['speed']:g}x")
    for key, default, shown in (
        ("opacity", 100, "opacity {}%"),
        ("blendMode", "normal", "blend mode {}"),
        ("hidden", False, "hidden"),
    ):
        if key in got and got[key] != default:
            facts.append(shown.format(got[key]))
    if got.get("params"):
        facts.append("settings" + _settings(item))
    if got.get("animations"):
        facts.append(plural(got["animations"]["keyframeCount"], "keyframe"))
    return Done("; ".join(facts) + ".", (item.id,))


def _text_style(got: dict[str, Any]) -> str:
    """How a text looks: colour, size, font, weight, slant, decoration, box."""
    looks = [f"colour {got.get('color')}", f"size {got.get('fontSize')}", f"font {got.get('fontFamily')}"]
    looks.append("bold" if got.get("fontWeight") in ("bold", "700", "800", "900") else "not bold")
    if got.get("fontStyle") == "italic":
        looks.append("italic")
    if got.get("textDecoration") not in (None, "none"):
        looks.append(str(got["textDecoration"]))
    box = got.get("background") or {}
    looks.append(f"on a {box.get('color')} box" if box.get("enabled") else "no background box")
    return ", ".join(looks)


def plan_describe(intent: i.Describe, ctx: Context) -> Plan:
    from neuralcut_cli.tools.asset_context import LoadAssetArgs

    items = yield from listing()
    item = one(intent.ref, items, ctx, ("video", "audio", "image"))
    asset = item.data.get("assetId")
    if not asset:
        raise Failed(f"{item.describe()} has no media to look at.")
    result = yield Call("load_asset_context", LoadAssetArgs(asset_id=asset))
    if result.get("status") == "processing":
        return Done(f"{stem(item.name) or asset} is still being processed; ask again in a moment.", (item.id,))
    return Done(result.get("summary") or f"Loaded {asset}.", (item.id,))
