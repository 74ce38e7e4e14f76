"""Running a request's plans in order (each intent carries the plan of the row that read it).

A chained request runs its steps one after the other; each step reads the
timeline as the previous one left it, and "it"/"them" in a step mean what
the step before acted on. If a step fails after an earlier one changed the
project, the request is undone as a whole (its edits are one undo step; an
undo or redo it made is moved back the other way) and the reply says which
part failed. Only when an edit followed an undo of the request (the edit
dropped what could be redone) does what was done stay, and the reply says so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Failed, Plan, Replay
from neuralcut_cli.agent.types import ToolResult


def run_request(intents: tuple[i.Intent, ...], replay: Replay, ctx: Context) -> tuple[str, bool]:
    """The reply and whether the request failed; ``NeedCall`` when a call has no result yet."""
    replies: list[str] = []
    for index, intent in enumerate(intents):
        try:
            done = replay.run(_plan_of(intent)(intent, ctx))
        except Failed as failure:
            return _stopped(intents, index, str(failure), replies, replay), True
        replies.append(done.reply)
        ctx.memory = done.targets or ctx.memory
    return "\n".join(replies), False


def _close(said: str, reason: str) -> str:
    """Two requests of the grammar close to ``said``, so a refusal teaches what does work (none when the reason
    already gives an example to say)."""
    from neuralcut_cli.agent.backends.mock.parse import closest_examples

    if not said or "e.g." in reason or "Say '" in reason:
        return ""
    shown = " · ".join(f"'{example}'" for example in closest_examples(said, 2))
    return f"\nRequests I understand that come close: {shown}"


def _plan_of(intent: i.Intent) -> Callable[[Any, Context], Plan]:
    if intent.plan is None:  # only parse makes intents: it gives each the plan of the row that read it
        raise TypeError(f"{type(intent).__name__} was not made by parse: it has no plan")
    return intent.plan


def _stopped(intents: tuple[i.Intent, ...], index: int, reason: str, replies: list[str], replay: Replay) -> str:
    if not replay.edited:
        return "\n".join([*replies, reason + _close(intents[index].said, reason)])
    part = f' (part {index + 1} of {len(intents)}, "{intents[index].said}")' if len(intents) > 1 else ""
    moves = _history_moves(replay)
    if moves is None:  # an edit after an undo dropped what it could redo: what was done stays, and is said
        return "\n".join([*replies, f"{reason}\nThat step failed{part}; the steps before it stay done."])
    for name in reversed(moves):  # each undo or redo of the request moved back, so the file is as it was
        replay.fetch(Call("redo" if name == "undo" else "undo"))
    if not moves or _edited_before(replay):
        replay.fetch(Call("undo"))  # the request's edits are one undo step: take them all back
    return f"{reason}\nThat step failed{part}, so I undid the whole request: the project is as it was."


def _edited_before(replay: Replay) -> bool:
    """Whether an edit of the request succeeded before its first undo or redo."""
    for call, result in replay.recorded[: replay.position]:
        if call.name in ("undo", "redo"):
            return False
        if _ok(result) and call.name in replay.mutating:
            return True
    return False


def _history_moves(replay: Replay) -> list[str] | None:
    """The undos and redos the request made so far, in order; None when an edit came after one of them (the
    history it could have moved back through is gone)."""
    moves: list[str] = []
    for call, result in replay.recorded[: replay.position]:
        if not _ok(result):
            continue
        if call.name in ("undo", "redo"):
            moves.append(call.name)
        elif moves and call.name in replay.mutating:
            return None
    return moves


def _ok(result: ToolResult) -> bool:
    return result.error is None and not (isinstance(result.result, dict) and "error" in result.result)
