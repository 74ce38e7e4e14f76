"""``use_tools``: the model unlocks groups of tools for the rest of the conversation (see ``groups``)."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field

from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.definition import ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.groups import GIST, UNLOCKABLE, groups
from neuralcut_cli.tools.outputs import UseToolsOutput


class UseToolsArgs(ToolArgs):
    groups: Annotated[
        list[str], Field(min_length=1, json_schema_extra={"items": {"type": "string", "enum": list(UNLOCKABLE)}})
    ]
    errors: ClassVar = {"groups": "groups must be a list of group names"}

    def check(self) -> None:
        unknown = [g for g in self.groups if g not in UNLOCKABLE]
        if unknown:
            raise ToolError(f"Unknown tool group: {', '.join(unknown)}. Groups: {', '.join(UNLOCKABLE)}")


def _description() -> str:
    listed = "; ".join(f"{group} ({GIST[group]})" for group in UNLOCKABLE)
    return "Unlock more tools for this conversation (they appear from your next turn): " + listed + "."


@tool("use_tools", UseToolsArgs, group="core")
def use_tools(project: Project, args: UseToolsArgs, ctx: ToolContext) -> UseToolsOutput:
    from neuralcut_cli.tools import default_registry

    asked = list(dict.fromkeys(args.groups))
    registry = default_registry()
    named = [name for group in asked for name in groups()[group]]
    return {
        "unlocked": asked,
        "tools": {group: list(groups()[group]) for group in asked},
        "what": {name: _first_sentence(registry.get(name).description) for name in named},
        "next": f"Call these now, by name (e.g. {named[0]}), rather than a core tool that does something else: "
        "they are declared from your next turn, and run even before.",
    }


def _first_sentence(text: str) -> str:
    sentence = " ".join(text.split()).split(". ")[0].rstrip(".")
    return sentence if len(sentence) <= 120 else sentence[:117] + "..."


use_tools.description = _description()
