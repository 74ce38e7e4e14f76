"""Which plan a request asks for: an ordered table of rules, first match wins.

Each rule is a test on the prepared request (``Phrase``) and the plan to run.
Requests may be chained with ``then`` or ``;``.
"""

from __future__ import annotations

import re

from neuralcut_cli.agent.backends.mock import plans_add as add
from neuralcut_cli.agent.backends.mock import plans_edit as edit
from neuralcut_cli.agent.backends.mock import plans_query as query
from neuralcut_cli.agent.backends.mock.phrases import Phrase
from neuralcut_cli.agent.backends.mock.runner import Failed, Runner

_POLITE = re.compile(r"(?i)^(?:(?:please|pls|ok|okay|now|and|also|then|hey|so|can you|could you|would you|will you|"
                     r"i want to|i'd like to|i would like to|let's|lets|go ahead and|try to)\s+)+")
_OBJECT_END = re.compile(r"\s+(?:to|by|on|onto|at|from|for|between|until|till|into|with|so|lasting|end|ends|"
                         r"ending|start|starts|starting|volume|say|says|in|as)\b|\s+last(?=\s+(?:for\s+)?[\d.])|"
                         r"(?<!clip)(?<!video)(?<!shot)(?<!number)(?<!image)(?<!photo)(?<!text)\s+\d(?!\d*(?:st|nd|rd|th)\b)")
_DELETE = r"(?:delete|remove|drop|erase|clear|get rid of|take out|cut out|trim out|cut|trim)"
_ASSET_WORDS = r"\b(assets?|media|files?|videos|images|photos|pictures|audio|songs|music files|footage)\b"
_TIMELINE_WORDS = r"\b(timeline|tracks?|edit|project|elements|clips|sequence)\b"


def object_of(text: str, verb: str) -> str:
    """The words after the verb, up to the first preposition or time."""
    match = re.search(rf"\b(?:{verb})\b\s*(.*)", text)
    rest = match.group(1) if match else text
    end = _OBJECT_END.search(" " + rest)
    return (" " + rest)[: end.start()].strip() if end else rest.strip()


def _is_range_delete(p: Phrase) -> bool:
    if not p.has(rf"^{_DELETE}\b"):
        return False
    if p.range() is None and p.tail() is None and p.head() is None and p.after(r"after|before|up to") is None:
        return False
    target = re.sub(rf"^{_DELETE}\s+(?:out\s+)?", "", p.text)
    target = re.sub(r"^(?:everything|all|anything|the part|the section|the bit|the segment|the content|stuff)\s+", "", target)
    return bool(re.match(r"(?:from|between|after|before|up to|the first|the last|the final|first|last|\d|\.\d)",
                         target))


def _effect_rule(p: Phrase) -> str | None:
    effect = add.effect_in(p)
    if effect and p.has(r"^(?:apply|add|put|make|turn|use|blur|brighten|darken|desaturate|saturate|sepia|grayscale|"
                        r"greyscale|invert|vignette|give|fade|increase|decrease|boost|reduce)\b"):
        return effect
    return None


def _change_text(p: Phrase, run: Runner) -> str:
    if len(p.quotes) >= 2:
        return edit.plan_change_text(p, run, "«q0»", p.quotes[1])
    ref = object_of(p.text, r"change|update|edit|rename|replace|set|make|fix")
    ref = re.sub(r"\b(?:text|words?|content)\b", "", ref).strip() or "the text"
    return edit.plan_change_text(p, run, ref, p.quotes[-1])


def _names_asset(p: Phrase, run: Runner) -> bool:
    names = {a.get("name", "").lower() for a in run.assets()}
    stems = {n.rsplit(".", 1)[0] for n in names}
    words = set(re.findall(r"[\w.\-]+", p.text)) | {q.lower() for q in p.quotes}
    return bool(words & (names | stems)) or p.has(r"\.(?:mp4|mov|mkv|webm|png|jpe?g|gif|mp3|wav|m4a|aac|ogg)\b")


def choose(p: Phrase, run: Runner) -> str:
    """Run the plan the request asks for; ``Failed`` when nothing matches."""
    for rules in (_questions, _changes, _additions):
        reply = rules(p, run)
        if reply is not None:
            return reply
    asked = p.original.strip()
    shown = asked if len(asked) <= 80 else asked[:77] + "..."
    raise Failed(f"I don't know how to do \"{shown}\" yet.\n\n{query.HELP}")


def _questions(p: Phrase, run: Runner) -> str | None:
    """Help, undo and redo, and everything that only looks."""
    if p.has(r"^(help|\?|what can you do|commands|examples|how does this work)\b"):
        return query.plan_help(p, run)
    if p.has(r"^(undo|take that back|revert)\b"):
        return query.plan_history(p, run, backwards=True)
    if p.has(r"^redo\b"):
        return query.plan_history(p, run, backwards=False)
    effect = add.effect_in(p)
    if effect and p.has(r"\b(param(?:eter)?s?|settings|options|knobs|controls)\b|^how (?:do|does)\b|^describe\b"):
        return query.plan_effect_params(p, run, effect)
    if p.has(r"\b(effects|filters)\b") and p.has(r"^(what|which|list|show|available|any|are there)\b|\bavailable\b"):
        return query.plan_list_effects(p, run)
    if p.has(r"\bstickers\b") and p.has(r"^(what|which|list|show)\b"):
        return query.plan_list_stickers(p, run)
    asking = p.has(r"^(list|show|display|print|what|which|describe|summari[sz]e|tell me|how long|how many)\b")
    if (asking and p.has(_TIMELINE_WORDS) and not p.has(r"\b(unused|used)\b")) or p.text in ("timeline", "tracks"):
        return query.plan_list_timeline(p, run)
    if (asking and p.has(_ASSET_WORDS)) or p.text in ("assets", "media"):
        return query.plan_list_assets(p, run)
    return None


def _changes(p: Phrase, run: Runner) -> str | None:
    """Cuts, volume, text changes, effect updates, range deletes, stickers, effects."""
    t = p.text
    if p.has(r"^(split|slice|chop)\b") or (p.has(r"^cut\b") and (p.has(r"^cut\s+(?:it\s+|the \w+\s+)?(?:at|here)\b")
                                                                 or (p.times() and not _is_range_delete(p)))):
        return edit.plan_split(p, run)
    if p.has(r"\b(mute|unmute|volume|louder|quieter|softer|silence|turn (?:\w+ ){0,3}(?:down|up)|turn (?:down|up))\b"):
        target = re.sub(r"\b(?:the\s+)?(?:volume|level)\s+(?:of|for|on)\s+", "", t)
        target = re.sub(r"\bturn (down|up) ", "turn ", target)
        ref = object_of(target, r"mute|unmute|silence|set|change|turn|make|lower|raise")
        return edit.plan_volume(p, run, re.sub(r"\b(volume|level|down|up|louder|quieter|softer)\b", "", ref))
    if p.has(r"^(move|put|place|shift)\b") and p.has(r"\bto the (top|bottom|middle|center|centre)\b") and not p.times():
        return edit.plan_text_position(p, run, object_of(t, r"move|put|place|shift"))
    if p.quotes and p.has(r"^(change|update|edit|rename|replace|set|make|fix|correct)\b") \
            and (len(p.quotes) >= 2 or p.has(r"\b(text|title|caption|subtitle|label|hook|say|says|words?)\b|\bto «q")):
        return _change_text(p, run)
    effect = add.effect_in(p)
    if effect and p.has(r"^(set|change|make|increase|decrease|raise|lower|adjust|update|bump|turn)\b") \
            and p.range() is None and (p.has(rf"\b({'|'.join(add.PARAM_WORDS)})\b") or p.has(r"\bto\s+-?\d")) \
            and any(e.data.get("effectType") == effect for e in run.timeline()):
        return add.plan_update_effect(p, run, effect)
    if _is_range_delete(p):
        return edit.plan_delete_range(p, run)
    if p.has(r"\b(stickers?|flags?)\b") or (p.has(r"^(add|put|place|insert|stick|slap|drop)\b") and not p.quotes
                                           and p.has(r"\b(star|heart|arrow|circle|square|triangle|diamond|hexagon|"
                                                     r"check|checkmark|tick|cross)s?\b")):
        return add.plan_add_sticker(p, run)
    effect_to_apply = _effect_rule(p)
    return add.plan_apply_effect(p, run, effect_to_apply) if effect_to_apply else None


def _additions(p: Phrase, run: Runner) -> str | None:
    """New text and media, then timing, moves and deletes of named elements."""
    t = p.text
    adding_text = p.quotes and p.has(r"^(add|put|insert|write|show|place|display|overlay|type|caption|title|label|"
                                     r"subtitle|hook|create|make)\b")
    if adding_text and p.has(r"\b(text|titles?|subtitles?|captions?|labels?|hooks?|words?|says?)\b"):
        return add.plan_add_text(p, run)
    if p.has(r"^(add|put|insert|place|append|drop|bring|use|include)\b") and _names_asset(p, run):
        return add.plan_add_media(p, run, object_of(t, r"add|put|insert|place|append|drop|bring|use|include"))
    if adding_text:
        return add.plan_add_text(p, run)
    if p.has(r"^(make|set|change|extend|shorten|trim|lengthen|stretch|cut)\b") \
            and p.has(r"\b(last|lasts|long|longer|shorter|end|ends|start|starts|until|till|duration|to \d)\b"):
        return edit.plan_timing(p, run, object_of(t, r"make|set|change|extend|shorten|trim|lengthen|stretch|cut"))
    if p.has(r"^(move|shift|slide|drag|push|nudge)\b"):
        return edit.plan_move(p, run, object_of(t, r"move|shift|slide|drag|push|nudge"))
    if p.has(rf"^{_DELETE}\b"):
        return edit.plan_delete_elements(p, run, object_of(t, _DELETE))
    return None


def split_requests(text: str) -> list[str]:
    parts = re.split(r"\s*(?:;|\band then\b|\bthen\b)\s*", text.strip(), flags=re.IGNORECASE)
    return [part for part in parts if part.strip()]


def clean(text: str) -> str:
    return _POLITE.sub("", text.strip())
