"""Requests that only move the history: "undo", "redo that", "undo the last edit". Every backend that is a model
gets them carried out as they are, before any model is asked: a small local model answered "undo" with the undo
tool's description and never called it (issue 42), and a large one would spend a turn to call the only tool the
request can mean. The offline backend plans them itself."""

from __future__ import annotations

import re

_MOVE = re.compile(
    r"^(?:please\s+|ok(?:ay)?,?\s+|now\s+)?(undo|redo)"
    r"(?:\s+(?:it|that|this|the last (?:edit|change|request|step|one|thing)|my last (?:edit|change|request)|"
    r"what (?:you|i) just did))?(?:,?\s+please)?\s*[.!]*$",
    re.I,
)


def history_request(text: str) -> str | None:
    """``undo`` or ``redo`` when ``text`` asks only that, one step (else None: "undo the last three edits" or "undo
    the fade" goes to the model, which may ask what is meant)."""
    found = _MOVE.match(" ".join(text.replace("’", "'").split()))
    return found.group(1).lower() if found else None


def moved_reply(move: str, result: dict[str, object]) -> str:
    """What the person reads after the move: which request it took back (or brought again), and how many more
    steps the same word would move; the tool's error as it is ("Nothing to undo")."""
    if "error" in result:
        return str(result["error"])
    step = result.get("undone" if move == "undo" else "redone")
    said = step if isinstance(step, dict) else {}
    tools = ", ".join(str(t) for t in said.get("tools") or []) or "no edit"
    remaining = result.get("remaining", 0)
    verb = "Undid" if move == "undo" else "Redid"
    return f'{verb} "{said.get("request", "")}" ({tools}); {remaining} more to {move}.'
