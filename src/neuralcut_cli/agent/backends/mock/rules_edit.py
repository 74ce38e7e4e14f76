"""Readings of requests that cut, remove, move and retime what is on the timeline."""

from __future__ import annotations

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.refs import take_ref, take_refs
from neuralcut_cli.agent.backends.mock.replay import DEFAULT_LENGTH
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.slots import take_position
from neuralcut_cli.agent.backends.mock.times import (
    TIME,
    seconds_of,
    take_anchor,
    take_range,
    take_span,
    take_time,
    take_times,
    take_when,
)
from neuralcut_cli.values import replace

_REMOVE = (
    r"\b(?:delete|remove|cut(?: out)?|trim(?: out| off)?|get rid of|take out|erase|drop|clear|kill|lose|"
    r"snip(?: out)?|ditch|trash|scrap|toss|chop(?: out| off)?|throw (?:away|out)|bin|nuke)\b"
)
_RIPPLE = (
    r"\b(?:and\s+)?(?:close (?:up )?(?:the |that |any )?(?:gaps?|space|hole)|ripple|close it up|"
    r"(?:do not|don't) leave (?:a |any )?(?:gaps?|holes?)|leave no (?:gaps?|holes?)|with no (?:gaps?|holes?)|"
    r"(?:and )?shift (?:everything|the rest)(?: (?:left|back|over|up))?|without (?:leaving )?(?:a |any )?"
    r"(?:gaps?|holes?)|no gaps?|tighten(?: it| up| the edit)?|pull (?:everything|the rest) (?:left|back|in))\b"
)
_WHAT = (
    r"\b(?:everything|all|anything|whatever(?: is| plays)?|the part|the section|the bit|the segment|the content|"
    r"stuff|what(?:'s| is| plays)|the footage|that part|that section|the portion|the piece|the stretch|"
    r"(?:the )?(?:middle )?(?:part|section|bit|segment|portion|chunk|stretch))\b"
)


_WHOLE_EDIT = (
    r"(?:the\s+)?(?:(?:whole|entire)\s+thing|(?:whole\s+|entire\s+)?(?:video|timeline|edit|movie|film|"
    r"footage)|everything|all tracks|every track)"
)


def read_split(c: Clause, v: Vocab) -> i.Intent | None:
    if c.find(r"\bbetween\b") or c.find(rf"(?:{TIME})\s*(?:-|–|to|till|until|through)\s*(?:{TIME})"):
        return None
    verb = c.take(
        r"\b(?:make|do|add|put|place) an? (?:split|cut)\b|\b(?:split|slice|divide|blade|razor)\b|"
        r"\b(?:cut|chop)(?= (?:it |that |them |" + _WHOLE_EDIT + r" )?"
        r"(?:at|here|right here|in half|in two|in the middle|down the middle|into two|where|when|as soon)\b)|"
        r"\b(?:cut|chop)(?=\s+(?:the|my|this|that)\s+\S+(?:\s+\S+){0,2}\s+at\s+\d)|"  # "cut the music at 10s"
        r"\bmake a cut\b|\badd a cut\b|\bput a cut\b|\b(?:cut|chop)(?=.*\b(?:in half|in two|in 2|into two|into 2|"
        r"down the middle)\b)"
    )
    if verb is None:
        return None
    c.take(rf"\b{_WHOLE_EDIT}\b(?!\s+(?:clip|track)\b)")  # the whole edit, not one element
    times: list[i.When] = []
    anchor = take_anchor(c, v)  # before the reference: "when the second clip begins" is a time
    if anchor is not None:
        times.append(anchor)
    ref = take_ref(c, v)
    if c.take(
        r"\b(?:in half|in two|into two|in 2|into 2(?: pieces| parts)?|in the middle|down the middle|"
        r"at (?:its|the) (?:middle|halfway point)|"
        r"halfway(?: through)?)\b"
    ):
        return None if ref is None or times else i.Split(ref=ref)
    times += [i.When(seconds=t) for t in take_times(c, v)]
    c.take_all(r"\b(?:at|and|in|into|pieces|parts|clips?)\b")
    return i.Split(times=tuple(times), ref=ref) if times else None


def read_remove_range(c: Clause, v: Vocab) -> i.Intent | None:
    ripple = c.take(_RIPPLE) is not None
    if c.take(_REMOVE) is None:
        return None
    c.take(_WHAT)
    span = take_span(c, v)
    if (
        span is None
        or span.over is not None
        or (span.start is None and span.end is None and not (span.first or span.last or span.whole))
        or (span.start is not None and span.end is None and not span.length)
    ):
        return None
    if span.whole:
        return None  # "delete the whole video" is not something to guess at
    c.take(r"\b(?:of|from|in)\s+(?:the\s+)?(?:video|timeline|edit|everything|all tracks|every track)\b")
    return i.RemoveRange(span=span, ripple=ripple)


def read_delete(c: Clause, v: Vocab) -> i.Intent | None:
    ripple = c.take(_RIPPLE) is not None
    verb = c.take(_REMOVE)
    if verb is None or verb.group(0) == "trim":  # "trim the intro" takes some off an edge: how much? (refused)
        return None
    every = c.take(r"\b(?:all (?:of )?(?:the )?|both (?:of )?(?:the )?|every )(?=\w)") is not None
    c.take_all(r"\b(?:from (?:the )?(?:timeline|edit|video|project)|completely|entirely|altogether|too)\b")
    refs = take_refs(c, v)
    if every:  # "delete all the text": every one of that kind
        refs = tuple(
            replace(r, plural=True) if not (r.ids or r.names or r.pronoun or r.ordinal is not None) else r for r in refs
        )
    if not refs or c.find(rf"(?<![\w.]){TIME}"):
        return None
    c.take_all(r"\b(?:from (?:the )?(?:timeline|edit|video|project)|completely|entirely|altogether|too)\b")
    return i.Delete(refs=refs, ripple=ripple)


def read_move(c: Clause, v: Vocab) -> i.Intent | None:
    if (
        c.take(r"\b(?:move|shift|slide|drag|push|nudge|put|place|bring|reposition|start)\b|\bset(?=.*\bstarts? at\b)")
        is None
    ):  # "set the title to 3 seconds" is a length to some, a place to others
        return None
    starting = take_time(c, v, r"(?:so\s+(?:that\s+)?it\s+|to\s+)(?:starts?|begins?)\s+at")  # "to start at 0:03"
    anchor = None if starting is not None else take_anchor(c, v)  # before the references: "to when X starts"
    refs = take_refs(c, v)
    if starting is not None:
        return i.Move(refs=refs, to=i.When(seconds=starting)) if refs else None
    if not refs:
        return None
    track = _track(c, v)
    by = _offset(c, v)
    if by is not None:
        return i.Move(refs=refs, by=by, track=track)
    to = anchor or take_when(c, v, before="to|at|so it starts at|so that it starts at|starting at|to start at")
    if to is None and track is None:
        return None
    c.take(r"\b(?:so (?:that )?it starts|starts|instead)\b")
    return i.Move(refs=refs, to=to, track=track)


def _track(c: Clause, v: Vocab) -> str | None:
    for track_id in sorted(v.tracks, key=len, reverse=True):
        if c.take(rf"\b(?:to|on|onto|into)\s+(?:the\s+)?(?:track\s+)?{track_id}(?:\s+track)?\b"):
            return track_id
    match = c.take(
        r"\b(?:to|on|onto|into)\s+(?:the\s+|an?\s+)?(main|overlay|text|audio|effect|graphic|top|new)\s+track\b"
    )
    return match.group(1) if match else None


def _offset(c: Clause, v: Vocab) -> float | None:
    """``2 seconds later``, ``by 1s earlier``, ``forward 3 seconds``, ``left by half a second``."""
    direction = r"(?P<dir>later|forward|forwards|right|ahead|earlier|left|sooner|back|backwards?)"
    match = (
        c.take(rf"\b(?:by\s+)?(?P<t>{TIME})\s+{direction}\b")
        or c.take(rf"\b{direction}\s+(?:by\s+)?(?P<t>{TIME})")
        or c.take(rf"\b{direction}\b")
    )
    if match is None:
        return None
    amount = match.groupdict().get("t") or None
    if amount is None:
        alone = take_time(c, v, "by", unit_hint="s")
        if alone is None:
            return None
        value = alone
    else:
        found = seconds_of(amount, v.fps, "s")
        if found is None:
            return None
        value = found
    word = match.group("dir")
    if word.startswith("back"):
        return None  # "back" is earlier to some and later to others: ask instead of guessing
    return value if word in ("later", "forward", "forwards", "right", "ahead") else -value


def read_place(c: Clause, v: Vocab) -> i.Intent | None:
    centre = c.take(r"^(?:re-?)?cent(?:er|re)\b")  # "center the title"
    if centre is None and c.take(r"\b(?:move|put|place|position|shift|bring|set|raise|lower|align|drop)\b") is None:
        return None
    ref = take_ref(c, v)
    position = "center" if centre is not None and not c.has(r"\b(?:top|bottom|upper|lower)\b") else take_position(c)
    if ref is None or position is None or c.find(rf"(?<![\w.]){TIME}"):
        return None
    c.take(r"\b(?:of|on)\s+(?:the\s+)?(?:screen|frame)\b")
    return i.Place(ref=ref, position=position)


def read_timing(c: Clause, v: Vocab) -> i.Intent | None:
    verb = c.take(
        r"\b(?:make|set|change|extend|shorten|trim|lengthen|stretch|cut|end|keep|show|hold|let|have|cap|"
        r"limit|reduce|increase|adjust|crop|stop|run|bring|take|shave|knock|lop|chop)\b"
    )
    should = c.take(r"\b(?:should|needs? to|has to|must|ought to)\b")  # "the title should last 4 seconds"
    said = verb or should
    ref = take_ref(c, v)
    if said is None or ref is None:
        return None
    if verb is None and c.find(r"\b(?:last|lasts|end|stop|finish|run|stay|start|begin|be)\b") is None:
        return None
    c.take(r"\bdown(?=\s+to\b)")  # "cut the title down to 2 seconds"
    word = said.group(0)
    edge = _edge_shift(c, v)  # "make the title end 1 second later", "start 2 seconds earlier"
    if edge is not None:
        return i.Timing(ref=ref, delta=edge[1]) if edge[0] == "end" else i.Move(refs=(ref,), by=edge[1])
    seen = c.take(
        r"\b(?:(?P<out>disappear|vanish|go away|leave|fade out)|appear|show up|come in|pop up)"
        r"(?=\s+(?:at|when|where|on)\b)"
    )
    if seen is not None:  # "make the logo disappear at 10s", "make the title appear at 1s"
        point = take_when(c, v, before=r"at|on")
        if point is None:
            return None
        return i.Timing(ref=ref, end=point) if seen.group("out") else i.Timing(ref=ref, start=point)
    if ref.pronoun and word in ("make", "set") and (way := c.take(r"\b(?P<w>longer|shorter)\s*$")) is not None:
        return i.Timing(ref=ref, factor=2.0 if way.group("w") == "longer" else 0.5)  # for a fade or transition
    delta = _delta(c, v, word)
    if delta is not None:
        return i.Timing(ref=ref, delta=delta[0]) if delta[1] == "end" else i.Timing(ref=ref, trim_start=-delta[0])
    until = _until(c, v)
    if until is not None:
        c.take(r"\b(?:last|lasts|stay|stays|run|runs|play|plays|go|goes|on screen|visible)\b")
        return i.Timing(ref=ref, end=until)
    if c.take(
        r"\b(?:end|ends|ending|stop|stops|finish|finishes|run|runs|go|goes|play|plays|stay|stays|last|lasts)"
        r"(?=\s+(?:at|until|till|to|up to|through|when|where|with|on)\b)"
    ) is not None or word in ("extend", "stretch", "end", "stop", "run", "lengthen"):
        end = take_when(c, v, before=r"at|until|till|to|up to|through|on")
        if end is not None:
            c.take(r"\b(?:ends?|stops?|finish(?:es)?)\b")
            return i.Timing(ref=ref, end=end)
    if c.take(r"\b(?:start|starts|begin|begins|starting|beginning)(?=\s+(?:at|from|when|on)\b)") is not None:
        start = take_when(c, v, before=r"at|from|on")
        return None if start is None else i.Timing(ref=ref, start=start)
    named = c.take(r"\b(?:duration|length)(?=\s+(?:to|of)\s)") is not None  # "set the title duration to 3s"
    length = take_time(
        c, v, r"last|lasts|last for|for|to|be|a length of|a duration of|length|duration|only|just", "s"
    ) or _bare_length(c, v)
    if length is not None:
        said_length = named or c.take(r"\b(?:long|in length|of length)\b") is not None or c.has(r"\b(?:last|lasts)\b")
        if word in ("set", "change") and not said_length:
            return None  # "set the title to 3 seconds": a length or a place? Ask.
        return i.Timing(ref=ref, length=length)
    return None


def _edge_shift(c: Clause, v: Vocab) -> tuple[str, float] | None:
    """``end 1 second later``, ``start 2 seconds earlier``: which edge, and by how much (signed)."""
    match = c.take(
        rf"\b(?P<e>end|ends|finish|start|starts|begin|begins)\s+(?:by\s+)?(?P<t>{TIME})\s+"
        r"(?P<d>later|earlier|sooner)\b"
    )
    if match is None:
        return None
    value = seconds_of(match.group("t"), v.fps, "s")
    if value is None:
        return None
    edge = "end" if match.group("e").startswith(("end", "finish")) else "start"
    return edge, value if match.group("d") == "later" else -value


def _bare_length(c: Clause, v: Vocab) -> float | None:
    """``make the intro 4 seconds``: a time right after the reference (not "at 10s", which is a point)."""
    match = c.find(rf"(?<=\x01)\s+({TIME})")
    if match is None:
        return None
    value = seconds_of(match.group(1), v.fps, "s")
    if value is not None:
        c.use(match.start(1), match.end(1))
    return value


def _until(c: Clause, v: Vocab) -> i.When | None:
    """``until 14s``, ``till the end``: only with those words (a bare time is a length)."""
    value = take_time(c, v, r"until|till|up to|through")
    if value is not None:
        return i.When(seconds=value)
    if c.find(r"\b(?:until|till|up to|through)\b") is not None:
        return take_anchor(c, v)
    return None


def _delta(c: Clause, v: Vocab, verb: str) -> tuple[float, str] | None:
    """``2 seconds shorter``, ``longer by 1s``, ``by 3 seconds`` (with shorten/extend), ``3 seconds off the end``."""
    edge = "end"
    off = c.take(
        rf"\b(?P<t>{TIME})\s+(?:off|from)\s+(?:the\s+)?(?P<e>end|start|beginning|front|back|tail|head)"
        rf"(?:\s+of)?\b"
    )
    if off is not None:
        value = seconds_of(off.group("t"), v.fps, "s")
        edge = "start" if off.group("e") in ("start", "beginning", "front", "head") else "end"
        return None if value is None else (-value, edge)
    side = c.take(rf"\b(?:the\s+)?(?P<s>last|final|closing|first|opening)\s+(?P<t>{TIME})\s+(?:off|from)(?:\s+of)?\b")
    if side is not None:  # "cut the last 2 seconds off the city clip"
        value = seconds_of(side.group("t"), v.fps, "s")
        edge = "start" if side.group("s") in ("first", "opening") else "end"
        return None if value is None else (-value, edge)
    shorter = c.take(
        rf"\b(?P<t>{TIME})\s+(?P<w>shorter|longer|less|more)\b|\b(?P<w2>shorter|longer)\s+by\s+"
        rf"(?P<t2>{TIME})"
    )
    if shorter is not None:
        amount = shorter.group("t") or shorter.group("t2")
        value = seconds_of(amount, v.fps, "s")
        sign = -1 if (shorter.group("w") or shorter.group("w2")) in ("shorter", "less") else 1
        return None if value is None else (sign * value, edge)
    if verb in ("shorten", "trim", "cut", "reduce", "extend", "lengthen", "stretch", "increase", "crop"):
        by = take_time(c, v, "by", "s")
        if by is not None:
            edge_word = c.take(r"\b(?:at|from|on)\s+(?:the\s+)?(start|beginning|front|end|back|tail)\b")
            edge = "start" if edge_word is not None and edge_word.group(1) in ("start", "beginning", "front") else "end"
            return (-by if verb in ("shorten", "trim", "cut", "reduce", "crop") else by), edge
    return None


def span_of_words(c: Clause, v: Vocab) -> i.Span | None:
    """A span for requests that add something: explicit, anchored, or over an element.

    "At the end for 2 seconds" is the last two seconds: what is added over the
    picture stays over it (media is appended instead: ``read_add_media``).
    """
    found = take_range(c, v)
    if found is not None:
        return i.Span(start=i.When(seconds=found[0]), end=i.When(seconds=found[1]))
    span = take_span(c, v)
    if span is not None and span.start is not None and span.start.anchor == "end" and span.end is None:
        return i.Span(last=span.length if span.length is not None else DEFAULT_LENGTH)
    return span


#: The request kinds read here (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "split",
        read_split,
        plan="plans_edit:plan_split",
        examples=(
            "split at 5s",
            "cut at frame 120",
            "split at 2.5s and 7s",
            "split when the second clip begins",
            "cut the beach clip in half",
        ),
        rank=350,
    ),
    Rule(
        "remove a range",
        read_remove_range,
        plan="plans_edit:plan_remove_range",
        examples=("delete from 3s to 6s", "cut out 3-6s and close the gap", "remove the last two seconds"),
        rank=360,
    ),
    Rule(
        "delete",
        read_delete,
        plan="plans_edit:plan_delete",
        examples=("delete the title", "remove the logo and the title", "delete it"),
        rank=370,
        refusals=(
            (
                r"^(?:please\s+)?(?:trim|shorten|cut down)\b(?!.*\d)",
                "How much? Say e.g. 'trim 2 seconds off the start of the intro' or 'make the intro 4 seconds long'.",
            ),
        ),
    ),
    Rule(
        "place text",
        read_place,
        plan="plans_edit:plan_place",
        examples=("move the title to the bottom",),
        rank=460,
    ),
    Rule(
        "move",
        read_move,
        plan="plans_edit:plan_move",
        examples=(
            "move the logo to 12s",
            "move the title 2 seconds later",
            "move the logo to when the city clip starts",
        ),
        rank=470,
        refusals=(
            (r"\bback\b(?!ground)", "'Back' means earlier to some and later to others: say 'earlier' or 'later'."),
        ),
    ),
    Rule(
        "timing",
        read_timing,
        plan="plans_edit:plan_timing",
        examples=(
            "make the logo last 10 seconds",
            "make the title two seconds shorter",
            "extend the logo to the end",
            "trim 3 seconds off the end of the city clip",
        ),
        rank=480,
        refusals=(
            (
                r"\bset\b.*\bto \d+(?:\.\d+)?\s*(?:s|secs?|seconds?)$",
                "'Set it to N seconds' could be a length or a start: say 'make it last N seconds' or 'move it to N s'.",
            ),
            (r"\btrim\b.*\bat \d", "'Trim at a time' could be a cut or a new end: say 'split X at T' or 'end X at T'."),
        ),
    ),
)
