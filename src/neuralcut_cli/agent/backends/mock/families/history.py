"""Moving through history: "undo", "undo that trim", "go back three steps", "redo" (one request is one
undo step; the plan calls ``undo``/``redo`` once a step and says what each took back).
"""

from __future__ import annotations

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.slots import take_count

#: Words people put before "undo" that only say they changed their mind.
_REGRET = (
    r"^(?:(?:nvm|never ?mind|oops|whoops|oh no|ugh|actually|wait|hmm|my bad|scratch that|no|nope|forget it|"
    r"on second thought)\W*\s*)+"
)

#: "undo everything", "undo all my changes": every step there is (bounded: see ``ALL_STEPS``).
_ALL = r"\b(?:everything|all(?: of)?(?: (?:it|them|that|my|the))?(?: (?:changes|edits|steps))?|all the way back)\b"


def read_undo(c: Clause, v: Vocab) -> i.Intent | None:
    if c.take(r"^(?:scratch|strike|forget) that$"):  # alone, it takes back the last request
        return i.History(backwards=True, count=1)
    c.take(_REGRET)
    verb = c.take(
        r"\b(?:undo|take (?:that|it) back|revert(?: (?:that|it|the last (?:change|edit)))?|go back|"
        r"step back|roll back|rollback)\b"
    )
    if verb is None:
        return None
    count = i.ALL_STEPS if c.take(_ALL) else take_count(c) or _both(c) or 1
    c.take(r"\b(?:that|it|the last (?:change|edit|thing|request)|last change|back|my last (?:change|edit))\b")
    c.take(r"\b(?:(?:the\s+)?last\s+)?(?:trim|cut|split|change|edit|deletion|delete|move|fade|speed change)\b"
           r"(?=\s*$)")  # fmt: skip  # "undo that trim": the last request, named by what it did
    return i.History(backwards=True, count=count)


def read_redo(c: Clause, v: Vocab) -> i.Intent | None:
    c.take(_REGRET)
    if c.take(r"\b(?:redo|re-do|do (?:that|it) again|bring (?:that|it) back|put (?:that|it) back)\b") is None:
        return None
    count = i.ALL_STEPS if c.take(_ALL) else take_count(c) or _both(c) or 1
    c.take(r"\b(?:that|it|the last (?:change|edit|thing|undo))\b")
    return i.History(backwards=False, count=count)


def _both(c: Clause) -> int | None:
    """ "undo both", "redo those two": two steps."""
    return 2 if c.take(r"\b(?:both(?: of (?:them|those|these))?|(?:those|these|the(?: last)?) two)\b") else None


def plan_history(intent: i.History, ctx: Context) -> Plan:
    name = "undo" if intent.backwards else "redo"
    done: list[str] = []
    for _ in range(intent.count):
        result = yield Call(name, allow_error=True)
        if "error" in result:
            if not done:
                raise Failed(result["error"])
            break
        done.append(result["undone" if intent.backwards else "redone"]["request"])
        if result.get("remaining") == 0:  # "undo everything": stop before a call that can only fail
            break
    verb = "Undid" if intent.backwards else "Redid"
    shown = "; ".join(f'"{request}"' for request in done)
    if intent.count == i.ALL_STEPS:
        more = len(done) == intent.count and result.get("remaining", 0) > 0
        short = f" (the last {len(done)}; there are more: say it again)" if more else f" (all {len(done)})"
    else:
        short = f" (only {len(done)} of {intent.count}: there was no more)" if len(done) < intent.count else ""
    return Done(f"{verb} {shown}{short}.")


#: The family's rows (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "undo",
        read_undo,
        plan=plan_history,
        examples=("undo", "go back three steps", "undo the last 2 changes"),
        rank=20,
    ),
    Rule(
        "redo",
        read_redo,
        plan=plan_history,
        examples=("redo", "redo twice"),
        rank=30,
    ),
)
