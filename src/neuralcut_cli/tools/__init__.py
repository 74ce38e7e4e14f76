"""The tools: one small adapter per tool over the editing layer."""

from __future__ import annotations

from neuralcut_cli.tools.registry import ToolRegistry


def default_registry() -> ToolRegistry:
    """Every tool NeuralCut offers, in the order an agent should learn them."""
    from neuralcut_cli.tools import listing

    return ToolRegistry([listing.list_project_assets, listing.list_timeline, listing.echo_context])
