"""Choosing a backend: ``mock`` (default), ``gemini``, ``openai`` (any OpenAI-compatible server), a proxy URL,
or ``scripted:PATH``."""

from __future__ import annotations

import os
from pathlib import Path

from neuralcut_cli.agent.backends.base import Backend
from neuralcut_cli.errors import UsageError

DEFAULT_BACKEND = "mock"


def backend_spec(spec: str | None) -> str:
    return (spec or os.environ.get("NEURALCUT_BACKEND") or DEFAULT_BACKEND).strip()


def make_backend(
    spec: str | None = None, model: str | None = None, fps: float = 30.0, base_url: str | None = None
) -> Backend:
    """A backend from its name; heavy SDKs are imported only for the backend chosen."""
    name = backend_spec(spec)
    if name == "mock":
        from neuralcut_cli.agent.backends.mock import MockBackend

        return MockBackend(fps=fps)
    if name.startswith("scripted:"):
        from neuralcut_cli.agent.backends.scripted import ScriptedBackend

        return ScriptedBackend.from_file(Path(name.split(":", 1)[1]))
    if name == "gemini":
        from neuralcut_cli.agent.backends.gemini import GeminiBackend

        return GeminiBackend.from_environment(model)
    if name == "openai":
        from neuralcut_cli.agent.backends.openai_compat import OpenAIBackend

        return OpenAIBackend.from_environment(model, base_url)
    if name.startswith(("http://", "https://")):
        from neuralcut_cli.agent.backends.remote import RemoteBackend

        return RemoteBackend(name)
    raise UsageError(f"Unknown backend '{name}': use mock, gemini, openai, or the URL of a `neuralcut serve` proxy")
