"""The backends, one declaration each, as the tools are: what a name means, what it needs, how it is built and
what it can do. ``--backend``, the config file, ``/backend``, ``neuralcut backends`` and the error that lists the
choices all read this table; a new provider is one entry here and its module (CONTRIBUTING.md).

Each builder imports its backend when called, so choosing the offline backend imports no SDK."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from neuralcut_cli.errors import UsageError

if TYPE_CHECKING:  # light to import: the config file and --help read this table before any backend is built
    from neuralcut_cli.agent.backends.base import Backend

DEFAULT_BACKEND = "mock"


@dataclass(frozen=True)
class Wanted:
    """What a session asks of a backend: the name as given, a model, the project's frame rate, a server."""

    spec: str
    model: str | None = None
    fps: float = 30.0
    base_url: str | None = None


def _mock(wanted: Wanted) -> Backend:
    from neuralcut_cli.agent.backends.mock import MockBackend

    return MockBackend(fps=wanted.fps)


def _gemini(wanted: Wanted) -> Backend:
    from neuralcut_cli.agent.backends.gemini import GeminiBackend

    return GeminiBackend.from_environment(wanted.model)


def _openai(wanted: Wanted) -> Backend:
    from neuralcut_cli.agent.backends.openai_compat import OpenAIBackend

    return OpenAIBackend.from_environment(wanted.model, wanted.base_url)


def _remote(wanted: Wanted) -> Backend:
    from neuralcut_cli.agent.backends.remote import RemoteBackend

    return RemoteBackend(wanted.spec)


def _scripted(wanted: Wanted) -> Backend:
    from neuralcut_cli.agent.backends.scripted import ScriptedBackend

    return ScriptedBackend.from_file(Path(wanted.spec.split(":", 1)[1]))


@dataclass(frozen=True)
class BackendEntry:
    """One backend. ``name`` is what people type; an entry with ``prefix`` also takes every name that starts with
    one of them (a URL, ``scripted:PATH``)."""

    name: str
    called: str  # how a reply names it: "the offline backend"
    summary: str
    needs: str
    build: Callable[[Wanted], Backend]
    takes_model: bool = False
    streams: bool = False
    images: bool = False  # can look at a picture (a render's frames, for review)
    local: bool = True  # nothing leaves this machine unless its server is elsewhere
    prefix: tuple[str, ...] = ()
    proxy: bool = False  # it forwards to another NeuralCut server
    listed: bool = True  # shown in lists and help (scripted: a test aid, accepted but not offered)

    def takes(self, spec: str) -> bool:
        return spec == self.name or (bool(self.prefix) and spec.startswith(self.prefix))


BACKENDS: tuple[BackendEntry, ...] = (
    BackendEntry(
        "mock",
        "the offline backend",
        "the offline backend: a documented grammar of requests, no model (the default)",
        "nothing",
        _mock,
    ),
    BackendEntry(
        "gemini",
        "Gemini",
        "Google Gemini through google-genai (default model gemini-2.5-flash)",
        "GEMINI_API_KEY or GOOGLE_API_KEY",
        _gemini,
        takes_model=True,
        streams=True,
        images=True,
        local=False,
    ),
    BackendEntry(
        "openai",
        "the openai backend",
        "any OpenAI-compatible server: OpenAI, Groq, OpenRouter, Ollama, llama-server (the local extra)",
        "OPENAI_API_KEY, or --base-url of a server that needs none",
        _openai,
        takes_model=True,
        streams=True,
        images=True,
        local=False,
    ),
    BackendEntry(
        "http://HOST:PORT",
        "the proxy",
        "the URL of a `neuralcut serve` proxy: its backend answers",
        "a running `neuralcut serve` (NEURALCUT_SERVER_TOKEN if it asks for one)",
        _remote,
        local=False,
        prefix=("http://", "https://"),
        proxy=True,
    ),
    BackendEntry(
        "scripted:PATH",
        "the scripted backend",
        "a JSON file of model turns (tests)",
        "the file",
        _scripted,
        prefix=("scripted:",),
        listed=False,
    ),
)


def backend_spec(spec: str | None) -> str:
    """The backend asked for: the name given, else ``NEURALCUT_BACKEND``, else the default."""
    return (spec or os.environ.get("NEURALCUT_BACKEND") or DEFAULT_BACKEND).strip()


def choices() -> str:
    """The names people may type, for help and errors: "mock, gemini, openai, or http://HOST:PORT"."""
    names = [entry.name for entry in BACKENDS if entry.listed]
    return ", ".join(names[:-1]) + f", or {names[-1]}"


def entry_for(spec: str | None) -> BackendEntry:
    name = backend_spec(spec)
    for entry in BACKENDS:
        if entry.takes(name):
            return entry
    raise UsageError(f"Unknown backend '{name}': use {choices()} (a `neuralcut serve` proxy)")


def make_backend(
    spec: str | None = None, model: str | None = None, fps: float = 30.0, base_url: str | None = None
) -> Backend:
    """A backend from its name; heavy SDKs are imported only for the backend chosen."""
    name = backend_spec(spec)
    return entry_for(name).build(Wanted(name, model, fps, base_url))
