"""The tool list: name, what it does, and its arguments."""

from __future__ import annotations

import json
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from neuralcut_cli.english import plural


def _arguments(schema: dict[str, Any]) -> str:
    required = set(schema.get("required", []))
    parts = []
    for name, prop in schema.get("properties", {}).items():
        kind = prop.get("type", "any")
        if "enum" in prop:
            kind = "|".join(prop["enum"])
        elif kind == "array":
            kind = f"{prop.get('items', {}).get('type', 'any')}[]"
        parts.append(f"{name}{'' if name in required else '?'}: {kind}")
    return ", ".join(parts) or "(none)"


def tools_view(tools: list[dict[str, Any]], full: bool = False) -> Table | Group:
    if full:
        tool = tools[0]
        return Group(
            Text(tool["name"], style="bold"), Text(tool["description"]), Text(json.dumps(tool["parameters"], indent=2))
        )
    table = Table(title=plural(len(tools), "tool"), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column("Tool", style="bold", no_wrap=True)
    table.add_column("Arguments", overflow="fold", max_width=36)
    table.add_column("What it does", overflow="fold")
    for tool in tools:
        first_sentence = tool["description"].split(". ")[0].rstrip(".") + "."
        table.add_row(tool["name"], _arguments(tool["parameters"]), first_sentence)
    return table
