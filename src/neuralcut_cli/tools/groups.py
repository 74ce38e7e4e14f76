"""Which tools a model is shown. Every request declares the core tools; the others come in groups that the model
unlocks for the rest of the conversation with ``use_tools`` (the request stays small: see
``benchmarks/bench_prompt.py``). Any tool can be called whether or not it is declared (the offline backend and
scripts call them directly)."""

from __future__ import annotations

from collections.abc import Iterable

from neuralcut_cli.tools.definition import ToolDefinition

CORE = ("list_project_assets", "list_timeline", "get_element", "split", "delete_timeline_elements",
        "move_timeline_elements", "update_timeline_element_timing", "remove_range", "add_text",
        "add_media_to_timeline", "set_volume", "apply_effect", "load_asset_context", "undo", "redo", "use_tools")
GROUPS: dict[str, tuple[str, ...]] = {
    "text": ("update_text",),
    "effects": ("list_effects", "get_effect", "update_effect", "add_clip_effect", "update_clip_effect",
                "remove_clip_effect"),
    "clips": ("update_clip", "duplicate_elements", "set_speed", "close_gaps", "toggle_track_mute",
              "toggle_track_visibility"),
    "motion": ("fade", "animate", "duck", "list_animatable_properties", "list_keyframes", "upsert_keyframe",
               "remove_keyframe", "update_keyframe_curve"),
    "stickers": ("list_stickers", "add_sticker"),
    "media": ("remove_silences", "normalize_loudness", "detect_scenes", "split_at_scenes"),
    "speech": ("transcribe_video", "find_in_transcript", "cut_words", "remove_filler_words", "add_captions",
               "import_subtitles", "export_captions"),
    "skills": ("list_skills", "load_skill"),
    "legacy": ("delete_element", "echo_context"),
}
#: What each group is for, as ``use_tools`` tells the model.
GIST = {"text": "restyle or retime text", "effects": "the effects catalogue, change an effect, effects on one clip",
        "clips": "clip properties, copies, speed, gaps, track mute/hide", "motion": "fades, moves, zooms, ducking, "
        "keyframes", "stickers": "stickers and flags", "media": "silences, loudness, shot changes",
        "speech": "transcripts, word cuts, filler words, captions, subtitles", "skills": "recipes for whole jobs",
        "legacy": "old single-element delete, context echo"}
GROUP_OF = {name: group for group, names in GROUPS.items() for name in names}


def declared(tools: Iterable[ToolDefinition], unlocked: Iterable[str]) -> list[ToolDefinition]:
    """The core tools and those of the unlocked groups, in registry order (tools in no group are core)."""
    open_groups = set(unlocked)
    return [t for t in tools if t.name in CORE or t.name not in GROUP_OF or GROUP_OF[t.name] in open_groups]
