"""An orchestrator over a scripted model, for tests of the agent loop in any folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from neuralcut_cli.agent.backends.scripted import ScriptedBackend
from neuralcut_cli.agent.orchestrator import Orchestrator
from neuralcut_cli.agent.stores import AgentStore, ChatStore
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.tools import default_registry


def orchestrator(path: Path, script: list[Any], **kwargs: Any) -> tuple[Orchestrator, ChatStore, AgentStore]:
    """An orchestrator on ``path`` whose model answers ``script`` in order, with its two stores."""
    chat, agent = ChatStore(), AgentStore()
    return (
        Orchestrator(ScriptedBackend(script), default_registry(), ProjectSession(path), chat, agent, **kwargs),
        chat,
        agent,
    )
