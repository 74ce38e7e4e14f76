"""Listings, never an edit: the timeline, the media (used or not), the effects and stickers there are, and
what one effect takes.
"""

from __future__ import annotations

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Ref
from neuralcut_cli.agent.backends.mock.lexicon import EFFECT_PATTERN, EFFECT_WORDS
from neuralcut_cli.agent.backends.mock.listing import Item, Vocab, items_of
from neuralcut_cli.agent.backends.mock.refs import take_ref
from neuralcut_cli.agent.backends.mock.replay import Context, Done, Plan, call, end_of, listing, one, tc
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.tools.outputs import AssetsOutput, EffectOutput, EffectsOutput, StickersOutput, TimelineOutput


class ListTimeline(i.Intent):
    pass


class ListAssets(i.Intent):
    usage: str | None = None  # used | unused
    kind: str | None = None  # video | audio | image


class ListEffects(i.Intent):
    on_timeline: bool = False  # the effects applied, not the catalogue
    over: Ref | None = None  # only those over this element


class EffectInfo(i.Intent):
    effect: str = ""


class ListStickers(i.Intent):
    provider: str | None = None


_ASK = (
    r"\b(?:list|show(?: me)?|display|print|see|view|give me|tell me(?: about)?|what(?:'s| is| are)?|whats|which|"
    r"describe|summari[sz]e|overview of|any|are there|is there|do i have|have i got|get)\b"
)

_TIMELINE = r"\b(?:timeline|tracks?|edit|sequence|layers?|project|everything)\b"

_ASSET = (
    r"\b(?:assets?|media|files?|library|footage|videos?|clips?|images?|photos?|pictures?|audio|songs?|music|"
    r"sounds?)\b"
)


def read_list_timeline(c: Clause, v: Vocab) -> i.Intent | None:
    if c.text in ("timeline", "tracks", "the timeline"):
        c.take(r".+")
        return ListTimeline()
    if c.find(r"\b(?:unused|used|haven't used|not used|haven't put|not in)\b") or c.find(r"\bhow\b"):
        return None
    if not c.take_all(_ASK) or c.take(_TIMELINE) is None:
        return None
    c.take(
        r"\b(?:clips?|elements?|things|stuff|in it|on it|right now|currently|so far|look like|looks like|"
        r"contents?|layout|summary|state)\b"
    )
    c.take(r"\b(?:clips?|elements?|things|stuff|in it|on it|right now|currently|so far|look like)\b")
    return ListTimeline()


def read_list_assets(c: Clause, v: Vocab) -> i.Intent | None:
    usage = None
    unused = c.take(
        r"\b(?:unused|not used|haven't used|have not used|haven't put (?:in|on)(?: yet)?|not (?:yet )?"
        r"(?:used|in the edit|on the timeline|in the timeline|in use)|left over|spare|i haven't added|"
        r"that i haven't (?:used|added|put in)|(?:that )?isn't used|aren't used|am i not using|"
        r"i'm not using|i am not using|not using)\b"
    )
    if unused is not None:
        usage = "unused"
    elif c.take(r"\b(?:used|in use|on the timeline|in the edit)\b") is not None:
        usage = "used"
    asked = c.take(_ASK) or c.take(r"^(?:assets|media)$")
    c.take(r"\ball(?: (?:of )?(?:the|my))?(?= (?:assets|media|files)\b)")
    kind_word = c.take(_ASSET)
    c.take_all(_ASSET)
    if asked is None or kind_word is None:
        return None
    c.take(r"\b(?:yet|available|imported|in the project|in my project|i have|do i have|did i import|loaded)\b")
    word = kind_word.group(0)
    kind = (
        "video"
        if word.startswith(("video", "clip", "footage"))
        else "image"
        if word.startswith(("image", "photo", "picture"))
        else "audio"
        if word.startswith(("audio", "song", "music", "sound"))
        else None
    )
    return ListAssets(usage=usage, kind=kind)


def read_list_effects(c: Clause, v: Vocab) -> i.Intent | None:
    if c.take(r"\b(?:effects|filters|effect|filter)\b") is None:
        return None
    applied = c.take(
        r"\b(?:applied|used|on the timeline|in the edit|in use|are on|i added|have i added|"
        r"did i (?:apply|add|use))\b"
    )
    over = None
    if c.take(r"\b(?:is |are )?(?:on|over|applied to|used on)\s+(?=(?:the|my|that|this|e-)\b)"):
        over = take_ref(c, v)
        if over is None:
            return None
    if c.take(_ASK) is None and c.take(r"\b(?:available|can i use|can you do|do you have|exist|supported)\b") is None:
        return None
    c.take(r"\b(?:available|can i use|can you do|do you have|exist|supported|are there|there are|there)\b")
    return ListEffects(on_timeline=applied is not None or over is not None, over=over)


def read_effect_info(c: Clause, v: Vocab) -> i.Intent | None:
    effect = c.take(rf"\b({EFFECT_PATTERN})\b")
    if effect is None:
        return None
    asked = c.take(r"\b(?:param(?:eter)?s?|settings|options|knobs|controls|does|do|work|works|take|takes)\b")
    if asked is None or c.take(rf"{_ASK}|\bhow\b|\bexplain\b") is None:
        return None
    c.take_all(r"\b(?:effect|filter|have|has|take|takes|do|does|work|works|need|needs|accept|accepts)\b")
    return EffectInfo(effect=EFFECT_WORDS[effect.group(1)])


def read_list_stickers(c: Clause, v: Vocab) -> i.Intent | None:
    kind = c.take(r"\b(?:flag|shape)(?= stickers\b)")
    word = c.take(r"\b(?:stickers|flags|shapes|emojis?)\b")
    if word is None or c.take(rf"{_ASK}|\bavailable\b") is None:
        return None
    c.take(r"\b(?:available|can i use|can i add|do you have|are there|there)\b")
    said = kind.group(0) + "s" if kind is not None else word.group(0)
    provider = "flags" if said == "flags" else "shapes" if said == "shapes" else None
    return ListStickers(provider=provider)


def line_of(item: Item) -> str:
    return f"{item.id} {item.label} {tc(item.start)}–{tc(item.end)}"


def plan_list_timeline(intent: ListTimeline, ctx: Context) -> Plan:
    result = yield from call("list_timeline", {}, TimelineOutput)
    tracks = result["tracks"]
    items = items_of(result)
    lines = [
        f"The timeline has {len(items)} element{'s' if len(items) != 1 else ''} on {len(tracks)} "
        f"track{'s' if len(tracks) != 1 else ''}, {tc(end_of(items))} long:"
    ]
    for track in tracks:
        mine = [item for item in items if item.track_id == track["trackId"]]
        lines.append(f"  {track['trackId']} ({track['type']}): " + (", ".join(map(line_of, mine)) or "(empty)"))
    return Done("\n".join(lines))


def plan_list_assets(intent: ListAssets, ctx: Context) -> Plan:
    args = {k: v for k, v in (("filter", intent.usage), ("type", intent.kind)) if v}
    result = yield from call("list_project_assets", args, AssetsOutput)
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


def plan_list_effects(intent: ListEffects, ctx: Context) -> Plan:
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
        return Done(f"Applied{where}: " + ", ".join(f"{line_of(item)}{settings_of(item)}" for item in items) + ".")
    result = yield from call("list_effects", {}, EffectsOutput)
    return Done("Effects: " + "; ".join(f"{e['id']} ({e['description']})" for e in result["effects"]))


def plan_effect_info(intent: EffectInfo, ctx: Context) -> Plan:
    from neuralcut_cli.tools.effect_tools import GetEffectArgs

    result = yield from call("get_effect", GetEffectArgs(effect_type=intent.effect), EffectOutput)
    params = "; ".join(f"{p['key']}: {p['description']}" for p in result["params"])
    return Done(f"{result['name']} ({result['id']}): {result['description']} Parameters: {params}.")


def plan_list_stickers(intent: ListStickers, ctx: Context) -> Plan:
    result = yield from call("list_stickers", {"provider": intent.provider} if intent.provider else {}, StickersOutput)
    stickers = result["stickers"]
    shown = ", ".join(s["id"] for s in stickers[:30]) + (
        f" and {len(stickers) - 30} more" if len(stickers) > 30 else ""
    )
    return Done(f"{len(stickers)} sticker{'s' if len(stickers) != 1 else ''}: {shown}.")


def settings_of(item: Item) -> str:
    params = item.data.get("params") or {}
    return (
        f" ({', '.join(f'{k} {v:g}' if isinstance(v, (int, float)) else f'{k} {v}' for k, v in params.items())})"
        if params
        else ""
    )


#: The family's rows (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "list timeline",
        read_list_timeline,
        plan=plan_list_timeline,
        examples=("list the timeline", "what's on the timeline?"),
        rank=40,
        looks=True,
    ),
    Rule(
        "list assets",
        read_list_assets,
        plan=plan_list_assets,
        examples=("list assets", "show unused videos", "is there footage I haven't put in yet?"),
        rank=50,
        looks=True,
    ),
    Rule(
        "list effects",
        read_list_effects,
        plan=plan_list_effects,
        examples=("what effects are there?", "which effects are applied?"),
        rank=60,
        looks=True,
    ),
    Rule(
        "effect info",
        read_effect_info,
        plan=plan_effect_info,
        examples=("show the blur parameters", "what settings does vignette have?"),
        rank=70,
        looks=True,
    ),
    Rule(
        "list stickers",
        read_list_stickers,
        plan=plan_list_stickers,
        examples=("what stickers are there?", "list the flags"),
        rank=80,
        looks=True,
    ),
)
