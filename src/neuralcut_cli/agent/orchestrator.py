"""The orchestrator: one request from the user's words to the final reply.

``sending`` -> backend -> for each tool call ``processing`` + active tool ->
the registry runs it -> results go back to the backend -> repeat until the
backend answers without tool calls (at most ``max_steps`` turns) ->
``responding`` -> reply appended -> ``idle``. Any failure sets the chat error
and the status ``error``. All the edits of one request are one undo step.

``cancel()`` (Ctrl-C) stops the request at the next boundary: a tool that
is running finishes (its edit is atomic), nothing after it runs.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from neuralcut_cli.agent.approval import DENIED, Approval
from neuralcut_cli.agent.asked_percent import as_fractions, percents_named
from neuralcut_cli.agent.asked_times import changes_length, mentions_time, only_adds, retimes, times_named
from neuralcut_cli.agent.backends.base import Backend, EmptyAnswer
from neuralcut_cli.agent.context import (
    build_context,
    conversation_window,
    element_span,
    named_track,
    spanned_elements,
)
from neuralcut_cli.agent.events import (
    Listener,
    StatusChanged,
    TextArrived,
    ToolFinished,
    ToolProgress,
    ToolStarted,
)
from neuralcut_cli.agent.guard import QUESTION_REFUSED, RequestGuard
from neuralcut_cli.agent.history_requests import history_request, moved_reply
from neuralcut_cli.agent.out_of_reach import out_of_reach
from neuralcut_cli.agent.questions import is_question
from neuralcut_cli.agent.sole_ids import with_sole_ids
from neuralcut_cli.agent.stores import AgentStore, ChatStore
from neuralcut_cli.agent.tool_groups import unlocked_groups
from neuralcut_cli.agent.types import AgentContext, AssistantTurn, ChatMessage, ToolCall, ToolResult
from neuralcut_cli.agent.written_calls import HINT, written_calls
from neuralcut_cli.editing.new_ids import replayed
from neuralcut_cli.errors import BackendError, NeuralCutError
from neuralcut_cli.media.ffmpeg import cancellable
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.model import Project
from neuralcut_cli.time import TICKS_PER_SECOND
from neuralcut_cli.tools.definition import ToolContext, ToolDefinition
from neuralcut_cli.tools.groups import declared
from neuralcut_cli.tools.registry import ToolRegistry
from neuralcut_cli.tools.services import ToolServices

log = logging.getLogger("neuralcut.agent")

DEFAULT_MAX_STEPS = 24  # model turns per request (the mock makes one tool call per turn)


class RequestCancelled(Exception):
    """The user cancelled the request (Ctrl-C)."""


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


class Orchestrator:
    def __init__(
        self,
        backend: Backend,
        registry: ToolRegistry,
        session: ProjectSession,
        chat: ChatStore,
        agent: AgentStore | None = None,
        max_steps: int = DEFAULT_MAX_STEPS,
        listener: Listener | None = None,
        services: ToolServices | None = None,
    ) -> None:
        self.backend = backend
        self.registry = registry
        self.session = session
        self.chat = chat
        self.agent = agent or AgentStore()
        self.max_steps = max_steps
        self.listener: Listener = listener or (lambda event: None)
        self.services = services or ToolServices()
        self.approval: Approval | None = None
        self.playback_time_ms = 0
        self._cancel = threading.Event()

    def cancel(self) -> None:
        """Cancel the request in flight (each request has its own token, so a
        cancelled request abandoned in a thread never wakes up and edits)."""
        self._cancel.set()

    def abandon(self) -> None:
        """Give up on a cancelled request still waiting in its thread: the agent is idle now, and whatever that
        thread does when its answer arrives no longer touches the status."""
        self._cancel.set()
        self._cancel = threading.Event()
        self.agent.set_status("idle")
        self.agent.set_active_tool(None)
        self.chat.set_loading(False)
        self.listener(StatusChanged("idle"))

    def _status(self, status: str) -> None:
        self.agent.set_status(status)  # type: ignore[arg-type]
        self.listener(StatusChanged(status))

    def run(self, text: str) -> RequestOutcome:
        """Run one request; never raises for backend or tool trouble. Its messages reach the chat file together,
        when it ends."""
        with self.chat.batch():
            return self._run(text)

    def _run(self, text: str) -> RequestOutcome:
        self._cancel = cancel = threading.Event()
        outcome = RequestOutcome()
        start = len(self.chat.messages)
        self.chat.add_message(ChatMessage(role="user", content=text))
        self.chat.error = None
        self.chat.set_loading(True)
        said = len(self.session.notices)
        try:
            before = self.session.project()
            with self.session.request(text):
                self._loop(start, outcome, cancel)
            self._say_if_unchanged(before, outcome)
        except RequestCancelled:
            if cancel is self._cancel:
                self._fail(outcome, "Request cancelled")
            else:  # abandoned: the session moved on, so the outcome only
                outcome.status, outcome.error, outcome.reply = "error", "Request cancelled", "Request cancelled"
        except (BackendError, NeuralCutError) as exc:
            self._fail(outcome, str(exc))
        except Exception as exc:  # noqa: BLE001 - a bug, but the session must survive it
            self._fail(outcome, f"internal error: {type(exc).__name__}: {exc}")
        finally:
            for notice in self.session.notices[said:]:  # a request stopped half way was rolled back: say so
                outcome.reply = f"{outcome.reply} {notice}".strip()
            del self.session.notices[said:]
            if cancel is self._cancel:  # an abandoned request leaves the session to the next one
                self.agent.set_active_tool(None)
                self.chat.set_loading(False)
        return outcome

    def _loop(self, start: int, outcome: RequestOutcome, cancel: threading.Event) -> None:
        asked = self.chat.messages[start].content
        named = times_named(asked)  # the offline backend reads its own: its note lists no times
        context = build_context(
            self.session, self.playback_time_ms, asked=() if self.backend.plans_its_calls else named
        )
        self.agent.set_context(context)
        guard = RequestGuard(
            question=is_question(asked),
            loops=not self.backend.plans_its_calls,
            named=named,
            timed=mentions_time(asked),
            adds_only=only_adds(asked),
            percents=percents_named(asked),
            resizes=changes_length(asked),
            spanned=lambda call: spanned_elements(self.session.project(), call.args),
            named_track=lambda: named_track(self.session.project(), asked),
            retimes=retimes(asked),
            span=lambda element_id: element_span(self.session.project(), element_id),
            end=self.session.project().scene.end_time / TICKS_PER_SECOND,
        )
        cant = out_of_reach(asked)
        if cant is not None:  # upload, post, send: no tool does it, so no model is asked
            self._finish(AssistantTurn(content=cant, failed=True), outcome)
            return
        move = None if self.backend.plans_its_calls else history_request(asked)
        if move is not None:  # "undo": the one tool it can mean, without a model turn
            result = self._call(ToolCall(name=move), outcome, cancel)
            self._finish(AssistantTurn(content=moved_reply(move, result.result)), outcome)
            return
        nudge: list[ChatMessage] = []
        for _ in range(self.max_steps):
            _check(cancel)
            self._status("sending")
            try:
                turn = self._ask(start, context, cancel, extra=nudge)
            except EmptyAnswer:
                if self._edited(outcome):
                    self._done(outcome)  # nothing more to say after edits that succeeded: the request is done
                    return
                if nudge or not outcome.tool_results or outcome.tool_results[-1].error is None:
                    raise
                nudge = [ChatMessage(role="user", content=AFTER_EMPTY)]  # once, and never kept in the chat
                continue
            nudge = []
            _check(cancel)
            written = None if turn.tool_calls or not guard.loops else written_calls(turn.content, self.registry.keys())
            if written is not None and (
                written.only or written.meant or all(self._kind(c.name) == "read" for c in written.calls)
            ):
                turn = AssistantTurn(content="", tool_calls=written.calls)  # the calls, written as text (a read
                # inside prose too: it changes nothing, and its answer is what the model was after)
            elif written is not None and written.shaped:  # a call object inside prose: not an answer
                self._stop(HINT.format(name=written.calls[0].name), outcome, model_said=turn.content)
                return
            if not turn.tool_calls:
                self._finish(turn, outcome, question=guard.question)
                return
            self.chat.add_message(ChatMessage(role="assistant", content=turn.content, tool_calls=turn.tool_calls))
            stopped = self._answer_calls(turn.tool_calls, guard, outcome, cancel)
            if stopped == DONE:
                self._done(outcome)
                return
            if stopped is not None:
                self._stop(stopped, outcome)
                return
        raise BackendError(f"Stopped after {self.max_steps} model turns without a final answer")

    def _ask(
        self, start: int, context: AgentContext, cancel: threading.Event, extra: list[ChatMessage] | None = None
    ) -> AssistantTurn:
        """One model turn over the conversation (and ``extra``, sent this turn only) and the tools it is shown (a
        question too: the same list keeps a server's prompt cache, and the guard refuses its edits)."""

        def on_text(chunk: str) -> None:
            if not cancel.is_set():
                self.listener(TextArrived(chunk))

        tools = self._declared()
        asked = time.perf_counter()
        conversation = [*conversation_window(self.chat.messages, start), *(extra or [])]
        turn = self.backend.complete(conversation, tools, context, on_text=on_text)
        log.debug(
            "%s answered in %.2f s: %d tool call(s), %d characters of text (%d tools declared)",
            self.backend.name,
            time.perf_counter() - asked,
            len(turn.tool_calls),
            len(turn.content or ""),
            len(tools),
        )
        return turn

    def _answer_calls(
        self, calls: list[ToolCall], guard: RequestGuard, outcome: RequestOutcome, cancel: threading.Event
    ) -> str | None:
        """Run (or, as the guard says, refuse) a turn's calls and record their answers; why the request stops, if
        it does."""
        results: list[ToolResult] = []
        stopped: str | None = None
        try:
            for said in calls:
                call = self._as_asked(said, guard)
                verdict = guard.check(call, self._kind(call.name))
                if verdict is None:
                    results.append(guard.answered(self._call(call, outcome, cancel)))
                    guard.ran(call, self._kind(call.name), results[-1].error is None)
                    continue
                if verdict.done:  # the edit it just made, made again: the request is done, and it went well
                    results.append(self._refused(call, verdict.error, outcome, shown=False))
                    stopped = DONE
                    break
                results.append(self._refused(call, verdict.error, outcome))
                if verdict.stop:
                    stopped = verdict.error
                    break
        finally:  # every call gets an answer, even when the request stops half way
            done = {r.tool_call_id for r in results}
            results += [
                ToolResult(
                    tool_call_id=c.id, name=c.name, result={"error": "Request cancelled"}, error="Request cancelled"
                )
                for c in calls
                if c.id not in done
            ]
            self.chat.add_message(ChatMessage(role="tool", content="", tool_results=results))
        return stopped

    def _as_asked(self, call: ToolCall, guard: RequestGuard) -> ToolCall:
        """``call`` with an id of the wrong kind that means one thing made that thing (``sole_ids``), and a percentage
        the request named read on its tool's 0..1 scale (``asked_percent``)."""
        if not self.registry.has(call.name):
            return call
        call = with_sole_ids(call, self.session.project())
        return as_fractions(call, self.registry.get(call.name).parameters, guard.percents)

    def _declared(self) -> list[ToolDefinition]:
        """The tools the model is shown this turn; none to a backend that plans its own calls (the offline one,
        which then loads only the tools it calls)."""
        if self.backend.plans_its_calls:
            return []
        return declared(self.registry.get_all(), unlocked_groups(self.chat.messages), every=self._every_tool())

    def _every_tool(self) -> bool:
        """Declare every group from the start (``NEURALCUT_TOOLS=all``, or the backend's own choice) rather than
        the core tools and the groups unlocked with use_tools (``lean``)."""
        said = os.environ.get("NEURALCUT_TOOLS", "").strip().lower()
        if said in ("all", "lean"):
            return said == "all"
        return self.backend.declares == "all"

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

    def _done(self, outcome: RequestOutcome) -> None:
        """End a request whose model made its last edit again: what was done, as a success (exit 0)."""
        done = [
            f"{c.name} {json.dumps(c.args, sort_keys=True, default=str)}"
            for c, r in zip(outcome.tool_calls, outcome.tool_results, strict=False)
            if r.error is None and self._kind(c.name) == "edit"
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

    def _call(self, call: ToolCall, outcome: RequestOutcome, cancel: threading.Event) -> ToolResult:
        _check(cancel)
        self.agent.set_active_tool(call.name)
        self._status("processing")
        self.listener(ToolStarted(call))
        context = ToolContext(
            self.session,
            self.playback_time_ms,
            progress=lambda text: self.listener(ToolProgress(text)),
            services=self.services,
            lenient_reads=True,
        )
        denied = self.approval.check(call, self.registry, self.session, self.services) if self.approval else None
        _check(cancel)
        if denied:
            raw: dict[str, Any] = {"error": denied}
        else:
            shown = self.approval.ids_for(call) if self.approval else ()
            with cancellable(cancel), replayed(shown):  # long media work stops with the request
                raw = self.registry.execute(call.name, call.args, context)
        result = ToolResult(
            tool_call_id=call.id, name=call.name, result=raw, error=raw.get("error") if isinstance(raw, dict) else None
        )
        outcome.tool_calls.append(call)
        outcome.tool_results.append(result)
        self.listener(ToolFinished(result))
        return result

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


#: Said after the model's words when a request ends on a failed call with no edit made.
FAILED_CALL = "Nothing was changed: the last call failed ({error})."

#: Sent once, for one turn, after an empty answer to a failed call (the 1.5B model went silent after "Unknown
#: arguments: elementIds, duration"): the model may still call again or say why it cannot.
AFTER_EMPTY = (
    "Your answer was empty. Your last call failed: read its error, then call the tool again with the arguments it "
    "takes, or say in one sentence why the request cannot be done."
)

#: What ``_answer_calls`` says when the request ended well (an edit made again right after it succeeded).
DONE = "\x00done"


def _check(cancel: threading.Event) -> None:
    if cancel.is_set():
        raise RequestCancelled()
