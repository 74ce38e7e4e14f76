"""Keeping one stretch of the program: "keep only 6 s to 12 s", "keep just the part from 2s to 8s", "start the
video at 4s", "skip the first 6 seconds", "end the video at 15s".

Everything outside the stretch is removed on every track (sync lock, as ``remove_range`` does it) and the
stretch then begins at 0: the cut at the start always closes up. A stretch that reaches past the end of the
program keeps what there is.
"""

from __future__ import annotations

from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Intent
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.replay import (
    Context,
    Done,
    Failed,
    Plan,
    call,
    end_of,
    listing,
    tc,
)
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.times import take_range, take_time
from neuralcut_cli.tools.outputs import RemoveRangeOutput


class Keep(Intent):
    start: float = 0.0
    end: float | None = None  # None: to the end of the program


_PROGRAM = r"(?:the\s+)?(?:video|edit|timeline|movie|film|program(?:me)?|footage)"


def read_keep(c: Clause, v: Vocab) -> Keep | None:
    if c.take(r"^(?:please\s+)?(?:keep|leave|use)\s+(?:only\s+|just\s+)?") is not None:
        c.take(rf"\b(?:the\s+)?(?:part|section|bit|stretch|portion|piece|footage)\b|\b{_PROGRAM}\b")
        c.take(r"\b(?:from|between)\b")
        found = take_range(c, v)
        if found is None:
            return None
        c.take(r"\b(?:only|and (?:cut|delete|remove|drop) (?:the rest|everything else))\b")
        return Keep(start=found[0], end=found[1]) if found[1] > found[0] else None
    if c.take(rf"^(?:please\s+)?(?:start|begin)\s+{_PROGRAM}\b") is not None:
        at = take_time(c, v, r"at|from")
        return Keep(start=at) if at is not None and at > 0 else None
    if c.take(r"^(?:please\s+)?skip\s+(?:over\s+)?the\s+first\b") is not None:
        first = take_time(c, v)
        c.take(rf"\b(?:of\s+)?{_PROGRAM}\b")
        return Keep(start=first) if first is not None and first > 0 else None
    return None


def plan_keep(intent: Keep, ctx: Context) -> Plan:
    from neuralcut_cli.tools.ripple_tools import RemoveRangeArgs

    items = yield from listing()
    total = end_of(items)
    if intent.start >= total:
        raise Failed(f"The program ends at {tc(total)}: nothing lies after {tc(intent.start)}, so I changed nothing.")
    end = total if intent.end is None else min(intent.end, total)
    said = []
    if end < total - 1e-6:
        tail = yield from call(
            "remove_range", RemoveRangeArgs(start=round(end, 6), end=round(total, 6)), RemoveRangeOutput
        )
        said.append(f"removed {tc(end)}–{tc(total)} ({len(tail['deletedElements'])} "
                    "pieces)")  # fmt: skip
    if intent.start > 1e-6:
        head = yield from call(
            "remove_range", RemoveRangeArgs(start=0.0, end=round(intent.start, 6), ripple=True), RemoveRangeOutput
        )
        said.append(f"removed 00:00.00–{tc(intent.start)} and closed up "
                    f"({len(head['movedElements'])} elements moved earlier)")  # fmt: skip
    if not said:
        return Done(f"The program already is {tc(intent.start)}–{tc(end)}; nothing changed.")
    kept = end - intent.start
    return Done(f"Kept {tc(intent.start)}–{tc(end)} ({kept:g} s): {'; '.join(said)}. The video now runs 00:00.00–"
                f"{tc(kept)}, beginning with what was at {tc(intent.start)}.")  # fmt: skip


ROWS: tuple[Rule, ...] = (
    Rule(
        "keep a stretch",
        read_keep,
        plan=plan_keep,
        examples=("keep only 6s to 12s", "start the video at 4s", "skip the first 3 seconds"),
        rank=357,
    ),
)
