"""Where and how long things are: move ("move the logo to 12s", "2 seconds later"), place a text in the
frame ("move the title to the bottom"; a picture goes to ``overlay.reshape``), and lengths and edges ("make the
logo last 10 seconds", "trim 3 seconds off the end of the city clip").
"""

from __future__ import annotations

from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Ref, TextPosition, When
from neuralcut_cli.agent.backends.mock.listing import Item, Vocab, items_of
from neuralcut_cli.agent.backends.mock.memory import has_tags, tagged
from neuralcut_cli.agent.backends.mock.refs import take_ref, take_refs
from neuralcut_cli.agent.backends.mock.replay import (
    Call,
    Context,
    Done,
    Failed,
    Plan,
    call,
    listing,
    one,
    pick,
    tc,
    when,
)
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.slots import take_position
from neuralcut_cli.agent.backends.mock.times import (
    TIME,
    seconds_of,
    take_anchor,
    take_time,
    take_when,
)
from neuralcut_cli.tools.outputs import ElementOutput, MoveOutput, TimelineOutput, TimingOutput
from neuralcut_cli.values import field


class Move(i.Intent):
    refs: tuple[Ref, ...] = ()
    to: When | None = None
    by: float | None = None  # seconds, signed: "2 seconds later"
    track: str | None = None  # a track id or kind word


class Place(i.Intent):
    """Move a text (or sticker) to the top, center or bottom of the frame."""

    ref: Ref = field(default_factory=lambda: Ref(""))
    position: TextPosition = "center"


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
        return Move(refs=refs, to=i.When(seconds=starting)) if refs else None
    if not refs:
        return None
    track = _track(c, v)
    by = _offset(c, v)
    if by is not None:
        return Move(refs=refs, by=by, track=track)
    to = anchor or take_when(c, v, before="to|at|so it starts at|so that it starts at|starting at|to start at")
    if to is None and track is None:
        return None
    c.take(r"\b(?:so (?:that )?it starts|starts|instead)\b")
    return Move(refs=refs, to=to, track=track)


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
    return Place(ref=ref, position=position)


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
        return i.Timing(ref=ref, delta=edge[1]) if edge[0] == "end" else Move(refs=(ref,), by=edge[1])
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


def _track_id(word: str | None, items: list[Item], tracks: dict[str, str]) -> str | None:
    if word is None or word in tracks:
        return word
    wanted = {"main": "main", "overlay": "overlay", "top": "overlay", "graphic": "overlay"}.get(word, word)
    found = [track_id for track_id, kind in tracks.items() if kind == wanted]
    if not found:
        raise Failed(f"There is no {word} track to move it to.")
    return found[0]


def plan_move(intent: Move, ctx: Context) -> Plan:
    result = yield from call("list_timeline", {}, TimelineOutput)
    items = items_of(result)
    tracks = {t["trackId"]: t["type"] for t in result["tracks"]}
    chosen: list[Item] = []
    for ref in intent.refs:
        chosen += [item for item in pick(ref, items, ctx, many=ref.plural) if item not in chosen]
    first = min(item.start for item in chosen)
    if intent.by is not None:
        start = first + intent.by
    elif intent.to is not None:
        start = when(intent.to, items, ctx)
    else:
        start = first
    if start < 0:
        raise Failed(f"That would start before 0 ({tc(start)}).")
    args: dict[str, Any] = {"elementIds": [item.id for item in chosen], "start": round(start, 6)}
    track = _track_id(intent.track, items, tracks)
    if track is not None:
        args["targetTrackId"] = track
    moved = yield from call("move_timeline_elements", args, MoveOutput)
    shown = ", ".join(
        f"{m['elementId']} to {tc(m['start'])}–{tc(m['end'])} on {m['trackId']}" for m in moved["movedElements"]
    )
    return Done(f"Moved {shown}.", tuple(item.id for item in chosen))


def plan_place(intent: Place, ctx: Context) -> Plan:
    from neuralcut_cli.tools.text_tools import UpdateTextArgs

    items = yield from listing()
    item = one(intent.ref, items, ctx)
    if item.type != "text":
        from neuralcut_cli.agent.backends.mock.families.overlay import reshape

        said = yield from reshape(item, None, place=intent.position)
        return Done(said + ".", (item.id,))
    yield Call("update_text", UpdateTextArgs(track_id=item.track_id, element_id=item.id, position=intent.position))
    return Done(f"Moved {item.describe()} to the {intent.position} of the frame.", (item.id,))


def plan_timing(intent: i.Timing, ctx: Context) -> Plan:
    if intent.ref.pronoun and has_tags(ctx.memory):  # "make it 3 seconds" after a fade: the fade, not the clip
        return (yield from plan_remembered_length(intent, ctx))
    if intent.factor is not None:
        raise Failed(f"How much {'longer' if intent.factor > 1 else 'shorter'}? Say e.g. 'make it 2 seconds longer'.")
    items = yield from listing()
    return (yield from timing_on(intent, items, ctx))


def timing_on(intent: i.Timing, items: list[Item], ctx: Context) -> Plan:
    """``plan_timing`` on the timeline as ``items`` shows it (a plan that listed it already calls this)."""
    item = one(intent.ref, items, ctx)
    args: dict[str, Any] = {"elementId": item.id}
    length = item.end - item.start
    if intent.length is not None:
        args["duration"] = intent.length
    elif intent.delta is not None:
        if length + intent.delta <= 0:
            raise Failed(f"{item.describe()} is only {length:g} s long; it cannot lose {-intent.delta:g} s.")
        args["duration"] = round(length + intent.delta, 6)
    elif intent.trim_start is not None:
        if item.type in ("video", "audio"):
            return (yield from _trim_clip_start(item, intent.trim_start))
        if intent.trim_start >= length:
            raise Failed(f"{item.describe()} is only {length:g} s long.")
        args.update(start=round(item.start + intent.trim_start, 6), end=item.end)
    elif intent.end is not None:
        args["end"] = round(when(intent.end, items, ctx), 6)
    elif intent.start is not None:
        args["start"] = round(when(intent.start, items, ctx), 6)
    result = yield from call("update_timeline_element_timing", args, TimingOutput)
    return Done(f"{item.id} now runs {tc(result['start'])}–{tc(result['end'])} ({result['duration']:g} s).", (item.id,))


def plan_remembered_length(intent: i.Timing, ctx: Context) -> Plan:
    """A new length for the fade or transition the last request touched (``memory``)."""
    from neuralcut_cli.agent.backends.mock.families.motion import plan_change_fade
    from neuralcut_cli.agent.backends.mock.families.transitions import ChangeTransition, plan_change_transition

    if intent.length is None and intent.factor is None:
        raise Failed(
            f"'{intent.ref.text}' is the fade or transition just made: say its new length, e.g. 'make it 2 seconds'."
        )
    if tagged(ctx.memory, "transition"):
        change = ChangeTransition(seconds=intent.length, factor=intent.factor, it=True)
        return (yield from plan_change_transition(change, ctx))
    if tagged(ctx.memory, "fade-in") or tagged(ctx.memory, "fade-out"):
        fade = i.ChangeFade(refs=(intent.ref,), seconds=intent.length, factor=intent.factor)
        return (yield from plan_change_fade(fade, ctx))
    raise Failed(f"'{intent.ref.text}' is a track: it has no length of its own. Name a clip, e.g. 'the intro'.")


def _trim_clip_start(item: Item, seconds: float) -> Plan:
    """A clip's in point moves later (or earlier): its start edge moves, its frames stay in place."""
    from neuralcut_cli.tools.clip_tools import GetElementArgs, UpdateClipArgs

    details = yield from call("get_element", GetElementArgs(element_id=item.id), ElementOutput)
    trim_start = round(float(details["trimStart"]) + seconds * float(details.get("speed", 1)), 6)
    if trim_start < 0:
        raise Failed(f"{item.describe()} starts at the beginning of its source; there is nothing more to show there.")
    yield Call("update_clip", UpdateClipArgs(element_id=item.id, trim_start=trim_start))
    return Done(
        f"Trimmed {seconds:g} s off the start of {item.id}: it now starts at {tc(item.start + seconds)} "
        f"(in point {trim_start:g} s into its source).",
        (item.id,),
    )


#: The family's rows (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "place text",
        read_place,
        plan=plan_place,
        examples=("move the title to the bottom",),
        rank=460,
    ),
    Rule(
        "move",
        read_move,
        plan=plan_move,
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
        plan=plan_timing,
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
