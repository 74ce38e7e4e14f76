"""The tools: one small adapter per tool over the editing layer."""

from __future__ import annotations

from neuralcut_cli.tools.registry import ToolRegistry


def default_registry() -> ToolRegistry:
    """Every tool NeuralCut offers, in the order an agent should learn them."""
    from neuralcut_cli.tools import (
        analysis_tools,
        asset_context,
        clip_effect_tools,
        clip_tools,
        effect_tools,
        history_tools,
        keyframe_tools,
        listing,
        media_tools,
        motion_tools,
        ripple_tools,
        sticker_tools,
        text_tools,
        track_tools,
        transcribe,
    )
    from neuralcut_cli.tools import timeline_edits as edits

    return ToolRegistry([
        listing.list_project_assets,
        listing.list_timeline,
        clip_tools.get_element,
        asset_context.load_asset_context,
        edits.split,
        edits.delete_timeline_elements,
        ripple_tools.remove_range,
        ripple_tools.close_gaps,
        edits.move_timeline_elements,
        clip_tools.duplicate_elements,
        text_tools.add_text,
        text_tools.update_text,
        media_tools.add_media_to_timeline,
        edits.update_timeline_element_timing,
        clip_tools.update_clip,
        ripple_tools.set_speed,
        edits.delete_element,
        media_tools.set_volume,
        track_tools.toggle_track_mute,
        track_tools.toggle_track_visibility,
        sticker_tools.add_sticker,
        sticker_tools.list_stickers,
        effect_tools.list_effects,
        effect_tools.get_effect,
        effect_tools.apply_effect,
        effect_tools.update_effect,
        clip_effect_tools.add_clip_effect,
        clip_effect_tools.update_clip_effect,
        clip_effect_tools.remove_clip_effect,
        keyframe_tools.list_animatable_properties,
        keyframe_tools.list_keyframes,
        keyframe_tools.upsert_keyframe,
        keyframe_tools.remove_keyframe,
        keyframe_tools.update_keyframe_curve,
        motion_tools.fade,
        motion_tools.animate,
        motion_tools.duck,
        analysis_tools.remove_silences,
        analysis_tools.normalize_loudness,
        analysis_tools.detect_scenes,
        analysis_tools.split_at_scenes,
        listing.echo_context,
        transcribe.transcribe_video,
        history_tools.undo,
        history_tools.redo,
    ])
