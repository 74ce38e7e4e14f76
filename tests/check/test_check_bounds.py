"""Issue 40 §6: findings grouped by cause, whatever their number: thousands of texts drawn over each other are one
finding per group, ``check_project`` lists at most ``MAX_FINDINGS``, and ``chat.json`` keeps no huge message."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cli_helpers import invoke, neuralcut
from conftest import minimal_project
from tool_helpers import Tools

from neuralcut_cli.agent.stores import MAX_STORED, ChatStore
from neuralcut_cli.agent.types import ChatMessage, ToolCall, ToolResult
from neuralcut_cli.tools.check_tools import MAX_FINDINGS

T = 120_000


def _texts(path: Path, groups: int, each: int, elsewhere: int = 0) -> None:
    """``groups`` piles of ``each`` texts (one pile per second, all at the centre), and ``elsewhere`` texts alone
    off the frame."""
    elements: list[dict[str, Any]] = []
    for group in range(groups):
        for k in range(each):
            elements.append({"id": f"t{group}-{k}", "type": "text", "content": f"Title {group} {k}",
                             "startTime": group * T, "duration": T // 2})  # fmt: skip
    for k in range(elsewhere):
        elements.append({"id": f"o{k}", "type": "text", "content": "far", "startTime": k * T, "duration": T // 2,
                         "transform": {"scaleX": 1, "scaleY": 1, "position": {"x": 5000, "y": 0}}})  # fmt: skip
    track = {"id": "tt", "type": "text", "name": "Titles", "elements": elements}
    data = minimal_project()
    data["scenes"][0]["tracks"]["overlay"] = [track]
    path.write_text(json.dumps(data))


def test_two_thousand_stacked_texts_are_one_finding(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    _texts(path, 1, 2000)
    done = neuralcut("check", "-p", path, "--json", timeout=300)
    assert done.returncode == 1
    stacked = [f for f in json.loads(done.stdout)["findings"] if f["code"] == "stacked-text"]
    assert len(stacked) == 1 and len(done.stdout) < 20_000
    (finding,) = stacked
    assert (
        finding["what"].startswith('2000 texts are drawn over each other: "Title 0 0"')
        and "1997 more" in finding["what"]
    )
    assert len(finding["elements"]) == 50 and "fix" not in finding  # deleting 1,999 is not a one-call fix


def test_each_pile_is_its_own_finding_with_a_fix(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    _texts(path, 3, 3)
    findings = json.loads(invoke("check", "-p", path, "--json").stdout)["findings"]
    stacked = [f for f in findings if f["code"] == "stacked-text"]
    assert [(f["start"], f["end"]) for f in stacked] == [(0, 0.5), (1, 1.5), (2, 2.5)]
    assert stacked[1]["fix"] == {"tool": "delete_timeline_elements", "args": {"elementIds": ["t1-1", "t1-2"]}}
    two = tmp_path / "two.json"
    _texts(two, 1, 2)
    (pair,) = [
        f for f in json.loads(invoke("check", "-p", two, "--json").stdout)["findings"] if f["code"] == "stacked-text"
    ]
    assert pair["what"] == 'Two texts are drawn over each other: "Title 0 0" (t0-0) and "Title 0 1" (t0-1).'


def test_check_project_lists_the_worst_and_says_how_many_more(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    _texts(path, 0, 0, elsewhere=MAX_FINDINGS + 30)
    answer = Tools(path)("check_project", {})
    assert len(answer["findings"]) == MAX_FINDINGS and answer["more"] == 31  # 130 texts off the frame, and black
    assert answer["errors"] == MAX_FINDINGS + 31  # the counts are of all of them


def test_chat_json_keeps_no_huge_message(tmp_path: Path) -> None:
    path = tmp_path / "chat.json"
    store = ChatStore(path)
    huge = {"elementIds": ["x" * 1000] * 10_000}  # ten million characters of arguments
    call = ToolCall(id="c1", name="delete_timeline_elements", args=huge)
    store.add_message(ChatMessage(role="assistant", content="y" * 100_000, tool_calls=[call]))
    store.add_message(ChatMessage(role="tool", content="", tool_results=[ToolResult(tool_call_id="c1", name="x",
                                                                                    result=huge)]))  # fmt: skip
    assert path.stat().st_size < 4 * MAX_STORED
    again = ChatStore(path).messages  # read back: valid messages, with what was left out said
    assert again[0].tool_calls and again[0].tool_calls[0].args == {"notKept": f"{len(json.dumps(huge)):,} characters"}
    assert again[0].content.endswith("(83,616 characters not kept)")
    assert store.messages[0].tool_calls and store.messages[0].tool_calls[0].args == huge  # whole in memory
