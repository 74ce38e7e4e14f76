"""Small slots a request may fill: where on the frame, which style, how loud,
how much stronger, how many times, which effect parameters."""

from __future__ import annotations

import re

from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Corner, Level, TextPosition
from neuralcut_cli.agent.backends.mock.lexicon import COUNT_WORDS, PARAM_WORDS

A_BIT = r"(?:a (?:little )?bit|a little|slightly|a touch|somewhat|just a bit|a tad)"
A_LOT = r"(?:a lot|much|way|a lot more|lots|significantly|considerably|super|really|loads)"


def take_position(c: Clause) -> TextPosition | None:
    """top, center or bottom of the frame."""
    match = c.take(
        r"\b(?:at|to|on|in|near)?\s*(?:the\s+)?(?:very\s+)?(top|upper part|upper|bottom|lower part|lower|"
        r"middle|center|centre|centred|centered)(?:\s+(?:of|on)\s+(?:the\s+)?(?:screen|frame|video|"
        r"image|picture))?\b"
    )
    if match is None:
        return None
    word = match.group(1)
    return (
        "top" if word.startswith(("top", "upper")) else "bottom" if word.startswith(("bottom", "lower")) else "center"
    )


def take_corner(c: Clause) -> Corner | None:
    """top-left, top-right, bottom-left, bottom-right or center."""
    match = c.take(
        r"\b(?:at|to|on|in)?\s*(?:the\s+)?(top|upper|bottom|lower)[\s-]*(left|right)(?:\s+(?:corner|"
        r"side))?(?:\s+(?:of|on)\s+(?:the\s+)?(?:screen|frame|video))?\b"
    )
    if match is not None:
        top = match.group(1) in ("top", "upper")
        if match.group(2) == "left":
            return "top-left" if top else "bottom-left"
        return "top-right" if top else "bottom-right"
    if c.take(r"\b(?:at|in|to)?\s*(?:the\s+)?(?:center|centre|middle)(?:\s+of\s+(?:the\s+)?(?:screen|frame))?\b"):
        return "center"
    return None


def take_style(c: Clause) -> str | None:
    """The text preset a kind word asks for (the word stays for the reader)."""
    match = c.take(
        r"\b(subtitles?|captions?|subs|hooks?|labels?|titles?|headings?|headlines?|lower thirds?|"
        r"texts?|words)\b"
    )
    if match is None:
        return None
    word = match.group(1)
    if word.startswith(("sub", "caption")):
        return "subtitle"
    if word.startswith(("hook", "title", "heading", "headline")):
        return "hook"
    if word.startswith(("label", "lower")):
        return "label"
    return "plain"


def _db(sign: int, c: Clause) -> float:
    if c.take(rf"\b{A_BIT}\b") is not None:
        return sign * 3.0
    if c.take(rf"\b{A_LOT}\b") is not None:
        return sign * 9.0
    return sign * 6.0


_DOWN_WORDS = r"\b(?:down|quieter|lower|softer|reduce|decrease|drop|cut|duck|less|minus|attenuate)\b"
_UP_WORDS = r"\b(?:up|louder|raise|increase|boost|pump|crank|more|plus|amplify)\b"


def take_level(c: Clause) -> Level | None:
    """A volume: ``50%``, ``half``, ``-6 dB``, ``by 6 dB``, ``a bit quieter``, ``louder``, ``mute``, ``unmute``."""
    if c.take(r"\b(?:unmute|un-mute|turn (?:the )?sound back on|bring back the (?:sound|audio))\b"):
        return Level(gain=1.0)
    if c.take(
        r"\b(?:mute|silence|turn off the (?:sound|audio|volume)|kill the (?:sound|audio))\b|\bmuted\b|"
        r"\b(?:turn |switch )?off$|(?<=\x01)\s*off\b|\bsilent\b"
    ):
        return Level(mute=True)
    decibels = _decibels(c)
    if decibels is not None:
        return decibels
    if c.find(r"\d%\s+(?:louder|quieter|softer|lower|higher|more|less|up|down)\b"):
        return None  # "200% louder": twice, or three times as loud? Said in dB, it is one thing
    percent = c.take(r"(?:\b(?:to|at)\s+)?(\d+(?:\.\d+)?)%")
    if percent is not None:
        c.take(r"\b(?:down|up|lower|quieter|louder|volume|level)\b")
        return Level(gain=float(percent.group(1)) / 100)
    if c.take(r"\bhalf as loud\b|\btoo loud\b"):  # relative: 6 dB down from where it is
        return Level(delta_db=-6.0)
    if c.take(r"\btwice as loud\b|\btoo (?:quiet|soft)\b"):
        return Level(delta_db=6.0)
    if c.take(r"\b(?:to\s+|at\s+)?half(?:\s+(?:volume|the volume))?\b"):
        return Level(gain=0.5)
    if c.take(r"\b(?:to\s+|at\s+)?(?:full|max(?:imum)?|100)(?:\s+volume)?\b"):
        return Level(gain=1.0)
    fraction = c.take(r"\bto\s+(0?\.\d+|1(?:\.0+)?|0)\b")
    if fraction is not None:
        return Level(gain=float(fraction.group(1)))
    down = c.take(
        r"\b(?:quieter|softer|lower|less loud|turn (?:it |that |them )?down|down|reduce|decrease|"
        r"duck|lower the volume)\b"
    )
    if down is not None:
        return Level(delta_db=_db(-1, c))
    up = c.take(r"\b(?:louder|turn (?:it |that |them )?up|up|raise|boost|increase|pump up)\b")
    if up is not None:
        return Level(delta_db=_db(1, c))
    return None


_DB = r"(?P<n>[+-]?\d+(?:\.\d+)?)\s*(?:db|decibels?)\b"
_DIRECTION = (
    r"\b(?:reduce|decrease|lower|raise|increase|boost|turn (?:it |that |them )?(?:up|down)|up|down|quieter|louder|"
    r"softer|higher)\b"
)


def _decibels(c: Clause) -> Level | None:
    """``to -20 dB`` (a level), ``+3 dB`` / ``3 dB louder`` / ``down 3db`` / ``by 3 decibels`` with up or down (a
    change); a bare ``-20 dB`` is a level. A change without a direction (``by 6 dB``) is no reading."""
    level = c.take(rf"\b(?:to|at)\s+{_DB}")
    if level is None and (bare := c.find(rf"(?<![\w+]){_DB}")) is not None and bare.group("n").startswith("-"):
        if not re.search(r"\bby\b", c.text):
            level = c.take(rf"(?<![\w+]){_DB}")
    if level is not None:
        c.take(r"\b(?:down|up)\b")
        return Level(gain=10 ** (float(level.group("n")) / 20))
    change = c.take(rf"(?:\b(?:by|down by|up by)\s+)?(?<![\w])(?:{_DB})")
    if change is None:
        return None
    said = change.group("n")
    lowering, raising = bool(re.search(_DOWN_WORDS, c.text)), bool(re.search(_UP_WORDS, c.text))
    if said.startswith(("+", "-")):
        lowering, raising = said.startswith("-"), said.startswith("+")
    if lowering == raising:  # "change the music by 6 dB": up or down?
        return None
    c.take(_DIRECTION)
    value = abs(float(said))
    return Level(delta_db=-value if lowering else value)


def take_step(c: Clause) -> float | None:
    """How much stronger or weaker: a signed share of the way to the end of a parameter's range."""
    stronger = c.take(
        r"\b(?:stronger|more intense|more|heavier|harder|increase|intensify|boost|crank up|"
        r"turn up|bump up|up)\b"
    )
    weaker = (
        None
        if stronger
        else c.take(
            r"\b(?:weaker|less intense|less|lighter|softer|subtler|more subtle|"
            r"decrease|reduce|tone down|turn down|down)\b"
        )
    )
    if stronger is None and weaker is None:
        return None
    size = 0.1 if c.take(rf"\b{A_BIT}\b") else 0.5 if c.take(rf"\b{A_LOT}\b") else 0.25
    return size if stronger is not None else -size


def take_count(c: Clause) -> int | None:
    """``3 times``, ``three steps``, ``twice``, ``the last 2 changes``."""
    word = c.take(rf"\b({'|'.join(COUNT_WORDS)})\b")
    if word is not None:
        return COUNT_WORDS[word.group(1)]
    match = c.take(r"\b(?:the\s+last\s+)?(\d{1,2})\s+(?:times|steps?|changes|edits|things|actions|requests|moves)\b")
    return int(match.group(1)) if match else None


def take_params(c: Clause, effect: str) -> dict[str, float]:
    """``intensity 60``, ``with an intensity of 60``, ``radius to 50``, ``at 40%`` (the main parameter)."""
    names = PARAM_WORDS.get(effect, {})
    found: dict[str, float] = {}
    if names:
        words = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
        for match in c.take_all(
            rf"\b(?:with\s+(?:an?\s+|the\s+)?)?({words})\s+(?:of\s+|at\s+|to\s+|=\s*|level\s+)?"
            rf"(-?\d+(?:\.\d+)?)%?"
        ):
            found[names[match.group(1)]] = float(match.group(2))
    if not found and names:
        bare = c.take(r"\b(?:at|to|with)\s+(-?\d+(?:\.\d+)?)%")
        if bare is not None:
            found[next(iter(names.values()))] = float(bare.group(1))
    return found
