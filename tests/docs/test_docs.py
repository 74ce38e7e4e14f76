"""The documentation made from code stays in step with it."""

from __future__ import annotations

import subprocess
import sys

from paths import REPO

from neuralcut_cli.agent.backends.mock.families.talk import help_text
from neuralcut_cli.agent.backends.mock.rules import RULES, examples

ROOT = REPO


def test_the_manual_grammar_is_the_rule_table() -> None:
    checked = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "docs_grammar.py"), "--check"], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr
    manual = (ROOT / "docs" / "talking.md").read_text(encoding="utf-8")
    assert all(example in manual for example in examples())


def test_help_lists_every_rule_example() -> None:
    shown = help_text()
    assert all(example in shown for example in examples())
    assert len(shown.splitlines()) == len(RULES) + 1


def test_every_environment_variable_read_is_in_the_manual() -> None:
    import re

    source = REPO / "src" / "neuralcut_cli"
    read = set()
    for path in source.rglob("*.py"):
        text = path.read_text("utf-8")
        read |= set(re.findall(r"\b((?:NEURALCUT|OPENAI|GEMINI|GOOGLE)_[A-Z_]+|NO_COLOR)\b", text))
    manual = (REPO / "docs" / "configuration.md").read_text("utf-8")
    table = manual[manual.index("Every environment variable NeuralCut reads") :]
    missing = sorted(name for name in read if f"`{name}`" not in table)
    assert missing == []


def test_the_manual_tool_table_is_the_declarations() -> None:
    checked = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "docs_tools.py"), "--check"], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr
