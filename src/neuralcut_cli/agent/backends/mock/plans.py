"""Which plan carries out which intent, and running a request's plans in order.

A chained request runs its steps one after the other; each step reads the
timeline as the previous one left it, and "it"/"them" in a step mean what
the step before acted on. If a step fails after an earlier one changed the
project, the request is undone as a whole (its edits are one undo step) and
the reply says which part failed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock import plans_clip as clip
from neuralcut_cli.agent.backends.mock import plans_edit as edit
from neuralcut_cli.agent.backends.mock import plans_look as look
from neuralcut_cli.agent.backends.mock import plans_make as make
from neuralcut_cli.agent.backends.mock import plans_media as media
from neuralcut_cli.agent.backends.mock import plans_motion as motion
from neuralcut_cli.agent.backends.mock import plans_words as words
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Failed, Plan, Replay

PLANS: dict[type[i.Intent], Callable[[Any, Context], Plan]] = {
    i.Help: look.plan_help,
    i.History: look.plan_history,
    i.ListTimeline: look.plan_list_timeline,
    i.ListAssets: look.plan_list_assets,
    i.ListEffects: look.plan_list_effects,
    i.EffectInfo: look.plan_effect_info,
    i.ListStickers: look.plan_list_stickers,
    i.Count: look.plan_count,
    i.WhatAt: look.plan_what_at,
    i.HowLong: look.plan_how_long,
    i.Describe: look.plan_describe,
    i.About: look.plan_about,
    i.Split: edit.plan_split,
    i.RemoveRange: edit.plan_remove_range,
    i.Delete: edit.plan_delete,
    i.Move: edit.plan_move,
    i.Place: edit.plan_place,
    i.Timing: edit.plan_timing,
    i.AddText: make.plan_add_text,
    i.ChangeText: make.plan_change_text,
    i.AddMedia: make.plan_add_media,
    i.Volume: make.plan_volume,
    i.AddSticker: make.plan_add_sticker,
    i.ApplyEffect: make.plan_apply_effect,
    i.UpdateEffect: make.plan_update_effect,
    i.TrackState: clip.plan_track_state,
    i.Duplicate: clip.plan_duplicate,
    i.Opacity: clip.plan_opacity,
    i.Speed: clip.plan_speed,
    i.CloseGaps: clip.plan_close_gaps,
    i.Visibility: clip.plan_visibility,
    i.RemoveSilences: media.plan_remove_silences,
    i.Normalize: media.plan_normalize,
    i.SplitScenes: media.plan_split_scenes,
    i.AddCaptions: words.plan_add_captions,
    i.RemoveFillers: words.plan_remove_fillers,
    i.CutWords: words.plan_cut_words,
    i.FindWords: words.plan_find_words,
    i.ImportSubtitles: words.plan_import_subtitles,
    i.ExportCaptions: words.plan_export_captions,
    i.Fade: motion.plan_fade,
    i.ChangeFade: motion.plan_change_fade,
    i.Zoom: motion.plan_zoom,
    i.Slide: motion.plan_slide,
    i.Duck: motion.plan_duck,
    i.ListKeyframes: motion.plan_list_keyframes,
}


def run_request(intents: tuple[i.Intent, ...], replay: Replay, ctx: Context) -> tuple[str, bool]:
    """The reply and whether the request failed; ``NeedCall`` when a call has no result yet."""
    replies: list[str] = []
    for index, intent in enumerate(intents):
        try:
            done = replay.run(PLANS[type(intent)](intent, ctx))
        except Failed as failure:
            return _stopped(intents, index, str(failure), replies, replay), True
        replies.append(done.reply)
        ctx.memory = done.targets or ctx.memory
    return "\n".join(replies), False


def _stopped(intents: tuple[i.Intent, ...], index: int, reason: str, replies: list[str], replay: Replay) -> str:
    if not replay.edited:
        return "\n".join([*replies, reason])
    part = f' (part {index + 1} of {len(intents)}, "{intents[index].said}")' if len(intents) > 1 else ""
    if any(isinstance(intent, i.History) for intent in intents[:index]):  # an undo here moved history: keep it
        return "\n".join([*replies, f"{reason}\nThat step failed{part}; the steps before it stay done."])
    replay.fetch(Call("undo"))  # the request's edits are one undo step: take them all back
    part = f' (part {index + 1} of {len(intents)}, "{intents[index].said}")' if len(intents) > 1 else ""
    return f"{reason}\nThat step failed{part}, so I undid the whole request: the project is as it was."
