"""The tool groups a conversation has unlocked: every group a successful ``use_tools`` call named."""

from __future__ import annotations

from collections.abc import Sequence

from neuralcut_cli.agent.types import ChatMessage
from neuralcut_cli.tools.groups import UNLOCKABLE


def unlocked_groups(conversation: Sequence[ChatMessage]) -> set[str]:
    calls = {call.id: call for message in conversation for call in message.tool_calls or [] if call.name == "use_tools"}
    unlocked: set[str] = set()
    for message in conversation:
        for result in message.tool_results or []:
            call = calls.get(result.tool_call_id)
            if call is not None and not result.error:
                groups = call.args.get("groups")
                unlocked |= {g for g in groups if g in UNLOCKABLE} if isinstance(groups, list) else set()
    return unlocked
