"""Which tools a model is shown. Every request declares the core tools; the others come in groups that the model
unlocks for the rest of the conversation with ``use_tools`` (the request stays small: see
``benchmarks/bench_prompt.py``). Any tool can be called whether or not it is declared (the offline backend and
scripts call them directly)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from neuralcut_cli.tools.definition import GROUP_NAMES, ToolDefinition

#: What each group is for, as ``use_tools`` tells the model.
GIST = {
    "text": "restyle or retime text",
    "effects": "the effects catalogue, change an effect, effects on one clip",
    "clips": "clip properties, copies, speed, gaps, track mute/hide, aspect (9:16), reframing",
    "motion": "fades, moves, zooms, ducking, keyframes",
    "transitions": "dissolves, wipes between clips",
    "checks": "check_project, review_render, export_timeline",
    "stickers": "stickers and flags",
    "media": "silences, loudness, shot changes",
    "speech": "transcripts, word cuts, filler words, captions, subtitles",
    "skills": "recipes for whole jobs",
    "legacy": "old delete_element, echo_context",
}
#: The groups a model can unlock, in the order it is told them.
UNLOCKABLE = tuple(group for group in GROUP_NAMES if group != "core")


@lru_cache(maxsize=1)
def groups() -> dict[str, tuple[str, ...]]:
    """Each unlockable group's tools, in registry order: read from each tool's declaration (``tool(group=...)``)."""
    from neuralcut_cli.tools import default_registry

    tools = default_registry().get_all()
    return {group: tuple(t.name for t in tools if t.group == group) for group in UNLOCKABLE}


def core() -> tuple[str, ...]:
    """The tools every request declares."""
    from neuralcut_cli.tools import default_registry

    return tuple(t.name for t in default_registry().get_all() if t.group == "core")


def declared(tools: Iterable[ToolDefinition], unlocked: Iterable[str], every: bool = False) -> list[ToolDefinition]:
    """The core tools and those of the unlocked groups (or, ``every``, all of them but ``use_tools``), in registry
    order."""
    open_groups = set(UNLOCKABLE if every else unlocked)
    shown = [t for t in tools if t.group == "core" or t.group in open_groups]
    return [t for t in shown if t.name != "use_tools"] if every else shown  # nothing left to unlock
