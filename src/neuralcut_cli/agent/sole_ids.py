"""Ids of the wrong kind that can mean only one thing, made that thing in a model's call: "delete the logo" called
``delete_timeline_elements {"elementIds": ["a-logo"]}`` (the asset, placed once: e-logo), and "hide the logo track"
called ``toggle_track_visibility {"trackId": "e-logo"}`` (the element, alone on t-logo). The 1.5B model, told the
right id in the error, answered in prose instead of calling again (issue 42). An id that could mean several, or
that names nothing, is left for the tool to refuse with its hint (``tools.id_hints``)."""

from __future__ import annotations

from typing import Any

from neuralcut_cli.agent.types import ToolCall
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.id_hints import sole_meaning


def with_sole_ids(call: ToolCall, project: Project) -> ToolCall:
    """``call`` with each id argument of the wrong kind that means one thing made that thing (itself if none)."""
    args = {key: _meant(project, key, value) for key, value in call.args.items()}
    return call.model_copy(update={"args": args}) if args != call.args else call


def _meant(project: Project, key: str, value: Any) -> Any:
    if isinstance(value, str):
        return sole_meaning(project, key, value) or value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [sole_meaning(project, key, v) or v for v in value]
    return value
