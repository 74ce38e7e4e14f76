"""Reading the pieces of an editing request: quoted text, numbers spelled
out, and times the way people say them.

``Phrase`` keeps the original request, a lower-cased working text with
quoted strings lifted out (``"Day one"`` becomes ``«q0»``) and number words
turned into digits (``two seconds`` becomes ``2 seconds``), and every time
found in it (``5s``, ``00:05``, ``1:02.5``, ``90f``, ``3-6s``, ``from 1s to
2.5s``, ``the first 3 seconds``, ``the last two seconds``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from neuralcut_cli.errors import TimeParseError
from neuralcut_cli.time import parse_seconds

_QUOTES = re.compile(r"\"([^\"]*)\"|“([^”]*)”|«([^»]*)»|(?:(?<=\s)|^)'([^']+)'(?=[\s.,!?;:]|$)")
_ONES = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
         "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
         "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60}
_UNIT = r"(?:ms|milliseconds?|msecs?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|f|frames?)"
_NUM = r"(?:\d+(?:\.\d+)?|\.\d+)"
_TIME = (rf"(?:\d+:\d{{1,2}}(?::\d{{1,2}})?(?:\.\d+)?"  # 1:02.5, 00:01:02.500
         rf"|\d+\s*m\s*\d+(?:\.\d+)?\s*s?(?![a-z])"     # 1m30s, 1m 30s
         rf"|{_NUM}\s*{_UNIT}(?![a-z])"                 # 5s, 2.5 seconds, 90f
         rf"|{_NUM}(?![\d.%a-z]))")                      # 5
_LEFT = r"(?<![\w.:\-])"
TIME_RE = re.compile(_LEFT + r"(" + _TIME + r")")
RANGE_RE = re.compile(_LEFT + r"(?:(?:from\s+)?(" + _TIME + r")\s*(?:-|–|—|to|till|until|through)\s*(" + _TIME
                      + r")|between\s+(" + _TIME + r")\s+and\s+(" + _TIME + r"))")


# Text people type without quotes: "add a title saying Hello world at the top", "add text Welcome at 2s".
_UNQUOTED_TEXT = re.compile(
    r"(?i)(\b(?:saying|that says|which says|reading|with the (?:text|words)|(?:add|put|insert|write)\s+(?:a |some |the )?"
    r"(?:text|title|caption|subtitle|label|hook))\s+)(?!at\b|from\b|for\b|on\b|to\b)(.+?)"
    r"(?=\s+(?:at|from|for|on|in|between|starting|until|till|over)\b|\s+\d|$)")


class _Single:
    """A match-like holder so ``lift`` can take text found without quotes."""

    def __init__(self, text: str) -> None:
        self._text = text

    def groups(self) -> tuple[str]:
        return (self._text,)


def spell_numbers(text: str) -> str:
    """``two`` -> ``2``, ``twenty five`` -> ``25``, ``a second`` -> ``1 second``, ``half a second`` -> ``0.5 second``."""
    text = re.sub(r"\bhalf an? (second|minute)", r"0.5 \1", text)
    text = re.sub(r"\b(\d+) and a half\b", lambda m: f"{int(m.group(1)) + 0.5:g}", text)
    words = "|".join([*_TENS, *_ONES])
    text = re.sub(rf"\b({'|'.join(_TENS)})[\s-]({'|'.join(k for k in _ONES if _ONES[k] < 10 and _ONES[k] > 0)})\b",
                  lambda m: str(_TENS[m.group(1)] + _ONES[m.group(2)]), text)
    text = re.sub(rf"\b({words})\b", lambda m: str(_ONES.get(m.group(1), _TENS.get(m.group(1)))), text)
    text = re.sub(r"\b(\d+) and a half\b", lambda m: f"{int(m.group(1)) + 0.5:g}", text)
    text = re.sub(r"\ban? (second|minute|frame)\b", r"1 \1", text)
    return text


def to_seconds(token: str, fps: float, unit_hint: str | None = None) -> float:
    token = token.strip()
    if unit_hint and re.fullmatch(_NUM, token):
        token = token + unit_hint
    token = re.sub(r"\s+", "", token)
    token = re.sub(r"(seconds?|secs?)$", "s", token)
    token = re.sub(r"(minutes?|mins?)$", "m", token)
    token = re.sub(r"(hours?|hrs?)$", "h", token)
    token = re.sub(r"(frames?)$", "f", token)
    token = re.sub(r"(milliseconds?|msecs?)$", "ms", token)
    return parse_seconds(token, fps)


def _unit_of(token: str) -> str | None:
    match = re.search(r"[a-z]+$", token.strip())
    return match.group(0) if match else None


@dataclass
class Phrase:
    """A request, prepared for matching."""

    original: str
    fps: float = 30.0
    quotes: list[str] = field(default_factory=list)
    text: str = ""

    def __post_init__(self) -> None:
        def lift(match: re.Match[str] | _Single) -> str:
            text = next(g for g in match.groups() if g is not None)
            if isinstance(match, _Single):
                text = re.sub(r"(?i)^(?:saying|that says|which says|reading|:)\s*", "", text)
            self.quotes.append(text)
            return f" «q{len(self.quotes) - 1}» "

        lifted = _QUOTES.sub(lift, self.original.strip())
        if not self.quotes:
            lifted = _UNQUOTED_TEXT.sub(lambda m: m.group(1) + lift(_Single(m.group(2))), lifted, count=1)
        lowered = lifted.lower().replace("’", "'")
        lowered = re.sub(r"[?!]+$", "", lowered).strip().rstrip(".")
        self.text = " ".join(spell_numbers(lowered).split())

    # -- times -----------------------------------------------------------------
    def seconds(self, token: str, unit_hint: str | None = None) -> float:
        return to_seconds(token, self.fps, unit_hint)

    def times(self, text: str | None = None) -> list[float]:
        """Every time in the text, in order."""
        found = []
        for match in TIME_RE.finditer(text if text is not None else self.text):
            try:
                found.append(self.seconds(match.group(1)))
            except TimeParseError:
                continue
        return found

    def range(self, text: str | None = None) -> tuple[float, float] | None:
        """``from 1s to 2.5s``, ``3-6s``, ``between 3 and 6 seconds``, ``0 to 3s``."""
        source = text if text is not None else self.text
        for match in RANGE_RE.finditer(source):
            first, second = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
            hint = _unit_of(second) if _unit_of(first) is None else None
            try:
                start, end = self.seconds(first, hint), self.seconds(second)
            except TimeParseError:
                continue
            return start, end
        return None

    def head(self) -> float | None:
        """``the first 3 seconds`` -> 3."""
        match = re.search(rf"\b(?:for\s+)?(?:the\s+)?first\s+({_TIME})", self.text)
        return self.seconds(match.group(1)) if match else None

    def tail(self) -> float | None:
        """``the last two seconds`` -> 2 (counted back from the end of the timeline)."""
        match = re.search(rf"\b(?:for\s+)?the\s+(?:last|final)\s+({_TIME})", self.text)
        return self.seconds(match.group(1)) if match else None

    def duration(self) -> float | None:
        """``for 3 seconds``, ``last 10 seconds``, ``10 seconds long``, ``lasting 4s``."""
        patterns = [rf"\bfor\s+({_TIME})(?!\s*(?:-|to))", rf"(?<!the )\blast(?:ing)?\s+(?:for\s+)?({_TIME})",
                    rf"\b({_TIME})\s+long\b", rf"\bduration\s+(?:of\s+|to\s+)?({_TIME})"]
        for pattern in patterns:
            match = re.search(pattern, self.text)
            if match and not re.search(r"\bthe\s+first\b", self.text[max(0, match.start() - 12):match.end()]):
                return self.seconds(match.group(1))
        return None

    def after(self, words: str) -> float | None:
        """The time after one of ``words`` (a regex alternation): ``at 5s``, ``to 12s``."""
        match = re.search(rf"\b(?:{words})\s+({_TIME})", self.text)
        return self.seconds(match.group(1)) if match else None

    def quote(self, index: int = 0) -> str | None:
        return self.quotes[index] if index < len(self.quotes) else None

    def has(self, pattern: str) -> bool:
        return re.search(pattern, self.text) is not None
