"""``list_skills`` and ``load_skill``: recipes for whole jobs (reference §4), the built-ins and the person's own."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field

from neuralcut_cli.catalogs.skills import Skill, load_skills
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.paths import skill_folders
from neuralcut_cli.tools.definition import ToolArgs, ToolContext, ToolError, tool
from neuralcut_cli.tools.outputs import SkillOutput, SkillsOutput


def _skills(ctx: ToolContext) -> list[Skill]:
    skills, _ = load_skills(skill_folders(ctx.session.path if ctx.session else None))
    return skills


class ListSkillsArgs(ToolArgs):
    query: Annotated[str | None, Field(max_length=500, description="Optional words to match, e.g. 'tiktok'.")] = None


@tool("list_skills", ListSkillsArgs, group="skills")
def list_skills(project: Project, args: ListSkillsArgs, ctx: ToolContext) -> SkillsOutput:
    """List the skills: recipes for whole jobs (a viral short, a pitch video, the person's own). When a request
    matches one, load_skill it and follow its steps with the usual tools."""
    query = args.query if isinstance(args.query, str) else ""
    return {"skills": [skill.summary() for skill in _skills(ctx) if skill.matches(query)]}


class LoadSkillArgs(ToolArgs):
    skill_id: Annotated[str, Field(description="A skill id from list_skills, e.g. viral-short.")]
    errors: ClassVar = {"skill_id": "skillId must be a non-empty string"}

    def check(self) -> None:
        if not self.skill_id.strip():
            raise ToolError("skillId must be a non-empty string")


@tool("load_skill", LoadSkillArgs, group="skills")
def load_skill(project: Project, args: LoadSkillArgs, ctx: ToolContext) -> SkillOutput:
    """Load a skill's instructions (from list_skills) and follow them step by step with the editing tools."""
    skills = _skills(ctx)
    found = next((s for s in skills if s.id == args.skill_id.strip()), None)
    if found is None:
        raise ToolError(f"Skill not found: {args.skill_id}. Available skills: {', '.join(s.id for s in skills)}")
    return {"skillId": found.id, "name": found.name, "instructions": found.instructions}
