"""The session-shell spec, scenario by scenario: stores, registry, orchestrator."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from agent_helpers import orchestrator

from neuralcut_cli.agent.backends.base import TextSink
from neuralcut_cli.agent.backends.scripted import ScriptedBackend
from neuralcut_cli.agent.endings import FAILED_CALL, RequestOutcome
from neuralcut_cli.agent.events import StatusChanged
from neuralcut_cli.agent.orchestrator import Orchestrator
from neuralcut_cli.agent.stores import AgentStore, ChatStore
from neuralcut_cli.agent.types import (
    AgentContext,
    AssistantTurn,
    ChatMessage,
    ToolCall,
    ToolDefinition,
    ToolResult,
)
from neuralcut_cli.errors import BackendError
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolContext
from neuralcut_cli.tools.registry import DefinitionRegistry, ToolRegistry

# -- Chat Store -----------------------------------------------------------------


def test_message_lifecycle() -> None:
    store = ChatStore()
    assert store.messages == []
    store.add_message({"role": "user", "content": "Hello"})
    assert len(store.messages) == 1
    assert (store.messages[0].role, store.messages[0].content) == ("user", "Hello")
    assert store.messages[0].id and store.messages[0].timestamp > 0


def test_error_state_persists_until_cleared() -> None:
    store = ChatStore()
    store.set_loading(True)
    store.set_error("API failed")
    assert store.error == "API failed"
    assert store.loading is False
    store.add_message({"role": "user", "content": "again"})
    assert store.error == "API failed"
    store.clear_messages()
    assert store.error is None and store.messages == []


def test_chat_store_is_persisted(tmp_path: Path) -> None:
    path = tmp_path / ".neuralcut" / "p" / "chat.json"
    first = ChatStore(path)
    first.add_message(ChatMessage(role="user", content="split at 5s"))
    first.add_message(
        ChatMessage(role="assistant", content="", tool_calls=[ToolCall(name="split", args={"times": [5]})])
    )
    second = ChatStore(path)
    assert [m.content for m in second.messages] == ["split at 5s", ""]
    assert (second.messages[1].tool_calls or [])[0].args == {"times": [5]}
    assert json.loads(path.read_text())["messages"][1]["toolCalls"][0]["name"] == "split"


def test_a_requests_messages_are_written_together_when_it_ends(
    demo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from neuralcut_cli.project import io

    path = demo_path.parent / ".neuralcut" / "demo" / "chat.json"
    writes: list[int] = []
    real = io.write_atomic

    def counted(target: Path, data: bytes) -> None:
        if Path(target) == path:
            writes.append(len(json.loads(data)["messages"]))
        real(target, data)

    monkeypatch.setattr(io, "write_atomic", counted)
    split = {"tool_calls": [{"name": "split", "args": {"times": [5]}}]}
    orch, chat, _ = orchestrator(demo_path, [split, {"content": "done"}, BackendError("quota exceeded")])
    chat.path = path
    assert orch.run("split at 5s").reply == "done"
    assert writes == [4]  # the request, the call, its answer, the reply: one write
    assert orch.run("again").failed
    assert writes == [4, 5] and json.loads(path.read_text())["error"] == "quota exceeded"  # a failure is kept too
    assert [m.content for m in ChatStore(path).messages] == ["split at 5s", "", "", "done", "again"]


def test_unreadable_chat_file_starts_empty(tmp_path: Path) -> None:
    path = tmp_path / "chat.json"
    path.write_text("{nope")
    assert ChatStore(path).messages == []


# -- Agent Store -------------------------------------------------------------------


def test_tool_execution_tracking() -> None:
    store = AgentStore()
    store.set_active_tool("echo_context")
    store.set_status("processing")
    assert (store.active_tool, store.status) == ("echo_context", "processing")


def test_reset_after_completion() -> None:
    store = AgentStore()
    store.set_status("processing")
    store.set_active_tool("echo_context")
    store.set_context(AgentContext(project_id="p"))
    store.reset()
    assert (store.status, store.active_tool) == ("idle", None)


# -- Tool Registry -------------------------------------------------------------------


def test_definition_registry_basics() -> None:
    registry: DefinitionRegistry[str, int] = DefinitionRegistry()
    registry.register("a", 1)
    registry.register("b", 2)
    assert registry.has("a") and not registry.has("c")
    assert registry.get("b") == 2
    assert registry.get_all() == [1, 2]
    with pytest.raises(ValueError):
        registry.register("a", 3)
    with pytest.raises(KeyError):
        registry.get("c")


def test_mock_echo_tool_executes(demo_path: Path) -> None:
    registry = ToolRegistry([default_registry().get("echo_context")])
    assert registry.get_all()[0].name == "echo_context"
    definition: ToolDefinition = registry.get("echo_context")
    result = definition.execute({}, ToolContext(ProjectSession(demo_path), playback_time_ms=250))
    assert result["projectId"] == "demo" and result["mediaCount"] == 6 and result["playbackTimeMs"] == 250
    assert definition.parameters == {"properties": {}, "type": "object"}


# -- Orchestrator ---------------------------------------------------------------------


def test_happy_path_with_no_tool_calls(demo_path: Path) -> None:
    orch, chat, agent = orchestrator(demo_path, [{"content": "Hello!", "toolCalls": []}])
    outcome = orch.run("Hi")
    assert [(m.role, m.content) for m in chat.messages] == [("user", "Hi"), ("assistant", "Hello!")]
    assert agent.status == "idle" and outcome.status == "idle" and outcome.reply == "Hello!"
    assert chat.error is None and chat.loading is False


def test_tool_call_resolution(demo_path: Path) -> None:
    orch, chat, agent = orchestrator(
        demo_path,
        [
            {"content": "", "toolCalls": [{"id": "c1", "name": "echo_context", "args": {}}]},
            {"content": "Done."},
        ],
    )
    statuses: list[str] = []
    orch.listener = lambda event: statuses.append(event.status) if isinstance(event, StatusChanged) else None
    outcome = orch.run("what project is this?")
    tool_message = next(m for m in chat.messages if m.role == "tool")
    (answer,) = tool_message.tool_results or []
    assert answer.tool_call_id == "c1" and answer.result["projectId"] == "demo"
    assert agent.status == "idle" and agent.active_tool is None
    assert statuses == ["sending", "processing", "sending", "responding", "idle"]
    assert outcome.to_json()["toolResults"][0]["result"]["mediaCount"] == 6


def test_several_calls_in_one_turn_run_in_order_as_one_undo_step(demo_path: Path) -> None:
    orch, chat, _ = orchestrator(
        demo_path,
        [
            {
                "toolCalls": [
                    {"id": "a", "name": "split", "args": {"times": [5]}},
                    {"id": "b", "name": "delete_timeline_elements", "args": {"elementIds": ["e-title"]}},
                    {"id": "c", "name": "list_timeline", "args": {}},
                ]
            },
            {"content": "Split and deleted."},
        ],
    )
    outcome = orch.run("split at 5 and drop the title")
    assert [r.name for r in outcome.tool_results] == ["split", "delete_timeline_elements", "list_timeline"]
    listing = outcome.tool_results[2].result
    assert all(e["elementId"] != "e-title" for t in listing["tracks"] for e in t["elements"])
    done, _ = orch.session.history.steps()
    assert [(s.source, len(s.calls)) for s in done] == [("split at 5 and drop the title", 2)]


def test_a_failing_tool_goes_back_to_the_model(demo_path: Path) -> None:
    seen: list[Any] = []

    def answer(conversation: Sequence[ChatMessage]) -> AssistantTurn:
        results = conversation[-1].tool_results
        assert results is not None
        seen.append(results[0].error)
        return AssistantTurn(content="That element does not exist.")

    orch, chat, agent = orchestrator(
        demo_path,
        [
            {"toolCalls": [{"id": "x", "name": "delete_timeline_elements", "args": {"elementIds": ["ghost"]}}]},
            answer,
        ],
    )
    outcome = orch.run("delete ghost")
    assert seen == ["Timeline elements not found: ghost"]
    assert outcome.failed and agent.status == "error"  # the last tool failed
    assert chat.error == "That element does not exist.\n" + FAILED_CALL.format(
        error="Timeline elements not found: ghost"
    )


def test_a_raising_backend_sets_error_and_the_session_survives(demo_path: Path) -> None:
    orch, chat, agent = orchestrator(demo_path, [BackendError("quota exceeded"), {"content": "ok"}])
    outcome = orch.run("first")
    assert outcome.failed and outcome.error == "quota exceeded"
    assert (chat.error, agent.status, chat.loading) == ("quota exceeded", "error", False)
    assert orch.run("second").reply == "ok"
    assert agent.status == "idle"


def test_an_unexpected_exception_is_contained(demo_path: Path) -> None:
    orch, chat, agent = orchestrator(demo_path, [RuntimeError("boom")])
    outcome = orch.run("x")
    assert outcome.failed and "internal error: RuntimeError: boom" in (chat.error or "")


def test_step_limit(demo_path: Path) -> None:
    turns = [
        {"toolCalls": [{"name": "list_timeline", "args": {}}]},
        {"toolCalls": [{"name": "list_project_assets", "args": {}}]},
        {"toolCalls": [{"name": "get_element", "args": {"elementId": "e-intro"}}]},
    ]  # different calls: no repeat for the request guard to stop first
    chat, agent = ChatStore(), AgentStore()
    orch = Orchestrator(
        ScriptedBackend(turns, repeat_last=True),
        default_registry(),
        ProjectSession(demo_path),
        chat,
        agent,
        max_steps=3,
    )
    outcome = orch.run("loop forever")
    assert outcome.failed and "Stopped after 3 model turns" in (outcome.error or "")
    assert len(outcome.tool_calls) == 3


def test_backend_not_understanding_fails_the_request(demo_path: Path) -> None:
    orch, chat, agent = orchestrator(demo_path, [{"content": "I can't do that", "failed": True}])
    assert orch.run("make it pop").failed and agent.status == "error"


def test_cancel_stops_before_the_next_tool(demo_path: Path) -> None:
    before = demo_path.read_bytes()
    chat, agent = ChatStore(), AgentStore()
    backend = ScriptedBackend([{"toolCalls": [{"name": "split", "args": {"times": [5]}}]}], delay=0.5)
    orch = Orchestrator(backend, default_registry(), ProjectSession(demo_path), chat, agent)
    outcomes: list[RequestOutcome] = []
    worker = threading.Thread(target=lambda: outcomes.append(orch.run("split at 5s")))
    worker.start()
    time.sleep(0.1)
    orch.cancel()
    worker.join(5)
    assert outcomes[0].failed and outcomes[0].error == "Request cancelled"
    assert demo_path.read_bytes() == before  # the split never ran
    assert chat.error == "Request cancelled"


def test_context_reaches_the_backend(demo_path: Path) -> None:
    contexts: list[AgentContext | None] = []

    class Spy(ScriptedBackend):
        def complete(
            self,
            conversation: Sequence[ChatMessage],
            tools: Sequence[ToolDefinition],
            context: AgentContext | None,
            on_text: TextSink | None = None,
        ) -> AssistantTurn:
            contexts.append(context)
            assert {t.name for t in tools} >= {"split", "list_timeline", "echo_context"}
            return AssistantTurn(content="ok")

    chat, agent = ChatStore(), AgentStore()
    orch = Orchestrator(Spy([]), default_registry(), ProjectSession(demo_path), chat, agent)
    orch.playback_time_ms = 4200
    orch.run("hi")
    assert contexts[0] is not None
    assert contexts[0].project_id == "demo" and contexts[0].playback_time_ms == 4200
    assert [a.id for a in contexts[0].media_assets][:2] == ["a-intro", "a-beach"]
    assert agent.context == contexts[0]


def test_every_tool_call_gets_an_answer_even_when_cancelled(demo_path: Path) -> None:
    chat, agent = ChatStore(), AgentStore()
    backend = ScriptedBackend(
        [
            {
                "toolCalls": [
                    {"id": "a", "name": "list_timeline", "args": {}},
                    {"id": "b", "name": "split", "args": {"times": [5]}},
                ]
            }
        ]
    )
    orch = Orchestrator(backend, default_registry(), ProjectSession(demo_path), chat, agent)
    original = orch._call

    def call_then_cancel(call: ToolCall, outcome: RequestOutcome, cancel: threading.Event) -> ToolResult:
        result = original(call, outcome, cancel)
        orch.cancel()
        return result

    orch._call = call_then_cancel  # type: ignore[method-assign]
    assert orch.run("look then cut").error == "Request cancelled"
    answers = chat.messages[-1].tool_results or []
    assert [(r.tool_call_id, r.error) for r in answers] == [("a", None), ("b", "Request cancelled")]


def test_the_history_window_starts_at_a_user_message() -> None:
    from neuralcut_cli.agent.context import HISTORY_WINDOW, conversation_window

    messages = []
    for index in range(30):
        messages += [
            ChatMessage(role="user", content=f"q{index}"),
            ChatMessage(role="assistant", content="", tool_calls=[ToolCall(id=f"c{index}", name="list_timeline")]),
            ChatMessage(role="tool", content=""),
        ]
    window = conversation_window(messages, len(messages) - 3)
    assert window[0].role == "user" and len(window) <= HISTORY_WINDOW + 3
    assert window[-3].content == "q29"
