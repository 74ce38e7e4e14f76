"""The README and the manual in docs/ work as written: every walk-through and every ``sh`` block of the manual runs
line by line on a fresh copy of the demo (or is named with what it needs), and every request of the offline
backend's grammar does on the demo what docs/talking.md says (issue 24 §4, issue 43 §1)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import invoke
from paths import REPO

README = REPO / "README.md"
DOCS = REPO / "docs"
BIN = Path(sys.executable).parent
#: The README's sections with commands that no test runs: the set-up itself (CI runs its test command).
NOT_RUN = {README: {"Set-up: two commands"}}


def section(title: str, document: Path = README) -> str:
    text = document.read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 4)
    return text[start : end if end > 0 else len(text)]


def shell_lines(title: str, document: Path = README) -> list[str]:
    """The commands of a section's ``sh`` blocks, comments and blank lines left out."""
    return [line for block in sh_blocks(section(title, document)) for line in block]


def sh_blocks(text: str) -> list[list[str]]:
    """Each ``sh`` block of ``text`` as its commands: comments and blank lines left out, a line ending in ``\\``
    joined to the next."""
    blocks = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        lines: list[str] = []
        for line in block.replace("\\\n", " ").splitlines():
            command = re.sub(r"\s+#\s.*$", "", line).strip()
            if command and not command.startswith("#"):
                lines.append(command)
        blocks.append(lines)
    return blocks


def run_lines(lines: list[str], folder: Path) -> None:
    """Each line in one shell, in order, as a newcomer types them: any failure names its line."""
    # what a line started in the background (``neuralcut serve &``) is stopped however the script ends
    script = "set -e\ntrap 'status=$?; kill $(jobs -p) 2>/dev/null || :; exit $status' EXIT\n" + "\n".join(
        f"echo '>>> {i}'\n{line}" for i, line in enumerate(lines)
    )
    env = {**os.environ, "PATH": f"{BIN}:{os.environ['PATH']}", "NO_COLOR": "1"}
    env.pop("NEURALCUT_PROJECT", None)
    done = subprocess.run(
        ["bash", "-c", script],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=600,
    )
    failed = re.findall(r">>> (\d+)", done.stdout)
    assert done.returncode == 0, f"line {lines[int(failed[-1])] if failed else '?'} failed:\n{done.stderr[-2000:]}"


@pytest.mark.slow  # real processes, a render of the demo
def test_the_first_ten_minutes_then_talking_to_it(tmp_path: Path) -> None:
    lines = shell_lines("The first ten minutes") + shell_lines("Talk to it", DOCS / "talking.md")
    assert any(line.startswith("neuralcut render") for line in lines)
    run_lines(lines, tmp_path)
    project = json.loads((tmp_path / "tour.json").read_text())
    texts = [e for t in project["scenes"][0]["tracks"]["overlay"] for e in t["elements"] if e["type"] == "text"]
    assert [t["content"] for t in texts] == ["Beach day"]  # the demo's title, changed; no second title stacked
    main = project["scenes"][0]["tracks"]["main"]["elements"]
    assert len(main) == 4  # "split at 5s" once; the dry run saved nothing; the piped script split and undid
    for picture in ("frame.png", "board.png", "tour.mp4"):
        assert (tmp_path / picture).stat().st_size > 1000


@pytest.mark.slow  # real processes
def test_the_readme_tour(tmp_path: Path) -> None:
    lines = shell_lines("A short tour")
    assert len(lines) >= 8
    run_lines(lines, tmp_path)
    assert (tmp_path / "trip.otio").stat().st_size > 1000 and json.loads((tmp_path / "reply.json").read_text())[
        "toolCalls"
    ]


@pytest.mark.slow  # real processes
def test_every_command_of_the_manual(tmp_path: Path) -> None:
    lines = shell_lines("A short tour", DOCS / "commands.md")
    assert len(lines) >= 15
    run_lines(lines, tmp_path)
    assert (tmp_path / "trip.json").exists()


def test_the_readme_is_the_page_a_newcomer_reads() -> None:
    """At most ~250 lines; every sh block is in a section a test runs or one named as not run; every document it
    points to exists."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    run = {"The first ten minutes", "A short tour"} | NOT_RUN[README]
    with_commands = {title for title in re.findall(r"^## (.+)$", text, re.M) if "```sh" in section(title)}
    assert with_commands <= run
    linked = re.findall(r"\]\(((?:docs/)?[\w./-]+\.md)\)", text)
    assert linked and all((REPO / link).is_file() for link in linked)


# -- the grammar, on the demo --------------------------------------------------------------------------------------

#: Requests that need something the demo does not have: what they answer instead (and nothing changes).
REFUSED_ON_THE_DEMO = {
    "import subs.srt": "Subtitle file not found",  # a subtitle file beside the project
    "export the captions": "no caption",  # captions to export
    "save the subtitles as vtt": "no caption",
    "what's in the beach clip?": "GEMINI_API_KEY",  # looking at a clip needs Gemini
    "describe the intro": "GEMINI_API_KEY",
    "split at every shot change": "No shot changes found",  # the demo's clips are single shots
    "cut the beach clip at its scene changes": "No shot changes found",
    "delete it": "don't know what 'it' refers to",  # nothing came before it
    "make the captions highlight the spoken word": "There are no captions to style",  # the demo has none
    "restyle the captions boxed": "There are no captions to style",
}
#: What is said on the demo, whose clips hold no speech, by the requests that need a transcript: with the
#: transcribe extra (as CI installs it) the clips are heard and nothing is found; without it, it is named.
HEARD = {
    "add captions": "No words to caption",
    "add subtitles at the top": "No words to caption",
    'cut the part where I say "let me start again"': "is not said in the clips",
}
NOTHING_FOUND = {
    "remove every um": "No um found; nothing cut",
    "cut the filler words": "No filler words found; nothing cut",
    "where do I say welcome?": "'welcome' is not said in the clips",
    "remove the retakes": "No retake found",
    "keep only the last take": "No retake found",
}
if importlib.util.find_spec("faster_whisper") is not None:
    REFUSED_ON_THE_DEMO.update(HEARD)
else:
    REFUSED_ON_THE_DEMO.update({request: "transcri" for request in [*HEARD, *NOTHING_FOUND]})
#: Requests that follow an edit: what is run first.
AFTER = {
    "undo": ["split at 5s"],
    "go back three steps": ["split at 5s", "split at 7s", "split at 9s"],
    "undo the last 2 changes": ["split at 5s", "split at 7s"],
    "redo": ["split at 5s", "undo"],
    "redo twice": ["split at 5s", "split at 7s", "undo the last 2 changes"],
    "make the fade longer": ["fade in the intro over 1 second"],
    "make the fade out on the music 3 seconds": ["fade out the music at the end"],
    "make the crossfade longer": ["dissolve into the beach clip"],
    "make the transitions half a second": ["put a crossfade between every clip"],
    "remove the transitions": ["put a crossfade between every clip"],
}


def grammar() -> list[str]:
    block = (
        section("Talk to it", DOCS / "talking.md").split("<!-- mock grammar")[1].split("<!-- end of mock grammar")[0]
    )
    lines = block.split("```")[1].strip().splitlines()
    return [request.strip() for line in lines for request in line.split(" · ") if request.strip()]


@pytest.fixture(scope="module")
def demo_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("readme-demo")
    assert invoke("new", folder / "tour.json", "--demo").returncode == 0
    return folder


@pytest.mark.slow  # every request of the grammar table, each on a fresh copy of the demo (about 6 s)
def test_every_grammar_request_does_on_the_demo_what_the_readme_says(demo_copy: Path, tmp_path: Path) -> None:
    requests = grammar()
    assert len(requests) > 100 and set(REFUSED_ON_THE_DEMO) | set(AFTER) <= set(requests)
    shutil.copytree(demo_copy / "tour-media", tmp_path / "tour-media")
    failures = []
    for number, request in enumerate(requests):
        project = tmp_path / f"r{number}.json"
        shutil.copy(demo_copy / "tour.json", project)
        for first in AFTER.get(request, []):
            assert invoke("run", "-p", project, first).returncode == 0, first
        before = project.read_bytes()
        done = invoke("run", "-p", project, request, "--json", env={"GEMINI_API_KEY": "", "GOOGLE_API_KEY": ""})
        outcome = json.loads(done.stdout)
        said = outcome["reply"] + (outcome.get("error") or "")
        if request in REFUSED_ON_THE_DEMO:
            right = (
                done.returncode == 1
                and REFUSED_ON_THE_DEMO[request].lower() in said.lower()
                and project.read_bytes() == before
            )
        else:
            right = done.returncode == 0 and NOTHING_FOUND.get(request, "").lower() in said.lower()
        if not right or "internal error" in said.lower():
            failures.append(f"{request!r}: {said[:160]}")
    assert failures == [], "\n".join(failures)


# -- every other page of the manual ------------------------------------------------------------------------------

#: Pages whose blocks the walk-through tests above run whole.
WALKED = {"commands.md", "talking.md"}
#: The blocks no test can run as written, by page and first command, and why; each is shown for a reader to run
#: on their own machine.
NOT_RUN_BLOCKS = {
    (
        "backends.md",
        "export GEMINI_API_KEY=...",
    ): "a Gemini key (tests/agent/test_gemini.py: the real SDK, a fake server)",
    (
        "backends.md",
        "export OPENAI_API_KEY=sk-...",
    ): "an OpenAI key (tests/agent/test_openai_backend.py: a fake server)",
    ("backends.md", ".venv/bin/pip install -q -e '.[local]'"): "minutes of a model (tests/agent/test_local_model.py)",
    ("backends.md", "llama-server -m qwen2.5-7b-instruct-q4_k_m.gguf --jinja -c 32768 --port 8080"): "your own model",
    ("backends.md", "ollama pull qwen2.5"): "Ollama, not installed here",
    ("backends.md", "lms server start"): "LM Studio, not installed here",
    (
        "check.md",
        'neuralcut tool review_render \'{"question": "Does the title stay readable?", "start": 0, "end": 6}\'',
    ): ("a Gemini key (tests/check/test_review_render.py: a fake server)"),
    ("development.md", ".venv/bin/lint-imports"): "the clone's .venv (.ci/run runs these checks itself)",
    ("development.md", "python benchmarks/bench_project.py"): "minutes each: speed is measured, not tested",
    ("render.md", "ray start --head --node-ip-address 127.0.0.1 --port 6379 --num-cpus 2"): (
        "a Ray head of its own (tests/render/test_render_scale.py starts one on 127.0.0.1 and renders on it)"
    ),
    ("servers.md", "claude mcp add neuralcut -- neuralcut mcp -p /path/to/project.json"): "Claude Code",
    (
        "servers.md",
        "npx @modelcontextprotocol/inspector --cli neuralcut mcp -p projects/demo.json --method tools/list",
    ): ("Node's npx (tests/server/test_mcp.py: the official mcp client)"),
}


def manual_blocks() -> list[tuple[str, int, list[str]]]:
    """Every ``sh`` block of the manual's pages (the walked ones aside): page, number, commands."""
    return [
        (page.name, number, lines)
        for page in sorted(DOCS.glob("*.md"))
        if page.name not in WALKED
        for number, lines in enumerate(sh_blocks(page.read_text(encoding="utf-8")))
    ]


def test_every_block_of_the_manual_is_run_or_says_what_it_needs() -> None:
    shown = {(page, lines[0]) for page, _, lines in manual_blocks()}
    assert set(NOT_RUN_BLOCKS) <= shown, f"named but not in the manual: {set(NOT_RUN_BLOCKS) - shown}"
    for page in WALKED:
        assert sh_blocks((DOCS / page).read_text(encoding="utf-8")) and page != "README.md"
    assert len(shown - set(NOT_RUN_BLOCKS)) >= 8  # the blocks the next test runs


@pytest.mark.slow  # real processes, renders of the demo
@pytest.mark.parametrize(
    ("page", "number", "lines"),
    [
        pytest.param(page, number, lines, id=f"{page}-{number}")
        for page, number, lines in manual_blocks()
        if (page, lines[0]) not in NOT_RUN_BLOCKS
    ],
)
def test_every_block_of_the_manual_runs_on_a_demo_copy(
    page: str, number: int, lines: list[str], tmp_path: Path
) -> None:
    """As a reader runs it: on a fresh copy of the demo, which ``NEURALCUT_PROJECT`` names."""
    assert invoke("new", tmp_path / "tour.json", "--demo").returncode == 0
    run_lines(["export NEURALCUT_PROJECT=tour.json", *lines], tmp_path)
