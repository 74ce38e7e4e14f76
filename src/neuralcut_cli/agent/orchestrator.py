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

import logging
import os
import threading
import time
from typing import Any

from neuralcut_cli.agent.added_media import added_asset
from neuralcut_cli.agent.approval import Approval
from neuralcut_cli.agent.asked_percent import as_fractions, percents_named
from neuralcut_cli.agent.asked_times import (
    changes_length,
    edge_span,
    mentions_time,
    moves_to,
    only_adds,
    retimes,
    times_named,
)
from neuralcut_cli.agent.backends.base import Backend, EmptyAnswer
from neuralcut_cli.agent.context import (
    build_context,
    conversation_window,
    deleted_element,
    element_span,
    named_track,
    resized,
    spanned_elements,
)
from neuralcut_cli.agent.endings import Endings, RequestOutcome
from neuralcut_cli.agent.events import (
    Listener,
    StatusChanged,
    TextArrived,
    ToolFinished,
    ToolProgress,
    ToolStarted,
)
from neuralcut_cli.agent.guard import RequestGuard
from neuralcut_cli.agent.history_requests import history_request, moved_reply
from neuralcut_cli.agent.out_of_reach import out_of_reach
from neuralcut_cli.agent.questions import is_question
from neuralcut_cli.agent.sole_ids import with_sole_ids
from neuralcut_cli.agent.stores import AgentStore, ChatStore
from neuralcut_cli.agent.tool_groups import unlocked_groups
from neuralcut_cli.agent.types import AgentContext, AssistantTurn, ChatMessage, ToolCall, ToolResult
from neuralcut_cli.agent.written_calls import HINT, agreed, correction, written_calls
from neuralcut_cli.editing.new_ids import replayed
from neuralcut_cli.errors import BackendError, NeuralCutError
from neuralcut_cli.media.ffmpeg import cancellable
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.time import TICKS_PER_SECOND
from neuralcut_cli.tools.definition import ToolContext, ToolDefinition
from neuralcut_cli.tools.groups import declared
from neuralcut_cli.tools.registry import ToolRegistry
from neuralcut_cli.tools.services import ToolServices

log = logging.getLogger("neuralcut.agent")

DEFAULT_MAX_STEPS = 24  # model turns per request (the mock makes one tool call per turn)


class RequestCancelled(Exception):
    """The user cancelled the request (Ctrl-C)."""


class Orchestrator(Endings):
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
        shown = () if self.backend.plans_its_calls or moves_to(asked) else named  # a destination is not a subject
        context = build_context(self.session, self.playback_time_ms, asked=shown)
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
            adds_asset=added_asset(self.session.project(), asked),
            named_element=deleted_element(self.session.project(), asked),
            resize=resized(self.session.project(), asked),
            edge=edge_span(asked, self.session.project().scene.end_time / TICKS_PER_SECOND),
            takes=lambda name: (
                frozenset(self.registry.get(name).parameters.get("properties") or ())
                if self.registry.has(name)
                else frozenset()
            ),
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
                    self._done(outcome, guard)  # nothing more to say after edits that succeeded: the request is done
                    return
                if nudge or not outcome.tool_results or outcome.tool_results[-1].error is None:
                    raise
                nudge = [ChatMessage(role="user", content=AFTER_EMPTY)]  # once, and never kept in the chat
                continue
            nudge = []
            _check(cancel)
            if not turn.tool_calls and guard.loops:
                taken = self._written(turn, outcome)
                if taken is None:
                    return
                turn = taken
            if not turn.tool_calls:
                self._finish(turn, outcome, question=guard.question)
                return
            self.chat.add_message(ChatMessage(role="assistant", content=turn.content, tool_calls=turn.tool_calls))
            stopped = self._answer_calls(turn.tool_calls, guard, outcome, cancel)
            if stopped == DONE:
                self._done(outcome, guard)
                return
            if stopped is not None:
                self._stop(stopped, outcome)
                return
        raise BackendError(f"Stopped after {self.max_steps} model turns without a final answer")

    def _written(self, turn: AssistantTurn, outcome: RequestOutcome) -> AssistantTurn | None:
        """``turn`` with the calls its text writes out, when they are calls (``written_calls``); None when the
        request was stopped because the text writes a call inside prose that is not one."""
        written = written_calls(turn.content, self.registry.keys())
        last = outcome.tool_results[-1] if outcome.tool_results else None
        if written is not None and (
            written.only
            or written.meant
            or written.corrects(last)
            or all(self._kind(c.name) == "read" for c in written.calls)
        ):
            return AssistantTurn(content="", tool_calls=written.calls)  # the calls, written as text (a read inside
            # prose too: it changes nothing, and its answer is what the model was after)
        fixed = None
        if last is not None and last.error is not None and self.registry.has(last.name):
            fixed = correction(turn.content, last, self.registry.get(last.name).parameters) or agreed(
                turn.content, last, self.registry.keys()
            )
        if fixed is not None:  # the failed call's arguments, corrected and written out without its name
            return AssistantTurn(content="", tool_calls=[fixed])
        if written is not None and written.shaped:  # a call object inside prose: not an answer
            self._stop(HINT.format(name=written.calls[0].name), outcome, model_said=turn.content)
            return None
        return turn

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
                    before = self.session.project()
                    results.append(guard.answered(self._call(call, outcome, cancel)))
                    ok, changed = results[-1].error is None, self.session.project() is not before
                    idle = guard.ran(call, self._kind(call.name), ok, changed)  # (it records what changed nothing)
                    if idle and said is calls[-1]:  # an edit that changed nothing after one that did, and no more
                        stopped = DONE  # calls in the turn: nothing more to do
                        break
                    continue
                if verdict.done:  # the edit it just made, made again: the request is done, and it went well (once
                    results.append(self._refused(call, verdict.error, outcome, shown=False))  # the turn's other
                    if said is calls[-1]:  # calls have run: a model may send several at once)
                        stopped = DONE
                        break
                    continue
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
