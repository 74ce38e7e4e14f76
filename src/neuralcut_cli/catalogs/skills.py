"""Skills: recipes for whole jobs, as Markdown with a YAML front matter (``name``, ``description``, ``keywords``
as a list) between ``---`` lines; the file name is the skill's id. Two are built in (``catalogs/skills/``); a
person's own live in the user config folder's ``skills/`` and in ``<project folder>/.neuralcut/skills/`` (a later
folder's skill replaces an earlier one of the same id). A file that cannot be read is reported and skipped."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

BUILTIN = Path(__file__).parent / "skills"
_FRONT = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*\r?\n?(.*)\Z", re.DOTALL)
MAX_BYTES = 200_000


@dataclass(frozen=True)
class Skill:
    id: str
    name: str
    description: str
    keywords: tuple[str, ...]
    instructions: str
    source: str  # "built-in", or the file
    overrides: str | None = None  # the source of the skill of the same id this one replaces

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "keywords": list(self.keywords),
            "source": self.source,
            "overrides": self.overrides,
        }

    def matches(self, query: str) -> bool:
        wanted = query.lower().strip()
        return not wanted or any(
            wanted in text.lower() for text in (self.id, self.name, self.description, *self.keywords)
        )


def read_skill(path: Path, source: str) -> Skill:
    """One skill file; ``ValueError`` saying what is wrong with it."""
    import yaml

    from neuralcut_cli.files import FileRefused, read_regular

    try:
        text = read_regular(path, MAX_BYTES, "skill").decode("utf-8")
    except FileRefused as exc:
        raise ValueError(str(exc).split(": ", 1)[-1]) from None
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None
    match = _FRONT.match(text)
    if match is None:
        raise ValueError("no front matter (a block between --- lines at the top)")
    try:
        meta = yaml.safe_load(match.group(1))
    except yaml.YAMLError as exc:
        raise ValueError(f"malformed front matter: {' '.join(str(exc).split())}") from None
    except RecursionError:
        raise ValueError("the front matter is nested too deeply") from None
    if not isinstance(meta, dict):
        raise ValueError("the front matter is not a set of keys")
    name, description, keywords = meta.get("name"), meta.get("description"), meta.get("keywords", [])
    if not isinstance(name, str) or not name.strip() or not isinstance(description, str) or not description.strip():
        raise ValueError("the front matter needs a name and a description (text)")
    if not isinstance(keywords, list) or not all(isinstance(k, str) for k in keywords):
        raise ValueError("keywords must be a list of words")
    if not match.group(2).strip():
        raise ValueError("no instructions after the front matter")
    return Skill(
        path.stem,
        name.strip(),
        " ".join(description.split()),
        tuple(k.strip() for k in keywords),
        match.group(2).strip(),
        source,
    )


def load_skills(folders: Iterable[Path]) -> tuple[list[Skill], list[str]]:
    """The built-ins, then each folder's ``*.md`` (by id); and a message per file skipped."""
    found: dict[str, Skill] = {}
    problems: list[str] = []
    for folder, source in [(BUILTIN, "built-in"), *((f, "") for f in folders)]:
        if not folder.is_dir():
            continue
        order = {"viral-short": 0, "pitch-video": 1}  # the built-ins in the web editor's order
        for path in sorted(folder.glob("*.md"), key=lambda p: (order.get(p.stem, 2), p.name)):
            try:
                skill = read_skill(path, source or str(path))
            except (OSError, UnicodeDecodeError, ValueError) as exc:
                problems.append(f"{path}: {exc}; skipped")
                continue
            if skill.id in found:  # a later folder wins, and says whose skill it replaces
                skill = replace(skill, overrides=found[skill.id].source)
            found[skill.id] = skill
    return list(found.values()), problems
