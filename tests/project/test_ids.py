"""Short ids: the shortest unique prefix in human output, any unique prefix as input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import invoke
from conftest import DEMO

from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.ids import IdIndex, short_ids
from neuralcut_cli.project.io import read_project
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolContext

A = "3f9c2a17-0000-4000-8000-000000000001"
B = "3f9c2b55-0000-4000-8000-000000000002"
C = "77aa0000-0000-4000-8000-000000000003"


def test_short_ids_are_the_shortest_unique_prefix_of_at_least_six() -> None:
    assert short_ids([A, B, C]) == {A: "3f9c2a", B: "3f9c2b", C: "77aa00"}
    assert short_ids([A, A[:8] + "-ffff" + A[13:]]) == {A: "3f9c2a17-0", A[:8] + "-ffff" + A[13:]: "3f9c2a17-f"}


def test_short_names_stay_whole() -> None:
    assert short_ids(["e-title", "e-titles", "t-main"]) == {
        "e-title": "e-title",
        "e-titles": "e-titles",
        "t-main": "t-main",
    }


def test_a_unique_prefix_resolves_and_a_shared_one_does_not() -> None:
    index = IdIndex([A, B, C, "e-title"])
    assert index.resolve("3f9c2a") == A
    assert index.resolve("77aa") == C
    assert index.resolve("3f9c2") == "3f9c2"  # two ids begin so: left for the tool to refuse
    assert index.resolve("77a") == "77a"  # under four characters: never guessed
    assert index.resolve("e-title") == "e-title"
    assert index.expand({"elementIds": ["3f9c2b", "zz"], "times": [1], "nested": [{"trackId": "77aa0"}]}) == {
        "elementIds": [B, "zz"],
        "times": [1],
        "nested": [{"trackId": C}],
    }


def split_copy(tmp_path: Path) -> tuple[Path, list[str]]:
    path = tmp_path / "demo.json"
    path.write_bytes(DEMO.read_bytes())
    result = default_registry().execute("split", {"times": [5]}, ToolContext(ProjectSession(path)))
    return path, [i for i in result["affectedElements"] if not i.startswith("e-")]


@pytest.mark.slow  # real processes
def test_every_tool_takes_a_unique_prefix_and_history_keeps_the_full_id(tmp_path: Path) -> None:
    path, new = split_copy(tmp_path)
    target = new[0]
    result = default_registry().execute("get_element", {"elementId": target[:6]}, ToolContext(ProjectSession(path)))
    assert result["elementId"] == target
    done = invoke("tool", "delete_timeline_elements", json.dumps({"elementIds": [target[:8]]}), "-p", path)
    assert done.returncode == 0, done.stderr
    assert read_project(path).scene.find_element(target) is None
    history = invoke("history", "--json", "-p", path)
    assert target in history.stdout and f'"{target[:8]}"' not in history.stdout


@pytest.mark.slow  # real processes
def test_human_output_shows_short_ids_and_json_full_ones(tmp_path: Path) -> None:
    path, new = split_copy(tmp_path)
    human = invoke("timeline", "-p", path, env={"COLUMNS": "80"})
    listed = invoke("timeline", "--json", "-p", path)
    for element_id in new:
        assert element_id not in human.stdout and element_id[:6] in human.stdout
        assert element_id in listed.stdout
