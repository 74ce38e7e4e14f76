"""Shared fixtures: a private copy of the demo project, a CLI runner."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Cli, WriteProject
from fake_gemini import FakeGemini, FakeGeminiServer
from fake_openai import FakeOpenAI, FakeOpenAIServer
from typer.testing import CliRunner
from typer.testing import Result as ClickResult

REPO = Path(__file__).resolve().parent.parent
DEMO = REPO / "projects" / "demo.json"

# A suite started in the background (``cmd &``) inherits SIGINT ignored, and so would every neuralcut it
# starts: the Ctrl-C tests would then test nothing. A handler (not "ignore") is reset to the default at exec,
# so the processes the tests start take Ctrl-C as a person's terminal sends it.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Compiled modules are kept (in the gitignored __pycache__ folders) even where the environment asks Python not to
# write them (PYTHONDONTWRITEBYTECODE, set on some CI images): otherwise every worker compiles every test module and
# the package again on each run, and every `neuralcut` a test starts compiles the package (it reads what is kept).
sys.dont_write_bytecode = False

# The offline backend's compiled patterns (``mock.patterns``) go to a folder of this run, not the developer's cache.
os.environ.setdefault("NEURALCUT_CACHE_DIR", tempfile.mkdtemp(prefix="neuralcut-test-cache-"))


@pytest.fixture(autouse=True)
def no_network_backends(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reaches a real provider: no keys, and Gemini points at a closed
    loopback port unless a test asks for the fake server (``gemini`` fixture)."""
    for name in (
        "GEMINI_API_KEY",
        "GOOGLE_API_KEY",
        "NEURALCUT_BACKEND",
        "NEURALCUT_MODEL",
        "NEURALCUT_SERVER_TOKEN",
        "NEURALCUT_WHISPER_MODEL",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # no model is ever fetched from a hub in a test
    monkeypatch.setenv("GOOGLE_GEMINI_BASE_URL", "http://127.0.0.1:9")
    monkeypatch.setenv("NEURALCUT_GEMINI_RETRY_DELAY", "0.01")
    monkeypatch.setenv("NEURALCUT_GEMINI_POLL_INTERVAL", "0.01")


@pytest.fixture(autouse=True)
def no_personal_config(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Tests never read the developer's own config file or skills."""
    if "NEURALCUT_CONFIG" not in os.environ:  # the platform's folder, empty (NEURALCUT_CONFIG must name a file)
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.getbasetemp() / "no-config"))


@pytest.fixture
def gemini(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeGemini]:
    """A fake Gemini server on a loopback port, and the environment pointing at it."""
    with FakeGeminiServer() as fake:
        monkeypatch.setenv("GOOGLE_GEMINI_BASE_URL", fake.url)
        monkeypatch.setenv("GEMINI_API_KEY", SECRET_KEY)
        yield fake


SECRET_KEY = "AIzaSy-test-key-do-not-print-8f3b2c"
OPENAI_SECRET = "sk-test-openai-key-do-not-print-51c2e"


@pytest.fixture
def openai_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAI]:
    """A fake OpenAI-compatible server on a loopback port, and the environment pointing at it."""
    with FakeOpenAIServer() as fake:
        monkeypatch.setenv("OPENAI_BASE_URL", fake.url)
        monkeypatch.setenv("OPENAI_API_KEY", OPENAI_SECRET)
        yield fake


@pytest.fixture
def demo_path(tmp_path: Path) -> Path:
    """A copy of projects/demo.json in a temp folder (edits never touch the repo)."""
    target = tmp_path / "demo.json"
    shutil.copy(DEMO, target)
    return target


@pytest.fixture
def demo_json() -> dict[str, Any]:
    return json.loads(DEMO.read_text())


@pytest.fixture
def write_project(tmp_path: Path) -> WriteProject:
    """Write a project dict (or text) to a file and return its path."""

    def write(data: Any, name: str = "p.json") -> Path:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data, indent=2))
        return path

    return write


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch) -> Cli:
    """Invoke the typer app in-process; returns the click Result."""
    from neuralcut_cli.cli.app import app

    monkeypatch.delenv("NEURALCUT_PROJECT", raising=False)
    monkeypatch.delenv("NEURALCUT_BACKEND", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")
    runner = CliRunner()

    def invoke(*args: Any, input: str | None = None) -> ClickResult:
        return runner.invoke(app, [str(a) for a in args], input=input)

    return invoke


def minimal_project(**overrides: Any) -> dict[str, Any]:
    """The smallest valid project: one scene, empty tracks."""
    data: dict[str, Any] = {
        "scenes": [{"id": "s1", "tracks": {"main": {"id": "main", "type": "video", "elements": []}}}],
        "currentSceneId": "s1",
    }
    data.update(overrides)
    return data
