"""The documentation made from code stays in step with it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from neuralcut_cli.agent.backends.mock.plans_look import help_text
from neuralcut_cli.agent.backends.mock.rules import RULES, examples

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_grammar_is_the_rule_table() -> None:
    checked = subprocess.run([sys.executable, str(ROOT / "scripts" / "readme_grammar.py"), "--check"],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(example in readme for example in examples())


def test_help_lists_every_rule_example() -> None:
    shown = help_text()
    assert all(example in shown for example in examples())
    assert len(shown.splitlines()) == len(RULES) + 1
