"""The cut times a request names, so a model cannot cut where nobody asked (issue 42).

A 1.5B model asked to "split at 5s" called ``split`` with ``times: [0, 5, 10, 14, 20]``: a cut at 5 s and another,
unasked, at 10 s. When a request names its times ("at 5s", "at 1:05", "at 2.5 seconds"), a split at any other time
is refused with the times asked for, and the model calls again; a request that names no time (``split at every
shot change``, "split the intro in half") is left to the model. A request that speaks of no time at all ("delete
the title") never asked for a stretch of time to be cut out: ``remove_range`` is refused there (a 1.5B model
answered "delete the title" with ``remove_range 0-3``, which took the intro with it)."""

from __future__ import annotations

import re
from collections.abc import Iterable

_SECONDS = re.compile(r"\b(\d+(?:\.\d+)?)\s*(?:s|secs?|seconds?)\b", re.I)
_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2}(?:\.\d+)?)\b")
_AT = re.compile(r"\bat\s+(\d+(?:\.\d+)?)\b(?!\s*(?:%|x\b|:|fps))", re.I)  # "split at 5"
_MINUTES = re.compile(r"\b(\d+(?:\.\d+)?)\s*(?:m|mins?|minutes?)\b", re.I)


_NUMBER = re.compile(r"\b\d+(?:\.\d+)?\b")


def times_named(text: str) -> set[float]:
    """The times, in seconds, that ``text`` may mean (empty when it names no time): once it names one ("at 3",
    "5s", "1:05", "2 minutes"), every number it says counts ("split at 3 and 7": 3 and 7), so a list is never cut
    short; a request with no time in it restricts nothing."""
    timed = {float(s) for s in _SECONDS.findall(text)} | {float(s) for s in _AT.findall(text)}
    timed |= {int(m) * 60 + float(s) for m, s in _CLOCK.findall(text)}
    timed |= {float(m) * 60 for m in _MINUTES.findall(text)}
    return timed | {float(n) for n in _NUMBER.findall(text)} if timed else set()


_TIME_WORDS = re.compile(r"\b(?:seconds?|secs?|minutes?|mins?|frames?|hours?)\b", re.I)


def mentions_time(text: str) -> bool:
    """Whether ``text`` speaks of time at all ("at 5s", "the last two seconds", "frame 120", "1:05"): a request
    that does not ("delete the title") never asked for a stretch of time to be cut out."""
    return bool(times_named(text) or _TIME_WORDS.search(text) or _NUMBER.search(text))


def unasked(times: Iterable[object], named: set[float], end: float | None = None) -> list[float]:
    """The times of a split call that the request did not name (a cut at 0 or at the end cuts nothing)."""
    if not named:
        return []
    out = []
    for value in times:
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        if value <= 0 or (end is not None and value >= end) or any(abs(value - n) < 1e-6 for n in named):
            continue
        out.append(float(value))
    return out


_ADDS = re.compile(r"\b(?:add|adds|adding|put|insert|append|place|overlay|include|attach|bring\s+in)\b", re.I)
_TAKES_AWAY = re.compile(
    r"\b(?:delete|remove|cut|drop|trim|clear|erase|take\s+(?:out|off|away)|get\s+rid|lose|kill|strip|shorten|"
    r"tighten|eliminate|discard|chop|snip|crop|keep\s+only|instead|in\s+place\s+of|rather\s+than|replace|swap|switch|"
    r"without|undo|revert|"
    r"silence|silences|pauses?|dead\s+air|fillers?|retakes?)\b",
    re.I,
)


def only_adds(text: str) -> bool:
    """Whether ``text`` asks to add something and to take nothing away ("add the outtake at the end"): a call that
    deletes or removes is then not what was asked (a 1.5B model answered that request with a delete)."""
    return bool(_ADDS.search(text)) and not _TAKES_AWAY.search(text)


_LENGTH = re.compile(r"\b(?:shorter|longer|shorten|lengthen|extend|stretch)\b", re.I)


def changes_length(text: str) -> bool:
    """Whether ``text`` asks for something to last more or less ("make the title two seconds shorter"): one
    element's length, which a range cut out of every track does not give (a 1.5B model cut 0-2 s of the whole
    program for it)."""
    return _LENGTH.search(text) is not None


_RETIMES = re.compile(
    r"\b(?:earlier|later|sooner|longer|shorter|shorten|lengthen|extend|stretch|start|starts|starting|begin|begins|"
    r"beginning|end|ends|ending|until|till|last|lasts|before|after|move|moves|moving|shift|slide|nudge|sync|align|"
    r"when|middle|halfway|retime|timing|duration|length)\b",
    re.I,
)


def retimes(text: str) -> bool:
    """Whether ``text`` may ask for something to play at another time or for another length: it names a time, or
    says "earlier", "until", "move", "longer"... A request that does not ('change the title to "Day two"') asked
    for no element's start or end to change (the 1.5B model moved the title past the end of the video with it)."""
    return mentions_time(text) or _RETIMES.search(text) is not None


_EDGE = re.compile(
    r"\b(?:the\s+)?(last|final|first|opening)\s+(\d+(?:\.\d+)?)\s*(?:s|secs?|seconds?)\b"
    r"(?!\s+of\s+(?!(?:the\s+)?(?:video|program(?:me)?|edit|timeline|movie|film)\b))",
    re.I,
)


def edge_span(text: str, end: float | None) -> tuple[float, float] | None:
    """The stretch of the program ``text`` names by its edge ("blur the last two seconds": 18-20 s of a 20 s video;
    "the first 3 seconds": 0-3 s), in seconds; None when it names none, names more than one, or names the edge of
    something else ("the last two seconds of the intro")."""
    from neuralcut_cli.english import spell_numbers

    found = _EDGE.findall(spell_numbers(text.lower()))
    if len(found) != 1 or end is None:
        return None
    which, seconds = found[0][0], float(found[0][1])
    if seconds <= 0 or seconds > end:
        return None
    return (round(end - seconds, 3), round(end, 3)) if which in ("last", "final") else (0.0, seconds)


_MOVES = re.compile(r"\b(?:move|moves|moving|shift|slide|drag|push|nudge|bring)\b", re.I)


def moves_to(text: str) -> bool:
    """Whether ``text`` moves something ("move the logo to 12s"): its times are where things go, not what plays
    there, so the note does not list what plays at them (the 1.5B model moved everything at 12 s)."""
    return _MOVES.search(text) is not None


_BY = re.compile(
    r"\b(\d+(?:\.\d+)?)\s*(?:s|secs?|seconds?)\s+(shorter|longer)\b"
    r"|\b(shorten|lengthen|extend|trim)\b.*?\bby\s+(\d+(?:\.\d+)?)\s*(?:s|secs?|seconds?)\b",
    re.I,
)


def length_change(text: str) -> float | None:
    """The seconds a request adds to one element's length ("two seconds shorter": -2, "extend it by 3 seconds":
    +3); None when it says no amount, or several."""
    from neuralcut_cli.english import spell_numbers

    found = _BY.findall(spell_numbers(text.lower()))
    if len(found) != 1:
        return None
    amount, way, verb, by = found[0]
    if amount:
        return -float(amount) if way == "shorter" else float(amount)
    return -float(by) if verb in ("shorten", "trim") else float(by)
