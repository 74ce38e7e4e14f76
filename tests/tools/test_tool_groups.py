"""A lean request (issue 16 §5): the core tools always, the other groups once the model unlocks them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from fake_gemini import FakeGemini
from paths import REPO

from neuralcut_cli.cli.chat.chat_session import ChatSession
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.groups import UNLOCKABLE, core, declared, groups


def test_every_tool_is_core_or_in_one_group() -> None:
    names = [t.name for t in default_registry().get_all()]
    grouped = [name for group in groups().values() for name in group]
    assert sorted(names) == sorted([*core(), *grouped])  # each tool exactly once
    assert all(groups()[group] for group in UNLOCKABLE)  # no empty group


def test_the_demo_request_is_at_most_12000_characters_for_both_backends() -> None:
    done = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "bench_prompt.py")],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
        timeout=120,
    )
    for backend in ("gemini", "openai"):
        line = next(
            row
            for row in done.stdout.splitlines()
            if row.startswith("demo project") and "core tools" in row and f" {backend} " in row
        )
        total = int(line.split("=")[1].split("chars")[0].replace(",", ""))
        assert total <= 12_000, line


def test_a_group_is_declared_from_the_turn_after_use_tools(gemini: FakeGemini, demo_path: Path) -> None:
    gemini.reply_calls(("use_tools", {"groups": ["motion"]}))
    gemini.reply_calls(("fade", {"elementIds": ["e-intro"], "in": 1}))
    gemini.reply_text("Faded the intro in.")
    outcome = ChatSession(demo_path, "gemini").ask("fade in the intro").outcome
    assert not outcome.failed and [r.name for r in outcome.tool_results] == ["use_tools", "fade"]
    declared_names = [
        {d["name"] for d in r.body["tools"][0]["functionDeclarations"]} for r in gemini.generate_requests()
    ]
    assert "fade" not in declared_names[0] and "fade" in declared_names[1] and "fade" in declared_names[2]
    assert "add_captions" not in declared_names[2]  # only the group asked for


def test_an_undeclared_tool_still_runs(demo_path: Path) -> None:
    """The offline backend and scripts call any tool: declaring is about what a model is shown."""
    tools = declared(default_registry().get_all(), set())
    assert "fade" not in {t.name for t in tools}
    outcome = ChatSession(demo_path, "mock").ask("fade in the intro over 1 second").outcome
    assert not outcome.failed
    assert json.loads(demo_path.read_text())["scenes"][0]["tracks"]["main"]["elements"][0].get("animations")


def test_unknown_groups_are_refused(demo_path: Path) -> None:
    from tool_helpers import assert_refused

    assert_refused(
        demo_path, "use_tools", {"groups": ["magic"]}, "Unknown tool group: magic. Groups: " + ", ".join(UNLOCKABLE)
    )
    assert_refused(demo_path, "use_tools", {}, "groups must be a list of group names")
