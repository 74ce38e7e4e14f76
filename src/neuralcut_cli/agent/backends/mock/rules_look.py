"""Readings of requests that only look or move through history: help, undo,
listings and questions about the project."""

from __future__ import annotations

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.lexicon import EFFECT_PATTERN, EFFECT_WORDS, KIND_OF_WORD, KIND_PATTERN
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.refs import take_ref
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.slots import take_count
from neuralcut_cli.agent.backends.mock.times import take_when

_ASK = (
    r"\b(?:list|show(?: me)?|display|print|see|view|give me|tell me(?: about)?|what(?:'s| is| are)?|whats|which|"
    r"describe|summari[sz]e|overview of|any|are there|is there|do i have|have i got|get)\b"
)
_TIMELINE = r"\b(?:timeline|tracks?|edit|sequence|layers?|project|everything)\b"
_ASSET = (
    r"\b(?:assets?|media|files?|library|footage|videos?|clips?|images?|photos?|pictures?|audio|songs?|music|"
    r"sounds?)\b"
)


def read_help(c: Clause, v: Vocab) -> i.Intent | None:
    if (
        c.take(
            r"^(?:help|\?|what can you do|what do you understand|commands|examples|how does this work|"
            r"what can i (?:say|ask|do))$"
        )
        is None
    ):
        return None
    return i.Help()


#: Words people put before "undo" that only say they changed their mind.
_REGRET = (
    r"^(?:(?:nvm|never ?mind|oops|whoops|oh no|ugh|actually|wait|hmm|my bad|scratch that|no|nope|forget it|"
    r"on second thought)\W*\s*)+"
)
#: "undo everything", "undo all my changes": every step there is (bounded: see ``ALL_STEPS``).
_ALL = r"\b(?:everything|all(?: of)?(?: (?:it|them|that|my|the))?(?: (?:changes|edits|steps))?|all the way back)\b"


def read_undo(c: Clause, v: Vocab) -> i.Intent | None:
    if c.take(r"^(?:scratch|strike|forget) that$"):  # alone, it takes back the last request
        return i.History(backwards=True, count=1)
    c.take(_REGRET)
    verb = c.take(
        r"\b(?:undo|take (?:that|it) back|revert(?: (?:that|it|the last (?:change|edit)))?|go back|"
        r"step back|roll back|rollback)\b"
    )
    if verb is None:
        return None
    count = i.ALL_STEPS if c.take(_ALL) else take_count(c) or _both(c) or 1
    c.take(r"\b(?:that|it|the last (?:change|edit|thing|request)|last change|back|my last (?:change|edit))\b")
    c.take(r"\b(?:(?:the\s+)?last\s+)?(?:trim|cut|split|change|edit|deletion|delete|move|fade|speed change)\b"
           r"(?=\s*$)")  # fmt: skip  # "undo that trim": the last request, named by what it did
    return i.History(backwards=True, count=count)


def read_redo(c: Clause, v: Vocab) -> i.Intent | None:
    c.take(_REGRET)
    if c.take(r"\b(?:redo|re-do|do (?:that|it) again|bring (?:that|it) back|put (?:that|it) back)\b") is None:
        return None
    count = i.ALL_STEPS if c.take(_ALL) else take_count(c) or _both(c) or 1
    c.take(r"\b(?:that|it|the last (?:change|edit|thing|undo))\b")
    return i.History(backwards=False, count=count)


def _both(c: Clause) -> int | None:
    """ "undo both", "redo those two": two steps."""
    return 2 if c.take(r"\b(?:both(?: of (?:them|those|these))?|(?:those|these|the(?: last)?) two)\b") else None


def read_list_timeline(c: Clause, v: Vocab) -> i.Intent | None:
    if c.text in ("timeline", "tracks", "the timeline"):
        c.take(r".+")
        return i.ListTimeline()
    if c.find(r"\b(?:unused|used|haven't used|not used|haven't put|not in)\b") or c.find(r"\bhow\b"):
        return None
    if not c.take_all(_ASK) or c.take(_TIMELINE) is None:
        return None
    c.take(
        r"\b(?:clips?|elements?|things|stuff|in it|on it|right now|currently|so far|look like|looks like|"
        r"contents?|layout|summary|state)\b"
    )
    c.take(r"\b(?:clips?|elements?|things|stuff|in it|on it|right now|currently|so far|look like)\b")
    return i.ListTimeline()


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
    return i.ListAssets(usage=usage, kind=kind)


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
    return i.ListEffects(on_timeline=applied is not None or over is not None, over=over)


def read_effect_info(c: Clause, v: Vocab) -> i.Intent | None:
    effect = c.take(rf"\b({EFFECT_PATTERN})\b")
    if effect is None:
        return None
    asked = c.take(r"\b(?:param(?:eter)?s?|settings|options|knobs|controls|does|do|work|works|take|takes)\b")
    if asked is None or c.take(rf"{_ASK}|\bhow\b|\bexplain\b") is None:
        return None
    c.take_all(r"\b(?:effect|filter|have|has|take|takes|do|does|work|works|need|needs|accept|accepts)\b")
    return i.EffectInfo(effect=EFFECT_WORDS[effect.group(1)])


def read_list_stickers(c: Clause, v: Vocab) -> i.Intent | None:
    kind = c.take(r"\b(?:flag|shape)(?= stickers\b)")
    word = c.take(r"\b(?:stickers|flags|shapes|emojis?)\b")
    if word is None or c.take(rf"{_ASK}|\bavailable\b") is None:
        return None
    c.take(r"\b(?:available|can i use|can i add|do you have|are there|there)\b")
    said = kind.group(0) + "s" if kind is not None else word.group(0)
    provider = "flags" if said == "flags" else "shapes" if said == "shapes" else None
    return i.ListStickers(provider=provider)


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
    return i.Count(kind=kind)


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
    return i.WhatAt(when=when)


def read_is_there(c: Clause, v: Vocab) -> i.Intent | None:
    """``is there any text at 12s?``, ``are there stickers at 5s?``."""
    if c.take(r"^(?:is|are) there(?: any)?\b") is None:
        return None
    word = c.take(rf"\b({KIND_PATTERN}|elements?|things)\b")
    when = take_when(c, v, before="at|around|by")
    if when is None or when.ref is not None or word is None:
        return None
    c.take(r"\b(?:on screen|playing|showing|visible)\b")
    return i.WhatAt(when=when, kind=KIND_OF_WORD.get(word.group(1)))


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
        return i.HowLong()
    if (
        c.take(
            r"\b(?:the|my|this)?\s*(?:whole |entire |full |final )?(?:video|timeline|edit|project|"
            r"movie|film|thing|sequence|cut)\b"
        )
        is not None
    ):
        return i.HowLong()
    ref = take_ref(c, v)
    c.take_all(
        r"\b(?:last|lasts|run|runs|play|plays|go|goes|for|stay|stays|on screen|on the screen|visible|show|"
        r"shows)\b"
    )
    return None if ref is None else i.HowLong(ref=ref)


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
    return i.About(ref=ref)


def read_describe(c: Clause, v: Vocab) -> i.Intent | None:
    asked = c.take(
        r"\b(?:what(?:'s| is)? in|whats in|what happens in|what (?:does|do) .{0,3}?(?=\w)|describe|"
        r"summari[sz]e|look at|watch|listen to|tell me what(?:'s| is)? in|what(?:'s| is) going on in)\b"
    )
    if asked is None:
        return None
    ref = take_ref(c, v)
    c.take(r"\b(?:show|shows|contain|contains|have|has|look like|looks like|about|sound like|sounds like)\b")
    return None if ref is None else i.Describe(ref=ref)


#: The request kinds read here (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "help",
        read_help,
        plan="plans_look:plan_help",
        examples=("help", "what can you do?"),
        rank=10,
        looks=True,
    ),
    Rule(
        "undo",
        read_undo,
        plan="plans_look:plan_history",
        examples=("undo", "go back three steps", "undo the last 2 changes"),
        rank=20,
    ),
    Rule(
        "redo",
        read_redo,
        plan="plans_look:plan_history",
        examples=("redo", "redo twice"),
        rank=30,
    ),
    Rule(
        "list timeline",
        read_list_timeline,
        plan="plans_look:plan_list_timeline",
        examples=("list the timeline", "what's on the timeline?"),
        rank=40,
        looks=True,
    ),
    Rule(
        "list assets",
        read_list_assets,
        plan="plans_look:plan_list_assets",
        examples=("list assets", "show unused videos", "is there footage I haven't put in yet?"),
        rank=50,
        looks=True,
    ),
    Rule(
        "list effects",
        read_list_effects,
        plan="plans_look:plan_list_effects",
        examples=("what effects are there?", "which effects are applied?"),
        rank=60,
        looks=True,
    ),
    Rule(
        "effect info",
        read_effect_info,
        plan="plans_look:plan_effect_info",
        examples=("show the blur parameters", "what settings does vignette have?"),
        rank=70,
        looks=True,
    ),
    Rule(
        "list stickers",
        read_list_stickers,
        plan="plans_look:plan_list_stickers",
        examples=("what stickers are there?", "list the flags"),
        rank=80,
        looks=True,
    ),
    Rule(
        "count",
        read_count,
        plan="plans_look:plan_count",
        examples=("how many text elements do I have?", "how many clips are there?"),
        rank=90,
        looks=True,
    ),
    Rule(
        "what plays when",
        read_what_at,
        plan="plans_look:plan_what_at",
        examples=("what plays at 0:12?", "what's on screen at 5s?"),
        rank=100,
        looks=True,
    ),
    Rule(
        "how long",
        read_how_long,
        plan="plans_look:plan_how_long",
        examples=("how long is the video?", "how long is the second clip?"),
        rank=110,
        looks=True,
    ),
    Rule(
        "describe a clip",
        read_describe,
        plan="plans_look:plan_describe",
        examples=("what's in the beach clip?", "describe the intro"),
        rank=120,
        looks=True,
    ),
    Rule(
        "about an element",
        read_about,
        plan="plans_look:plan_about",
        examples=("what is e-title?", "when does the music end?", "is the music muted?"),
        rank=130,
        looks=True,
    ),
    Rule(
        "is there",
        read_is_there,
        plan="plans_look:plan_what_at",
        examples=("is there any text at 12s?",),
        rank=140,
        looks=True,
    ),
)
