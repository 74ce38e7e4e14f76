"""The REPL: the loop with lines from a list, and the real terminal through a pty."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pexpect
import pytest
from pty_helpers import leave, spawn
from rich.console import Console

from neuralcut_cli.cli.chat.chat_session import ChatSession
from neuralcut_cli.cli.chat.repl import run_repl
from neuralcut_cli.cli.chat.slash import COMMANDS, Slash, find


def _lines(*lines: str) -> Callable[[], str]:
    items = iter(lines)

    def read() -> str:
        try:
            return next(items)
        except StopIteration:
            raise EOFError from None

    return read


def _run(path: Path, *lines: str) -> tuple[int, str]:
    buffer = io.StringIO()
    code = run_repl(ChatSession(path), _lines(*lines), Console(file=buffer, width=100, no_color=True))
    return code, buffer.getvalue()


def test_loop_runs_requests_and_slash_commands(demo_path: Path) -> None:
    code, text = _run(demo_path, "split at 5s", "/undo", "/history", "/exit", "never reached")
    assert code == 0
    assert "Split at 00:05.00" in text and "Undid: split at 5s" in text
    assert "never reached" not in text and "undone" in text


def test_unknown_and_prefixed_commands(demo_path: Path) -> None:
    code, text = _run(demo_path, "/tim", "/frobnicate", "/help")
    assert code == 0
    assert "Main Track" in text  # /tim is /timeline
    assert "Unknown command /frobnicate" in text
    for command in COMMANDS:
        assert f"/{command.name}" in text


def test_an_ambiguous_prefix_names_the_candidates(demo_path: Path) -> None:
    code, text = _run(demo_path, "/h")
    assert "/h could be /help or /history" in text


def test_help_is_aligned_and_never_breaks_a_word(demo_path: Path) -> None:
    for width in (60, 100):
        buffer = io.StringIO()
        run_repl(ChatSession(demo_path), _lines("/help"), Console(file=buffer, width=width, no_color=True))
        lines = [line for line in buffer.getvalue().splitlines() if line.startswith("  /")]
        assert len(lines) == len(COMMANDS)  # one row each, descriptions wrapped under themselves, if at all
        columns = {len(line) - len(line[2:].split("  ", 1)[1].lstrip()) for line in lines}
        assert len(columns) == 1  # every description starts in the same column
        for command in COMMANDS:
            for word in command.help.split():
                assert word in buffer.getvalue()  # whole words: a broken one would be missing


def test_slash_declarations_feed_dispatch() -> None:
    undo, leave, both = find("/und"), find("quit"), find("/h")
    assert isinstance(undo, Slash) and undo.name == "undo" and isinstance(leave, Slash) and leave.name == "exit"
    assert isinstance(both, list) and [c.name for c in both] == ["help", "history"]


def test_backend_switch_and_project_switch(demo_path: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text(demo_path.read_text())
    code, text = _run(demo_path, "/backend", "/backend nonsense", f"/project {other}", "/project")
    assert "Backend: mock" in text and "Unknown backend 'nonsense'" in text
    assert f"Project: {other}" in text


def test_completer_offers_commands_ids_and_assets(demo_path: Path) -> None:
    from prompt_toolkit.document import Document

    from neuralcut_cli.cli.chat.terminal import ChatCompleter

    completer = ChatCompleter(ChatSession(demo_path))

    def complete(text: str) -> list[str]:
        return [c.text for c in completer.get_completions(Document(text), None)]

    assert complete("/un") == ["/undo"]
    assert complete("/ren") == ["/render"]
    assert complete("/backend ge") == ["gemini"]
    assert "e-intro" in complete("delete e-in")
    assert "music.mp3" in complete("add mus")
    assert "the music" in complete("mute the mu")  # what people call it (issue 40 §19)
    assert "the main track" in complete("hide the main t")  # a track by its name
    assert "day one" in complete("make day o")  # a title by what it says
    assert all(len(c) <= 40 for c in complete("e"))


# -- the real terminal ------------------------------------------------------------------


def _spawn(path: Path, *extra: str, env: dict[str, Any] | None = None) -> pexpect.spawn:
    child = spawn(path, *extra, env=env)
    child.expect("›")
    return child


@pytest.mark.slow  # a real terminal
def test_pty_request_diff_lanes_undo_and_ctrl_d(demo_path: Path) -> None:
    child = _spawn(demo_path)
    child.sendline("split at 5s")
    child.expect("Split at 00:05.00")
    child.expect("changed")  # the diff
    child.expect("e-intro")
    child.expect("Main Track")  # the lanes
    child.expect("›")
    child.sendline("/undo")
    child.expect("Undid: split at 5s")
    child.expect("›")
    leave(child)
    child.close()
    assert child.exitstatus == 0
    main = json.loads(demo_path.read_text())["scenes"][0]["tracks"]["main"]["elements"]
    assert [e["id"] for e in main] == ["e-intro", "e-beach", "e-city"]
    assert (demo_path.parent / ".neuralcut" / "demo" / "input_history").read_text().count("split at 5s") == 1


@pytest.mark.slow  # a real terminal
def test_pty_ctrl_c_cancels_a_slow_request(demo_path: Path, tmp_path: Path) -> None:
    script = tmp_path / "slow.json"
    script.write_text(
        json.dumps(
            {
                "delay": 600,
                "turns": [  # the model never answers in time: only Ctrl-C ends it
                    {"toolCalls": [{"id": "c1", "name": "split", "args": {"times": [5]}}]},
                    {"content": "done"},
                ],
            }
        )
    )
    before = demo_path.read_bytes()
    child = _spawn(demo_path, "--backend", f"scripted:{script}")
    child.sendline("split at 5s slowly")
    child.expect("Thinking")
    child.sendintr()
    child.expect("Cancelled")
    child.expect("›")
    assert demo_path.read_bytes() == before  # the scripted split never ran
    child.sendline("/timeline")  # the REPL is still usable
    child.expect("e-intro")
    child.expect("›")
    child.send("half-typed")
    child.sendcontrol("c")  # at the prompt, Ctrl-C only clears the line
    child.expect("›")
    child.sendline("/backend")
    child.expect("Backend: scripted")
    child.expect("›")
    leave(child)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.slow  # a real terminal
def test_pty_dumb_terminal_falls_back_to_plain_input(demo_path: Path) -> None:
    child = _spawn(demo_path, env={"TERM": "dumb"})
    child.sendline("list the timeline")
    child.expect("e-intro")
    child.expect("›")
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_model_says_the_model_in_use(demo_path: Path, gemini: Any) -> None:
    code, text = _run(demo_path, "/model", "/model qwen2.5")
    assert "Model: none (the offline backend has no model)" in text
    assert "The offline backend has no model to set; switch backend first" in text  # not silently set
    buffer = io.StringIO()
    run_repl(ChatSession(demo_path, "gemini"), _lines("/model", "/exit"), Console(file=buffer, width=100))
    assert "Model: gemini-2.5-flash" in buffer.getvalue()


def test_dash_v_is_the_version() -> None:
    from cli_helpers import neuralcut

    done = neuralcut("-V")
    assert done.returncode == 0 and done.stdout.startswith("neuralcut ")


@pytest.mark.slow  # a real terminal
def test_pty_replies_show_short_ids_like_every_other_view(demo_path: Path) -> None:
    """The REPL streamed the reply as the backend wrote it: the new pieces' whole UUIDs."""
    import re

    child = _spawn(demo_path)
    child.sendline("split at 5s")
    child.expect("›")
    child.sendline("split at 4s")
    child.expect("Split at 00:04.00")
    child.expect("›")
    said = child.before
    leave(child)
    pieces = [e["id"] for e in json.loads(demo_path.read_text())["scenes"][0]["tracks"]["main"]["elements"]]
    new = [piece for piece in pieces if len(piece) > 12]
    assert any(piece[:6] in said for piece in new)  # named, by their short ids
    assert not re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", said), said


def test_shell_words_and_mistyped_commands(demo_path: Path) -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, no_color=True, force_terminal=True)
    chat = ChatSession(demo_path)
    code = run_repl(chat, _lines("split at 5s", "clear", "/timline", "/rend x.txt", "quit", "never reached"), console)
    raw = buffer.getvalue()
    text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", raw)
    assert code == 0
    assert "\x1b[2J" in raw or "\x1b[H" in raw  # "clear" typed bare clears the screen
    assert len(chat.chat.messages) >= 2  # and keeps the conversation (/clear forgets it)
    assert (
        "/render writes H.264 video" in text and "redo" not in text
    )  # /render is a command (it was 'did you mean /redo?')
    assert "Unknown command /timline (did you mean /timeline?)" in text
    assert "never reached" not in text
