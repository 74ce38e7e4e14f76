"""Approval before edits (``--approve ask``): each editing tool call is first run on a copy of the project (a dry
run), the person sees what it would change and answers yes, no, or always for that tool this session. A denial
goes back to the model as the tool's error ``User denied permission``. Read-only tools never ask;
``load_asset_context`` asks the first time an asset would be uploaded (the file leaves the machine), and
``review_render`` the first time a preview render would be.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from neuralcut_cli.agent.types import ToolCall
from neuralcut_cli.editing.new_ids import recorded
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.definition import ToolContext
from neuralcut_cli.tools.registry import ToolRegistry

DENIED = "User denied permission"
MODES = ("ask", "auto")


@dataclass(frozen=True)
class Question:
    """What the person is asked about: the call, and the project before and after it (None: not an edit)."""

    call: ToolCall
    before: Project | None = None
    after: Project | None = None
    note: str = ""  # for a call that is not an edit, what it would do
    refused: str = ""  # the dry run's own error, if the call would fail anyway
    ids: tuple[str, ...] = ()  # the ids the dry run made: the real run makes the same


#: Answers ``"yes"``, ``"no"`` or ``"always"``.
Asker = Callable[[Question], str]


@dataclass
class Approval:
    mode: str = "auto"
    asker: Asker | None = None
    always: set[str] = field(default_factory=set)
    uploads: set[str] = field(default_factory=set)
    planned: dict[str, tuple[str, ...]] = field(default_factory=dict)  # call id -> the ids its preview showed

    def check(self, call: ToolCall, registry: ToolRegistry, session: ProjectSession, services: Any) -> str | None:
        """None when the call may run; else the error the model gets."""
        if self.mode != "ask" or call.name in self.always:
            return None
        if not registry.has(call.name):
            return None  # the registry answers an unknown tool itself
        definition = registry.get(call.name)
        if definition.approval == "upload":
            asset = _uploaded(call)
            if asset in self.uploads:
                return None
            question = Question(call, note=f"uploads {asset} to the model's provider (the file leaves this machine)")
        elif definition.approval == "dry-run":
            question = _dry_run(call, registry, session, services)
        else:
            return None
        answer = self.asker(question) if self.asker else "no"
        if answer == "always":
            self.always.add(call.name)
        if answer in ("yes", "always"):
            if definition.approval == "upload":
                self.uploads.add(_uploaded(call))
            self.planned[call.id] = question.ids
            return None
        return DENIED

    def ids_for(self, call: ToolCall) -> tuple[str, ...]:
        """The ids the approved preview of ``call`` showed (none when it was not asked about)."""
        return self.planned.pop(call.id, ())


def _uploaded(call: ToolCall) -> str:
    """What an upload call sends: an asset (asked once per asset), else a preview render of the timeline
    (``review_render``: asked once per session)."""
    asset = call.args.get("assetId")
    return str(asset) if asset else "a preview render of the timeline"


def _dry_run(call: ToolCall, registry: ToolRegistry, session: ProjectSession, services: Any) -> Question:
    copy = ProjectSession(session.path, dry_run=True)
    before = copy.project()
    made: list[str] = []
    with recorded(made):
        result = registry.execute(call.name, call.args, ToolContext(copy, services=services))
    refused = str(result.get("error", "")) if isinstance(result, dict) else ""
    return Question(call, before, copy.project(), refused=refused, ids=tuple(made))
