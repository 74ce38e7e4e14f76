"""The frame's shape: "make it vertical for shorts", "make it square", "reframe for TikTok and follow the
speaker", "keep the person on the left".

The plan calls ``set_aspect_ratio``, then ``reframe`` so the clips fill the new frame (following the speaker's
face where the face detector is installed, else their middle, said so).
"""

from __future__ import annotations

from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Intent
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan, answer
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.tools.outputs import AspectOutput, ReframeOutput


class Frame(Intent):
    ratio: str | None = None  # "9:16", "1:1", "4:5", "16:9"; None: the shape stays
    follow: str | None = None  # face, center, left, right; None: face where a shape is asked


# -- reading

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


def read_frame(c: Clause, v: Vocab) -> Frame | None:
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
    return Frame(ratio=ratio, follow=follow)


# -- plan


def plan_frame(intent: Frame, ctx: Context) -> Plan:
    said: list[str] = []
    if intent.ratio is not None:
        shaped = yield Call("set_aspect_ratio", {"ratio": intent.ratio}, allow_error=True)
        if "error" in shaped and "already" not in shaped["error"]:
            raise Failed(f"set_aspect_ratio failed: {shaped['error']}")
        if "error" in shaped:
            said.append(shaped["error"] + ".")
        else:
            aspect = answer(AspectOutput, shaped)
            moved = "; ".join(f"{m['elementId']} {m['what']}" for m in aspect["moved"])
            said.append(
                f"The frame is {intent.ratio} now ({aspect['width']}x{aspect['height']})"
                + (f": {moved}." if moved else ".")
            )
        if intent.ratio == "16:9" and intent.follow is None:
            return Done(" ".join(said))
    follow = intent.follow or "face"
    framed = yield Call("reframe", {"follow": follow}, allow_error=True)
    if "error" in framed and follow == "face" and intent.follow is None and "reframe extra" in framed["error"]:
        framed = yield Call("reframe", {"follow": "center"})  # no face detector: the middle, said below
        said.append("The clips fill it, cropped to their middle (install the reframe extra to follow the speaker).")
    elif "error" in framed:
        raise Failed(f"reframe failed: {framed['error']}")
    elif follow == "face":
        seen = [c.get("faceSeen", 0) for c in answer(ReframeOutput, framed)["clips"]]
        share = sum(seen) / len(seen) if seen else 0
        said.append(f"The clips fill it, following the speaker's face (seen in {share:.0%} of the moments looked at;"
                    " the middle where there is none). The framing is positionX keyframes you can adjust.")  # fmt: skip
    else:
        said.append(f"The clips fill it, kept to their {follow}.")
    return Done(" ".join(said), tuple(c["elementId"] for c in answer(ReframeOutput, framed)["clips"]))


ROWS: tuple[Rule, ...] = (
    Rule(
        "frame shape",
        read_frame,
        plan=plan_frame,
        examples=("make it vertical for shorts", "make it square", "reframe for TikTok and follow the speaker"),
        rank=12,
    ),
)
