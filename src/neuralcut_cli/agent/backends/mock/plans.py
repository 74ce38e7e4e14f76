"""Running a request's plans in order (each intent carries the plan of the row that read it).

A chained request runs its steps one after the other; each step reads the
timeline as the previous one left it, and "it"/"them" in a step mean what
the step before acted on. If a step fails after an earlier one changed the
project, the request is undone as a whole (its edits are one undo step) and
the reply says which part failed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Failed, Plan, Replay


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
    if any(isinstance(intent, i.History) for intent in intents[:index]):  # an undo here moved history: keep it
        return "\n".join([*replies, f"{reason}\nThat step failed{part}; the steps before it stay done."])
    replay.fetch(Call("undo"))  # the request's edits are one undo step: take them all back
    part = f' (part {index + 1} of {len(intents)}, "{intents[index].said}")' if len(intents) > 1 else ""
    return f"{reason}\nThat step failed{part}, so I undid the whole request: the project is as it was."
