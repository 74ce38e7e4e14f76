"""Effects over a stretch or on a clip: "blur the last two seconds", "make the beach clip black and white",
"brighten 2-4s", "set the blur intensity to 40"; with nothing named before, "it" is the whole video.
"""

from __future__ import annotations

import re
from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Ref, Span
from neuralcut_cli.agent.backends.mock.lexicon import (
    EFFECT_PATTERN,
    EFFECT_WORDS,
    PARAM_WORDS,
)
from neuralcut_cli.agent.backends.mock.listing import Item, Vocab
from neuralcut_cli.agent.backends.mock.refs import at_clip, take_ref
from neuralcut_cli.agent.backends.mock.replay import (
    Call,
    Context,
    Done,
    Failed,
    Plan,
    call,
    listing,
    needs_items,
    one,
    pick,
    span,
    tc,
)
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.slots import (
    A_BIT,
    A_LOT,
    take_params,
    take_step,
)
from neuralcut_cli.agent.backends.mock.times import span_of_words
from neuralcut_cli.catalogs.effects import EffectDef, ParamDef, find_effect
from neuralcut_cli.editing.clip_effects import TAKES_CLIP_EFFECTS as CLIP_EFFECT_TAKERS
from neuralcut_cli.tools.outputs import AddClipEffectOutput, AppliedEffectOutput, ElementOutput, UpdatedEffectOutput
from neuralcut_cli.values import field


class ApplyEffect(i.Intent):
    effect: str = ""
    span: Span = field(default_factory=Span)
    params: tuple[tuple[str, float], ...] = ()


class UpdateEffect(i.Intent):
    ref: Ref = field(default_factory=lambda: Ref(""))
    params: tuple[tuple[str, float], ...] = ()  # absolute values
    step: float | None = None  # relative: fraction of the range, signed ("stronger")
    param: str | None = None  # which parameter a step moves (default: the first)


def read_update_effect(c: Clause, v: Vocab) -> i.Intent | None:
    verb = c.take(
        r"\b(?:set|change|make|increase|decrease|raise|lower|adjust|update|bump(?: up)?|turn|crank(?: up)?|"
        r"tone down|dial|reduce|boost|intensify|soften|strengthen|weaken|push|pull back)\b"
    )
    ref = take_ref(c, v)
    if ref is None or (ref.kind != "effect" and not ref.pronoun):  # "it": the plan checks it is an effect
        return None
    effect = ref.effect
    params = take_params(c, effect) if effect else {}
    param = "contrast" if effect == "brightness-contrast" and "contrast" in ref.text else None
    if not params and effect:  # "increase the vignette softness": a setting named without a value
        named = c.take(rf"\b({'|'.join(PARAM_WORDS[effect])})\b")
        param = PARAM_WORDS[effect][named.group(1)] if named else param
    step = None if params else take_step(c)
    if step is None and not params and param is not None:  # "make the vignette radius bigger"
        size = c.take(r"\b(?P<up>bigger|larger|wider|higher)\b|\b(?:smaller|narrower|lower)\b")
        step = None if size is None else 0.25 if size.group("up") else -0.25
    if step is None and not params and verb is not None:
        word = verb.group(0)
        step = (
            0.25
            if word.startswith(("increase", "raise", "bump", "crank", "boost", "intensify", "strengthen", "push"))
            else -0.25
            if word.startswith(("decrease", "lower", "reduce", "tone", "soften", "weaken", "pull"))
            else None
        )
    if step is not None and abs(step) == 0.25:
        step *= 0.4 if c.take(rf"\b{A_BIT}\b") else 2 if c.take(rf"\b{A_LOT}\b") else 1
    if not params and step is None:
        number = c.take(r"\b(?:to|at)\s+(-?\d+(?:\.\d+)?)%?(?!\s*(?:s|sec|seconds?)\b)")
        if number is None or effect is None:
            return None
        params = {param or "": float(number.group(1))}  # "" is the effect's main parameter
    c.take(r"\b(?:up|down|effect|filter|amount|a bit|a little|slightly|a lot|much)\b")
    return UpdateEffect(ref=ref, params=tuple(params.items()), step=step, param=param)


_ADJUST = {
    ("brightness", 1): ("brightness-contrast", "brightness", 0.3),
    ("brightness", -1): ("brightness-contrast", "brightness", -0.3),
    ("contrast", 1): ("brightness-contrast", "contrast", 1.3),
    ("contrast", -1): ("brightness-contrast", "contrast", 0.7),
    ("saturation", 1): ("saturation", "saturation", 140),
    ("saturation", -1): ("saturation", "saturation", 60),
}


def read_adjust(c: Clause, v: Vocab) -> i.Intent | None:
    """``brighten 2-4s``, ``increase the contrast from 0 to 5s``, ``make the intro darker``."""
    verb = c.take(
        r"\b(?P<up>brighten|lighten|brighter|lighter|increase|raise|boost|bump up|turn up|add more|more|add|"
        r"punch up)\b|\b(?P<down>darken|dim|darker|dimmer|decrease|lower|reduce|turn down|tone down|less)\b"
    )
    if verb is None:
        return None
    sign = 1 if verb.group("up") else -1
    word = verb.group(0)
    if word.startswith(("bright", "light", "dark", "dim")):
        what = "brightness"
    else:
        found = c.take(r"\b(?:the\s+)?(brightness|contrast|saturation|colou?rs?|vibrance)\b")
        if found is None:
            return None
        what = {
            "colour": "saturation",
            "colours": "saturation",
            "color": "saturation",
            "colors": "saturation",
            "vibrance": "saturation",
        }.get(found.group(1), found.group(1))
    c.take(r"\b(?:make|set|get)\b")
    effect, key, value = _ADJUST[(what, sign)]
    span = span_of_words(c, v)
    if span is None:
        ref = take_ref(c, v)
        if ref is None:
            return None
        span = i.Span(over=ref)
    c.take(r"\b(?:make|bit|a bit|slightly|a little)\b")
    return ApplyEffect(effect=effect, span=span, params=((key, value),))


def read_apply_effect(c: Clause, v: Vocab) -> i.Intent | None:
    verb = c.take(r"\b(?:apply|add|put|use|make|turn|give|throw|slap|i want)\b")  # not "set": that updates one
    effect = c.take(rf"\b({EFFECT_PATTERN})\b")
    if effect is None:
        return None
    if verb is None and not re.fullmatch(
        r"blur|sepia|desaturate|saturate|invert|vignette|grayscale|greyscale|"
        r"pixelate|sharpen|posteri[sz]e|emboss",
        effect.group(1),
    ):
        return None
    c.take(r"\b(?:effect|filter|look|tint|tone|treatment|style|colors?|colours?)\b|(?<=\x01) out\b")
    everything = c.take(r"\b(?:everything|all|the video|the picture|the footage|the image)\b(?!\s+(?:clip|track)\b)")
    name = EFFECT_WORDS[effect.group(1)]
    params = take_params(c, name)
    held = at_clip(c)  # "the clip at 0:07" names a clip, not a time to start at
    span = None if held else span_of_words(c, v)
    if span is None:
        ref = held or take_ref(c, v)
        if ref is None and verb is None and everything is None:
            return None  # "blur intensity 50": a new blur, or the one there? Ask.
        span = i.Span(over=ref) if ref is not None else i.Span(whole=True)
    params.update(take_params(c, name))
    return ApplyEffect(effect=name, span=span, params=tuple(params.items()))


def plan_apply_effect(intent: ApplyEffect, ctx: Context) -> Plan:
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
    result = yield from call("apply_effect", args, AppliedEffectOutput)
    shown = ", ".join(f"{k}={v}" for k, v in result.get("appliedParams", {}).items())
    return Done(
        f"Applied {intent.effect}{f' ({shown})' if shown else ''} from {tc(start)} to {tc(end)} ({result['elementId']} on "
        f"{result['trackId']}).",
        (result["elementId"],),
    )


def _clip_effect(intent: ApplyEffect, over: list[Item]) -> Plan:
    """The effect on the named clips themselves: it goes where they go, and leaves the layers above alone."""
    args: dict[str, Any] = {"elementIds": [item.id for item in over], "effectType": intent.effect}
    if intent.params:
        args["params"] = dict(intent.params)
    result = yield from call("add_clip_effect", args, AddClipEffectOutput)
    shown = ", ".join(f"{k}={v}" for k, v in result.get("appliedParams", {}).items())
    return Done(
        f"Added {intent.effect}{f' ({shown})' if shown else ''} to "
        f"{', '.join(item.describe() for item in over)} (a clip effect: it moves with the clip).",
        tuple(item.id for item in over),
    )


def _whole_picture(intent: ApplyEffect, over: list[Item]) -> None:
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


def plan_update_effect(intent: UpdateEffect, ctx: Context) -> Plan:
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
    result = yield from call("update_effect", UpdateEffectArgs(element_id=item.id, params=params), UpdatedEffectOutput)
    shown = ", ".join(f"{k}={v}" for k, v in result["appliedParams"].items())
    return Done(f"Updated {item.id}: {shown}.", (item.id,))


def _update_clip_effect(intent: UpdateEffect, item: Item, kind: str) -> Plan:
    from neuralcut_cli.tools.clip_effect_tools import UpdateClipEffectArgs
    from neuralcut_cli.tools.clip_tools import GetElementArgs

    got = yield from call("get_element", GetElementArgs(element_id=item.id), ElementOutput)
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


def _new_params(intent: UpdateEffect, effect: EffectDef, current: dict[str, Any]) -> dict[str, Any]:
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


#: The family's rows (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "update effect",
        read_update_effect,
        plan=plan_update_effect,
        examples=("make the vignette stronger", "set the vignette radius to 50"),
        rank=420,
    ),
    Rule(
        "adjust picture",
        read_adjust,
        plan=plan_apply_effect,
        examples=("brighten 2-4s", "increase the contrast from 0 to 5s", "make the intro darker"),
        rank=430,
    ),
    Rule(
        "apply effect",
        read_apply_effect,
        plan=plan_apply_effect,
        examples=(
            "blur the last two seconds",
            "add sepia to the intro clip",
            "make the beach clip black and white",
            "apply sepia 0-3s with intensity 60",
        ),
        rank=440,
    ),
)
