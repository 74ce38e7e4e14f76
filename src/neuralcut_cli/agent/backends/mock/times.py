"""Times and spans the way people say them, taken from a clause.

Points: ``5s``, ``2.5 seconds``, ``1:02.5``, ``00:00:05:12`` (SMPTE),
``120f``, ``1m30s``; ``at the end``, ``at the start``, ``at the playhead``;
``when the second clip begins``, ``at the end of the title``, ``where the
city clip starts``. Spans: ``from 3s to 6s``, ``3-6s``, ``between 3 and 6
seconds``, ``the first/last 2 seconds``, ``for 3 seconds``, ``for the whole
video``, ``until the end``, ``after 5s``, ``before 5s``, ``on/over/during
the intro clip``.
"""

from __future__ import annotations

import re

from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Ref, Span, When
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.refs import take_ref
from neuralcut_cli.agent.backends.mock.replay import DEFAULT_LENGTH
from neuralcut_cli.errors import TimeParseError
from neuralcut_cli.time import parse_seconds

_UNIT = r"(?:ms|milliseconds?|msecs?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|f|frames?)"
_NUM = r"(?:\d+(?:\.\d+)?|\.\d+)"
_MINUTES = r"(?:minutes?|mins?|m)"
_SECONDS = r"(?:seconds?|secs?|s)"
_HOURS = r"(?:hours?|hrs?|h)"
_COMPOUND = re.compile(rf"(?:(\d+){_HOURS}(?:and)?(\d+){_MINUTES}?|(\d+){_MINUTES}(?:and)?(\d+(?:\.\d+)?){_SECONDS}?)")
TIME = (
    rf"(?:\d+:\d{{1,2}}(?::\d{{1,2}}){{0,2}}(?:\.\d+)?"  # 1:02.5, 00:01:02.500, 00:00:05:12
    rf"|\d+\s*{_MINUTES}\s*(?:and\s+)?\d+(?:\.\d+)?\s*{_SECONDS}?(?![a-z])"  # 1m30s, 1 min 30, 1 minute and 30 seconds
    rf"|\d+\s*{_HOURS}\s*(?:and\s+)?\d+\s*{_MINUTES}?(?![a-z])"  # 1h30m, 1 hour 30 minutes
    rf"|{_NUM}\s*{_UNIT}(?![a-z])"  # 5s, 2.5 seconds, 90f
    rf"|{_NUM}(?![\d.%a-z:x]))"
)  # 5
_L = r"(?<![\w.:\-])"
_SECONDS_WORD = r"(?:\s*(?:s|secs?|seconds?))"
WHOLE = (
    r"\b(?:for\s+|over\s+|on\s+|across\s+|to\s+)?(?:the\s+)?(?:whole|entire|full|complete)\s+(?:video|thing|"
    r"timeline|project|edit|clip|movie|film|sequence|duration|time)\b|\b(?:everywhere|throughout|all of it)\b|"
    r"\bfrom (?:the )?(?:start|beginning) to (?:the )?end\b"
)


def seconds_of(token: str, fps: float, unit_hint: str | None = None) -> float | None:
    """A time token in seconds, or None when it is not a time (or past the limit)."""
    token = re.sub(r"\s+", "", token.strip())
    compound = _COMPOUND.fullmatch(token)
    if compound:  # 1m30s, 1 min 30, 1 hour and 30 minutes
        hours, minutes, whole_minutes, seconds = compound.groups()
        if hours is not None:
            return int(hours) * 3600 + int(minutes) * 60
        return int(whole_minutes) * 60 + float(seconds)
    if unit_hint and re.fullmatch(_NUM, token):
        token += unit_hint
    for long, short in (
        ("milliseconds?|msecs?", "ms"),
        ("seconds?|secs?", "s"),
        ("minutes?|mins?", "m"),
        ("hours?|hrs?", "h"),
        ("frames?", "f"),
    ):
        token = re.sub(rf"({long})$", short, token)
    try:
        return parse_seconds(token, fps)
    except TimeParseError:
        return None


def _unit(token: str) -> str | None:
    match = re.search(r"[a-z]+$", token.strip())
    return match.group(0) if match else None


def take_time(c: Clause, vocab: Vocab, before: str = "", unit_hint: str | None = None) -> float | None:
    """A time (after the words ``before``, a regex, when given), marked as used."""
    prefix = rf"\b(?:{before})\s+" if before else _L
    match = c.find(rf"{prefix}({TIME})")
    if match is None:
        return None
    value = seconds_of(match.group(1), vocab.fps, unit_hint)
    if value is not None:
        c.use(match.start(), match.end())
    return value


def take_times(c: Clause, vocab: Vocab) -> list[float]:
    """Every time, in order ("at 2.5s and 7s", "at 3, 6 and 9 seconds")."""
    matches = [m for m in re.finditer(rf"{_L}({TIME})", c.text) if c.free(m.start(), m.end())]
    hint = next((_unit(m.group(1)) for m in reversed(matches) if _unit(m.group(1))), None)
    found = []
    for match in matches:
        value = seconds_of(match.group(1), vocab.fps, None if _unit(match.group(1)) else hint)
        if value is not None:
            c.use(match.start(), match.end())
            found.append(value)
    return found


def take_range(c: Clause, vocab: Vocab) -> tuple[float, float] | None:
    """``from 3s to 6s``, ``3-6s``, ``3 to 6 seconds``, ``between 3 and 6 seconds``."""
    patterns = [
        rf"\b(?:from\s+)?{_L}({TIME})\s*(?:-|–|—|to|till|until|through|thru)\s*({TIME})",
        rf"\bbetween\s+({TIME})\s+and\s+({TIME})",
    ]
    for pattern in patterns:
        match = c.find(pattern)
        if match is None:
            continue
        first, second = match.group(1), match.group(2)
        hint = _unit(second) if _unit(first) is None else None
        start, end = seconds_of(first, vocab.fps, hint), seconds_of(second, vocab.fps)
        if start is not None and end is not None:
            c.use(match.start(), match.end())
            return start, end
    return None


def take_ref_after(c: Clause, vocab: Vocab, position: int) -> Ref | None:
    """The reference that starts at ``position`` (not an earlier one)."""
    later = c.copy()
    later.use(0, position)
    ref = take_ref(later, vocab)
    if ref is not None:
        c.used = [span for span in later.used if span != (0, position)]
    return ref


def take_anchor(c: Clause, vocab: Vocab) -> When | None:
    """A point tied to something: the timeline's end or start, the playhead, an element's edge."""
    if (
        c.take(
            r"\b(?:at|to|until|till|through|by)\s+(?:the\s+)?(?:very\s+)?end\s+of\s+(?:the\s+)?(?:video|timeline|"
            r"project|edit|movie|film|sequence)\b"
        )
        is not None
    ):
        return When(anchor="end")
    edge = c.take(
        r"\b(?:at|to|from|until|till|by)?\s*(?:the\s+)?(?:very\s+)?(?P<e>end|start|beginning|middle)"
        r"\s+of\s+"
    )
    if edge is not None:
        ref = take_ref_after(c, vocab, edge.end())
        if ref is None:
            c.used.pop()
        else:
            word = edge.group("e")
            return When(ref=ref, edge={"beginning": "start"}.get(word, word))
    after = c.take(r"\b(?:to\s+|at\s+)?(?:right |just |immediately |directly )?after\s+(?=(?:the|my|that|this|e-)\b)")
    if after is not None:  # "right after the title": where it ends
        ref = take_ref_after(c, vocab, after.end())
        if ref is not None:
            return When(ref=ref, edge="end")
        c.used.pop()
    when = c.take(r"\b(?:when|where|once|as soon as|right when)\s+")
    if when is not None:
        ref = take_ref_after(c, vocab, when.end())
        verb = c.take(r"\b(?:starts?|begins?|comes? in|appears?|ends?|finish(?:es)?|stops?)\b")
        if ref is None or verb is None:
            c.used.pop()
            return None
        return When(ref=ref, edge="end" if re.match(r"ends?|finish|stops?", verb.group(0)) else "start")
    if (
        c.take(
            r"\b(?:at|to|until|till|through)\s+(?:the\s+)?(?:very\s+)?end(?:\s+of\s+(?:the\s+)?(?:video|"
            r"timeline|project|edit))?\b"
        )
        is not None
    ):
        return When(anchor="end")
    if (
        c.take(
            r"\b(?:at|from|to)\s+(?:the\s+)?(?:very\s+)?(?:start|beginning)(?:\s+of\s+(?:the\s+)?(?:video|"
            r"timeline|project|edit))?\b"
        )
        is not None
    ):
        return When(anchor="start")
    if c.take(r"\b(?:at\s+)?(?:the\s+)?(?:playhead|cursor)\b|\bright here\b|\bhere\b") is not None:
        return When(anchor="playhead")
    return None


def take_when(c: Clause, vocab: Vocab, before: str = "at|to|from|on|starting at|beginning at") -> When | None:
    """A point: a time after ``before`` words (or bare), or an anchor."""
    anchored = take_anchor(c, vocab)
    if anchored is not None:
        return anchored
    value = take_time(c, vocab, before)
    if value is None:
        value = take_time(c, vocab)
    return None if value is None else When(seconds=value)


def take_span(c: Clause, vocab: Vocab) -> Span | None:
    """A time range in any of the forms above; None when the clause names none."""
    found = take_range(c, vocab)
    if found is not None:
        return Span(start=When(seconds=found[0]), end=When(seconds=found[1]))
    if c.take(WHOLE) is not None:
        return Span(whole=True)
    edge = c.take(
        rf"\b(?:for\s+|in\s+|of\s+|during\s+|over\s+|across\s+|on\s+|to\s+)?(?:the\s+)?"
        rf"(?P<side>first|opening|last|final|closing)\s+"
        rf"(?P<t>{TIME}){_SECONDS_WORD}?(?:\s+of\s+(?:the\s+)?(?:video|timeline|clip|edit))?"
    )
    if edge is not None:
        value = seconds_of(edge.group("t"), vocab.fps, "s")
        if value is not None:
            first = edge.group("side") in ("first", "opening")
            return Span(first=value) if first else Span(last=value)
    over = c.take(r"\b(?:on|over|during|across|for|throughout|to|onto)\s+(?=(?:the|my|that|this|it\b))")
    if over is not None:
        ref = take_ref(c, vocab)
        if ref is not None:
            return Span(over=ref)
        c.used.pop()
    return _open_span(c, vocab)


def _open_span(c: Clause, vocab: Vocab) -> Span | None:
    """``after 5s``, ``from 2s (on)``, ``until 8s``, ``at 2s for 3 seconds``, ``from 2s to the end``."""
    after = take_time(c, vocab, r"after|past")
    if after is not None:
        return Span(start=When(seconds=after), end=When(anchor="end"))
    begin = take_time(c, vocab, r"from|since|starting(?:\s+at|\s+from)?|beginning(?:\s+at)?|at|in")
    start = When(seconds=begin) if begin is not None else take_anchor(c, vocab)
    onwards = (
        r"(?<=\x01)\s*\b(?:onwards?|on(?=\s*(?:$|[,;]|and\b|then\b|\x01))|and after)\b|\bonwards\b"  # "from 5s on"
    )
    if start is not None and c.take(onwards) is not None:
        return Span(start=start, end=When(anchor="end"))
    until = take_time(c, vocab, r"before|up to|until|till|to")
    length = take_time(c, vocab, r"for|lasting(?:\s+for)?", unit_hint="s")
    end = When(seconds=until) if until is not None else (take_anchor(c, vocab) if start is not None else None)
    if start is None and end is None and length is None:
        return None
    if start is None and end is not None:
        start = When(anchor="start")  # "until 5s": from the beginning
    return Span(start=start, end=end, length=length)


def span_of_words(c: Clause, v: Vocab) -> Span | None:
    """A span for requests that add something: explicit, anchored, or over an element.

    "At the end for 2 seconds" is the last two seconds: what is added over the
    picture stays over it (media is appended instead: ``read_add_media``).
    """
    found = take_range(c, v)
    if found is not None:
        return Span(start=When(seconds=found[0]), end=When(seconds=found[1]))
    span = take_span(c, v)
    if span is not None and span.start is not None and span.start.anchor == "end" and span.end is None:
        return Span(last=span.length if span.length is not None else DEFAULT_LENGTH)
    return span
