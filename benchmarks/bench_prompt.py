"""How big is what we send Gemini with every request?

    python benchmarks/bench_prompt.py

Characters of the system prompt and of the tool declarations (the JSON
schemas and descriptions), for the demo project and for a generated
20 000-element project (whose timeline summary is capped).
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from generate import write_project  # noqa: E402

from neuralcut_cli.agent.backends.prompt import system_prompt  # noqa: E402
from neuralcut_cli.agent.context import build_context  # noqa: E402
from neuralcut_cli.project.session import ProjectSession  # noqa: E402
from neuralcut_cli.tools import default_registry  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def measure(label: str, path: Path) -> None:
    prompt = system_prompt(build_context(ProjectSession(path)))
    tools = [t.document() for t in default_registry().get_all()]
    declarations = len(json.dumps(tools))
    print(f"{label:<22} system prompt {len(prompt):6,} chars + tool declarations {declarations:6,} chars "
          f"= {len(prompt) + declarations:6,} chars (~{(len(prompt) + declarations) // 4:,} tokens) per request")


def main() -> None:
    measure("demo project", REPO / "projects" / "demo.json")
    with tempfile.TemporaryDirectory() as tmp:
        measure("20,000 elements", write_project(Path(tmp) / "big.json", 20_000, 12))
    biggest = sorted(default_registry().get_all(), key=lambda t: -len(json.dumps(t.parameters)) - len(t.description))
    print("largest declarations: " + ", ".join(f"{t.name} ({len(t.description) + len(json.dumps(t.parameters))})"
                                              for t in biggest[:4]))


if __name__ == "__main__":
    main()
