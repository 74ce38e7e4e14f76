"""The tools: one small adapter per tool over the editing layer."""

from __future__ import annotations

from neuralcut_cli.tools.registry import ToolRegistry


def default_registry() -> ToolRegistry:
    """Every tool NeuralCut offers, in the order an agent should learn them."""
    from neuralcut_cli.tools import (
        asset_context,
        effect_tools,
        history_tools,
        listing,
        media_tools,
        sticker_tools,
        text_tools,
        transcribe,
    )
    from neuralcut_cli.tools import timeline_edits as edits

    return ToolRegistry([
        listing.list_project_assets,
        listing.list_timeline,
        asset_context.load_asset_context,
        edits.split,
        edits.delete_timeline_elements,
        edits.move_timeline_elements,
        text_tools.add_text,
        text_tools.update_text,
        media_tools.add_media_to_timeline,
        edits.update_timeline_element_timing,
        edits.delete_element,
        media_tools.set_volume,
        sticker_tools.add_sticker,
        sticker_tools.list_stickers,
        effect_tools.list_effects,
        effect_tools.get_effect,
        effect_tools.apply_effect,
        effect_tools.update_effect,
        listing.echo_context,
        transcribe.transcribe_video,
        history_tools.undo,
        history_tools.redo,
    ])
