"""Questions about what is on the timeline, never an edit: what plays at a time, how long something is, how
many there are, whether there is one, and what an element is like.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.families.listings import line_of, settings_of
from neuralcut_cli.agent.backends.mock.intents import Ref, When
from neuralcut_cli.agent.backends.mock.lexicon import KIND_OF_WORD, KIND_PATTERN
from neuralcut_cli.agent.backends.mock.listing import Vocab, stem, track_words
from neuralcut_cli.agent.backends.mock.refs import take_ref
from neuralcut_cli.agent.backends.mock.replay import (
    Context,
    Done,
    Failed,
    Plan,
    call,
    end_of,
    listing,
    one,
    tc,
    when,
)
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.times import take_when
from neuralcut_cli.english import plural
from neuralcut_cli.tools.outputs import AssetContextOutput, ElementOutput
from neuralcut_cli.values import field


class Count(i.Intent):
    kind: str | None = None  # None: every element


class WhatAt(i.Intent):
    when: When = field(default_factory=When)
    kind: str | None = None  # "is there any text at 12s?": only that kind


class HowLong(i.Intent):
    ref: Ref | None = None  # None: the whole timeline


class About(i.Intent):
    """What an element is: kind, times, track, text, volume, settings."""

    ref: Ref = field(default_factory=lambda: Ref(""))


class Describe(i.Intent):
    ref: Ref = field(default_factory=lambda: Ref(""))


def read_count(c: Clause, v: Vocab) -> i.Intent | None:
    """``how many clips are there?``; also ``show me all the text``, ``what stickers did I add?`` (the list)."""
    if (
        c.take(r"\bhow many\b") is None
        and c.take(
            r"^(?:list|show(?: me)?|what|which)(?: all)?(?: of)?(?: the| my)?"
            rf"(?= (?:{KIND_PATTERN}|elements?)\b)"
        )
        is None
    ):
        return None
    word = c.take(rf"\b({KIND_PATTERN}|elements?|things|items)\b")
    c.take_all(
        r"\b(?:elements?|items|are there|do i have|have i got|there are|are|on the timeline|in the edit|"
        r"have i added|did i add|have|got|in total|total|altogether|i added|i've added)\b"
    )
    kind = KIND_OF_WORD.get(word.group(1)) if word else None
    return Count(kind=kind)


def read_what_at(c: Clause, v: Vocab) -> i.Intent | None:
    if c.take(r"\b(?:what(?:'s| is)?|whats|which (?:clips?|elements?|things)(?: are| is)?)\b") is None:
        return None
    c.take(
        r"\b(?:playing|plays|showing|shows|on screen|visible|happening|happens|going on|is on|on|there|in the "
        r"frame|seen|heard|running)\b"
    )
    when = take_when(c, v, before="at|around|by")
    if when is None or when.ref is not None:
        return None
    return WhatAt(when=when)


def read_is_there(c: Clause, v: Vocab) -> i.Intent | None:
    """``is there any text at 12s?``, ``are there stickers at 5s?``."""
    if c.take(r"^(?:is|are) there(?: any)?\b") is None:
        return None
    word = c.take(rf"\b({KIND_PATTERN}|elements?|things)\b")
    when = take_when(c, v, before="at|around|by")
    if when is None or when.ref is not None or word is None:
        return None
    c.take(r"\b(?:on screen|playing|showing|visible)\b")
    return WhatAt(when=when, kind=KIND_OF_WORD.get(word.group(1)))


def read_how_long(c: Clause, v: Vocab) -> i.Intent | None:
    if (
        c.take(
            r"\b(?:how long|how many (?:seconds|minutes)|what(?:'s| is) the (?:total |overall |full )?"
            r"(?:length|duration|runtime)(?: of)?|"
            r"(?:length|duration|runtime) of)\b"
        )
        is None
    ):
        return None
    c.take_all(r"\b(?:is|are|does|do|right now|currently|in total|total|overall)\b")
    if not c.leftover():  # "what's the total length?"
        return HowLong()
    if (
        c.take(
            r"\b(?:the|my|this)?\s*(?:whole |entire |full |final )?(?:video|timeline|edit|project|"
            r"movie|film|thing|sequence|cut)\b"
        )
        is not None
    ):
        return HowLong()
    ref = take_ref(c, v)
    c.take_all(
        r"\b(?:last|lasts|run|runs|play|plays|go|goes|for|stay|stays|on screen|on the screen|visible|show|"
        r"shows)\b"
    )
    return None if ref is None else HowLong(ref=ref)


def read_about(c: Clause, v: Vocab) -> i.Intent | None:
    """``what is e-title?``, ``where is the title?``, ``when does the music end?``, ``is the music muted?``."""
    asked = c.take(
        r"^(?:what(?:'s| is)|whats|where(?:'s| is)|when (?:does|do|is|did)|tell me about|"
        r"info(?:rmation)? (?:on|about)|details (?:of|on|about)|what does|is|how loud is|how big is|"
        r"what(?:'s| is) the (?:volume|level) of|what(?:'s| is) the (?:text|wording) (?:of|on)|"
        r"what (?:colou?r|font|size) is|what(?:'s| is) the (?:colou?r|font|size|font size) of)\b"
    )
    if asked is None:
        return None
    ref = take_ref(c, v)
    if ref is None:
        return None
    c.take_all(
        r"\b(?:start|starts|begin|begins|end|ends|finish|finishes|say|says|muted|placed|positioned|"
        r"on screen|on the timeline|located|loud|volume|playing|at|exactly|right now|set to|bold|italic|"
        r"underlined|in bold|in italics?|colou?red)\b"
    )
    return About(ref=ref)


def read_describe(c: Clause, v: Vocab) -> i.Intent | None:
    asked = c.take(
        r"\b(?:what(?:'s| is)? in|whats in|what happens in|what (?:does|do) .{0,3}?(?=\w)|describe|"
        r"summari[sz]e|look at|watch|listen to|tell me what(?:'s| is)? in|what(?:'s| is) going on in)\b"
    )
    if asked is None:
        return None
    ref = take_ref(c, v)
    c.take(r"\b(?:show|shows|contain|contains|have|has|look like|looks like|about|sound like|sounds like)\b")
    return None if ref is None else Describe(ref=ref)


def plan_count(intent: Count, ctx: Context) -> Plan:
    items = yield from listing()
    chosen = [item for item in items if intent.kind is None or item.type == intent.kind]
    what = f"{intent.kind} element" if intent.kind else "element"
    plural = "s" if len(chosen) != 1 else ""
    listed = f": {', '.join(map(line_of, chosen))}" if chosen else ""
    return Done(f"{len(chosen)} {what}{plural}{listed}.", tuple(item.id for item in chosen))


def plan_what_at(intent: WhatAt, ctx: Context) -> Plan:
    items = yield from listing()
    moment = when(intent.when, items, ctx)
    playing = [
        item for item in items if item.start <= moment < item.end and (intent.kind is None or item.type == intent.kind)
    ]
    if not playing:
        return Done(f"No {intent.kind} element at {tc(moment)}." if intent.kind else f"Nothing plays at {tc(moment)}.")
    return Done(f"At {tc(moment)}: {', '.join(map(line_of, playing))}.", tuple(item.id for item in playing))


def plan_how_long(intent: HowLong, ctx: Context) -> Plan:
    items = yield from listing()
    if intent.ref is None:
        return Done(f"The timeline is {tc(end_of(items))} long ({end_of(items):g} s).")
    item = one(intent.ref, items, ctx)
    length = item.end - item.start
    return Done(f"{item.describe()} lasts {tc(length)} ({length:g} s).", (item.id,))


def plan_about(intent: About, ctx: Context) -> Plan:
    from neuralcut_cli.tools.clip_tools import GetElementArgs

    items = yield from listing()
    item = one(intent.ref, items, ctx)
    got = yield from call("get_element", GetElementArgs(element_id=item.id), ElementOutput)
    track = {"trackId": got["trackId"], "name": item.track_name, "type": item.track_kind}
    facts = [f"{item.describe()}, {got['duration']:g} s long, on {track_words(track)}"]
    if item.type == "text":
        facts.append(f'it says "{got["content"]}"')
        facts.append(_text_style(got))
    if "volume" in got:
        facts.append("muted" if got["muted"] else f"not muted, volume {got['volume']:+.1f} dB")
    if got.get("speed", 1) != 1:
        facts.append(f"playing at {got['speed']:g}x")
    fields: Mapping[str, Any] = got
    for key, default, shown in (
        ("opacity", 100, "opacity {}%"),
        ("blendMode", "normal", "blend mode {}"),
        ("hidden", False, "hidden"),
    ):
        if key in fields and fields[key] != default:
            facts.append(shown.format(fields[key]))
    if got.get("params"):
        facts.append("settings" + settings_of(item))
    if got.get("animations"):
        facts.append(plural(got["animations"]["keyframeCount"], "keyframe"))
    return Done("; ".join(facts) + ".", (item.id,))


def _text_style(got: Mapping[str, Any]) -> str:
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


def plan_describe(intent: Describe, ctx: Context) -> Plan:
    from neuralcut_cli.tools.asset_context import LoadAssetArgs

    items = yield from listing()
    item = one(intent.ref, items, ctx, ("video", "audio", "image"))
    asset = item.data.get("assetId")
    if not asset:
        raise Failed(f"{item.describe()} has no media to look at.")
    result = yield from call("load_asset_context", LoadAssetArgs(asset_id=asset), AssetContextOutput)
    if result.get("status") == "processing":
        return Done(f"{stem(item.name) or asset} is still being processed; ask again in a moment.", (item.id,))
    return Done(result.get("summary") or f"Loaded {asset}.", (item.id,))


#: The family's rows (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "count",
        read_count,
        plan=plan_count,
        examples=("how many text elements do I have?", "how many clips are there?"),
        rank=90,
        looks=True,
    ),
    Rule(
        "what plays when",
        read_what_at,
        plan=plan_what_at,
        examples=("what plays at 0:12?", "what's on screen at 5s?"),
        rank=100,
        looks=True,
    ),
    Rule(
        "how long",
        read_how_long,
        plan=plan_how_long,
        examples=("how long is the video?", "how long is the second clip?"),
        rank=110,
        looks=True,
    ),
    Rule(
        "describe a clip",
        read_describe,
        plan=plan_describe,
        examples=("what's in the beach clip?", "describe the intro"),
        rank=120,
        looks=True,
    ),
    Rule(
        "about an element",
        read_about,
        plan=plan_about,
        examples=("what is e-title?", "when does the music end?", "is the music muted?"),
        rank=130,
        looks=True,
    ),
    Rule(
        "is there",
        read_is_there,
        plan=plan_what_at,
        examples=("is there any text at 12s?",),
        rank=140,
        looks=True,
    ),
)
