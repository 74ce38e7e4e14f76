"""Shell conventions: completion for bash, zsh and fish; --color; --debug; -V."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import neuralcut
from conftest import SECRET_KEY
from fake_gemini import FakeGemini

from neuralcut_cli import __version__

pytestmark = pytest.mark.slow  # real processes


def complete(shell: str, words: str, **extra: str) -> str:
    env = {**os.environ, "_NEURALCUT_COMPLETE": f"complete_{shell}", **extra}
    if shell == "bash":
        env.update(COMP_WORDS=words, COMP_CWORD=str(len(words.split()) - 1))
    else:
        env["_TYPER_COMPLETE_ARGS"] = words
    done = subprocess.run(
        [sys.executable, "-c", "from neuralcut_cli.cli.entry import main; main()"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts_name_the_program(shell: str) -> None:
    done = neuralcut("--show-completion", shell)
    assert done.returncode == 0
    assert "_NEURALCUT_COMPLETE" in done.stdout and "neuralcut" in done.stdout


def test_commands_and_options_complete() -> None:
    assert complete("bash", "neuralcut tim").split() == ["timeline"]
    assert "render" in complete("zsh", "neuralcut ren")
    fish = complete("fish", "neuralcut ex", _TYPER_COMPLETE_FISH_ACTION="get-args")
    assert fish.splitlines()[0].split("\t") == ["export", "Export to OTIO, EDL, XML, FCPXML or subtitles."]
    assert "--no-lanes" in complete("bash", "neuralcut timeline --no")


def test_version_flags() -> None:
    for flag in ("-V", "--version"):
        assert neuralcut(flag).stdout.strip() == f"neuralcut {__version__}"


def test_color_flag_beats_no_color_wherever_it_is_typed(demo_path: Path) -> None:
    env = {"NO_COLOR": "1"}
    plain = neuralcut("timeline", "-p", demo_path, env=env)
    assert "\x1b[" not in plain.stdout
    for args in (("--color", "always", "timeline"), ("timeline", "--color=always")):
        coloured = neuralcut(*args, "-p", demo_path, env=env)
        assert coloured.returncode == 0 and "\x1b[" in coloured.stdout
    never = neuralcut("timeline", "--color", "never", "-p", demo_path, env={"FORCE_COLOR": "1"})
    assert "\x1b[" not in never.stdout
    bad = neuralcut("timeline", "--color", "sometimes", "-p", demo_path)
    assert bad.returncode == 2 and "--color takes auto, always or never, not 'sometimes'" in bad.stderr
    inside = neuralcut("run", "split at 5s --color never", "-p", demo_path)  # inside a request: just words
    assert "--color takes" not in inside.stderr


def test_debug_logs_to_stderr_and_never_the_key(gemini: FakeGemini, demo_path: Path) -> None:
    gemini.reply_calls(("split", {"times": [5]}))
    gemini.reply_text("Split.")
    done = neuralcut(
        "run", "split at 5s", "-p", demo_path, "--backend", "gemini", "--debug", env={"GEMINI_API_KEY": SECRET_KEY}
    )
    assert done.returncode == 0, done.stderr
    assert "neuralcut.tools: split" in done.stderr and "neuralcut.agent: gemini answered" in done.stderr
    assert "HTTP Request: POST" in done.stderr  # the SDK's requests, by URL only
    assert "neuralcut.config: backend = gemini (flag)" in done.stderr
    assert SECRET_KEY not in done.stderr + done.stdout
    assert "neuralcut." not in done.stdout  # the log never mixes into the output
    quiet = neuralcut("timeline", "-p", demo_path)
    assert quiet.stderr == ""
    by_env = neuralcut("tool", "split", '{"times": [2]}', "-p", demo_path, env={"NEURALCUT_DEBUG": "1"})
    assert "neuralcut.tools: split" in by_env.stderr
