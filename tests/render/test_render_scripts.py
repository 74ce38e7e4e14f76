"""Text in every script (issue 18 §6): Japanese drawn with a font that has it,
Arabic shaped, a run of each script in its own font, and a warning naming the
characters no installed font covers. Frames are compared with numpy against
frames ffmpeg draws directly with the right font."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import neuralcut
from conftest import minimal_project
from paths import FIXTURES

from neuralcut_cli.media.ffmpeg import ffmpeg_exe, fonts_dir
from neuralcut_cli.time import seconds_to_ticks

pytestmark = pytest.mark.slow  # real renders
FONTS = FIXTURES / "fonts"
JAPANESE = "東京の夏祭り"
ARABIC = "مرحبا بالعالم"
W, H, SIZE = 640, 360, 15  # font size 15 of 90 → 60 px on a 360-pixel canvas


def text_project(tmp_path: Path, content: str, name: str = "t.json") -> Path:
    text = {
        "id": "title",
        "type": "text",
        "name": "Title",
        "startTime": 0,
        "duration": seconds_to_ticks(2),
        "content": content,
        "fontSize": SIZE,
        "color": "#ffffff",
        "fontFamily": "Arial",
        "transform": {"scaleX": 1, "scaleY": 1, "position": {"x": 0, "y": 0}, "rotate": 0},
        "opacity": 1,
    }
    data = minimal_project(
        settings={"canvasSize": {"width": W, "height": H}, "fps": {"numerator": 30, "denominator": 1}}
    )
    data["scenes"][0]["tracks"]["overlay"] = [{"id": "texts", "type": "text", "elements": [text]}]
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False))
    return path


def pixels(picture: Path) -> np.ndarray:
    raw = subprocess.run(
        [ffmpeg_exe(), "-v", "error", "-i", str(picture), "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"],
        capture_output=True,
        check=True,
    ).stdout
    return np.frombuffer(raw, np.uint8).reshape(H, W, 3).astype(int)


def direct(tmp_path: Path, content: str, font: Path, shaping: int = 1) -> np.ndarray:
    """The text drawn by ffmpeg alone, centred, with ``font``: what the frame should look like."""
    (tmp_path / "direct.txt").write_text(content, encoding="utf-8")
    out = tmp_path / f"direct-{font.stem}-{shaping}.png"
    os.system(
        f"'{ffmpeg_exe()}' -v error -y -f lavfi -i color=c=black:s={W}x{H}:d=1 -vf \"format=yuv420p,"
        f"drawtext=fontfile='{font}':textfile='{tmp_path / 'direct.txt'}':expansion=none:text_shaping={shaping}:"
        f"fontsize=60.00:fontcolor=white:x=320.0-text_w/2:y=180.0-text_h/2,format=yuv420p\" -frames:v 1 '{out}'"
    )
    return pixels(out)


def frame(path: Path, env: dict[str, str], name: str = "frame.png") -> tuple[np.ndarray, str]:
    done = neuralcut("frame", "--at", "1s", "-o", path.parent / name, "-p", path, env=env)
    assert done.returncode == 0, done.stderr
    return pixels(path.parent / name), done.stderr


def no_fonts(tmp_path: Path) -> dict[str, str]:
    empty = tmp_path / "no-fonts"
    empty.mkdir(exist_ok=True)
    return {"NEURALCUT_FONT_DIRS": str(empty)}


def test_japanese_is_drawn_with_a_font_that_has_it(tmp_path: Path) -> None:
    path = text_project(tmp_path, JAPANESE)
    ours, warnings = frame(path, {"NEURALCUT_FONT_DIRS": str(FONTS)})
    right = direct(tmp_path, JAPANESE, FONTS / "DroidSansFallback-subset.ttf")
    boxes = direct(tmp_path, JAPANESE, fonts_dir() / "DejaVuSans.ttf")
    assert np.abs(ours - right).mean() < 0.5  # the frame is the text in the right font
    assert np.abs(boxes - right).mean() > 3  # and that is not what DejaVu's empty boxes look like
    assert (ours > 128).sum() > 2000 and warnings == ""


def test_arabic_is_shaped_right_to_left(tmp_path: Path) -> None:
    path = text_project(tmp_path, ARABIC)
    ours, warnings = frame(path, no_fonts(tmp_path))  # DejaVu Sans has Arabic
    shaped = direct(tmp_path, ARABIC, fonts_dir() / "DejaVuSans.ttf", shaping=1)
    unshaped = direct(tmp_path, ARABIC, fonts_dir() / "DejaVuSans.ttf", shaping=0)
    assert np.abs(ours - shaped).mean() < 0.5
    assert np.abs(unshaped - shaped).mean() > 1  # joined letters, in reading order: not the isolated forms
    assert warnings == ""


def test_a_mixed_line_gets_a_font_per_run(tmp_path: Path) -> None:
    path = text_project(tmp_path, f"Day 1 {JAPANESE}")
    with_font, _ = frame(path, {"NEURALCUT_FONT_DIRS": str(FONTS)}, "with.png")
    without, warnings = frame(path, no_fonts(tmp_path), "without.png")
    assert np.abs(with_font - without).mean() > 1  # the Japanese run is drawn, not boxed
    assert "'東' (U+6771)" in warnings


def test_the_warning_names_the_characters_before_rendering(tmp_path: Path) -> None:
    path = text_project(tmp_path, f"Hi {JAPANESE}")
    done = neuralcut("render", "-o", tmp_path / "out.mp4", "--json", "-p", path, env=no_fonts(tmp_path))
    assert done.returncode == 0, done.stderr
    assert (
        "warning: no installed font has '東' (U+6771), '京' (U+4EAC), 'の' (U+306E), '夏' (U+590F), "
        "'祭' (U+796D), 'り' (U+308A): they will be drawn as empty boxes"
    ) in done.stderr
    assert json.loads(done.stdout)["missingGlyphs"] == list(JAPANESE)
    fine = neuralcut(
        "render", "-o", tmp_path / "ok.mp4", "-p", text_project(tmp_path, "Hi", "latin.json"), env=no_fonts(tmp_path)
    )
    assert "warning" not in fine.stderr


@pytest.mark.skipif(shutil.which("fc-list") is None, reason="fontconfig is not installed here")
def test_fontconfig_finds_the_font(tmp_path: Path) -> None:
    conf = tmp_path / "fonts.conf"
    conf.write_text(
        f'<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        f"<dir>{FONTS}</dir><cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>"
    )
    path = text_project(tmp_path, JAPANESE)
    ours, warnings = frame(path, {"FONTCONFIG_FILE": str(conf), "HOME": str(tmp_path)})
    right = direct(tmp_path, JAPANESE, FONTS / "DroidSansFallback-subset.ttf")
    assert np.abs(ours - right).mean() < 0.5 and warnings == ""


def test_the_repl_warns_before_a_picture_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from rich.console import Console

    from neuralcut_cli.cli.chat.chat_session import ChatSession
    from neuralcut_cli.cli.chat.repl import run_repl
    from neuralcut_cli.render import fonts

    monkeypatch.setenv("NEURALCUT_FONT_DIRS", no_fonts(tmp_path)["NEURALCUT_FONT_DIRS"])
    fonts.fallback.cache_clear()
    lines = iter(["/frame 1s"])

    def read() -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    buffer = io.StringIO()
    run_repl(ChatSession(text_project(tmp_path, JAPANESE)), read, Console(file=buffer, width=200, no_color=True))
    text = buffer.getvalue()
    assert "warning: no installed font has '東' (U+6771)" in text
    assert text.index("warning:") < text.index("Wrote ")
    fonts.fallback.cache_clear()
