"""Render with keyframes against the same render without them.

    python benchmarks/bench_render_motion.py

The demo (20 s, 1920x1080, 30 fps) as it is, and with a 1 s fade in and out
on every element that has a picture or a sound and a slow zoom on two
elements (the logo and the beach clip): full quality, best of 3 each, the
ratio measured in the same run. Target: at most 1.5x.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.io import read_project
from neuralcut_cli.render.run import render
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolContext

sys.path.insert(0, str(Path(__file__).parent))

from timing import best_and_median

REPO = Path(__file__).resolve().parent.parent
DEMO = REPO / "projects" / "demo.json"


def best(fn, runs: int = 3) -> float:  # type: ignore[no-untyped-def]
    return best_and_median(fn, runs)[0]  # the shared timing helper


def animated_copy(folder: Path) -> Path:
    shutil.copytree(REPO / "projects", folder / "projects")
    path = folder / "projects" / "demo.json"
    tools, context = default_registry(), ToolContext(ProjectSession(path))
    ids = [e.id for _, e in read_project(path).scene.elements() if e.type != "effect"]
    result = tools.execute("fade", {"elementIds": ids, "in": 1, "out": 1}, context)
    assert "error" not in result, result
    for element_id in ("e-logo", "e-beach"):
        for axis in ("X", "Y"):
            got = tools.execute("get_element", {"elementId": element_id}, context)
            scale = got["transform"][f"scale{axis}"]
            done = tools.execute(
                "animate",
                {
                    "elementId": element_id,
                    "property": f"transform.scale{axis}",
                    "from": scale,
                    "to": round(scale * 1.2, 3),
                },
                context,
            )
            assert "error" not in done, done
    return path


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        moving = animated_copy(folder)
        still, animated = read_project(DEMO), read_project(moving)
        plain = best(lambda: render(still, DEMO, folder / "plain.mp4", overwrite=True))
        keyed = best(lambda: render(animated, moving, folder / "keyed.mp4", overwrite=True))
    print("demo, 20 s at 1920x1080, 30 fps, full quality (best of 3)")
    print(f"  without keyframes                         {plain:6.2f} s")
    print(f"  fades on every element, zoom on two       {keyed:6.2f} s")
    print(f"  ratio                                     {keyed / plain:6.2f}x   (target <= 1.5x)")


if __name__ == "__main__":
    sys.exit(main())
