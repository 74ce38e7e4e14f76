"""add_text and update_text with NeuralCut web's style overrides, and update_text on several elements."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tool_helpers import Tools, assert_refused, element_of

from neuralcut_cli.project.elements import TextElement
from neuralcut_cli.project.io import read_project

BASE = {"text": "Hi", "start": 1, "end": 2, "position": "top"}
ONE = {"trackId": "t-text", "elementId": "e-title"}

ERRORS = [
    ("add_text", {**BASE, "fontWeight": "heavy"}, "Invalid fontWeight"),
    ("add_text", {**BASE, "fontStyle": "oblique"}, "Invalid fontStyle"),
    ("add_text", {**BASE, "textAlign": "justify"}, "Invalid textAlign"),
    ("add_text", {**BASE, "fontSize": 0}, "Invalid fontSize"),
    ("add_text", {**BASE, "fontSize": "big"}, "Invalid fontSize"),
    ("add_text", {**BASE, "letterSpacing": "wide"}, "Invalid letterSpacing"),
    ("add_text", {**BASE, "positionX": None, "positionY": "up"}, "Invalid positionY"),
    ("add_text", {**BASE, "positionX": [1]}, "Invalid positionX"),
    ("add_text", {**BASE, "background": "black"}, "Invalid background"),
    ("add_text", {**BASE, "background": {"enabled": "yes"}}, "Invalid background"),
    ("add_text", {**BASE, "background": {"color": "nope"}}, "Invalid background"),
    ("add_text", {**BASE, "background": {"shadow": 2}}, "Invalid background"),
    ("add_text", {**BASE, "color": "black:d=0.04,metadata"}, "Invalid color"),
    ("add_text", {**BASE, "fontFamily": "Arial\n"}, "Invalid fontFamily"),
    ("update_text", {**ONE, "fontWeight": 700}, "Invalid fontWeight"),
    ("update_text", {**ONE, "content": "  "}, "content must be a non-empty string"),
    ("update_text", {"elementIds": []}, 'elementIds must be a non-empty JSON array of strings, e.g. ["id1","id2"]'),
    ("update_text", {"elementIds": ["e-title"], "start": 1}, "start and end change one element: give elementId"),
    ("update_text", {"elementIds": ["e-intro", "ghost"], "color": "red"}, "No text element among: e-intro, ghost"),
]


@pytest.mark.parametrize(("name", "args", "error"), ERRORS, ids=[f"{c[0]}:{i}" for i, c in enumerate(ERRORS)])
def test_style_errors_leave_the_file_untouched(name: str, args: dict[str, Any], error: str, demo_path: Path) -> None:
    assert_refused(demo_path, name, args, error)


def test_add_text_applies_the_overrides_over_the_preset(demo_path: Path) -> None:
    tools = Tools(demo_path)
    out = tools(
        "add_text",
        {
            **BASE,
            "style": "subtitle",
            "color": "yellow",
            "fontSize": 9,
            "fontFamily": "Georgia",
            "fontStyle": "italic",
            "textAlign": "left",
            "letterSpacing": 2,
            "positionX": -300,
            "background": {"color": "#202020", "cornerRadius": 8, "padding": 12},
        },
    )
    text = element_of(read_project(demo_path), out["elementId"], TextElement)
    assert (text.color, text.font_size, text.font_family, text.font_style, text.text_align) == (
        "yellow",
        9,
        "Georgia",
        "italic",
        "left",
    )
    assert text.font_weight == "bold" and text.letter_spacing == 2  # bold from the subtitle preset
    assert text.transform.position.x == -300 and text.transform.position.y == -378  # top of 1080
    background = text.background
    assert (
        background.enabled,
        background.color,
        background.corner_radius,
        background.padding_x,
        background.padding_y,
    ) == (True, "#202020", 8, 12, 12)


def test_update_text_changes_several_at_once_and_skips_the_rest(demo_path: Path) -> None:
    tools = Tools(demo_path)
    second = tools("add_text", {**BASE, "text": "Two"})["elementId"]
    out = tools("update_text", {"elementIds": ["e-title", second, "e-intro"], "color": "#ff0000", "fontWeight": "bold"})
    assert [u["elementId"] for u in out["updated"]] == ["e-title", second] and out["skipped"] == ["e-intro"]
    project = read_project(demo_path)
    assert all(element_of(project, i, TextElement).color == "#ff0000" for i in ("e-title", second))
    assert tools.history_size() == 2  # the add, then one step for the bulk update


def test_update_text_content_is_text(demo_path: Path) -> None:
    tools = Tools(demo_path)
    assert tools("update_text", {**ONE, "content": "Day two", "positionY": 100})["success"]
    title = element_of(read_project(demo_path), "e-title", TextElement)
    assert title.content == "Day two" and title.transform.position.y == 100
