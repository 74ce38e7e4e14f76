"""Adding and changing text and stickers: "put \"Day one\" at the top for 3 seconds", "add big text at the top
saying Welcome at 0:05", "change the title to \"Day two\"", "add a star sticker top-right from 2s to 4s". A
title or sticker is placed only before the end of the video.
"""

from __future__ import annotations

from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.flags import take_flag
from neuralcut_cli.agent.backends.mock.intents import Corner, Ref, Span
from neuralcut_cli.agent.backends.mock.lexicon import (
    SHAPE_PATTERN,
    SHAPE_WORDS,
)
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.refs import take_ref
from neuralcut_cli.agent.backends.mock.replay import (
    Call,
    Context,
    Done,
    Plan,
    call,
    listing,
    needs_items,
    on_program,
    one,
    span,
    tc,
)
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.slots import (
    take_corner,
    take_position,
    take_style,
)
from neuralcut_cli.agent.backends.mock.times import span_of_words
from neuralcut_cli.english import quoted
from neuralcut_cli.tools.outputs import Placed
from neuralcut_cli.values import field


class AddText(i.Intent):
    text: str = ""
    span: Span = field(default_factory=Span)
    position: str | None = None
    style: str | None = None


class ChangeText(i.Intent):
    ref: Ref = field(default_factory=lambda: Ref(""))
    text: str = ""


class AddSticker(i.Intent):
    sticker: str = ""
    span: Span = field(default_factory=Span)
    position: Corner = "center"


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
    return AddText(text=text, span=span or i.Span(), position=position, style=style)


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
        return ChangeText(
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
    return ChangeText(ref=ref, text=c.quotes[int(quotes[0].group(1))])


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
    return AddSticker(sticker=sticker, span=span or i.Span(), position=corner or "center")


DEFAULT_POSITION = {"subtitle": "bottom", "hook": "top"}  # where people expect each style


def plan_add_text(intent: AddText, ctx: Context) -> Plan:
    items = (yield from listing()) if needs_items(intent.span) else []
    start, end = span(intent.span, items, ctx)
    yield from on_program(start, items)
    args: dict[str, Any] = {
        "text": intent.text,
        "start": round(start, 6),
        "end": round(end, 6),
        "position": intent.position or DEFAULT_POSITION.get(intent.style or "", "center"),
    }
    if intent.style and intent.style != "plain":
        args["style"] = intent.style
    result = yield from call("add_text", args, Placed)
    return Done(
        f"Added {intent.style or 'text'} {quoted(intent.text)} at the {args['position']}, {tc(start)}–{tc(end)} "
        f"({result['elementId']} on {result['trackId']}).",
        (result["elementId"],),
    )


def plan_change_text(intent: ChangeText, ctx: Context) -> Plan:
    from neuralcut_cli.tools.text_tools import UpdateTextArgs

    items = yield from listing()
    item = one(intent.ref, items, ctx, ("text",))
    yield Call("update_text", UpdateTextArgs(track_id=item.track_id, element_id=item.id, text=intent.text))
    return Done(f"Changed {item.id} from {item.label} to {quoted(intent.text)}.", (item.id,))


def plan_add_sticker(intent: AddSticker, ctx: Context) -> Plan:
    from neuralcut_cli.tools.sticker_tools import AddStickerArgs

    items = (yield from listing()) if needs_items(intent.span) else []
    start, end = span(intent.span, items, ctx)
    yield from on_program(start, items)
    result = yield Call(
        "add_sticker",
        AddStickerArgs(sticker_id=intent.sticker, start=round(start, 6), end=round(end, 6), position=intent.position),
    )
    return Done(
        f"Added sticker {intent.sticker} at {intent.position}, {tc(start)}–{tc(end)} "
        f"({result['elementId']} on {result['trackId']}).",
        (result["elementId"],),
    )


#: The family's rows (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "change text",
        read_change_text,
        plan=plan_change_text,
        examples=('change the title to "Day two"', 'make the title say "Hi"'),
        rank=390,
    ),
    Rule(
        "add text",
        read_add_text,
        plan=plan_add_text,
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
        plan=plan_add_sticker,
        examples=("add a star sticker top-right from 2s to 4s", "add the flag of Japan bottom-left for 3 seconds"),
        rank=410,
    ),
)
