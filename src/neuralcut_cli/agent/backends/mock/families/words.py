"""What is said: captions, filler words, cutting a phrase, finding a word, and subtitle files in and out. The
word tools read cached transcripts; the plans ask ``transcribe_video`` first for each clip's asset (cached after
the first time).
"""

from __future__ import annotations

import re
from collections.abc import Generator
from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Ref
from neuralcut_cli.agent.backends.mock.listing import Item, Vocab
from neuralcut_cli.agent.backends.mock.refs import take_refs
from neuralcut_cli.agent.backends.mock.replay import (
    Call,
    Context,
    Done,
    Failed,
    Plan,
    call,
    followed,
    listing,
    pick,
    tc,
)
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.english import plural, quoted
from neuralcut_cli.tools.outputs import (
    CaptionsOutput,
    ExportCaptionsOutput,
    FindOutput,
    RemovedOutput,
    StyleCaptionsOutput,
)


class AddCaptions(i.Intent):
    refs: tuple[Ref, ...] = ()  # none: the main track's clips
    position: str | None = None
    style: str | None = None  # a caption style (catalogs.caption_styles); None: the tool's default


class StyleCaptions(i.Intent):
    style: str = "boxed"
    position: str | None = None


class RemoveFillers(i.Intent):
    words: tuple[str, ...] = ()  # none: the tool's list (um, uh, erm, like)


class RemoveRetakes(i.Intent):
    pass


class CutWords(i.Intent):
    text: str = ""
    every: bool = False  # every time it is said, not only the first


class FindWords(i.Intent):
    query: str = ""


class ImportSubtitles(i.Intent):
    file: str = ""


class ExportCaptions(i.Intent):
    fmt: str = "srt"
    file: str | None = None


FILLER_WORDS = r"ums?|uhs?|erms?|ahs?|likes?|hmms?|you knows?"


def _quote(c: Clause) -> str | None:
    match = c.take(r"«q(\d+)»")
    return c.quotes[int(match.group(1))] if match is not None else None


#: How people name caption looks, as ``catalogs.caption_styles`` names.
LOOKS = (
    (r"(?:with )?(?:the )?words? (?:lighting|lit|light) up|highlight(?:ing|s)? (?:the )?(?:spoken|current|said) words?|"
     r"(?:word[- ]by[- ]word )?highlight(?:ed|ing)?|karaoke"
     r"(?:[- ]style)?|(?:with )?(?:the )?(?:current|spoken) word (?:highlighted|in (?:yellow|colou?r))|animated", "highlight"),
    (r"big(?:,)? bold|bold|big|tiktok[- ]style|social(?: media)?(?:[- ]style)?|youtube shorts style|viral", "social"),
    (r"boxed|(?:on|in|with) (?:a )?(?:black |dark )?box(?:es)?|with (?:a )?background", "boxed"),
    (r"plain|simple|subtle|clean|normal|classic", "plain"),
)  # fmt: skip

_RANK = ("highlight", "boxed", "social", "plain")  # a caption that lights up may also be big and bold


def _look(c: Clause) -> str | None:
    """The caption look the words name (the one that says most, when several are named), every word of it used."""
    found = {style for pattern, style in LOOKS if c.take_all(rf"\b(?:{pattern})\b")}
    quoted = c.find(r"\b(?:with )?(?:the )?words? «q(\d+)»")  # "the words lighting up", read as a quoted text
    if quoted is not None and re.fullmatch(r"(?:lighting|lit|light) up|highlighted", c.quotes[int(quoted.group(1))]):
        c.use(quoted.start(), quoted.end())
        found.add("highlight")
    if found:
        c.take(r"\b(?:style|look)\b")
    return next((style for style in _RANK if style in found), None)


def read_add_captions(c: Clause, v: Vocab) -> i.Intent | None:
    """``add captions``, ``caption the intro at the top``, ``big bold captions with the words lighting up``."""
    style = _look(c)
    verb = c.take(r"\b(?:add|put|make|generate|create|burn in|give me|i want|turn on)\b(?: (?:some|the|me))?")
    noun = c.take(r"\b(?:captions|subtitles|subs)\b")
    if noun is None:
        if verb is not None or c.take(r"^(?:caption|subtitle)\b") is None:  # "caption the intro" (a verb)
            return None
    elif verb is None and style is None and c.find(r"\bplease\b") is None and noun.start() > 0:
        return None  # "captions" said in passing is not a request for them
    style = style or _look(c)
    c.take(r"\b(?:to|on|for|of)\b")
    refs = take_refs(c, v)
    position = c.take(r"\b(?:at|on|to) the (top|bottom|center|middle)\b")
    c.take(r"\b(?:automatically|from the speech|from what i say|for the speech|please)\b")
    style = style or _look(c)
    where = position.group(1).replace("middle", "center") if position else None
    return AddCaptions(refs=refs, position=where, style=style)


def read_style_captions(c: Clause, v: Vocab) -> i.Intent | None:
    """``make the captions highlight the spoken word``, ``restyle the captions boxed``, ``bold captions instead``."""
    verb = c.take(r"\b(?:make|restyle|change|switch|turn|style|set)(?: (?:all )?the)? (?:captions|subtitles|subs)\b")
    if verb is None:
        return None
    c.take(r"\b(?:to|into|as|style to|look to|be)\b")
    style = _look(c)
    position = c.take(r"\b(?:at|on|to) the (top|bottom|center|middle)\b")
    c.take(r"\b(?:instead|now|please|style|look)\b")
    if style is None:
        return None
    where = position.group(1).replace("middle", "center") if position else None
    return StyleCaptions(style=style, position=where)


def read_remove_fillers(c: Clause, v: Vocab) -> i.Intent | None:
    """``remove every um``, ``cut the filler words``, ``remove the ums and uhs``."""
    if (
        c.take(
            r"\b(?:remove|cut|delete|strip|get rid of|take out|drop)(?: out)?(?: (?:all|every|each|any))?"
            r"(?: (?:the|of the|my))?\b"
        )
        is None
    ):
        return None
    if c.take(r"\b(?:filler words?|fillers|verbal tics|hesitations)\b") is not None:
        return RemoveFillers()
    said = c.take_all(rf"\b({FILLER_WORDS})\b(?:(?:,| and| or)\s*)?")
    if not said:
        return None
    singular = {
        "ums": "um",
        "uhs": "uh",
        "erms": "erm",
        "ahs": "ah",
        "likes": "like",
        "hmms": "hmm",
        "you knows": "you know",
    }
    return RemoveFillers(words=tuple(dict.fromkeys(singular.get(m.group(1), m.group(1)) for m in said)))


def read_remove_retakes(c: Clause, v: Vocab) -> i.Intent | None:
    """``remove the retakes``, ``keep only the last take``, ``cut the false starts``."""
    if c.take(r"\b(?:keep|use|leave)(?: only)? (?:the )?(?:last|final|best|good) takes?(?: only)?\b") is not None:
        return RemoveRetakes()
    verb = c.take(
        r"\b(?:remove|cut|delete|strip|get rid of|take out|drop|clean up|trim)(?: out)?(?: (?:all|every|each|any))?"
        r"(?: (?:the|of the|my))?\b"
    )
    noun = c.take(
        r"\b(?:re-?takes?|false starts?|(?:bad|earlier|first|repeated|botched|failed|flubbed|extra) takes?|"
        r"(?:flubs|restarts|do-?overs|mistakes where i (?:start|started) (?:again|over)))\b"
    )
    if verb is None or noun is None:
        return None
    c.take(r"\b(?:in|from|of) (?:the )?(?:video|recording|talk|clip|clips|footage|edit)\b")
    return RemoveRetakes()


def read_cut_words(c: Clause, v: Vocab) -> i.Intent | None:
    """``cut the part where I say "let me start again"``, ``remove every time I say "basically"``."""
    if c.take(r"\b(?:cut|remove|delete|drop|take out)(?: out)?\b") is None:
        return None
    every = c.take(r"\b(?:every (?:time|place)|everywhere|all the (?:times|places))\b") is not None
    if (
        c.take(
            r"\b(?:the (?:part|bit|moment|sentence|line|words?) )?(?:(?:where|when|that) )?(?:i|he|she|they|we|"
            r"you|someone) (?:say|says|said)\b|\bthe words?\b"
        )
        is None
    ):
        return None
    text = _quote(c)
    if text is None:  # unquoted: the rest of the request is what was said
        rest = c.take(r"[\w' ,]+$")
        text = rest.group(0).strip(" ,") if rest else None
    if not text:
        return None
    every = every or c.take(r"\b(?:every time|everywhere|each time)\b") is not None
    return CutWords(text=text, every=every)


def read_find_words(c: Clause, v: Vocab) -> i.Intent | None:
    """``where do I say welcome?``, ``when is "thank you" said?``."""
    if (
        c.take(
            r"\b(?:where|when|at what time) (?:(?:do|does|did) (?:i|he|she|they|we|someone) (?:say|mention)\b|"
            r"(?:is|was|are)(?= «q))"
        )
        is None
    ):
        return None
    text = _quote(c)
    if text is None:
        rest = c.take(r"[\w' ]+$")
        text = rest.group(0).strip() if rest else None
    c.take(r"\b(?:said|mentioned|spoken)\b")
    return FindWords(query=text) if text else None


def read_import_subtitles(c: Clause, v: Vocab) -> i.Intent | None:
    """``import subs.srt``, ``load the captions from talk.vtt``."""
    if c.take(r"\b(?:import|load|open|bring in|add)\b") is None:
        return None
    c.take(r"\b(?:the )?(?:captions|subtitles|subs)\b(?!\.)(?: (?:from|in))?")
    name = c.take(r"(?<![\w.])([\w.()-]+\.(?:srt|vtt|ass|ssa))\b")
    return ImportSubtitles(file=name.group(1).strip()) if name else None


def read_export_captions(c: Clause, v: Vocab) -> i.Intent | None:
    """``export the captions``, ``save the subtitles as vtt``, ``export captions to talk.srt``."""
    if c.take(r"\b(?:export|save|write)(?: out)?(?: the| my)? (?:captions|subtitles|subs)\b") is None:
        return None
    name = c.take(r"\b(?:to|as|into) ([\w.()-]+\.(srt|vtt))\b")
    if name is not None:
        return ExportCaptions(fmt=name.group(2), file=name.group(1))
    fmt = c.take(r"\b(?:as|to|in)(?: an?)? (srt|vtt|webvtt)(?: file)?\b")
    return ExportCaptions(fmt="vtt" if fmt and fmt.group(1) in ("vtt", "webvtt") else "srt")


# -- plans


def _spoken(refs: tuple[i.Ref, ...], ctx: Context) -> Generator[Call, dict[str, Any], list[Item]]:
    """The clips meant (default: the main track's video clips), each asset transcribed (one with no sound has an
    empty transcript)."""
    from neuralcut_cli.tools.transcribe import TranscribeArgs

    items = yield from listing()
    if refs:
        chosen = [item for ref in refs for item in pick(ref, items, ctx, ("video", "audio"), many=True)]
    else:
        chosen = [item for item in items if item.type == "video" and item.track_kind == "main"]
    if not chosen:
        raise Failed("There is no clip with speech to work on.")
    for asset in dict.fromkeys(str(item.data.get("assetId")) for item in chosen if item.data.get("assetId")):
        yield Call("transcribe_video", TranscribeArgs(asset_id=asset))
    return chosen


def plan_add_captions(intent: AddCaptions, ctx: Context) -> Plan:
    chosen = yield from _spoken(intent.refs, ctx)
    args: dict[str, Any] = {"elementIds": [item.id for item in chosen]} if intent.refs else {}  # else: with sound
    if intent.position:
        args["position"] = intent.position
    if intent.style:
        args["style"] = intent.style
    done = yield from call("add_captions", args, CaptionsOutput)
    look = {"highlight": ", each word lit up while it is said", "social": ", big and bold", "boxed": " on a dark box"}
    return Done(
        f"Added {plural(done['captions'], 'caption')}{look.get(done.get('style', ''), '')} on a new Captions track "
        f"({done['trackId']}); they are text elements you can edit, move or restyle.",
        (done["trackId"],),
    )


def plan_style_captions(intent: StyleCaptions, ctx: Context) -> Plan:
    args: dict[str, Any] = {"style": intent.style}
    if intent.position:
        args["position"] = intent.position
    done = yield from call("style_captions", args, StyleCaptionsOutput)
    return Done(f"Restyled {plural(done['captions'], 'caption')} as {done['style']}.")


def plan_remove_fillers(intent: RemoveFillers, ctx: Context) -> Plan:
    yield from _spoken((), ctx)
    args: dict[str, Any] = {}  # the main track's clips with sound
    if intent.words:
        args["words"] = list(intent.words)
    done = yield from call("remove_filler_words", args, RemovedOutput)
    if not done["removed"]:
        return Done(f"No {' or '.join(intent.words) or 'filler words'} found; nothing cut.")
    return Done(
        f"Cut {len(done['removed'])} filler word{'s' if len(done['removed']) != 1 else ''} "
        f"({done['secondsSaved']:g} s)." + followed(done)
    )


def plan_remove_retakes(intent: RemoveRetakes, ctx: Context) -> Plan:
    yield from _spoken((), ctx)
    done = yield Call("remove_retakes", {})  # the main track's clips with sound
    takes = done["retakes"]
    if not takes:
        return Done("No retake found (a sentence said again, or announced with 'let me start again'); nothing cut.")
    listed = "; ".join(
        f"{tc(t['start'])}–{tc(t['end'])} {quoted(t['text'])}"
        + (f" (announced by '{t['cue']}')" if t.get("cue") else " (broken off and said again)")
        for t in takes[:6]
    )
    more = f" and {len(takes) - 6} more" if len(takes) > 6 else ""
    return Done(
        f"Removed {plural(len(takes), 'earlier take')} ({done['secondsSaved']:g} s): {listed}{more}." + followed(done)
    )


def plan_find_words(intent: FindWords, ctx: Context) -> Plan:
    from neuralcut_cli.tools.transcript_tools import FindArgs

    yield from _spoken((), ctx)
    done = yield from call("find_in_transcript", FindArgs(query=intent.query), FindOutput)
    matches = done["matches"]
    if not matches:
        return Done(f"'{intent.query}' is not said in the clips.")
    times = ", ".join(f"{tc(m['start'])}–{tc(m['end'])} ({m['elementId']})" for m in matches)
    return Done(f"'{intent.query}' is said {len(matches)} time{'s' if len(matches) != 1 else ''}: {times}.")


def plan_cut_words(intent: CutWords, ctx: Context) -> Plan:
    from neuralcut_cli.tools.transcript_tools import CutWordsArgs, FindArgs

    yield from _spoken((), ctx)
    found = (yield Call("find_in_transcript", FindArgs(query=intent.text)))["matches"]
    if not found:
        raise Failed(f"'{intent.text}' is not said in the clips.")
    if len(found) > 1 and not intent.every:
        times = ", ".join(tc(m["start"]) for m in found)
        raise Failed(f"'{intent.text}' is said {len(found)} times ({times}); say 'every time', or name the clip.")
    removed, tracks = [], ""
    for element in dict.fromkeys(m["elementId"] for m in found):
        done = yield from call(
            "cut_words", CutWordsArgs(element_id=element, text=intent.text, occurrence="all"), RemovedOutput
        )
        removed += done["removed"]
        tracks = followed(done)
    return Done(f"Cut {quoted(intent.text)} ({plural(len(removed), 'time')}); the rest closed up behind it." + tracks)


def plan_import_subtitles(intent: ImportSubtitles, ctx: Context) -> Plan:
    from neuralcut_cli.tools.subtitle_tools import ImportSubtitlesArgs

    done = yield from call("import_subtitles", ImportSubtitlesArgs(file=intent.file), CaptionsOutput)
    return Done(
        f"Imported {plural(done['captions'], 'caption')} from {intent.file} onto a new Captions track.",
        (done["trackId"],),
    )


def plan_export_captions(intent: ExportCaptions, ctx: Context) -> Plan:
    from neuralcut_cli.tools.subtitle_tools import ExportCaptionsArgs

    file = intent.file or f"captions.{intent.fmt}"  # beside the project; an existing file is not replaced
    done = yield from call("export_captions", ExportCaptionsArgs(file=file), ExportCaptionsOutput)
    return Done(f"Wrote {plural(done['captions'], 'caption')} to {file}.")


#: The family's rows (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "add captions",
        read_add_captions,
        plan=plan_add_captions,
        examples=("add captions", "add subtitles at the top"),
        rank=200,
    ),
    Rule(
        "restyle captions",
        read_style_captions,
        plan=plan_style_captions,
        examples=("make the captions highlight the spoken word", "restyle the captions boxed"),
        rank=195,
    ),
    Rule(
        "remove filler words",
        read_remove_fillers,
        plan=plan_remove_fillers,
        examples=("remove every um", "cut the filler words"),
        rank=210,
    ),
    Rule(
        "remove retakes",
        read_remove_retakes,
        plan=plan_remove_retakes,
        examples=("remove the retakes", "keep only the last take"),
        rank=215,
    ),
    Rule(
        "cut words",
        read_cut_words,
        plan=plan_cut_words,
        examples=('cut the part where I say "let me start again"',),
        rank=220,
    ),
    Rule(
        "find words",
        read_find_words,
        plan=plan_find_words,
        examples=("where do I say welcome?",),
        rank=230,
        looks=True,
    ),
    Rule(
        "import subtitles",
        read_import_subtitles,
        plan=plan_import_subtitles,
        examples=("import subs.srt",),
        rank=240,
    ),
    Rule(
        "export captions",
        read_export_captions,
        plan=plan_export_captions,
        examples=("export the captions", "save the subtitles as vtt"),
        rank=250,
    ),
)
