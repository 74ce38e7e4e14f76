"""``neuralcut skills``: the skills a model can load, built-in and the person's own; files that cannot be read
are named with what is wrong."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from neuralcut_cli.cli.errors import guarded
from neuralcut_cli.cli.help_text import command
from neuralcut_cli.cli.options import JsonOpt, ProjectOpt, resolve_project


def skills_report(project_path: Path | None) -> tuple[list[Any], list[str]]:
    from neuralcut_cli.catalogs.skills import load_skills
    from neuralcut_cli.project.paths import skill_folders

    return load_skills(skill_folders(project_path))


def print_skills(console: Any, skills: list[Any], problems: list[str]) -> None:
    from rich.markup import escape
    from rich.table import Table

    table = Table("id", "name", "description", "from", box=None, header_style="bold")
    for skill in skills:
        source = skill.source + (
            f" (replaces the {'built-in one' if skill.overrides == 'built-in' else 'one in '}"
            f"{'' if skill.overrides == 'built-in' else skill.overrides})"
            if skill.overrides
            else ""
        )
        table.add_row(escape(skill.id), escape(skill.name), escape(skill.description), escape(source))
    console.print(table)
    for problem in problems:
        console.print(f"[yellow]warning:[/] {escape(problem)}")


def skills(project: ProjectOpt = None, json_out: JsonOpt = False) -> None:
    """List the skills (recipes a model can load with load_skill): built-in, in the config folder's skills/,
    and in the project's .neuralcut/skills/."""
    from neuralcut_cli.cli.output import Output

    found, problems = skills_report(resolve_project(project, must_exist=False))
    out = Output()
    if json_out:
        out.json({"skills": [s.summary() for s in found], "problems": problems})
        return
    print_skills(out.console, found, [])
    for problem in problems:
        out.warn(problem)


def register(app: typer.Typer) -> None:
    command(app, guarded(skills))
