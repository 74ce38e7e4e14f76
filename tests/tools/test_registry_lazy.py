"""The registry imports a tool's module when the tool is first asked for (``tools.TOOLS``), so a one-shot request
loads the tools it calls, and every declaration is still the one fact about its tool."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from neuralcut_cli.tools import TOOLS, default_registry
from neuralcut_cli.tools.registry import ToolRegistry
from neuralcut_cli.tools.timeline_edits import split


def _loaded_after(code: str) -> list[str]:
    """The tool modules a fresh interpreter has imported after running ``code``."""
    probe = f"""
import json, sys
from neuralcut_cli.tools import default_registry
registry = default_registry()
{code}
print(json.dumps(sorted(m.rsplit(".", 1)[1] for m in sys.modules if m.startswith("neuralcut_cli.tools."))))
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded: list[str] = json.loads(done.stdout)
    return loaded


def test_names_and_order_import_no_tool() -> None:
    loaded = _loaded_after("assert registry.keys()[:3] == ['list_project_assets', 'list_timeline', 'check_project']")
    assert "listing" not in loaded and "check_tools" not in loaded and "timeline_edits" not in loaded
    assert _loaded_after("assert registry.has('split') and not registry.has('splitt')") == _loaded_after("pass")


def test_asking_for_a_tool_imports_its_module_only() -> None:
    loaded = _loaded_after("assert registry.get('split').kind == 'edit'")
    assert "timeline_edits" in loaded
    assert not {"keyframe_tools", "analysis_tools", "transcript_tools", "motion_tools"} & set(loaded)


def test_every_entry_is_its_tools_declaration_in_order() -> None:
    registry = default_registry()
    assert [t.name for t in registry.get_all()] == [entry.partition(":")[2] for entry in TOOLS] == registry.keys()
    assert registry.get("split") is split


def test_an_entry_that_is_not_the_declaration_of_its_name_is_refused() -> None:
    with pytest.raises(LookupError, match="is not the declaration of the tool 'SplitArgs'"):
        ToolRegistry(declared_in=["timeline_edits:SplitArgs"]).get("SplitArgs")
    with pytest.raises(LookupError, match="neuralcut_cli.tools.listing.split is not"):
        ToolRegistry(declared_in=["listing:split"]).get("split")


def test_a_name_is_registered_once_whether_declared_or_added() -> None:
    with pytest.raises(ValueError, match="'split' is already registered"):
        ToolRegistry(declared_in=["timeline_edits:split", "timeline_edits:split"])
    with pytest.raises(ValueError, match="'split' is already registered"):
        ToolRegistry([split], declared_in=["timeline_edits:split"])
    registry = ToolRegistry([split], declared_in=["listing:list_timeline"])
    assert registry.keys() == ["split", "list_timeline"]
    assert registry.execute("nope", {}, None)["error"] == "Unknown tool: nope"  # type: ignore[arg-type]


def test_threads_asking_for_a_tool_at_once_all_get_its_declaration() -> None:
    """The first ``get`` of a tool moves it from "declared in" to loaded; threads racing there (a server's
    requests) each get the declaration, none a KeyError (switching threads as often as the interpreter can,
    the unguarded move failed about once in a hundred races)."""
    import sys
    import threading

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for _ in range(300):
            registry = ToolRegistry(declared_in=["timeline_edits:split"])
            start = threading.Barrier(4)
            found: list[object] = []

            def ask(
                registry: ToolRegistry = registry, start: threading.Barrier = start, found: list[object] = found
            ) -> None:
                start.wait()
                found.append(registry.get("split"))

            threads = [threading.Thread(target=ask) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert found == [split] * 4
    finally:
        sys.setswitchinterval(interval)
