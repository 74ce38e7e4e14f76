"""Plans with canned tool results: which calls a request makes, in order,
and what the reply says, without running any tool.

The canned results (``fixtures/mock_results.json``) are what the real tools
answer on ``fixtures/mock_project.json``; ``test_the_canned_results_are_current``
keeps them so.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from neuralcut_cli.agent.backends.mock.listing import vocab_of
from neuralcut_cli.agent.backends.mock.parse import parse
from neuralcut_cli.agent.backends.mock.plan import Context, NeedCall, Replay
from neuralcut_cli.agent.backends.mock.plans import run_request
from neuralcut_cli.agent.context import build_context
from neuralcut_cli.agent.types import ToolCall, ToolResult
from neuralcut_cli.project.session import ProjectSession

FIXTURES = Path(__file__).resolve().parent / "fixtures"
CANNED: dict[str, Any] = json.loads((FIXTURES / "mock_results.json").read_text())
VOCAB = vocab_of(build_context(ProjectSession(FIXTURES / "mock_project.json")))
MUTATING = {"split", "delete_timeline_elements", "move_timeline_elements", "update_timeline_element_timing",
            "add_text", "update_text", "add_media_to_timeline", "set_volume", "add_sticker", "apply_effect",
            "update_effect", "undo", "redo"}


def _element(element_id: str) -> dict[str, Any]:
    for track in CANNED["list_timeline"]["tracks"]:
        for element in track["elements"]:
            if element["elementId"] == element_id:
                return {**element, "trackId": track["trackId"]}
    return {"elementId": element_id, "trackId": "t-new", "start": 0.0, "end": 1.0}


def _assets(args: dict[str, Any]) -> dict[str, Any]:
    wanted = args.get("filter", "all"), args.get("type", "all")
    return {"assets": [a for a in CANNED["list_project_assets"]["assets"]
                       if wanted[0] in ("all", "used" if a["usedInTimeline"] else "unused")
                       and wanted[1] in ("all", a["type"])]}


def answer(name: str, args: dict[str, Any]) -> dict[str, Any]:
    """What a tool would answer: the canned listings, or what the tool says after such an edit."""
    if name == "list_timeline":
        return CANNED[name]
    if name == "list_project_assets":
        return _assets(args)
    if name == "split":
        return {"success": True, "affectedElements": ["e-new"]}
    if name == "move_timeline_elements":
        first = min(_element(e)["start"] for e in args["elementIds"])
        return {"success": True, "movedElements": [
            {**(e := _element(i)), "start": e["start"] - first + args["start"], "end": e["end"] - first + args["start"]}
            for i in args["elementIds"]]}
    if name == "update_timeline_element_timing":
        e = _element(args["elementId"])
        start = args.get("start", e["start"])
        duration = args.get("duration", e["end"] - e["start"])
        return {"success": True, "elementId": e["elementId"], "trackId": e["trackId"], "start": start,
                "end": start + duration, "duration": duration}
    if name in ("apply_effect", "update_effect"):
        return {"elementId": args.get("elementId", "e-new"), "trackId": "t-fx", "appliedParams": args.get("params", {})}
    if name in ("undo", "redo"):
        return {"success": True, "undone" if name == "undo" else "redone": {"request": "the request"}}
    return {"success": True, "elementId": "e-new", "trackId": "t-new"}


def drive(text: str, fail: dict[str, str] | None = None) -> tuple[list[str], str, bool]:
    """Run ``text``'s plans to the end: ``(calls as 'name {args}', reply, failed)``.

    ``fail`` maps a tool name to the error it answers with.
    """
    parsed = parse(text, VOCAB)
    if parsed.refusal is not None:
        return [], parsed.refusal, True
    recorded: list[tuple[ToolCall, ToolResult]] = []
    while True:
        try:
            reply, failed = run_request(parsed.intents, Replay(recorded, MUTATING), Context(assets=VOCAB.assets))
        except NeedCall as need:
            call = ToolCall(name=need.call.name, args=need.call.args)
            error = (fail or {}).get(call.name)
            output = {"error": error} if error else answer(call.name, call.args)
            recorded.append((call, ToolResult(tool_call_id=call.id, name=call.name, result=output)))
            continue
        return [f"{c.name} {json.dumps(c.args, sort_keys=True)}" if c.args else c.name for c, _ in recorded], reply, failed
