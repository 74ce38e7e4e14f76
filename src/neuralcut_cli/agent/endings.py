"""How a request ends: its outcome (``RequestOutcome``), and the endings every request comes to (``Endings``, the
orchestrator's): done after edits that succeeded, stopped by the guard, finished with the model's words (an error
when its last call failed and nothing was edited), failed, and "nothing changed" when its edits changed nothing.
The texts a person reads at those ends are here too."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from neuralcut_cli.agent.approval import DENIED
from neuralcut_cli.agent.events import Listener, StatusChanged, ToolFinished
from neuralcut_cli.agent.guard import QUESTION_REFUSED, RequestGuard
from neuralcut_cli.agent.stores import AgentStore, ChatStore
from neuralcut_cli.agent.types import AssistantTurn, ChatMessage, ToolCall, ToolResult
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.registry import ToolRegistry

#: Said after a request whose edits all succeeded and changed nothing.
UNCHANGED = "Nothing changed: the project already was that way."


@dataclass
class RequestOutcome:
    """What one request did."""

    reply: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    tool_results: list[ToolResult] = field(default_factory=list)
    status: str = "idle"
    error: str | None = None

    @property
    def failed(self) -> bool:
        return self.status == "error"

    def to_json(self) -> dict[str, Any]:
        return {
            "reply": self.reply,
            "toolCalls": [c.wire() for c in self.tool_calls],
            "toolResults": [r.wire() for r in self.tool_results],
            "status": self.status,
        }


#: Said after the model's words when a request ends on a failed call with no edit made.
FAILED_CALL = "Nothing was changed: the last call failed ({error})."


class Endings:
    """The ends of a request, for the orchestrator (which holds these stores, the registry and the listener)."""

    chat: ChatStore
    agent: AgentStore
    registry: ToolRegistry
    session: ProjectSession
    listener: Listener

    def _status(self, status: str) -> None:
        self.agent.set_status(status)  # type: ignore[arg-type]
        self.listener(StatusChanged(status))

    def _kind(self, name: str) -> str:
        return self.registry.get(name).kind if self.registry.has(name) else "read"

    def _refused(self, call: ToolCall, error: str, outcome: RequestOutcome, shown: bool = True) -> ToolResult:
        """The answer of a call the guard did not let run (the model sees why; ``shown``: the person too)."""
        result = ToolResult(tool_call_id=call.id, name=call.name, result={"error": error}, error=error)
        if shown:
            outcome.tool_calls.append(call)
            outcome.tool_results.append(result)
            self.listener(ToolFinished(result))
        return result

    def _done(self, outcome: RequestOutcome, guard: RequestGuard) -> None:
        """End a request whose model made its last edit again: what was done, as a success (exit 0); an edit that
        changed nothing is not named."""
        done = [
            f"{c.name} {json.dumps(c.args, sort_keys=True, default=str)}"
            for c, r in zip(outcome.tool_calls, outcome.tool_results, strict=False)
            if r.error is None and self._kind(c.name) == "edit" and c.id not in guard.unchanged
        ]
        message = "Done: " + "; ".join(done) + "." if done else "Done."
        self._finish(AssistantTurn(content=message), outcome, done=True)

    def _edited(self, outcome: RequestOutcome) -> bool:
        """Whether an edit of this request succeeded."""
        return any(r.error is None and self._kind(r.name) == "edit" for r in outcome.tool_results)

    def _stop(self, why: str, outcome: RequestOutcome, model_said: str = "") -> None:
        """End a request that went wrong: say why and how to go back (its edits are one undo step)."""
        edited = self._edited(outcome)
        back = (
            " The edits it made are one undo step: say 'undo' (/undo) to go back to where this request began."
            if edited
            else ""
            if "nothing was changed" in why
            else " Nothing was changed."
        )
        message = f"{why}{back}"
        self.chat.add_message(ChatMessage(role="assistant", content=model_said or message))
        self._fail(outcome, message)
        outcome.reply = message

    def _finish(self, turn: AssistantTurn, outcome: RequestOutcome, question: bool = False, done: bool = False) -> None:
        """End the request with ``turn``'s words: an error when its last call failed (``done``: never; its edits
        were made, and a call the model tried after them that failed changes nothing)."""
        self._status("responding")
        content, failed = turn.content, turn.failed
        subjects = list(turn.subjects) if turn.subjects and not failed else None
        self.chat.add_message(ChatMessage(role="assistant", content=content, subjects=subjects))
        outcome.reply = content
        errors = [  # refused, said no, or a read the model went past (a question's unknown name too): not failures
            r
            for r in outcome.tool_results
            if r.error not in (QUESTION_REFUSED, DENIED)
            and not (r.error and (self.registry.has(r.name) or question) and self._kind(r.name) == "read")
        ]
        last_failed = not done and bool(errors) and errors[-1].error is not None
        if (
            last_failed
            and self._kind(errors[-1].name) != "history"
            and not self._edited(outcome)
            and ("nothing was changed" not in content.lower())
        ):
            # the model's last words may claim what its failed call did not do ("the project now has a blur")
            outcome.reply = content = f"{content}\n{FAILED_CALL.format(error=errors[-1].error)}".strip()
        if failed or last_failed:
            self.chat.set_error(content or "The request failed")
            outcome.status = "error"
            outcome.error = self.chat.error
            self.agent.set_status("error")
            return
        self._status("idle")

    def _say_if_unchanged(self, before: Project, outcome: RequestOutcome) -> None:
        """Edits that all succeeded and left the project as it was (the title was already red): say so, rather
        than let the reply read as a change."""
        kinds = {r.name: self.registry.get(r.name).kind for r in outcome.tool_results if self.registry.has(r.name)}
        edited = [r for r in outcome.tool_results if kinds.get(r.name) == "edit" and r.error is None]
        if outcome.failed or not edited or "history" in kinds.values():
            return
        if self.session.project() is before:  # an edit that changes nothing writes nothing (``diff`` is None)
            outcome.reply = f"{outcome.reply}\n{UNCHANGED}".strip()

    def _fail(self, outcome: RequestOutcome, message: str) -> None:
        self.chat.set_error(message)
        self.agent.set_status("error")
        self.listener(StatusChanged("error"))
        outcome.status = "error"
        outcome.error = message
        if not outcome.reply:
            outcome.reply = message
