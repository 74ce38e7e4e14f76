"""What short ids cost, on a generated 20 000-element, 12-track project
(element ids made UUIDs).

    python benchmarks/bench_views.py

Reports, in one run: the timeline view (table and lanes at 120 columns, into
memory) against the same view with ids shown whole, and a read tool called
with a 6-character id prefix against the same call with the full id (the
prefix is expanded before validation).
"""

from __future__ import annotations

import io
import json
import random
import sys
import tempfile
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from generate import write_project
from rich.console import Console
from timing import best_and_median

from neuralcut_cli.cli.views import names as names_module
from neuralcut_cli.cli.views.timeline_view import print_timeline
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.io import read_project
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolContext


def view(project: object) -> None:
    print_timeline(Console(file=io.StringIO(), width=120, no_color=True), project)  # type: ignore[arg-type]


def uuid_named(path: Path) -> Path:
    """The generated project with every element id a UUID (as OpenCut names them)."""
    rng = random.Random(18)
    data = json.loads(path.read_text())
    for track in [
        data["scenes"][0]["tracks"]["main"],
        *data["scenes"][0]["tracks"].get("overlay", []),
        *data["scenes"][0]["tracks"].get("audio", []),
    ]:
        for element in track["elements"]:
            element["id"] = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    path.write_text(json.dumps(data))
    return path


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = uuid_named(write_project(Path(folder) / "big.json"))
        project = read_project(path)
        short_best, _ = best_and_median(lambda: view(project), runs=3)
        original = names_module.short_ids
        names_module.short_ids = lambda ids, minimum=6: {}  # type: ignore[assignment]
        whole_best, _ = best_and_median(lambda: view(project), runs=3)
        names_module.short_ids = original
        print(
            f"timeline view, 20 000 elements, 120 columns: {short_best:.3f} s with short ids, {whole_best:.3f} s "
            f"with whole ids: {short_best / whole_best:.2f}x"
        )
        target = next(element.id for _, element in project.scene.elements())
        session, registry = ProjectSession(path), default_registry()
        session.project()
        full, _ = best_and_median(
            lambda: registry.execute("get_element", {"elementId": target}, ToolContext(session)), runs=5
        )
        prefix, _ = best_and_median(
            lambda: registry.execute("get_element", {"elementId": target[:6]}, ToolContext(session)), runs=5
        )
        print(
            f"get_element by full id {full * 1000:.1f} ms, by a 6-character prefix {prefix * 1000:.1f} ms: "
            f"{prefix / full:.2f}x"
        )


if __name__ == "__main__":
    main()
