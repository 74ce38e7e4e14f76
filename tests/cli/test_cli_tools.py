"""The `neuralcut tool | tools | undo | redo | history` contract, through the real entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import invoke

run = invoke  # in this process, through main(); see cli_helpers


def test_tool_json_prints_exactly_the_output(demo_path: Path) -> None:
    done = run("tool", "split", '{"times": [5]}', "-p", demo_path, "--json")
    assert done.returncode == 0
    result = json.loads(done.stdout)
    assert result["success"] is True and "e-intro" in result["affectedElements"]
    assert done.stderr == ""


def test_tool_error_is_json_and_exit_1(demo_path: Path) -> None:
    before = demo_path.read_bytes()
    done = run("tool", "split", '{"times": []}', "-p", demo_path, "--json")
    assert done.returncode == 1
    assert json.loads(done.stdout) == {
        "error": "Invalid split times",
        "details": "times: at least 1 item(s) (Timeline times in seconds to cut at.)",
    }
    assert demo_path.read_bytes() == before


def test_tool_error_human(demo_path: Path) -> None:
    done = run("tool", "delete_timeline_elements", '{"elementIds": ["zz"]}', "-p", demo_path)
    assert done.returncode == 1
    assert "Timeline elements not found: zz" in done.stderr and "Traceback" not in done.stderr


def test_unknown_tool_suggests(demo_path: Path) -> None:
    done = run("tool", "splitt", "-p", demo_path)
    assert done.returncode == 2
    assert "Unknown tool 'splitt'; did you mean split" in done.stderr  # the closest name first


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"times": [5}', "ARGS_JSON is not valid JSON: Expecting ',' delimiter at line 1, column 13"),
        ("[5]", "ARGS_JSON must be a JSON object"),
    ],
)
def test_malformed_args_say_where(demo_path: Path, text: str, message: str) -> None:
    before = demo_path.read_bytes()
    done = run("tool", "split", text, "-p", demo_path)
    assert done.returncode == 2 and message in done.stderr
    assert demo_path.read_bytes() == before


def test_args_from_stdin(demo_path: Path) -> None:
    done = run("tool", "list_project_assets", "-", "-p", demo_path, "--json", input='{"filter": "unused"}')
    assert json.loads(done.stdout) == {
        "assets": [
            {
                "id": "a-outtake",
                "name": "outtake.mp4",
                "type": "video",
                "duration": 4.0,
                "usedInTimeline": False,
                "missing": True,
            }
        ]
    }  # the copy of the demo has no media folder beside it


def test_default_args_are_empty(demo_path: Path) -> None:
    done = run("tool", "list_timeline", "-p", demo_path, "--json")
    assert done.returncode == 0 and len(json.loads(done.stdout)["tracks"]) == 5


def test_human_edit_output_shows_diff_and_lanes(demo_path: Path) -> None:
    done = run("tool", "split", '{"times": [5]}', "-p", demo_path)
    assert done.returncode == 0
    assert "✓ split" in done.stdout
    assert "~ changed e-intro" in done.stdout and "+ added" in done.stdout
    assert "Main Track" in done.stdout and "[intro" in done.stdout


def test_split_then_undo_across_processes(demo_path: Path) -> None:
    original = json.loads(demo_path.read_text())
    assert run("tool", "split", '{"times": [5]}', "-p", demo_path).returncode == 0
    undo = run("undo", "-p", demo_path)
    assert undo.returncode == 0 and 'Undid: tool split {"times": [5]}' in undo.stdout
    restored = json.loads(demo_path.read_text())
    original["metadata"].pop("updatedAt"), restored["metadata"].pop("updatedAt")
    assert restored == original
    assert run("redo", "-p", demo_path, "--json").returncode == 0
    assert len(json.loads(run("timeline", "-p", demo_path, "--json").stdout)["tracks"][3]["elements"]) == 4


def test_undo_with_nothing_to_undo_exits_1(demo_path: Path) -> None:
    done = run("undo", "-p", demo_path)
    assert done.returncode == 1 and "Nothing to undo" in done.stderr
    done = run("redo", "-p", demo_path, "--json")
    assert done.returncode == 1 and json.loads(done.stdout) == {"error": "Nothing to redo", "exitCode": 1}


def test_history_lists_requests(demo_path: Path) -> None:
    run("tool", "split", '{"times": [5]}', "-p", demo_path)
    run("tool", "add_text", '{"text": "Hi", "start": 5, "end": 6}', "-p", demo_path)
    run("undo", "-p", demo_path)
    document = json.loads(run("history", "-p", demo_path, "--json").stdout)
    assert [s["tools"] for s in document["undo"]] == [["split"]]
    assert [s["tools"] for s in document["redo"]] == [["add_text"]]
    assert document["undo"][0]["changes"]["added"]
    human = run("history", "-p", demo_path).stdout
    assert "split" in human and "undone" in human


def test_tools_lists_every_tool_with_schema() -> None:
    done = run("tools", "--json")
    tools = json.loads(done.stdout)["tools"]
    names = [t["name"] for t in tools]
    for name in [
        "list_project_assets",
        "list_timeline",
        "split",
        "delete_timeline_elements",
        "move_timeline_elements",
        "add_text",
        "update_text",
        "add_media_to_timeline",
        "update_timeline_element_timing",
        "delete_element",
        "set_volume",
        "add_sticker",
        "list_stickers",
        "list_effects",
        "get_effect",
        "apply_effect",
        "update_effect",
        "echo_context",
        "undo",
        "redo",
    ]:
        assert name in names
    split = next(t for t in tools if t["name"] == "split")
    assert split["parameters"]["properties"]["times"]["type"] == "array"
    assert split["parameters"]["required"] == ["times"]
    human = run("tools").stdout
    assert "split" in human and "times: number[]" in human
