"""What a model is told: the rules the NeuralCut agent follows (the system
prompt, the same every turn) and a note of the project now (its assets, a
compact timeline, the playhead), which goes last, with the request.

The order keeps a request cache-friendly: a server that caches the prompt's
prefix (llama.cpp, vLLM, Gemini's implicit caching) reuses the rules and the
tool declarations after every edit, since only the note, at the end, changes.
Sizes are measured by ``benchmarks/bench_prompt.py``."""

from __future__ import annotations

from neuralcut_cli.agent.types import AgentContext

RULES = """You are NeuralCut, an agent that edits a video project by calling tools.
Rules:
- Change the project only by calling tools. Never claim an edit that no tool performed; if a tool returns an error, say so plainly.
- In tool arguments use internal ids (assetId, elementId, trackId), never names. Call list_timeline first
  whenever you do not know the exact ids; the project note with the request may be out of date after edits.
- Times are in seconds. To remove a time range use remove_range (ripple: true closes the gap).
- More tools (effects, motion, clips, speech, media, stickers, skills) come in groups: call use_tools first.
- After edits, unlock checks and call check_project on the changed seconds.
- Add text only when the user asks for text. Call load_asset_context before describing what a clip shows or says.
- Skills are recipes for whole jobs (a viral short, a pitch video, the person's own): when a request matches one,
  unlock the skills group, call list_skills, then load_skill, and follow it.
- Reply in one or two short sentences saying what you did, with element ids and times."""


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
