"""Skills (issue 16 §3): the two built-in recipes, a person's own in both folders, malformed files reported."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import neuralcut
from tool_helpers import Tools, assert_refused

from neuralcut_cli.catalogs.effects import find_effect
from neuralcut_cli.catalogs.skills import BUILTIN, load_skills
from neuralcut_cli.editing.properties import PROPERTIES
from neuralcut_cli.tools import default_registry

SKILL = "---\nname: {name}\ndescription: {name} recipe.\nkeywords: [{word}, extra]\n---\nStep one for {name}.\n"


@pytest.fixture
def folders(demo_path: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[Path, Path]:
    config = tmp_path / "cfg"
    (config / "skills").mkdir(parents=True)
    (config / "config.toml").write_text("")  # an empty config file: its folder holds the person's skills
    monkeypatch.setenv("NEURALCUT_CONFIG", str(config / "config.toml"))
    project = demo_path.parent / ".neuralcut" / "skills"
    project.mkdir(parents=True)
    return config / "skills", project


def test_the_built_ins_load_in_order(demo_path: Path) -> None:
    listed = Tools(demo_path)("list_skills", {})["skills"]
    assert [s["id"] for s in listed[:2]] == ["viral-short", "pitch-video"]
    assert Tools(demo_path)("list_skills", {"query": "TikTok"})["skills"][0]["id"] == "viral-short"
    loaded = Tools(demo_path)("load_skill", {"skillId": "pitch-video"})
    assert loaded["name"] == "Pitch video" and "FIVE ACTS" in loaded["instructions"].upper()


def test_the_built_ins_name_only_real_tools_effects_and_properties() -> None:
    """NeuralCut web's recipes call parameters that do not exist (reference §3 end); ours must not."""
    tools = set(default_registry().keys())
    for path in BUILTIN.glob("*.md"):
        text = path.read_text()
        named = set(re.findall(r"\b([a-z]+(?:_[a-z]+)+) \{", text))
        assert named and named <= tools, (path.name, named - tools)
        for effect in re.findall(r'effectType: "([a-z-]+)"', text):
            assert find_effect(effect) is not None, effect
        for prop in re.findall(r'property: "([\w.]+)"', text):
            assert prop in PROPERTIES, prop
        for effect, params in re.findall(r'effectType: "([a-z-]+)", params: \{([^}]*)\}', text):
            keys = {k for k in re.findall(r"(\w+):", params)}
            assert keys <= {p.key for p in find_effect(effect).params}, (effect, keys)  # type: ignore[union-attr]


def test_a_persons_skills_are_found_in_both_places(folders: tuple[Path, Path], demo_path: Path) -> None:
    user, project = folders
    (user / "mine.md").write_text(SKILL.format(name="Mine", word="alpha"))
    (project / "wedding.md").write_text(SKILL.format(name="Wedding", word="love"))
    ids = [s["id"] for s in Tools(demo_path)("list_skills", {})["skills"]]
    assert ids == ["viral-short", "pitch-video", "mine", "wedding"]
    assert Tools(demo_path)("load_skill", {"skillId": "wedding"})["instructions"] == "Step one for Wedding."
    done = neuralcut("skills", "-p", demo_path, "--json")
    assert [s["id"] for s in json.loads(done.stdout)["skills"]][-2:] == ["mine", "wedding"]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("---\nname: [broken\n---\nx\n", "malformed front matter"),
        ("no front matter here\n", "no front matter"),
        ("---\nname: A\n---\nx\n", "needs a name and a description"),
        ("---\nname: A\ndescription: B\nkeywords: alpha\n---\nx\n", "keywords must be a list of words"),
        ("---\nname: A\ndescription: B\n---\n\n", "no instructions"),
    ],
)
def test_a_malformed_skill_is_reported_with_its_file_and_skipped(
    folders: tuple[Path, Path], demo_path: Path, text: str, problem: str
) -> None:
    user, _ = folders
    (user / "bad.md").write_text(text)
    (user / "good.md").write_text(SKILL.format(name="Good", word="fine"))
    skills, problems = load_skills([user])
    assert [s.id for s in skills][-1] == "good"
    assert len(problems) == 1 and str(user / "bad.md") in problems[0] and problem in problems[0]
    done = neuralcut("skills", "-p", demo_path)
    assert done.returncode == 0 and "bad.md" in done.stderr and "skipped" in done.stderr


def test_load_skill_errors(demo_path: Path) -> None:
    assert_refused(demo_path, "load_skill", {"skillId": " "}, "skillId must be a non-empty string")
    assert_refused(demo_path, "load_skill", {}, "skillId must be a non-empty string")
    assert_refused(
        demo_path,
        "load_skill",
        {"skillId": "nope"},
        "Skill not found: nope. Available skills: viral-short, pitch-video",
    )


def test_the_system_prompt_tells_of_skills_without_their_text() -> None:
    from neuralcut_cli.agent.backends.prompt import system_prompt

    prompt = system_prompt(None)
    assert "list_skills" in prompt and "load_skill" in prompt and "VIRAL SHORT" not in prompt
