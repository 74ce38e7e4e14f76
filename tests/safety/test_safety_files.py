"""Regression tests for the defects a probe of the landed tree found (one per item).

Each was seen failing on the tree before the fix (see the closing note of the
safety issue); here they pin the behaviour that replaced it.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import EXE, Result, WriteProject, invoke, neuralcut
from conftest import minimal_project
from fake_gemini import FakeGemini
from paths import REPO
from tool_helpers import Tools

from neuralcut_cli.agent.stores import ChatStore
from neuralcut_cli.agent.types import ChatMessage
from neuralcut_cli.errors import ProjectLoadError
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.io import parse_project


def run(*args: str | Path, input: str | bytes = "", timeout: float = 60) -> Result:
    """Through main() in this process (``timeout`` kept for the calls that are fast anyway)."""
    return invoke(*args, input=input)


def history_steps(project: Path) -> int:
    return len(ProjectSession(project).steps()[0])


# -- 3. a call is validated before anything is written -------------------------------------------


def test_a_lone_surrogate_in_an_unknown_argument_changes_nothing(demo_path: Path) -> None:
    before = demo_path.read_bytes()
    done = run("tool", "split", '{"times": [5], "note": "\\ud800"}', "-p", demo_path, "--json")
    assert done.returncode == 2
    assert "ARGS_JSON: note: text is not valid Unicode (a lone surrogate)" in done.stderr
    assert demo_path.read_bytes() == before and history_steps(demo_path) == 0


def test_a_lone_surrogate_from_a_model_changes_nothing(demo_path: Path) -> None:
    before = demo_path.read_bytes()
    result = Tools(demo_path)("add_text", {"text": "Hi \ud800", "start": 0, "end": 1})
    assert (
        result["error"] == "Invalid arguments"
        and result["details"] == "text: text is not valid Unicode (a lone surrogate)"
    )
    assert demo_path.read_bytes() == before and history_steps(demo_path) == 0


def test_invalid_utf8_on_stdin_changes_nothing(demo_path: Path) -> None:
    before = demo_path.read_bytes()
    done = run("tool", "split", "-", "-p", demo_path, input=b'{"times": [5], "note": "\xff"}')
    assert done.returncode == 2 and "ARGS_JSON on stdin is not valid UTF-8 text" in done.stderr
    assert "Traceback" not in done.stderr
    assert demo_path.read_bytes() == before and history_steps(demo_path) == 0


def test_a_failure_after_the_project_is_written_rolls_it_back(demo_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from neuralcut_cli.project.journal import Journal

    def broken(self: Journal) -> None:
        raise OSError(28, "No space left on device")

    before = demo_path.read_bytes()
    monkeypatch.setattr(Journal, "finish", broken)
    result = Tools(demo_path)("split", {"times": [5]})
    assert "error" in result
    assert demo_path.read_bytes() == before
    monkeypatch.undo()
    assert history_steps(demo_path) == 0


# -- 4. bounded inputs ------------------------------------------------------------------------------


@pytest.mark.parametrize("args", ['{"times": [1e20]}', '{"times": [86400.5]}'])
def test_times_past_24_hours_are_refused(demo_path: Path, args: str) -> None:
    before = demo_path.read_bytes()
    done = run("tool", "split", args, "-p", demo_path, "--json")
    assert done.returncode == 1 and json.loads(done.stdout)["error"] == "Invalid split times"
    assert json.loads(done.stdout)["details"].startswith("times: at most 86400")
    assert demo_path.read_bytes() == before


def test_an_edit_that_would_end_past_24_hours_is_refused(demo_path: Path) -> None:
    before = demo_path.read_bytes()
    result = Tools(demo_path)("move_timeline_elements", {"elementIds": ["e-title"], "start": 86399})
    assert "the longest a project may be" in result["error"]
    assert demo_path.read_bytes() == before


def test_a_number_of_thousands_of_digits_is_a_usage_error(demo_path: Path) -> None:
    done = run("tool", "split", '{"times": [1' + "0" * 5000 + "]}", "-p", demo_path)
    assert done.returncode == 2 and "thousands of digits" in done.stderr and "Traceback" not in done.stderr


def _with(key: str, raw: str) -> str:
    return json.dumps(minimal_project())[:-1] + f', "{key}": {raw}}}'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_with("extra", "[" * 300 + "]" * 300), "nested more than 64 levels deep"),
        (_with("extra", "[" * 3000 + "]" * 3000), "nested too deeply"),
        (_with("extra", "1" + "0" * 30), "extra: number is too large"),
        (_with("extra", "1" + "0" * 5000), "thousands of digits"),
        (_with("extra", "1e400"), "extra: numbers must be finite"),
        (_with("extra", "NaN"), "NaN is not a JSON number"),
        (_with("extra", '"\\udc80"'), "extra: text is not valid Unicode"),
        (
            json.dumps(
                minimal_project(
                    mediaAssets=[{"id": "a", "type": "image"}],
                    scenes=[
                        {
                            "id": "s1",
                            "tracks": {
                                "main": {
                                    "id": "m",
                                    "type": "video",
                                    "elements": [
                                        {
                                            "id": "x",
                                            "type": "image",
                                            "mediaId": "a",
                                            "startTime": 86_400 * 120_000,
                                            "duration": 120_000,
                                        }
                                    ],
                                }
                            },
                        }
                    ],
                )
            ),
            "the 24-hour limit",
        ),
        (json.dumps(minimal_project(settings={"canvasSize": {"width": 10**6, "height": 10}})), "canvasSize.width"),
        (json.dumps(minimal_project(settings={"fps": {"numerator": 10**6, "denominator": 1}})), "above 1000 fps"),
    ],
)
def test_files_beyond_the_limits_are_refused_at_load(text: str, message: str) -> None:
    with pytest.raises(ProjectLoadError) as caught:
        parse_project(text)
    assert message in caught.value.message


def test_a_nesting_that_loads_also_saves(demo_path: Path) -> None:
    data = json.loads(demo_path.read_text())
    data["extra"] = json.loads("[" * 60 + "]" * 60)
    demo_path.write_text(json.dumps(data))
    assert "error" not in Tools(demo_path)("split", {"times": [5]})


def test_views_of_a_project_at_the_24_hour_limit_finish(write_project: WriteProject) -> None:
    data = minimal_project()
    data["mediaAssets"] = [{"id": "a", "type": "image"}]
    data["scenes"][0]["tracks"]["main"]["elements"] = [
        {"id": "late", "type": "image", "mediaId": "a", "startTime": 86_399 * 120_000, "duration": 120_000},
        {"id": "tiny", "type": "image", "mediaId": "a", "startTime": 0, "duration": 1},
    ]
    path = write_project(data)
    for command in ("timeline", "history"):
        done = run(command, "-p", path, timeout=120)
        assert done.returncode == 0, done.stderr
    assert "late" in run("timeline", "-p", path).stdout


# -- 5. invalid UTF-8 in a request -----------------------------------------------------------------


@pytest.mark.slow
def test_invalid_utf8_in_run_is_refused_and_the_chat_stays_usable(demo_path: Path) -> None:
    done = neuralcut("run", b"split at 5s \xff", "-p", demo_path)  # argv bytes: only a real process has them
    assert done.returncode == 2 and b"The request is not valid UTF-8 text" in done.stderr
    assert b"Traceback" not in done.stderr and b"cancelled" not in done.stderr
    assert run("run", "split at 5s", "-p", demo_path).returncode == 0


def test_an_invalid_line_in_a_script_is_skipped_and_the_rest_runs(demo_path: Path) -> None:
    done = run("-p", demo_path, input=b"split at 2s \xff\nsplit at 5s\n")
    assert done.returncode == 1
    assert "line 1 is not valid UTF-8 text; skipped" in done.stdout
    assert "split" in done.stdout and "Traceback" not in done.stderr
    chat = json.loads((demo_path.parent / ".neuralcut/demo/chat.json").read_text())
    assert [m["content"] for m in chat["messages"] if m["role"] == "user"] == ["split at 5s"]


# -- 6. parallel requests keep every chat message ---------------------------------------------------


def test_chat_stores_writing_in_parallel_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "chat.json"

    def writer(name: str) -> None:
        store = ChatStore(path)
        for index in range(25):
            store.add_message(ChatMessage(role="user", content=f"{name}-{index}"))

    threads = [threading.Thread(target=writer, args=(f"w{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    saved = {m.content for m in ChatStore(path).messages}
    assert saved == {f"w{n}-{i}" for n in range(4) for i in range(25)}


@pytest.mark.slow
def test_parallel_runs_keep_every_user_message(demo_path: Path) -> None:
    env = {**os.environ, "NO_COLOR": "1"}
    processes = [
        subprocess.Popen(
            [*EXE, "run", f"list the timeline {i}" if i % 2 else "what effects are there?", "-p", str(demo_path)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for i in range(12)
    ]
    for process in processes:
        process.wait(timeout=120)
    chat = json.loads((demo_path.parent / ".neuralcut/demo/chat.json").read_text())
    assert len([m for m in chat["messages"] if m["role"] == "user"]) == 12


# -- 8. render -o never replaces what it must not ---------------------------------------------------


@pytest.mark.parametrize("target", ["/dev/null", "fifo", "media/intro.mp4", "link-to-intro.mp4", "demo.json"])
def test_render_refuses_targets_it_must_not_replace(demo_with_media: Path, target: str) -> None:
    folder = demo_with_media.parent
    if target == "fifo":
        os.mkfifo(folder / "fifo")
    if target.startswith("link"):
        (folder / target).symlink_to(folder / "media/intro.mp4")
    path = Path(target) if target.startswith("/") else folder / target
    before = path.stat()
    snapshot = path.read_bytes() if stat.S_ISREG(before.st_mode) else None
    done = run("render", "-p", demo_with_media, "-o", path, "--force", timeout=120)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    after = path.stat()
    assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode)
    if snapshot is not None:
        assert path.read_bytes() == snapshot


def test_render_asks_for_force_before_replacing_a_file(demo_with_media: Path) -> None:
    out = demo_with_media.parent / "out.mp4"
    out.write_bytes(b"keep me")
    done = run("render", "-p", demo_with_media, "-o", out, "--preview", "--to", "1")
    assert done.returncode == 1 and "already exists; pass --force to replace it" in done.stderr
    assert out.read_bytes() == b"keep me"


@pytest.mark.slow
def test_render_with_force_replaces_a_file(demo_with_media: Path) -> None:
    out = demo_with_media.parent / "out.mp4"
    out.write_bytes(b"replace me")
    done = run("render", "-p", demo_with_media, "-o", out, "--preview", "--to", "1", "--force")
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size > 1000


@pytest.fixture
def demo_with_media(demo_path: Path) -> Path:
    import shutil

    shutil.copytree(REPO / "projects" / "media", demo_path.parent / "media")
    return demo_path


# -- 9. odd project paths ---------------------------------------------------------------------------


def test_a_symlink_loop_is_a_clear_load_error(tmp_path: Path) -> None:
    (tmp_path / "a.json").symlink_to(tmp_path / "b.json")
    (tmp_path / "b.json").symlink_to(tmp_path / "a.json")
    done = run("timeline", "-p", tmp_path / "a.json")
    assert done.returncode == 2 and "symbolic link loop" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.slow
def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "p.json")
    done = neuralcut(
        "timeline", "-p", tmp_path / "p.json", timeout=120
    )  # a real process: a hang cannot stall the suite
    assert done.returncode == 2 and "not a regular file" in done.stderr


def test_editing_through_a_link_changes_the_real_file(demo_path: Path, tmp_path: Path) -> None:
    link = tmp_path / "link" / "p.json"
    link.parent.mkdir()
    link.symlink_to(demo_path)
    before = demo_path.read_bytes()
    assert run("tool", "split", '{"times": [5]}', "-p", link).returncode == 0
    assert link.is_symlink() and demo_path.read_bytes() != before
    assert run("undo", "-p", link).returncode == 0
    assert json.loads(demo_path.read_bytes())["scenes"] == json.loads(before)["scenes"]


def test_a_read_only_project_is_not_replaced(demo_path: Path) -> None:
    before = demo_path.read_bytes()
    demo_path.chmod(0o444)
    try:
        done = run("tool", "split", '{"times": [5]}', "-p", demo_path)
    finally:
        demo_path.chmod(0o644)
    assert done.returncode == 1 and "is read-only; nothing was changed" in done.stderr
    assert demo_path.read_bytes() == before and history_steps(demo_path) == 0


# -- 10. uploads stay inside the project's folder ---------------------------------------------------


@pytest.mark.parametrize("where", ["outside", "dotdot", "link"])
def test_media_outside_the_project_folder_is_never_uploaded(
    gemini: FakeGemini, tmp_path: Path, demo_path: Path, where: str
) -> None:
    project_folder = demo_path.parent / "proj"
    project_folder.mkdir()
    project = project_folder / "p.json"
    secret = tmp_path / "secret.mp4"
    secret.write_bytes(b"private")
    data = json.loads(demo_path.read_text())
    path = {"outside": str(secret), "dotdot": "../secret.mp4", "link": "inside.mp4"}[where]
    if where == "link":
        (project_folder / "inside.mp4").symlink_to(secret)
    data["mediaAssets"][0]["path"] = path
    project.write_text(json.dumps(data))
    result = Tools(project)("load_asset_context", {"assetId": data["mediaAssets"][0]["id"]})
    assert result["error"] == "Failed to load asset context"
    assert "is outside the project folder" in result["details"] and "NEURALCUT_MEDIA_ROOTS" in result["details"]
    assert gemini.requests == []


def test_a_folder_named_in_media_roots_may_be_uploaded(
    gemini: FakeGemini, tmp_path: Path, demo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "clip.mp4").write_bytes(b"shared clip")
    data = json.loads(demo_path.read_text())
    data["mediaAssets"][0]["path"] = str(shared / "clip.mp4")
    demo_path.write_text(json.dumps(data))
    monkeypatch.setenv("NEURALCUT_MEDIA_ROOTS", str(shared))
    gemini.reply_text("a clip")
    result = Tools(demo_path)("load_asset_context", {"assetId": data["mediaAssets"][0]["id"]})
    assert result["status"] == "loaded" and gemini.uploads == 1


# -- 11. schema errors say what is wrong, once -------------------------------------------------------


@pytest.mark.parametrize(
    "scene",
    [
        {"tracks": {}},
        {"id": "s1", "bookmarks": "x"},
        {"id": "s1", "tracks": {"main": {"id": "m", "type": "video", "elements": [{"id": "x", "type": "video"}]}}},
    ],
)
def test_a_broken_scene_is_not_also_reported_as_missing(scene: dict[str, Any]) -> None:
    with pytest.raises(ProjectLoadError) as caught:
        parse_project(json.dumps({"scenes": [scene], "currentSceneId": "s1"}))
    assert "must not be empty" not in caught.value.message
    assert "scenes[0]" in caught.value.message


def test_an_empty_scene_list_is_still_reported() -> None:
    with pytest.raises(ProjectLoadError) as caught:
        parse_project(json.dumps({"scenes": [], "currentSceneId": "s1"}))
    assert "scenes: must not be empty" in caught.value.message
