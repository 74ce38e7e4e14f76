"""Plans for fades, zooms, slides and ducking (the fade, animate and duck tools)."""

from __future__ import annotations

from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.listing import Item
from neuralcut_cli.agent.backends.mock.memory import fade_tag, tagged
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan, listing, one, pick
from neuralcut_cli.values import replace

SLIDE_DISTANCE = 1200  # pixels: from beyond the edge of a 1080p frame


def plan_fade(intent: i.Fade, ctx: Context) -> Plan:
    items = yield from listing()
    chosen = _chosen(intent.refs, items, ctx)
    args: dict[str, Any] = {"elementIds": [item.id for item in chosen]}
    for key, value in (("in", intent.fade_in), ("out", intent.fade_out)):
        if value is not None:
            args[key] = value
    yield Call("fade", args)
    what = " and ".join(f"{k} over {v:g} s" for k, v in (("in", intent.fade_in), ("out", intent.fade_out)) if v)
    sides = [side for side, value in (("in", intent.fade_in), ("out", intent.fade_out)) if value]
    return Done(
        f"Faded {', '.join(item.id for item in chosen)} {what} (keyframes: say 'list the keyframes of "
        f"{chosen[0].id}' to see them).",
        tuple(fade_tag(side, item.id) for item in chosen for side in sides),
    )


def plan_change_fade(intent: i.ChangeFade, ctx: Context) -> Plan:
    """Fades already there (``fadeIn``/``fadeOut`` in list_timeline), remade at the new length. "that fade" after a
    fade means that one (see ``memory``)."""
    items = yield from listing()
    remembered = [(side, element) for side in ("in", "out") for element in tagged(ctx.memory, f"fade-{side}")]
    if intent.refs and all(ref.pronoun for ref in intent.refs) and remembered:
        ids = {element for _, element in remembered}
        intent = replace(intent, refs=(), which=intent.which or _one_side(remembered))
        items = [item for item in items if item.id in ids]
    pool = _chosen(intent.refs, items, ctx) if intent.refs else items
    keys = ("fadeIn", "fadeOut") if intent.which is None else ("fadeIn",) if intent.which == "in" else ("fadeOut",)
    faded = [item for item in pool if any(item.data.get(key) for key in keys)]
    what = f"fade {intent.which}" if intent.which else "fade"
    if not faded:
        where = f" on {pool[0].describe()}" if intent.refs and pool else ""
        raise Failed(f"There is no {what}{where} yet; say e.g. 'fade in the intro over 1 second'.")
    if len(faded) > 1 and not intent.refs:
        named = ", ".join(item.describe() for item in faded)
        raise Failed(f"Which {what}? {named} have fades; say e.g. 'make the fade on {faded[0].describe()} longer'.")
    lines = []
    for item in faded:
        args: dict[str, Any] = {"elementIds": [item.id]}
        for key, arg in (("fadeIn", "in"), ("fadeOut", "out")):
            if key in keys and item.data.get(key):
                old = float(item.data[key])
                args[arg] = round(intent.seconds if intent.seconds is not None else old * (intent.factor or 1), 3)
        yield Call("fade", args)
        lines.append(
            f"{item.describe()}: fade " + " and ".join(f"{k} {v:g} s" for k, v in args.items() if k != "elementIds")
        )
    sides = [side for key, side in (("fadeIn", "in"), ("fadeOut", "out")) if key in keys]
    changed = tuple(fade_tag(side, item.id) for item in faded for side in sides if item.data.get(f"fade{side.title()}"))
    return Done("Changed the fades. " + "; ".join(lines) + ".", changed)


def _one_side(remembered: list[tuple[str, str]]) -> str | None:
    sides = {side for side, _ in remembered}
    return sides.pop() if len(sides) == 1 else None


def plan_zoom(intent: i.Zoom, ctx: Context) -> Plan:
    from neuralcut_cli.tools.clip_tools import GetElementArgs
    from neuralcut_cli.tools.motion_tools import AnimateArgs

    items = yield from listing()
    item = one(intent.ref, items, ctx, ("video", "image", "text", "sticker", "graphic"))
    got = yield Call("get_element", GetElementArgs(element_id=item.id))
    for axis in ("X", "Y"):
        scale = float(got["transform"][f"scale{axis}"])
        yield Call(
            "animate",
            AnimateArgs(
                element_id=item.id,
                property=f"transform.scale{axis}",
                start_value=scale,
                end_value=round(scale * intent.factor, 2),
                easing="ease-in-out",
            ),
        )
    way = "in" if intent.factor > 1 else "out"
    return Done(f"Zoomed {way} on {item.describe()} over its whole length ({intent.factor:.2g}x, eased).", (item.id,))


def plan_slide(intent: i.Slide, ctx: Context) -> Plan:
    from neuralcut_cli.tools.clip_tools import GetElementArgs
    from neuralcut_cli.tools.motion_tools import AnimateArgs

    items = yield from listing()
    item = one(intent.ref, items, ctx, ("video", "image", "text", "sticker", "graphic"))
    got = yield Call("get_element", GetElementArgs(element_id=item.id))
    axis = "X" if intent.side in ("left", "right") else "Y"
    here = float(got["transform"][f"position{axis}"])
    away = here + (-SLIDE_DISTANCE if intent.side in ("left", "top") else SLIDE_DISTANCE)
    length = min(intent.length, item.end - item.start)
    yield Call(
        "animate",
        AnimateArgs(
            element_id=item.id,
            property=f"transform.position{axis}",
            start_value=away,
            end_value=here,
            start=item.start,
            end=round(item.start + length, 6),
            easing="ease-out",
        ),
    )
    return Done(f"{item.id} now slides in from the {intent.side} over {length:g} s.", (item.id,))


def plan_duck(intent: i.Duck, ctx: Context) -> Plan:
    from neuralcut_cli.tools.motion_tools import DuckArgs

    items = yield from listing()
    music = _chosen(intent.music, items, ctx, ("audio", "video"))
    under = _chosen(intent.under, items, ctx) if not intent.voice else _voice(items, music)
    result = yield Call(
        "duck", DuckArgs(music_element_ids=[m.id for m in music], under_element_ids=[u.id for u in under])
    )
    return Done(
        f"Ducked {', '.join(result['ducked'])} {result['depth']:g} dB under {', '.join(u.id for u in under)}.",
        tuple(result["ducked"]),
    )


def _voice(items: list[Item], music: list[Item]) -> list[Item]:
    """The talk: the main track's clips that are heard (not the music itself)."""
    heard = [
        item
        for item in items
        if item.track_kind == "main"
        and item.type in ("video", "audio")
        and not item.data.get("muted")
        and item not in music
    ]
    if not heard:
        raise Failed("There is no voice on the main track to duck under; name the clip (e.g. 'under the intro').")
    return heard


def _chosen(refs: tuple[i.Ref, ...], items: list[Item], ctx: Context, types: tuple[str, ...] = ()) -> list[Item]:
    chosen: list[Item] = []
    for ref in refs:
        chosen += [item for item in pick(ref, items, ctx, types, many=ref.plural) if item not in chosen]
    return chosen


def plan_list_keyframes(intent: i.ListKeyframes, ctx: Context) -> Plan:
    from neuralcut_cli.tools.keyframe_tools import ElementArgs

    items = yield from listing()
    item = one(intent.ref, items, ctx)
    result = yield Call("list_keyframes", ElementArgs(element_id=item.id))
    keys = result["keyframes"]
    if not keys:
        return Done(f"{item.describe()} has no keyframes.", (item.id,))
    shown = "; ".join(f"{k['propertyPath']} {k['value']} at {k['time']:g} s ({k['interpolation']})" for k in keys)
    return Done(f"{item.id} has {len(keys)} keyframe{'s' if len(keys) != 1 else ''}: {shown}.", (item.id,))
