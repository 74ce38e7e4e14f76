"""Approval before edits (issue 16 §2) on a real pseudo-terminal, and the config file's precedence (§4)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pexpect
import pytest
from cli_helpers import invoke
from pty_helpers import leave as pty_leave
from pty_helpers import spawn, spawn_command

from neuralcut_cli.agent.approval import DENIED, Approval, Question
from neuralcut_cli.agent.types import ToolCall
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.services import ToolServices


def script(tmp_path: Path, *turns: dict[str, Any]) -> str:
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"turns": list(turns)}))
    return f"scripted:{path}"


def calls(*pairs: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    return {"toolCalls": [{"id": f"c{n}", "name": name, "args": args} for n, (name, args) in enumerate(pairs)]}


def main_count(path: Path) -> int:
    return len(json.loads(path.read_text())["scenes"][0]["tracks"]["main"]["elements"])


def start(demo_path: Path, backend: str) -> pexpect.spawn:
    child = spawn(demo_path, "--backend", backend, "--approve", "ask")
    child.expect("›")
    return child


def leave(child: pexpect.spawn) -> None:
    child.expect("›")
    pty_leave(child)


@pytest.mark.slow  # a real terminal
def test_allow_shows_the_change_first_then_runs_it(demo_path: Path, tmp_path: Path) -> None:
    child = start(
        demo_path,
        script(tmp_path, calls(("list_timeline", {}), ("split", {"times": [5]})), {"content": "Split at 5 s."}),
    )
    child.sendline("split at 5s")
    child.expect("split")  # the call, then its dry run: what would change and the lanes
    child.expect("e-intro")
    child.expect(r"Allow\? \[y\]es / \[N\]o / \[a\]lways for split this session")
    assert main_count(demo_path) == 3  # nothing yet
    child.sendline("y")
    child.expect("Split at 5 s.")
    leave(child)
    assert main_count(demo_path) == 4


@pytest.mark.slow
def test_deny_sends_the_error_to_the_model_and_changes_nothing(demo_path: Path, tmp_path: Path) -> None:
    before = demo_path.read_bytes()
    child = start(demo_path, script(tmp_path, calls(("split", {"times": [5]})), {"content": "Understood."}))
    child.sendline("split at 5s")
    child.expect("Allow")
    child.sendline("")  # Enter means no
    child.expect("not run: you said no")
    child.expect("Understood.")
    leave(child)
    assert demo_path.read_bytes() == before
    chat = (demo_path.parent / ".neuralcut" / "demo" / "chat.json").read_text()
    assert DENIED in chat  # the model was told


@pytest.mark.slow
def test_always_stops_asking_for_that_tool(demo_path: Path, tmp_path: Path) -> None:
    child = start(
        demo_path,
        script(tmp_path, calls(("split", {"times": [3]})), calls(("split", {"times": [7]})), {"content": "Two cuts."}),
    )
    child.sendline("split at 3 and 7")
    child.expect("Allow")
    child.sendline("a")
    child.expect("Two cuts.")
    assert child.before.count("Allow?") == 0  # the second split was not asked
    leave(child)
    assert main_count(demo_path) == 5


def test_run_json_with_ask_and_no_terminal_refuses(demo_path: Path) -> None:
    done = invoke("run", "split at 5s", "-p", demo_path, "--approve", "ask", "--json")
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"].startswith("--approve ask needs a terminal to ask on")


def test_piped_chat_with_ask_refuses(demo_path: Path) -> None:
    done = invoke("-p", demo_path, "--approve", "ask", input="split at 5s\n")
    assert done.returncode == 2 and "needs a terminal" in done.stderr


def test_read_only_tools_never_ask_and_uploads_ask_once(demo_path: Path) -> None:
    asked: list[Question] = []
    approval = Approval("ask", asker=lambda q: _noted(asked, q, "yes"))
    session, registry = ProjectSession(demo_path), default_registry()
    assert approval.check(ToolCall(name="list_timeline"), registry, session, ToolServices()) is None
    upload = ToolCall(name="load_asset_context", args={"assetId": "a-intro"})
    assert approval.check(upload, registry, session, ToolServices()) is None
    assert approval.check(upload, registry, session, ToolServices()) is None
    assert [q.call.name for q in asked] == ["load_asset_context"] and "leaves this machine" in asked[0].note
    edit = ToolCall(name="split", args={"times": [5]})
    assert approval.check(edit, registry, session, ToolServices()) is None
    assert asked[-1].after is not None and len(asked[-1].after.scene.tracks.main.elements) == 4  # the dry run
    assert len(session.project().scene.tracks.main.elements) == 3  # only on a copy
    assert Approval("ask").check(edit, registry, session, ToolServices()) == DENIED  # nobody to ask: no


# -- the config file (§4) -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flag", "env", "file", "expected", "source"),
    [
        (None, None, None, "mock", "default"),
        (None, None, "gemini", "gemini", "config file"),
        (None, "openai", "gemini", "openai", "environment (NEURALCUT_BACKEND)"),
        ("mock", "openai", "gemini", "mock", "flag"),
    ],
)
def test_flags_beat_the_environment_beat_the_file(
    tmp_path: Path, flag: str | None, env: str | None, file: str | None, expected: str, source: str
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'backend = "{file}"\napprove = "ask"\n[render]\npreview = true\n' if file else "")
    environment = {"NEURALCUT_CONFIG": str(config), "OPENAI_API_KEY": "sk-do-not-show-me"}
    if env:
        environment["NEURALCUT_BACKEND"] = env
    args = (["--backend", flag] if flag else []) + ["config", "--json"]
    done = invoke(*args, env=environment)
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert shown["settings"]["backend"]["value"] == expected and shown["settings"]["backend"]["source"].startswith(
        source
    )
    assert shown["keys"]["OPENAI_API_KEY"] == "set" and "sk-do-not-show-me" not in done.stdout
    assert shown["settings"]["approve"]["value"] == ("ask" if file else "auto")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('backend = "mock"\nmodle = "x"\n', "line 2: unknown key 'modle'"),
        ('approve = "sometimes"\n', "line 1: 'approve' must be ask or auto"),
        ('[render]\npreview = "yes"\n', "line 2: 'preview' must be true or false"),
        ("[render]\ncrf = 3\n", "line 2: unknown key 'crf' in [render]"),
        ('backend = "openai\n', "malformed TOML"),
    ],
)
def test_a_bad_config_names_the_file_and_line(tmp_path: Path, demo_path: Path, text: str, message: str) -> None:
    config = tmp_path / "config.toml"
    config.write_text(text)
    done = invoke("run", "split at 5s", "-p", demo_path, env={"NEURALCUT_CONFIG": str(config)})
    assert done.returncode == 2 and str(config) in done.stderr and message in done.stderr


@pytest.mark.slow  # a real terminal
def test_run_ask_shows_the_whole_question_on_a_terminal(demo_path: Path) -> None:
    """The question of ``run --approve ask`` went through rich markup, which ate ``[y]`` and ``[a]``."""
    child = spawn_command("run", "-p", str(demo_path), "--approve", "ask", "split at 5s")
    child.expect(r"Allow\? \[y\]es / \[N\]o / \[a\]lways for split this session")
    child.sendline("n")
    child.expect(pexpect.EOF)
    assert main_count(demo_path) == 3


def test_the_ids_shown_before_are_the_ids_the_edit_makes(demo_path: Path, tmp_path: Path) -> None:
    """Issue 40 §15: the preview's new element (and the split's new pieces) have the ids the edit then makes."""
    from neuralcut_cli.cli.chat.chat_session import ChatSession

    asked: list[Question] = []
    backend = script(
        tmp_path,
        calls(("add_text", {"text": "Hello", "start": 1, "end": 2}), ("split", {"times": [5]})),
        {"content": "Done."},
    )
    chat = ChatSession(demo_path, backend, approve="ask", asker=lambda q: _noted(asked, q, "yes"))
    outcome = chat.ask("a title and a split").outcome
    assert outcome.status != "error"
    made = {e.id for _, e in ProjectSession(demo_path).project().scene.elements()}
    assert len(asked) == 2
    for question in asked:
        assert question.before is not None and question.after is not None
        before = {e.id for _, e in question.before.scene.elements()}
        shown = {e.id for _, e in question.after.scene.elements()} - before
        assert shown and shown <= made  # what the preview named is what the file holds


def test_a_denial_is_an_answer_not_an_error(demo_path: Path, tmp_path: Path) -> None:
    from neuralcut_cli.cli.chat.chat_session import ChatSession
    from neuralcut_cli.cli.chat.render import tool_line

    backend = script(tmp_path, calls(("split", {"times": [5]})), {"content": "Understood: nothing was split."})
    chat = ChatSession(demo_path, backend, approve="ask", asker=lambda q: "no")
    outcome = chat.ask("split at 5s").outcome
    assert outcome.status != "error" and not outcome.failed and outcome.reply == "Understood: nothing was split."
    assert outcome.tool_results[0].error == DENIED  # the model was told
    line = tool_line(outcome.tool_calls[0], outcome.tool_results[0])
    assert "not run: you said no" in line and "✗" not in line and "[red]" not in line


def _noted(asked: list[Any], question: Any, answer: str) -> str:
    """An asker that notes each question and gives ``answer``."""
    asked.append(question)
    return answer
