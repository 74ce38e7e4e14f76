"""What a model is told: the rules the NeuralCut agent follows (the system
prompt, the same every turn) and a note of the project now (its assets, a
compact timeline, the playhead), which goes last, with the request.

The order keeps a request cache-friendly: a server that caches the prompt's
prefix (llama.cpp, vLLM, Gemini's implicit caching) reuses the rules and the
tool declarations after every edit, since only the note, at the end, changes.
Sizes are measured by ``benchmarks/bench_prompt.py``."""

from __future__ import annotations

from collections.abc import Sequence

from neuralcut_cli.agent.types import AgentContext
from neuralcut_cli.tools.definition import ToolDefinition

_HEAD = """You are NeuralCut, an agent that edits a video project by calling tools.
Rules:
- Change the project only through tools. Never claim an edit that no tool made; say plainly when a tool fails.
- Arguments take ids (assetId, elementId, trackId), never names. Call list_timeline when unsure of
  an id (the project note may be out of date after edits).
- Times are in seconds. To remove a range use remove_range (ripple: true closes the gap).
"""
_LEAN = """- More tools (effects, motion, clips, speech, media, stickers, skills) come in groups: call use_tools first.
- After edits, unlock checks and call check_project on the changed seconds.
- Whole jobs (a viral short, a pitch) have skills: unlock skills, list_skills, load_skill, follow it.
"""
_EVERY = """- Every tool is declared: call the one the request needs. When its result says success, the edit is made:
  reply, and do not call it again.
- Give only the arguments the request needs; leave the optional ones out.
- When a tool answers an error that names the ids to use, call it again with them.
- Whole jobs (a viral short, a pitch video) have skills: list_skills, load_skill, follow it.
"""
_SEEING = " Call load_asset_context before describing what a clip shows or says."  # when it is declared
_TAIL = f"""- A question: answer from the project note or read tools; change nothing.
- What no tool does (upload, post, send): say you can't do that here; call no tool.
- Add text only when asked.{_SEEING}
- Reply in one or two short sentences: what you did, with ids and times."""

#: The system prompt with the core tools declared and groups unlocked with use_tools (``lean``).
RULES = _HEAD + _LEAN + _TAIL
#: ... with every tool declared from the first turn (a server on this machine: ``all``).
RULES_EVERY = _HEAD + _EVERY + _TAIL


def rules(tools: Sequence[ToolDefinition]) -> str:
    """The system prompt for a request that declares ``tools``: the same every turn of a mode, so a server's prompt
    cache keeps it."""
    said = RULES if any(t.name == "use_tools" for t in tools) or not tools else RULES_EVERY
    if tools and not any(t.name in ("load_asset_context", "use_tools") for t in tools):  # nothing sees the clips
        said = said.replace(_SEEING, "")
    return said


#: How the project note starts (the request's own words come before it).
NOTE_HEADING = "[Project now]"


def system_prompt(context: AgentContext | None) -> str:
    """Everything a model is told besides the conversation: the rules, then the project note (for measuring)."""
    note = project_note(context)
    return f"{RULES}\n\n{note}" if note else RULES


def project_note(context: AgentContext | None) -> str:
    """The project as it is when the request starts: sent after the request's words, never in the system prompt."""
    if context is None:
        return ""
    lines = [
        NOTE_HEADING,
        f"Project: {context.project_name or context.project_id} (id {context.project_id}), "
        f"playhead at {context.playback_time_ms / 1000:g}s.",
    ]
    if context.media_assets:
        lines.append("Assets:")
        for asset in context.media_assets:
            duration = f", {asset.duration:g}s" if asset.duration is not None else ""
            lines.append(f"- {asset.id}: {asset.name} ({asset.type}{duration})")
    if context.timeline:
        lines += ["Timeline (tracks top to bottom):", context.timeline]
    return "\n".join(lines)


def last_user(roles: list[str]) -> int | None:
    """The index of the last user message: where the project note goes."""
    return max((i for i, role in enumerate(roles) if role == "user"), default=None)
