"""``ChatSession``: a project, a backend and the stores, ready for requests.

Used by ``run``, the pipe mode and the REPL alike. ``ask`` runs one request
in a worker thread so that Ctrl-C cancels the request, never the process.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from neuralcut_cli.agent.approval import Approval, Asker, Question
from neuralcut_cli.agent.backends.base import Backend
from neuralcut_cli.agent.backends.registry import backend_spec, make_backend
from neuralcut_cli.agent.endings import RequestOutcome
from neuralcut_cli.agent.events import Event, Listener
from neuralcut_cli.agent.orchestrator import Orchestrator
from neuralcut_cli.agent.stores import AgentStore, ChatStore
from neuralcut_cli.project.diff import Patch
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.history import Step
from neuralcut_cli.project.limits import has_lone_surrogate
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.paths import state_dir
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolContext
from neuralcut_cli.tools.registry import ToolRegistry

CANCEL_GRACE = 5.0  # seconds a running tool may take to finish after Ctrl-C


@dataclass
class Exchange:
    """One request: its outcome and the project before and after."""

    text: str
    outcome: RequestOutcome
    before: Project
    after: Project
    cancelled: bool = False


@dataclass
class ChatSession:
    project_path: Path
    backend_name: str | None = None
    model: str | None = None
    dry_run: bool = False
    base_url: str | None = None
    approve: str = "auto"
    asker: Asker | None = None  # how the front-end asks the person (approve: ask)
    listener: Listener | None = None
    session: ProjectSession = field(init=False)
    chat: ChatStore = field(init=False)
    agent: AgentStore = field(init=False)
    orchestrator: Orchestrator = field(init=False)

    def __post_init__(self) -> None:
        self.open(self.project_path)

    def open(self, path: Path) -> None:
        """(Re)open a project; the backend is kept."""
        session = ProjectSession(path, dry_run=self.dry_run)
        project = session.project()  # a bad file fails here, before anything else
        self.project_path = Path(path)
        self.session = session
        chat_file = None if self.dry_run else state_dir(session.path) / "chat.json"  # beside the real file
        self.chat = ChatStore(chat_file)
        self.agent = AgentStore()
        backend = make_backend(self.backend_name, self.model, fps=project.fps, base_url=self.base_url)
        self.orchestrator = Orchestrator(
            backend,
            default_registry(),
            self.session,
            self.chat,
            self.agent,
            listener=self._relay,
            services=backend.tool_services(),
        )
        self.orchestrator.approval = Approval(self.approve, asker=self._ask)

    def set_approve(self, mode: str) -> None:
        """``ask`` or ``auto`` from now on (the tools allowed "always" stay allowed)."""
        self.approve = mode
        if self.orchestrator.approval is not None:
            self.orchestrator.approval.mode = mode

    def _ask(self, question: Question) -> str:
        return self.asker(question) if self.asker else "no"

    def set_backend(self, name: str, model: str | None = None) -> None:
        backend = make_backend(name, model or self.model, fps=self.session.project().fps, base_url=self.base_url)
        self.backend_name, self.model = name, model or self.model
        self.orchestrator.backend = backend
        self.orchestrator.services = backend.tool_services()

    @property
    def backend(self) -> Backend:
        return self.orchestrator.backend

    @property
    def backend_label(self) -> str:
        """The backend as asked for (a proxy by its URL), with its model when it has one: ``gemini (gemini-2.5-flash)``."""
        name = backend_spec(self.backend_name)
        return f"{name} ({self.backend.model})" if self.backend.model else name

    # -- what the faces (REPL, pipe, run) ask of a session; they reach nothing behind it ---------------------------

    def project(self) -> Project:
        return self.session.project()

    @property
    def project_file(self) -> Path:
        """The file edits are saved to (the real one, under --dry-run too)."""
        return self.session.path

    @property
    def status(self) -> str:
        return self.agent.status

    @property
    def active_tool(self) -> str | None:
        return self.agent.active_tool

    @property
    def registry(self) -> ToolRegistry:
        return self.orchestrator.registry

    def run_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        """One tool, directly (``/assets``): its answer, as a model would get it."""
        return self.registry.execute(name, args, ToolContext(self.session))

    def move_history(self, backwards: bool) -> tuple[Step, Patch | None]:
        return self.session.move_history(backwards)

    def steps(self) -> tuple[list[Step], list[Step]]:
        return self.session.steps()

    def forget_conversation(self) -> None:
        self.chat.clear_messages()

    def watch(self, listener: Listener | None) -> None:
        """Who hears the requests' events from now on; ``None``: nobody."""
        self.listener = listener

    def answer_with(self, asker: Asker | None) -> None:
        """Who answers the approval questions (``--approve ask``) from now on; ``None``: every edit is denied."""
        self.asker = asker

    def _relay(self, event: Event) -> None:
        if self.listener:
            self.listener(event)

    def _work(self, text: str, box: list[RequestOutcome], done: threading.Event) -> None:
        try:
            box.append(self.orchestrator.run(text))
        except Exception as exc:  # noqa: BLE001 - a bug must read as one, not as "cancelled"
            message = f"Internal error: {type(exc).__name__}: {exc} (this is a bug)"
            box.append(RequestOutcome(reply=message, status="error", error=message))
        finally:
            done.set()

    def ask(self, text: str) -> Exchange:
        """Run one request; Ctrl-C (KeyboardInterrupt) cancels it and returns."""
        before = self.session.project()
        if has_lone_surrogate(text):  # bytes that were not UTF-8: refused, so the chat stays writable
            refused = "That request is not valid UTF-8 text; nothing was done"
            return Exchange(text, RequestOutcome(reply=refused, status="error", error=refused), before, before)
        box: list[RequestOutcome] = []
        # An Event, not Thread.join: a join that Ctrl-C interrupts can mark a running thread as stopped (CPython)
        done = threading.Event()
        threading.Thread(target=self._work, args=(text, box, done), daemon=True).start()
        cancelled = False
        try:
            while not done.wait(0.05):
                pass
        except KeyboardInterrupt:
            cancelled = True
            self.orchestrator.cancel()
            if self.agent.status == "processing":  # a tool is editing: let its atomic edit finish
                done.wait(CANCEL_GRACE)
            if not done.is_set():  # waiting on the model: its answer will be dropped, so the agent is idle now
                self.orchestrator.abandon()
        outcome = (
            box[0] if box else RequestOutcome(reply="Request cancelled", status="error", error="Request cancelled")
        )
        if cancelled and not outcome.failed:
            outcome.status, outcome.error = "error", "Request cancelled"
        return Exchange(text, outcome, before, self.session.project(), cancelled)
