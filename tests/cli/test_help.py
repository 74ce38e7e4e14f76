"""Issue 18's help check: every command's --help has a one-line summary and at
least one example, and nothing is cut short at 100 columns (or at 80)."""

from __future__ import annotations

import re

import pytest
from cli_helpers import neuralcut

from neuralcut_cli.cli.app import app
from neuralcut_cli.cli.help_text import EXAMPLES, SUMMARY

NAMES = sorted(command.name or "" for command in app.registered_commands)

pytestmark = pytest.mark.slow  # real processes


def test_every_command_has_a_summary_and_examples() -> None:
    assert set(NAMES) <= set(SUMMARY) and set(NAMES) <= set(EXAMPLES)
    for name in NAMES:
        assert len(SUMMARY[name]) <= 55 and SUMMARY[name].endswith(".")
        assert 1 <= len(EXAMPLES[name]) <= 3
        for example, _ in EXAMPLES[name]:
            assert re.search(rf"neuralcut {re.escape(name)}( |$)", example), example


@pytest.mark.parametrize("columns", ["100", "80"])
def test_the_command_list_is_never_cut(columns: str) -> None:
    done = neuralcut("--help", env={"COLUMNS": columns})
    assert done.returncode == 0
    listed = done.stdout.split("Commands:", 1)[1]
    for name in NAMES:
        row = next(line for line in listed.splitlines() if line.split()[:1] == [name])
        assert row.split(None, 1)[1] == SUMMARY[name]  # whole, on one line
    assert "..." not in listed and "…" not in listed
    assert all(len(line) <= 100 for line in done.stdout.splitlines())


@pytest.mark.parametrize("name", NAMES)
def test_each_command_help_teaches(name: str) -> None:
    done = neuralcut(name, "--help", env={"COLUMNS": "100"})
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert re.search(r"^  \S", text.split("\n\n", 2)[1], re.M)  # the description under the usage line
    assert "Examples:" in text
    for example, what in EXAMPLES[name]:
        assert example in text and what in text
    assert all(len(line) <= 100 for line in text.splitlines())
    assert "list[" not in text  # no type jargon
