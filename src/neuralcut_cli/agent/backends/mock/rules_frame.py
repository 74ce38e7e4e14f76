"""Readings of requests about the frame's shape: "make it vertical for shorts", "make it square", "reframe for
TikTok and follow the speaker", "keep the person on the left"."""

from __future__ import annotations

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.rule import Rule

#: What people call each shape, as ``set_aspect_ratio`` ratios.
SHAPES = (
    (r"9\s*[:x/]\s*16|vertical(?: video)?|portrait|upright|(?:for )?(?:youtube )?shorts|(?:for )?(?:instagram )?reels|"
     r"(?:for )?tiktoks?|(?:for )?(?:instagram )?stories|(?:for |into )?an? (?:short|reel|tiktok)", "9:16"),
    (r"1\s*[:x/]\s*1|square|(?:for )?(?:the )?instagram (?:feed|posts?)", "1:1"),
    (r"4\s*[:x/]\s*5", "4:5"),
    (r"16\s*[:x/]\s*9|horizontal|landscape|widescreen|wide screen|(?:for )?youtube(?! shorts)", "16:9"),
)  # fmt: skip
FOLLOW = (
    r"\b(?:and |while |, )?(?:follow(?:ing)?|track(?:ing)?|keep(?:ing)? (?:on|with|framing)|centred on|centered on|"
    r"focus(?:ed|ing)? on) (?:the |my )?(?:speaker|face|faces|person|presenter|subject|talker|host|me|him|her|them)\b"
)
SIDE = (
    r"\b(?:and |, )?keep(?:ing)? (?:the )?(?:person|speaker|subject|presenter|action|face|focus)? ?"
    r"(?:on|to|at|in) the (left|right|center|centre|middle)(?: side)?\b"
)


def read_frame(c: Clause, v: Vocab) -> i.Intent | None:
    """``make it vertical for shorts``, ``make it square``, ``reframe for TikTok and follow the speaker``."""
    verb = c.take(
        r"\b(?:make|turn|convert|change|crop|reformat|format|export|resize|reframe|cut down)(?: (?:it|this|the "
        r"(?:video|edit|project|clip|canvas|frame)))?(?: (?:into|to|for|as)(?= ))?\b"
    )
    named = {
        shape
        for pattern, shape in SHAPES
        for _ in c.take_all(rf"\b(?:{pattern})\b(?: (?:video|format|aspect(?: ratio)?|ratio|crop))?")
    }
    if len(named) > 1:
        return None  # two shapes at once: which?
    ratio = next(iter(named), None)
    follow = "face" if c.take(FOLLOW) is not None else None
    side = c.take(SIDE)
    if side is not None:
        follow = {"middle": "center", "centre": "center"}.get(side.group(1), side.group(1))
    if c.take(r"\b(?:center|centre) crop(?:ped)?\b") is not None:
        follow = "center"
    reframe = c.take(r"\breframe\b") is not None or (verb is not None and "reframe" in verb.group(0))
    if ratio is None and follow is None:
        return None
    if verb is None and not reframe and follow is None:
        return None
    c.take(r"\b(?:aspect ratio|the aspect|ratio|format|video|frame)\b")
    return i.Frame(ratio=ratio, follow=follow)


ROWS: tuple[Rule, ...] = (
    Rule(
        "frame shape",
        read_frame,
        plan="plans_frame:plan_frame",
        examples=("make it vertical for shorts", "make it square", "reframe for TikTok and follow the speaker"),
        rank=12,
    ),
)
