"""Plans for silences, loudness and shot changes (remove_silences, normalize_loudness, split_at_scenes)."""

from __future__ import annotations

from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan, followed, listing, pick, tc
from neuralcut_cli.english import plural


def plan_remove_silences(intent: i.RemoveSilences, ctx: Context) -> Plan:
    args: dict[str, Any] = {}
    if intent.padding is not None:
        args["padding"] = intent.padding
    if intent.min_silence is not None:
        args["minSilence"] = intent.min_silence
    if intent.cut_tracks or intent.keep_tracks:
        from neuralcut_cli.agent.backends.mock.listing import items_of
        from neuralcut_cli.agent.backends.mock.plans_clip import resolve_track

        result = yield Call("list_timeline")
        for key, refs in (("cutTrackIds", intent.cut_tracks), ("keepTrackIds", intent.keep_tracks)):
            if refs:
                args[key] = [resolve_track(r, result["tracks"], items_of(result), ctx)["trackId"] for r in refs]
    done = yield Call("remove_silences", args)
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


def plan_normalize(intent: i.Normalize, ctx: Context) -> Plan:
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


def plan_split_scenes(intent: i.SplitScenes, ctx: Context) -> Plan:
    from neuralcut_cli.tools.analysis_tools import SplitScenesArgs

    items = yield from listing()
    if intent.refs:
        chosen = [item for ref in intent.refs for item in pick(ref, items, ctx, ("video",), many=True)]
    else:
        chosen = [item for item in items if item.type == "video" and item.track_kind == "main"]
    if not chosen:
        raise Failed("There is no video clip to cut at its shot changes.")
    done = yield Call("split_at_scenes", SplitScenesArgs(element_ids=list(dict.fromkeys(item.id for item in chosen))))
    cuts = "; ".join(f"{c['elementId']} at {', '.join(tc(t) for t in c['times'])}" for c in done["cuts"] if c["times"])
    return Done(f"Cut at every shot change: {cuts}.", tuple(done["affectedElements"]))
