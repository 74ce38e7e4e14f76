"""An orchestrator over a scripted model, for tests of the agent loop in any folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cli_helpers import Result, invoke
from fake_openai import FakeOpenAI

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


def run_openai(path: Path, text: str) -> Result:
    """``neuralcut run TEXT -p PATH --backend openai --json`` in-process (the fake server's URL is in the
    environment)."""
    return invoke("run", text, "-p", path, "--backend", "openai", "--json")


def tool_answers(server: FakeOpenAI, request: int) -> list[dict[str, Any]]:
    """What the tools answered, as the model was sent them in the server's request number ``request``."""
    return [json.loads(m["content"]) for m in server.requests[request][1]["messages"] if m["role"] == "tool"]


def main_elements(path: Path) -> list[dict[str, Any]]:
    """The main track's elements, as the project file holds them."""
    return list(json.loads(path.read_text())["scenes"][0]["tracks"]["main"]["elements"])
