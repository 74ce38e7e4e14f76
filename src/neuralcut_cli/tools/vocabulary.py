"""One argument vocabulary across the tools (issue 42 §5), for the model that writes the other tool's name.

Some tools take one element (``elementId``) and others several (``elementIds``), as the spec fixes them; each also
accepts the other spelling: ``elementId: "e-1"`` where ``elementIds`` is declared is ``["e-1"]``, and a list of
one where ``elementId`` is declared is that one. A list of several where one is taken is refused with what to do.
A tool whose argument was renamed (``fade``'s ``in``/``out``, read by small models as times, are now
``inDuration``/``outDuration``) declares the old names in ``ToolArgs.renamed`` and still accepts them."""

from __future__ import annotations

from typing import Any

from neuralcut_cli.errors import ToolError

ONE, SEVERAL = "elementId", "elementIds"


def normalised(tool: str, args: dict[str, Any], known: set[str], renamed: dict[str, str]) -> dict[str, Any]:
    """``args`` in the tool's own names (``known``); a ``ToolError`` when they cannot be."""
    out: dict[str, Any] = {}
    for key, value in args.items():
        if key not in known and renamed.get(key) in known and renamed[key] not in args:
            key = renamed[key]
        elif key == ONE and ONE not in known and SEVERAL in known and SEVERAL not in args:
            key, value = SEVERAL, value if isinstance(value, list) else [value]
        elif key == SEVERAL and SEVERAL not in known and ONE in known and ONE not in args:
            key, value = ONE, _one(tool, value)
        out[key] = value
    return out


def _one(tool: str, value: Any) -> Any:
    if not isinstance(value, list):
        return value
    if len(value) == 1:
        return value[0]
    raise ToolError(
        f"{tool} takes one element (elementId), not {len(value)}",
        details=f"call {tool} once for each of: {', '.join(map(str, value))}",
    )
