"""Plans for the frame's shape: ``set_aspect_ratio``, then ``reframe`` so the clips fill the new frame (following
the speaker's face where the face detector is installed, else their middle, said so)."""

from __future__ import annotations

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan


def plan_frame(intent: i.Frame, ctx: Context) -> Plan:
    said: list[str] = []
    if intent.ratio is not None:
        shaped = yield Call("set_aspect_ratio", {"ratio": intent.ratio}, allow_error=True)
        if "error" in shaped and "already" not in shaped["error"]:
            raise Failed(f"set_aspect_ratio failed: {shaped['error']}")
        if "error" in shaped:
            said.append(shaped["error"] + ".")
        else:
            moved = "; ".join(f"{m['elementId']} {m['what']}" for m in shaped["moved"])
            said.append(
                f"The frame is {intent.ratio} now ({shaped['width']}x{shaped['height']})"
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
        seen = [c.get("faceSeen", 0) for c in framed["clips"]]
        share = sum(seen) / len(seen) if seen else 0
        said.append(f"The clips fill it, following the speaker's face (seen in {share:.0%} of the moments looked at;"
                    " the middle where there is none). The framing is positionX keyframes you can adjust.")  # fmt: skip
    else:
        said.append(f"The clips fill it, kept to their {follow}.")
    return Done(" ".join(said), tuple(c["elementId"] for c in framed["clips"]))
