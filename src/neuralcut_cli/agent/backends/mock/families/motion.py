"""Things over time: fades, zooms, slides, ducking (the fade, animate and duck tools)."""

from __future__ import annotations

import re
from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Ref
from neuralcut_cli.agent.backends.mock.listing import Item, Vocab
from neuralcut_cli.agent.backends.mock.memory import fade_tag, tagged
from neuralcut_cli.agent.backends.mock.refs import take_ref, take_refs
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan, call, listing, one, pick
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.times import TIME, seconds_of, take_time
from neuralcut_cli.tools.outputs import ElementOutput, KeyframesOutput
from neuralcut_cli.values import field, replace


class Fade(i.Intent):
    refs: tuple[Ref, ...] = ()
    fade_in: float | None = None  # seconds
    fade_out: float | None = None


class Zoom(i.Intent):
    ref: Ref = field(default_factory=lambda: Ref(""))
    factor: float = 1.2  # > 1 zooms in, < 1 out


class Slide(i.Intent):
    ref: Ref = field(default_factory=lambda: Ref(""))
    side: str = "left"  # where it comes from
    length: float = 0.5  # seconds


class Duck(i.Intent):
    music: tuple[Ref, ...] = ()
    under: tuple[Ref, ...] = ()
    voice: bool = False  # "under the talk / the voice": the main track's clips that are heard


class ListKeyframes(i.Intent):
    ref: Ref = field(default_factory=lambda: Ref(""))


DEFAULT_FADE = 1.0  # seconds, when the request does not say

QUICK_FADE = 0.5  # "a quick fade"

SLOW_FADE = 2.0  # "a slow fade"


def read_fade(c: Clause, v: Vocab) -> i.Intent | None:
    """``fade in the intro over 1 second``, ``fade out the music at the end``, ``fade the title in and out``."""
    first = c.take(  # "a 3 second fade out", "2s fade in", "a quick fade out"
        rf"\b(?:(?:add|put|give|do)\s+(?:it\s+)?)?(?:an?\s+)?(?:(?P<t>{TIME})|(?P<q>quick|short|fast|brief)|"
        r"(?P<s>slow|long|gentle|gradual))[\s-]+(?:long\s+)?(?=fade)"
    )
    verb = c.take(
        r"\b(?:add a |put a )?(?P<both>fade[sd]? in and out|fade[sd]? (?:it |them )?in and out)\b|"
        r"\b(?:add a |put a )?(?P<dir>fade[- ]?in|fade[- ]?out)\b|\bfade\b"
    )
    if verb is None:
        return None
    refs = take_refs(c, v) or _edge_clip(c)
    if not refs:
        return None
    direction = c.take(r"\b(?:in and out|in|out)\b")
    said = (verb.group("both") and "both") or verb.group("dir") or (direction.group(0) if direction else None)
    if said is None and c.find(r"\b(?:to|from) black\b"):
        said = "out" if c.find(r"\bto black\b") else "in"
    if said is None:
        return None
    length = take_time(
        c, v, r"(?:over|in|during|across|for)\s+the\s+(?:last|final|first|opening)|over|for|of|in|lasting|during", "s"
    )
    if first is not None and length is None:
        length = (
            seconds_of(first.group("t"), v.fps, "s")
            if first.group("t")
            else QUICK_FADE
            if first.group("q")
            else SLOW_FADE
        )
    c.take(
        r"\b(?:at the (?:end|start|beginning)|to black|from black|slowly|gently|gradually|to silence|"
        r"from silence)\b"
    )
    c.take(r"\b(?:to|on|of)\b")
    seconds = length if length is not None else DEFAULT_FADE
    words = set(re.split(r"[\s-]+", said.replace("fades", "fade").replace("faded", "fade")))
    fade_in = seconds if said == "both" or "in" in words else None
    fade_out = seconds if said == "both" or "out" in words else None
    return Fade(refs=refs, fade_in=fade_in, fade_out=fade_out)


def _edge_clip(c: Clause) -> tuple[i.Ref, ...]:
    """ "fade to black at the end": the last clip (a fade of it: a transition needs a clip after it);
    "fade in from black at the start": the first."""
    if c.find(r"\b(?:to|from) black\b") is None or c.find(r"\bat the (end|start|beginning)\b") is None:
        return ()
    edge = c.take(r"\bat the (end|start|beginning)(?: of the (?:video|timeline|edit))?\b")
    last = edge is not None and edge.group(1) == "end"
    return (i.Ref(text=f"the {'last' if last else 'first'} clip", kind="video", ordinal=-1 if last else 0),)


def read_change_fade(c: Clause, v: Vocab) -> i.Intent | None:
    """``make the fade longer``, ``make the fade out on the music 3 seconds``, ``shorten the fade in``."""
    verb = c.take(r"\b(?:make|set|change|adjust|(?P<up>lengthen|extend|slow down)|(?P<down>shorten|speed up))\b")
    fade = c.take(r"\b(?:the |its |their )?fade[- ]?(?P<dir>ins?|outs?)?(?:s)?\b")
    if verb is None or fade is None:
        return None
    which = fade.group("dir").rstrip("s") if fade.group("dir") else None
    refs = take_refs(c, v) if c.take(r"\b(?:on|of|for|in)\b") else ()
    length = take_time(c, v, r"to|last|be|take|lasting|of|over", "s")
    if length is None:
        length = take_time(c, v, "", "s")  # "make the fade 2 seconds"
    c.take(r"\b(?:long|in length|in total)\b")
    factor = None
    if length is None:
        size = c.take(r"\b(?P<up>longer|slower|more gradual|gentler)\b|\b(?:shorter|quicker|faster|snappier)\b")
        up = verb.group("up") or (size is not None and size.group("up"))
        if size is None and not (verb.group("up") or verb.group("down")):
            return None
        factor = 2.0 if up else 0.5
        c.take(r"\b(?:a bit|a little|slightly|much|a lot)\b")
    if not refs and c.take(r"\b(?:on|of|for|in)\b"):
        refs = take_refs(c, v)
    return i.ChangeFade(refs=refs, which=which, seconds=length, factor=factor)


def read_zoom(c: Clause, v: Vocab) -> i.Intent | None:
    """``slowly zoom into the logo``, ``zoom out of the intro clip``, ``push in on the beach clip``."""
    verb = c.take(
        r"\b(?P<out>zoom out(?: of| from)?|pull (?:back|out)(?: from| of)?)\b|"
        r"\b(?:zoom in(?:to| on)?|zoom into|zoom|push in(?: on)?|ken burns)\b"
    )
    if verb is None:
        return None
    c.take(r"\b(?:slowly|gently|gradually|a bit|a little|slow|smoothly)\b")
    ref = take_ref(c, v)
    if ref is None:
        return None
    c.take(r"\b(?:slowly|gently|gradually|smoothly|effect)\b")
    return Zoom(ref=ref, factor=1 / 1.2 if verb.group("out") else 1.2)


def read_slide(c: Clause, v: Vocab) -> i.Intent | None:
    """``slide the title in from the left``, ``bring the caption in from the right``."""
    if c.take(r"\b(?:slide|swipe|fly|bring|move)\b") is None:
        return None
    ref = take_ref(c, v)
    side = c.take(r"\b(?:in\s+)?from\s+the\s+(left|right|top|bottom)\b")
    if ref is None or side is None:
        return None
    c.take(r"\bin\b")
    length = take_time(c, v, r"over|for|in", "s")
    return Slide(ref=ref, side=side.group(1), length=length if length is not None else 0.5)


def read_duck(c: Clause, v: Vocab) -> i.Intent | None:
    """``duck the music under the voice``, ``lower the music when the intro plays``."""
    verb = c.take(r"\b(?:duck|sidechain)\b|\b(?:lower|dip|turn down)(?=.*\b(?:under|whenever|when|while)\b)")
    if verb is None:
        return None
    keyword = c.find(r"\b(?:under(?:neath)?|below|whenever|when|while|during)\b")
    if keyword is None:
        return None
    before = c.copy()
    before.use(keyword.start(), len(c.text))  # the music is named before "under", the voice after
    music = take_refs(before, v)
    c.used = [span for span in before.used if span != (keyword.start(), len(c.text))]
    c.use(keyword.start(), keyword.end())
    if not music:
        return None
    under = take_refs(c, v)
    voice = not under and c.take(VOICE) is not None
    c.take(r"\b(?:plays?|speaks?|talks?|is on|starts?|is playing)\b")
    return Duck(music=music, under=under, voice=voice) if under or voice else None


#: What people call the recording a talk is: the main track's clips that are heard.
VOICE = (
    r"\b(?:the |my |our )?(?:talk(?:ing)?|voice(?:s| over|over)?|speech|speaker|dialogue|dialog|narration|"
    r"narrator|presenter|host|interview|words|vocals?|(?:person|someone|me) (?:talking|speaking))\b|"
    r"\b(?:i'?m|i am|we'?re|we are|(?:he|she)'?s|they'?re|anyone is|someone is) (?:talking|speaking)\b|"
    r"\b(?:i|we|they) (?:talk|speak)\b"
)


def read_list_keyframes(c: Clause, v: Vocab) -> i.Intent | None:
    """``list the keyframes of the intro``, ``what keyframes does the title have?``."""
    if c.take(r"\b(?:keyframes|key frames|keys|animations?)\b") is None:
        return None
    c.take(r"\b(?:list|show(?: me)?|what|which|are there|does|do|have|has|of|on|for|in)\b")
    c.take_all(r"\b(?:list|show(?: me)?|what|which|are there|does|do|have|has|of|on|for|in)\b")
    ref = take_ref(c, v)
    c.take_all(r"\b(?:have|has|got)\b")
    return ListKeyframes(ref=ref) if ref is not None else None


# -- plans


SLIDE_DISTANCE = 1200  # pixels: from beyond the edge of a 1080p frame


def plan_fade(intent: Fade, ctx: Context) -> Plan:
    items = yield from listing()
    chosen = _chosen(intent.refs, items, ctx)
    args: dict[str, Any] = {"elementIds": [item.id for item in chosen]}
    for key, value in (("inDuration", intent.fade_in), ("outDuration", intent.fade_out)):
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
        for key, arg in (("fadeIn", "inDuration"), ("fadeOut", "outDuration")):
            if key in keys and item.data.get(key):
                old = float(item.data[key])
                args[arg] = round(intent.seconds if intent.seconds is not None else old * (intent.factor or 1), 3)
        yield Call("fade", args)
        lines.append(
            f"{item.describe()}: fade "
            + " and ".join(f"{k.removesuffix('Duration')} {v:g} s" for k, v in args.items() if k != "elementIds")
        )
    sides = [side for key, side in (("fadeIn", "in"), ("fadeOut", "out")) if key in keys]
    changed = tuple(fade_tag(side, item.id) for item in faded for side in sides if item.data.get(f"fade{side.title()}"))
    return Done("Changed the fades. " + "; ".join(lines) + ".", changed)


def _one_side(remembered: list[tuple[str, str]]) -> str | None:
    sides = {side for side, _ in remembered}
    return sides.pop() if len(sides) == 1 else None


def plan_zoom(intent: Zoom, ctx: Context) -> Plan:
    from neuralcut_cli.tools.clip_tools import GetElementArgs
    from neuralcut_cli.tools.motion_tools import AnimateArgs

    items = yield from listing()
    item = one(intent.ref, items, ctx, ("video", "image", "text", "sticker", "graphic"))
    got = yield from call("get_element", GetElementArgs(element_id=item.id), ElementOutput)
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


def plan_slide(intent: Slide, ctx: Context) -> Plan:
    from neuralcut_cli.tools.clip_tools import GetElementArgs
    from neuralcut_cli.tools.motion_tools import AnimateArgs

    items = yield from listing()
    item = one(intent.ref, items, ctx, ("video", "image", "text", "sticker", "graphic"))
    got = yield from call("get_element", GetElementArgs(element_id=item.id), ElementOutput)
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


def plan_duck(intent: Duck, ctx: Context) -> Plan:
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


def plan_list_keyframes(intent: ListKeyframes, ctx: Context) -> Plan:
    from neuralcut_cli.tools.keyframe_tools import ElementArgs

    items = yield from listing()
    item = one(intent.ref, items, ctx)
    result = yield from call("list_keyframes", ElementArgs(element_id=item.id), KeyframesOutput)
    keys = result["keyframes"]
    if not keys:
        return Done(f"{item.describe()} has no keyframes.", (item.id,))
    shown = "; ".join(f"{k['propertyPath']} {k['value']} at {k['time']:g} s ({k['interpolation']})" for k in keys)
    return Done(f"{item.id} has {len(keys)} keyframe{'s' if len(keys) != 1 else ''}: {shown}.", (item.id,))


#: The family's rows (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "keyframes",
        read_list_keyframes,
        plan=plan_list_keyframes,
        examples=("list the keyframes of the intro",),
        rank=150,
        looks=True,
    ),
    Rule(
        "change fade",
        read_change_fade,
        plan=plan_change_fade,
        examples=("make the fade longer", "make the fade out on the music 3 seconds"),
        rank=300,
    ),
    Rule(
        "fade",
        read_fade,
        plan=plan_fade,
        examples=("fade in the intro over 1 second", "fade out the music at the end", "fade the title in and out"),
        rank=310,
    ),
    Rule(
        "zoom",
        read_zoom,
        plan=plan_zoom,
        examples=("slowly zoom into the logo", "zoom out of the intro clip"),
        rank=320,
    ),
    Rule(
        "slide in",
        read_slide,
        plan=plan_slide,
        examples=("slide the title in from the left",),
        rank=330,
    ),
    Rule(
        "duck",
        read_duck,
        plan=plan_duck,
        examples=("duck the music under the beach clip",),
        rank=340,
    ),
)
