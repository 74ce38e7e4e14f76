"""How big is what we send a model with every request?

    python benchmarks/bench_prompt.py

Characters of the system prompt and of the tool declarations as each backend sends them (Gemini's function
declarations, OpenAI's function tools), for the demo project and for a generated 20 000-element project (whose
timeline summary is capped): the core tools a request always declares, and every group unlocked. Target: the
demo with the core tools at or under 12,000 characters for both backends.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from generate import write_project

from neuralcut_cli.agent.backends.prompt import system_prompt
from neuralcut_cli.agent.context import build_context
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.groups import UNLOCKABLE, declared

REPO = Path(__file__).resolve().parent.parent


def payloads(tools: list) -> dict[str, int]:  # type: ignore[type-arg]
    """The declarations as each backend serialises them."""
    from neuralcut_cli.agent.backends.openai_compat import declarations as openai_tools

    gemini = [
        {
            "functionDeclarations": [
                {"name": t.name, "description": t.description, "parametersJsonSchema": t.parameters} for t in tools
            ]
        }
    ]
    return {"gemini": len(json.dumps(gemini)), "openai": len(json.dumps(openai_tools(tools)))}


def measure(label: str, path: Path) -> None:
    prompt = system_prompt(build_context(ProjectSession(path)))
    every = default_registry().get_all()
    for what, tools in (("core tools", declared(every, set())), ("all unlocked", declared(every, set(UNLOCKABLE)))):
        for backend, size in payloads(tools).items():
            print(
                f"{label:<16} {what:<13} {backend:<7} system prompt {len(prompt):6,} + declarations {size:6,} "
                f"= {len(prompt) + size:6,} chars (~{(len(prompt) + size) // 4:,} tokens)"
            )


def main() -> None:
    measure("demo project", REPO / "projects" / "demo.json")
    with tempfile.TemporaryDirectory() as tmp:
        measure("20,000 elements", write_project(Path(tmp) / "big.json", 20_000, 12))
    biggest = sorted(default_registry().get_all(), key=lambda t: -len(json.dumps(t.parameters)) - len(t.description))
    print(
        "largest declarations: "
        + ", ".join(f"{t.name} ({len(t.description) + len(json.dumps(t.parameters))})" for t in biggest[:4])
    )


if __name__ == "__main__":
    main()
