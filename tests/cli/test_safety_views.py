"""Text from a project never drives the terminal: no escape sequence from a
title, name or id reaches the output, and markup in them is shown as typed."""

from __future__ import annotations

import io
import json
from pathlib import Path

from cli_helpers import Cli
from rich.console import Console

from neuralcut_cli.cli.output import Output
from neuralcut_cli.cli.views.clean import clean, guard
from neuralcut_cli.cli.views.timeline_view import print_timeline
from neuralcut_cli.project.io import read_project

HOSTILE = "[bold red]X[/] \x1b]52;c;aGVsbG8=\x07 \x1b[2J [link=http://evil]L[/link] \x9b31m"


def hostile_demo(demo_path: Path) -> Path:
    data = json.loads(demo_path.read_text())
    for track in data["scenes"][0]["tracks"]["overlay"]:
        for element in track["elements"]:
            if element["type"] == "text":
                element["content"] = HOSTILE
                element["name"] = HOSTILE
    data["metadata"]["name"] = HOSTILE
    demo_path.write_text(json.dumps(data))
    return demo_path


def test_clean_shows_controls_and_keeps_layout_characters() -> None:
    assert clean("a\x1b[2Jb\tc\nd\x07\x7f\x9b") == "a\ufffd[2Jb\tc\nd\ufffd\ufffd\ufffd"


def test_the_timeline_of_a_hostile_project_prints_no_escape(demo_path: Path) -> None:
    project = read_project(hostile_demo(demo_path))
    buffer = io.StringIO()
    print_timeline(guard(Console(file=buffer, width=200, force_terminal=True, color_system="truecolor")), project)
    text = buffer.getvalue()
    assert "]52;" not in text.replace("\ufffd]52;", "") and "\x07" not in text and "\x9b" not in text
    assert "\x1b[2J" not in text and "\x1b]" not in text
    assert "[bold red]X[/]" in text  # markup from the file is shown, not applied


def test_the_cli_prints_a_hostile_project_plainly(cli: Cli, demo_path: Path) -> None:
    result = cli("timeline", "-p", hostile_demo(demo_path))
    assert result.exit_code == 0
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "[bold red]X[/]" in result.output


def test_errors_and_messages_are_cleaned_too() -> None:
    buffer = io.StringIO()
    out = Output(errors=guard(Console(file=buffer, highlight=False)))
    out.error("bad \x1b]0;title\x07 [red]x[/]")
    assert buffer.getvalue() == "error: bad \ufffd]0;title [red]x[/]\n"  # rich drops the BEL itself
