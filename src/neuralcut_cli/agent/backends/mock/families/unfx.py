"""Taking effects off: "remove the effects from clip 3", "clear all effects", "delete the filters", "take the
black and white off the city clip", "remove the blur from the second clip".

An effect sits on a clip (a clip effect, which moves with it) or over a stretch of the program (an effect
element on an effect track). Taking effects off a clip removes both: its clip effects, and the effect elements
that play over it (overlapping it in time). No clip is ever deleted here; with no clip named, every effect in the
project goes. Naming one effect ("the blur") takes only that kind.
"""

from __future__ import annotations

from typing import Any

from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Intent, Ref
from neuralcut_cli.agent.backends.mock.lexicon import EFFECT_PATTERN, EFFECT_WORDS
from neuralcut_cli.agent.backends.mock.listing import Item, Vocab
from neuralcut_cli.agent.backends.mock.refs import take_refs
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan, Steps, answer, listing, pick
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.tools.outputs import ElementOutput

_CLIPS = ("video", "image", "sticker", "text", "graphic")


class RemoveEffects(Intent):
    refs: tuple[Ref, ...] = ()  # the clips; none: every effect in the project
    kind: str | None = None  # "grayscale": only that effect; None: every effect


_VERB = (
    r"^(?:please\s+)?(?:remove|delete|clear|strip|get rid of|take|drop|undo|turn off|disable|kill|lose|reset|"
    r"no more|no)\b"
)
_FX = r"\b(?:(?:all|any|every)\s+(?:of\s+)?)?(?:the\s+)?(?:clip\s+)?(?:effects?|filters?|fx|looks?)\b"


def read_unfx(c: Clause, v: Vocab) -> RemoveEffects | None:
    verb = c.take(_VERB)
    if verb is None:
        return None
    c.take(r"\b(?:all|every|any)\b(?= (?:the )?(?:clip )?(?:effects?|filters?|fx)\b)")
    kind = None
    named = c.take(rf"\b(?:the\s+)?(?P<effect>{EFFECT_PATTERN})(?:\s+(?:effect|filter|look))?\b")
    if named is not None:
        kind = EFFECT_WORDS[named.group("effect")]
    said_fx = c.take(_FX) is not None
    if kind is None and not said_fx:
        return None
    whole = c.take(r"\b(?:off|from|on|in|of)\s+(?:the\s+)?(?:whole\s+|entire\s+)?(?:video|project|timeline|edit)\b")
    off = None if whole else c.take(r"\b(?:off(?:\s+of)?|from|on|of|in|for)\b")
    if verb.group(0).endswith("take") and off is None:
        return None  # "take the blur": take it where?
    every = c.take(r"\b(?:every|each|all(?: of)?(?: the)?|both(?: of)?(?: the)?)\s+(?:clips?|videos?|shots?)\b")
    refs = () if every or whole or off is None else take_refs(c, v)  # the clips come after "from"/"off"/"on"
    if any(ref.pronoun for ref in refs) and kind is None and not said_fx:
        return None
    if refs and any(ref.kind == "effect" or ref.effect for ref in refs):
        return None  # "remove the effects from the vignette": the vignette is an effect itself
    c.take_all(r"\b(?:please|everywhere|entirely|completely|altogether|too)\b|\bthe (?:whole )?(?:video|project)\b")
    return RemoveEffects(refs=refs, kind=kind)


def plan_unfx(intent: RemoveEffects, ctx: Context) -> Plan:
    items = yield from listing()
    clips = _clips(intent, items, ctx)
    over = [
        item
        for item in items
        if item.type == "effect"
        and (intent.kind is None or item.data.get("effectType") == intent.kind)
        and (not intent.refs or any(item.start < clip.end - 1e-6 and item.end > clip.start + 1e-6 for clip in clips))
    ]
    removed: list[str] = []
    for clip in clips:
        if not clip.data.get("hasEffects"):
            continue
        removed += yield from _clip_effects_off(clip, intent.kind)
    if over:
        from neuralcut_cli.tools.timeline_edits import DeleteArgs

        yield Call("delete_timeline_elements", DeleteArgs(element_ids=[item.id for item in over]))
        removed += [f"{item.describe()}" for item in over]
    where = ", ".join(clip.id for clip in clips) if intent.refs else "the project"
    what = f"{intent.kind} effect" if intent.kind else "effect"
    if not removed:
        raise Failed(f"There is no {what} on {where}: nothing to remove, so I changed nothing.")
    return Done(f"Took {len(removed)} {what}{'s' if len(removed) != 1 else ''} off {where} (the clips stay): "
                f"{'; '.join(removed)}.", tuple(clip.id for clip in clips))  # fmt: skip


def _clips(intent: RemoveEffects, items: list[Item], ctx: Context) -> list[Item]:
    if not intent.refs:
        return [item for item in items if item.type in _CLIPS]
    chosen: list[Item] = []
    for ref in intent.refs:
        chosen += [item for item in pick(ref, items, ctx, _CLIPS, many=ref.plural) if item not in chosen]
    return chosen


def _clip_effects_off(clip: Item, kind: str | None) -> Steps[list[str]]:
    from neuralcut_cli.tools.clip_effect_tools import RemoveClipEffectArgs
    from neuralcut_cli.tools.clip_tools import GetElementArgs

    got = answer(ElementOutput, (yield Call("get_element", GetElementArgs(element_id=clip.id))))
    listed: list[dict[str, Any]] = got.get("effects") or []
    effects = [e for e in listed if kind is None or e.get("type") == kind]
    for effect in effects:
        yield Call("remove_clip_effect", RemoveClipEffectArgs(element_id=clip.id, effect_id=effect["id"]))
    return [f"{effect['type']} on {clip.id}" for effect in effects]


ROWS: tuple[Rule, ...] = (
    Rule(
        "remove effects",
        read_unfx,
        plan=plan_unfx,
        examples=("remove the effects from the beach clip", "clear all effects", "delete the filters"),
        rank=366,
    ),
)
