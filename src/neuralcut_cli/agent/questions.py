"""Whether a request asks rather than orders: "is the music muted?" asks, "can you mute it?" orders.

Shared by the offline backend (a question reads only as a row that looks) and the orchestrator (a question is
offered only the tools that read, and any edit it calls is refused)."""

from __future__ import annotations

import re

#: How a question starts.
QUESTION = (
    r"^(?:is|are|was|were|does|did|has|what|what's|whats|where|where's|which|how|who|why)\b|"
    r"^(?:do|have) (?:i|we|you)\b|^when (?:does|do|is|are|did)\b"
)
_NOT_ASKING = re.compile(r"^(?:how about|what about|why not|what if)\b")  # suggestions: edits may follow


def is_question(text: str) -> bool:
    """Whether ``text`` (as typed) is a question."""
    lowered = " ".join(text.lower().replace("’", "'").split())
    return re.match(QUESTION, lowered) is not None and _NOT_ASKING.match(lowered) is None
