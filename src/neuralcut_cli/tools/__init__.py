"""The tools: one small adapter per tool over the editing layer."""

from __future__ import annotations

from neuralcut_cli.tools.registry import ToolRegistry

#: Every tool NeuralCut offers, in the order an agent should learn them: ``module:declaration`` (the declaration
#: is named as the tool). A tool's module is imported when the tool is first asked for (``ToolRegistry``).
TOOLS = (
    "listing:list_project_assets",
    "listing:list_timeline",
    "check_tools:check_project",
    "review_tools:review_render",
    "clip_tools:get_element",
    "asset_context:load_asset_context",
    "timeline_edits:split",
    "timeline_edits:delete_timeline_elements",
    "ripple_tools:remove_range",
    "ripple_tools:close_gaps",
    "timeline_edits:move_timeline_elements",
    "clip_tools:duplicate_elements",
    "text_tools:add_text",
    "text_tools:update_text",
    "media_tools:add_media_to_timeline",
    "timeline_edits:update_timeline_element_timing",
    "clip_tools:update_clip",
    "ripple_tools:set_speed",
    "timeline_edits:delete_element",
    "media_tools:set_volume",
    "track_tools:toggle_track_mute",
    "track_tools:toggle_track_visibility",
    "sticker_tools:add_sticker",
    "sticker_tools:list_stickers",
    "effect_tools:list_effects",
    "effect_tools:get_effect",
    "effect_tools:apply_effect",
    "effect_tools:update_effect",
    "clip_effect_tools:add_clip_effect",
    "clip_effect_tools:update_clip_effect",
    "clip_effect_tools:remove_clip_effect",
    "keyframe_tools:list_animatable_properties",
    "keyframe_tools:list_keyframes",
    "keyframe_tools:upsert_keyframe",
    "keyframe_tools:remove_keyframe",
    "keyframe_tools:update_keyframe_curve",
    "motion_tools:fade",
    "motion_tools:animate",
    "motion_tools:duck",
    "transition_tools:list_transitions",
    "transition_tools:add_transition",
    "transition_tools:update_transition",
    "transition_tools:remove_transition",
    "analysis_tools:remove_silences",
    "loudness_tools:normalize_loudness",
    "analysis_tools:detect_scenes",
    "analysis_tools:split_at_scenes",
    "transcript_tools:find_in_transcript",
    "transcript_tools:cut_words",
    "transcript_tools:remove_filler_words",
    "retake_tools:remove_retakes",
    "frame_tools:set_aspect_ratio",
    "frame_tools:reframe",
    "caption_tools:add_captions",
    "caption_tools:style_captions",
    "subtitle_tools:import_subtitles",
    "subtitle_tools:export_captions",
    "listing:echo_context",
    "transcribe:transcribe_video",
    "skill_tools:list_skills",
    "skill_tools:load_skill",
    "use_tools:use_tools",
    "history_tools:undo",
    "history_tools:redo",
)


def default_registry() -> ToolRegistry:
    """Every tool NeuralCut offers, in the order an agent should learn them."""
    return ToolRegistry(declared_in=TOOLS)
