"""Readings of requests that add or change things: text, media, volume,
stickers and effects."""

from __future__ import annotations

import re

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.flags import take_flag
from neuralcut_cli.agent.backends.mock.lexicon import (
    EFFECT_PATTERN,
    EFFECT_WORDS,
    PARAM_WORDS,
    SHAPE_PATTERN,
    SHAPE_WORDS,
)
from neuralcut_cli.agent.backends.mock.listing import Vocab, stem
from neuralcut_cli.agent.backends.mock.refs import at_clip, take_ref, take_refs
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.rules_edit import span_of_words
from neuralcut_cli.agent.backends.mock.slots import (
    A_BIT,
    A_LOT,
    take_corner,
    take_level,
    take_params,
    take_position,
    take_step,
    take_style,
)
from neuralcut_cli.agent.backends.mock.times import take_time, take_when

_ADD = (
    r"\b(?:add|put|insert|write|show|place|display|overlay|type|create|make|slap|stick|pop|drop|throw|"
    r"include|give me|i need|i want)\b"
)


def read_add_text(c: Clause, v: Vocab) -> i.Intent | None:
    verb = c.take(_ADD)
    quote = c.take(r"«q(\d+)»")
    if quote is None or (verb is None and not c.find(r"\b(?:title|text|caption|subtitle|label|hook|lower thirds?)\b")):
        return None
    lower_third = c.has(r"\blower thirds?\b")
    big = c.take(
        r"\b(?:a\s+)?(?:big|large|huge|giant|bold|large-print)\b(?=\s+(?:text|title|caption|words|letters|heading))"
    )
    style = take_style(c)
    style = "hook" if big and style in (None, "plain") else style  # "big text at the top": the big title style
    c.take(r"\b(?:saying|that says|which says|that reads|reading|says|reads|with the (?:text|words)|with|of)\b")
    position = take_position(c)
    span = span_of_words(c, v)
    position = position or take_position(c) or ("bottom" if lower_third else None)
    c.take(r"\b(?:on screen|on the screen|over the video|overlaid|as text|text)\b")
    text = c.quotes[int(quote.group(1))]
    return i.AddText(text=text, span=span or i.Span(), position=position, style=style)


def read_change_text(c: Clause, v: Vocab) -> i.Intent | None:
    verb = c.take(
        r"\b(?:change|update|edit|rename|replace|set|make|fix|correct|retitle|switch|swap|alter|reword|"
        r"should(?: now)?|needs? to|has to|must)\b"
    )
    if verb is None:
        return None
    quotes = c.take_all(r"«q(\d+)»")
    if len(quotes) == 2:
        c.take(r"\b(?:with|to|into|by|for)\b")
        c.take(r"\b(?:text|title|caption|subtitle|label|words?)\b")
        old = c.quotes[int(quotes[0].group(1))]
        return i.ChangeText(
            ref=i.Ref(f'"{old}"', kind="text", names=(old.strip().lower(),)), text=c.quotes[int(quotes[1].group(1))]
        )
    if len(quotes) != 1:
        return None
    c.take(r"\b(?:the\s+)?(?:text|words|wording|content)\s+(?:of|on|in)\b")
    ref = take_ref(c, v)  # the quote, already used, is the new text, not the reference
    if ref is None:
        return None
    c.take(
        r"\b(?:text|words?|wording|content|to say|so it says|so that it says|say|says|read|reads|to read|to|"
        r"into|as|instead)\b"
    )
    c.take(r"\b(?:text|words?|wording|content|to say|say|says|read|reads|to|into|as|instead)\b")
    return i.ChangeText(ref=ref, text=c.quotes[int(quotes[0].group(1))])


def read_add_media(c: Clause, v: Vocab) -> i.Intent | None:
    verb = c.take(r"\b(?:add|put|insert|place|append|drop|bring(?: in)?|use|include|throw in|stick|import|pop)\b")
    names = sorted(
        {a.get("name", "") for a in v.assets}
        | {stem(str(a.get("name", ""))) for a in v.assets}
        | {str(a.get("id", "")) for a in v.assets},
        key=len,
        reverse=True,
    )
    names = [n for n in names if n]
    if verb is None or not names:
        return None
    asset = c.take(
        re.compile(  # the project's asset names: compiled here, never kept in the patterns cache
            rf"\b(?:the\s+|my\s+|that\s+)?({'|'.join(re.escape(n.lower()) for n in names)})(?:\s+(?:clip|video|"
            rf"file|image|photo|picture|song|track|audio|music|footage|shot))?\b"
        )
    ) or c.take(r"\bthe\s+(unused|spare|leftover|remaining)\s+(?:clip|video|footage|shot)\b")
    if asset is None:
        return None
    said_asset = i.UNUSED if asset.group(1) in ("unused", "spare", "leftover", "remaining") else asset.group(1)
    moving = verb.group(0) in ("put", "place", "drop", "stick", "pop", "bring")
    if moving and asset.group(1) in v.placed and c.find(r"\b(?:after|before|between|behind|following)\b"):
        return None  # "put the intro after the city clip": the clip on the timeline moves (the reorder row's)
    if asset.group(1) in v.placed and c.find(r"\b(?:after|before|between|beginning|start)\b"):
        return None  # "add the intro after the city clip": a second copy, or the clip moved? (refused)
    inserted = _inserted(c, v, said_asset)
    if inserted is not None:
        return inserted
    track = None
    where = c.take(
        r"\b(?:on|to|onto|in|into|as)\s+(?:the\s+|an?\s+|my\s+)?(main|overlay|audio|music|top|picture in "
        r"picture|pip|b[\s-]?roll|cutaway|vo|voice[\s-]?over|narration)(?:\s+track|\s+layer|\s+clip)?\b"
    )
    if where is not None:  # b-roll and cutaways go over the main track; a voice-over on an audio track
        said = re.sub(r"[\s-]", "", where.group(1))
        track = {"music": "audio", "top": "overlay", "pictureinpicture": "overlay", "pip": "overlay"}.get(said, said)
        track = (
            "overlay"
            if said in ("broll", "cutaway")
            else "audio"
            if said in ("vo", "voiceover", "narration")
            else track
        )
    over = c.take(r"\b(?:over|on top of|above)\s+(?=\w)") if track == "overlay" else None
    if over is not None:  # "as b-roll over the beach clip": from where that clip starts
        ref = take_ref(c, v)
        if ref is None:
            return None
        length = take_time(c, v, r"for|lasting(?:\s+for)?", "s")
        return i.AddMedia(asset=asset.group(1), at=i.When(ref=ref, edge="start"), track=track, length=length)
    after = c.take(r"\b(?:after|following)\s+(?=\w)")
    at = None
    if after is not None:
        ref = take_ref(c, v)
        if ref is None:
            return None
        at = i.When(ref=ref, edge="end")
    at = at or take_when(c, v, before="at|to|from|starting at|on")
    length = take_time(c, v, r"for|lasting(?:\s+for)?", "s")
    return i.AddMedia(asset=said_asset, at=at, track=track, length=length, insert=after is not None)


def _inserted(c: Clause, v: Vocab, asset: str) -> i.Intent | None:
    """``put the outtake between the beach and the city clips``, ``... before the city clip``, ``... at the
    beginning``: an insert on the main track, what is there moving later."""
    if c.take(r"\bbetween\s+") is not None:
        refs = take_refs(c, v)
        if len(refs) == 1 and refs[0].plural and len(refs[0].names) == 2:  # "the beach and city clips"
            refs = tuple(i.Ref(refs[0].text, kind=refs[0].kind, names=(n,)) for n in refs[0].names)
        if len(refs) != 2:
            return None
        return i.AddMedia(asset=asset, at=i.When(ref=refs[1], edge="start"), track="main", insert=True, between=refs)
    if c.take(r"\b(?:before|ahead of|in front of)\s+(?=\w)") is not None:
        ref = take_ref(c, v)
        return i.AddMedia(asset=asset, at=i.When(ref=ref, edge="start"), track="main", insert=True) if ref else None
    if c.take(r"\b(?:at|to)\s+the\s+(?:very\s+)?(?:beginning|start)(?:\s+of\s+(?:the\s+)?(?:video|edit|timeline))?\b"):
        return i.AddMedia(asset=asset, at=i.When(seconds=0.0), track="main", insert=True)
    if c.take(r"\bas\s+(?:the\s+|an\s+)?(?:outro|ending|closing (?:shot|clip)|end (?:clip|shot))\b"):
        return i.AddMedia(asset=asset, at=i.When(anchor="end"), track="main")
    return None


def read_volume(c: Clause, v: Vocab) -> i.Intent | None:
    c.take(r"\b(?:set|change|make|turn|adjust|bring|put|drop|dial|crank|pump|get)\b")
    c.take(r"\b(?:the\s+)?(?:volume|level|sound|gain|loudness)\s+(?:of|on|for|in)\b")
    refs = take_refs(c, v)
    named = tuple(r for r in refs if r.text not in ("audio", "sound", "the audio", "the sound"))
    refs = named or refs  # "the city clip's audio" is the city clip
    if not refs or any(r.kind == "effect" for r in refs):
        return None
    c.take_all(r"\b(?:volume|level|sound|gain|loudness|audio)\b")
    level = take_level(c)
    if level is None:
        return None
    c.take(r"\b(?:volume|level|sound|gain|loudness|audio)\b")
    return i.Volume(refs=refs, level=level)


def read_sticker(c: Clause, v: Vocab) -> i.Intent | None:
    verb = c.take(r"\b(?:add|put|place|insert|stick|slap|drop|show|pop|throw|i want|give me)\b")
    flag = take_flag(c)
    shape = None if flag else c.take(rf"\b({SHAPE_PATTERN})\b")
    if verb is None or (flag is None and shape is None):
        return None
    c.take(r"\b(?:stickers?|emojis?|shapes?|icons?|graphics?)\b")
    corner = take_corner(c)
    span = span_of_words(c, v)
    corner = corner or take_corner(c)
    sticker = flag or f"shapes:{SHAPE_WORDS[shape.group(1)] if shape else ''}"
    return i.AddSticker(sticker=sticker, span=span or i.Span(), position=corner or "center")


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
    return i.UpdateEffect(ref=ref, params=tuple(params.items()), step=step, param=param)


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
    return i.ApplyEffect(effect=effect, span=span, params=((key, value),))


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
    return i.ApplyEffect(effect=name, span=span, params=tuple(params.items()))


#: The request kinds read here (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "volume",
        read_volume,
        plan="plans_make:plan_volume",
        examples=(
            "set the music volume to 50%",
            "mute the music",
            "make the music a bit quieter",
            "turn the intro down by 6 dB",
        ),
        rank=380,
        refusals=(
            (
                r"\bby -?\d+(?:\.\d+)?\s*(?:db|decibels?)\b",
                "Louder or quieter? Say 'turn it up by 6 dB' or 'down by 6 dB'.",
            ),
        ),
    ),
    Rule(
        "change text",
        read_change_text,
        plan="plans_make:plan_change_text",
        examples=('change the title to "Day two"', 'make the title say "Hi"'),
        rank=390,
    ),
    Rule(
        "add text",
        read_add_text,
        plan="plans_make:plan_add_text",
        examples=(
            'add text "Hello" from 0 to 3s at the top',
            'put "Day one" at the top for 3 seconds',
            'add a subtitle "Hi there" over the intro clip',
        ),
        rank=400,
    ),
    Rule(
        "add sticker",
        read_sticker,
        plan="plans_make:plan_add_sticker",
        examples=("add a star sticker top-right from 2s to 4s", "add the flag of Japan bottom-left for 3 seconds"),
        rank=410,
    ),
    Rule(
        "update effect",
        read_update_effect,
        plan="plans_make:plan_update_effect",
        examples=("make the vignette stronger", "set the vignette radius to 50"),
        rank=420,
    ),
    Rule(
        "adjust picture",
        read_adjust,
        plan="plans_make:plan_apply_effect",
        examples=("brighten 2-4s", "increase the contrast from 0 to 5s", "make the intro darker"),
        rank=430,
    ),
    Rule(
        "apply effect",
        read_apply_effect,
        plan="plans_make:plan_apply_effect",
        examples=(
            "blur the last two seconds",
            "add sepia to the intro clip",
            "make the beach clip black and white",
            "apply sepia 0-3s with intensity 60",
        ),
        rank=440,
    ),
    Rule(
        "add media",
        read_add_media,
        plan="plans_make:plan_add_media",
        examples=(
            "add the outtake at the end",
            "add logo.png at 10s on the overlay for 4s",
            "add music.mp3 to audio at 0s",
        ),
        rank=450,
    ),
)
