"""Issue 43 §2-3: backends are declared once (``agent.backends.registry``) and every face reads the table; the
orchestrator and the faces ask a backend and a session only what their interfaces declare."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import invoke
from paths import REPO

from neuralcut_cli.agent.backends.base import BackendDefaults
from neuralcut_cli.agent.backends.registry import BACKENDS, choices, entry_for, make_backend
from neuralcut_cli.errors import UsageError


def test_every_name_finds_its_declaration() -> None:
    assert entry_for("mock").name == "mock" and entry_for(None).name == "mock"
    assert entry_for("gemini").takes_model and entry_for("openai").streams
    assert entry_for("http://127.0.0.1:8765").proxy and entry_for("https://edit.example/api/agent/chat").proxy
    assert entry_for("scripted:turns.json").name == "scripted:PATH"
    assert choices() == "mock, gemini, openai, or http://HOST:PORT"  # the script backend is a test aid, not offered


def test_an_unknown_name_lists_the_choices() -> None:
    with pytest.raises(UsageError, match=r"Unknown backend 'telepathy': use mock, gemini, openai, or http://HOST:PORT"):
        make_backend("telepathy")


def test_each_backend_answers_the_declared_questions() -> None:
    backend = make_backend("mock")
    assert backend.plans_its_calls and backend.model is None and backend.declares == "lean"
    assert isinstance(backend, BackendDefaults)
    assert all(entry.build is not None and entry.called for entry in BACKENDS)


def test_neuralcut_backends_lists_the_table() -> None:
    done = invoke("backends", "--json")
    assert done.returncode == 0, done.stderr
    listed = json.loads(done.stdout)
    assert listed["default"] == "mock"
    assert [b["name"] for b in listed["backends"]] == ["mock", "gemini", "openai", "http://HOST:PORT"]
    gemini = next(b for b in listed["backends"] if b["name"] == "gemini")
    assert gemini["needs"] == "GEMINI_API_KEY or GOOGLE_API_KEY" and gemini["takes_model"] and not gemini["local"]
    shown = invoke("backends", env={"NO_COLOR": "1"})
    assert shown.returncode == 0 and all(name in shown.stdout for name in ("mock", "gemini", "openai"))


def test_the_config_file_and_the_repl_take_the_same_names(tmp_path: Path) -> None:
    from neuralcut_cli.cli.chat.slash import COMMANDS

    backend_help = next(c.help for c in COMMANDS if c.name == "backend")
    assert choices() in backend_help  # /backend's help names openai too (it did not)
    config = tmp_path / "config.toml"
    config.write_text('backend = "openai"\n')
    done = invoke("config", env={"NEURALCUT_CONFIG": str(config)})
    assert done.returncode == 0, done.stderr


def test_no_attribute_of_a_backend_session_or_watcher_is_probed() -> None:
    """Their capabilities are declared members (``Backend``, ``ChatSession``, ``Watcher``): nothing asks
    ``getattr(backend, ...)`` to find out."""
    probes = []
    for path in (REPO / "src" / "neuralcut_cli").rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"getattr\((self\.)?(backend|chat|session|orchestrator|live|watcher|listener)\b", line):
                probes.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
            if re.search(r"\bchat\.(session|orchestrator|agent|chat)\.", line) and "chat_session.py" not in path.name:
                probes.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
    assert probes == []
