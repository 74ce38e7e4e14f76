"""Pictures of the edit (issue 18 §8): frame, storyboard, /frame and /storyboard,
and inline images on kitty, iTerm2 and sixel terminals."""

from __future__ import annotations

import base64
import json
import os
import re
import struct
import subprocess
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import neuralcut
from pty_helpers import leave, spawn

from neuralcut_cli.cli.views.inline_image import iterm, kitty, protocol, sixel
from neuralcut_cli.media.ffmpeg import ffmpeg_exe

pytestmark = pytest.mark.slow  # real renders


@pytest.fixture
def demo_path(tmp_path: Path) -> Path:
    """A copy of the demo with its media (``neuralcut new tour.json --demo``)."""
    path = tmp_path / "tour.json"
    assert neuralcut("new", path, "--demo").returncode == 0
    return path


def png_size(picture: Path) -> tuple[int, int]:
    width, height = struct.unpack(">II", picture.read_bytes()[16:24])
    return width, height


def rgb(source: Path, at: float | None = None) -> np.ndarray:
    seek = ["-ss", f"{at}"] if at is not None else []
    done = subprocess.run(
        [
            ffmpeg_exe(),
            "-v",
            "error",
            *seek,
            "-i",
            str(source),
            "-frames:v",
            "1",
            "-f",
            "rawvideo",
            "-pix_fmt",
            "rgb24",
            "pipe:1",
        ],
        capture_output=True,
        check=True,
    )
    return np.frombuffer(done.stdout, np.uint8).astype(int)


def test_storyboard_of_the_demo_has_a_tile_per_shot(demo_path: Path) -> None:
    board = demo_path.parent / "board.png"
    done = neuralcut("storyboard", "-o", board, "--json", "-p", demo_path)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert [(tile["label"], tile["name"]) for tile in result["tiles"]] == [
        ("#1  00:03.00  6.0 s", "intro.mp4"),
        ("#2  00:10.00  8.0 s", "beach.mp4"),
        ("#3  00:17.00  6.0 s", "city.mp4"),
    ]
    assert (result["columns"], result["rows"]) == (3, 1)
    assert png_size(board) == (3 * 492 + 12, 270 + 40 + 24)  # 480x270 tiles over a 40-pixel band, 12-pixel gutters
    every = neuralcut(
        "storyboard", "--every", "2.5", "--columns", "3", "-o", demo_path.parent / "e.png", "--json", "-p", demo_path
    )
    assert [tile["at"] for tile in json.loads(every.stdout)["tiles"]] == [0, 2.5, 5, 7.5, 10, 12.5, 15, 17.5]
    assert png_size(demo_path.parent / "e.png") == (3 * 492 + 12, 3 * 322 + 12)  # 8 tiles in rows of 3


def test_a_frame_is_the_same_frame_as_the_render(demo_path: Path) -> None:
    video, still = demo_path.parent / "part.mp4", demo_path.parent / "f.png"
    assert neuralcut("render", "-o", video, "--from", "4", "--to", "6", "-p", demo_path).returncode == 0
    done = neuralcut("frame", "--at", "5s", "-o", still, "-p", demo_path)
    assert done.returncode == 0 and "the frame at 00:05.00" in done.stdout
    assert png_size(still) == (1920, 1080)
    rendered, ours = rgb(video, 1.0), rgb(still)
    assert np.abs(rendered - ours).mean() < 3  # the same picture, but for H.264's compression
    other = demo_path.parent / "g.png"
    neuralcut("frame", "--at", "7s", "-o", other, "-p", demo_path)
    assert np.abs(rendered - rgb(other)).mean() > 10  # another moment does not pass for it


def test_frame_refuses_what_it_cannot_do(demo_path: Path) -> None:
    folder = demo_path.parent
    outside = neuralcut("frame", "--at", "25s", "-o", folder / "x.png", "-p", demo_path)
    assert outside.returncode == 2 and "00:25.00 is outside the timeline" in outside.stderr
    wrong = neuralcut("frame", "--at", "1s", "-o", folder / "x.txt", "-p", demo_path)
    assert wrong.returncode == 2 and "a picture is written as .png, .jpg, .jpeg" in wrong.stderr
    (folder / "taken.png").write_bytes(b"mine")
    taken = neuralcut("frame", "--at", "1s", "-o", folder / "taken.png", "-p", demo_path)
    assert taken.returncode == 1 and (folder / "taken.png").read_bytes() == b"mine"
    jpeg = neuralcut("frame", "--at", "1s", "-o", folder / "f.jpg", "--width", "320", "-p", demo_path)
    assert jpeg.returncode == 0 and (folder / "f.jpg").read_bytes()[:2] == b"\xff\xd8"


def test_the_terminal_protocols() -> None:
    assert protocol({"TERM": "xterm-kitty"}) == "kitty" and protocol({"KITTY_WINDOW_ID": "1"}) == "kitty"
    assert protocol({"TERM_PROGRAM": "iTerm.app"}) == "iterm" and protocol({"TERM_PROGRAM": "WezTerm"}) == "iterm"
    assert protocol({"TERM": "foot"}) == "sixel" and protocol({"TERM": "xterm"}) is None
    assert protocol({"TERM": "xterm-kitty", "NEURALCUT_IMAGES": "none"}) is None


def test_kitty_and_iterm_carry_the_png(tmp_path: Path) -> None:
    picture = tmp_path / "p.png"
    picture.write_bytes(b"\x89PNG" + bytes(range(256)) * 40)
    sent = kitty(picture)
    payload = len(base64.b64encode(picture.read_bytes()))
    assert sent.startswith("\x1b_Ga=T,f=100,m=1;") and sent.endswith("\x1b\\")
    assert sent.count("\x1b_G") == -(-payload // 4096) and sent.count("m=0;") == 1
    chunks = [part.split(";", 1)[1] for part in sent.split("\x1b\\") if part]
    assert base64.b64decode("".join(chunks)) == picture.read_bytes()
    assert iterm(picture).startswith("\x1b]1337;File=name=") and f"size={picture.stat().st_size}" in iterm(picture)


def decode_sixel(pixels: str, width: int, height: int) -> list[int]:
    """A minimal sixel reader (the part after the palette): each pixel's colour number."""
    image = [-1] * (width * height)
    bands = pixels.removesuffix("\x1b\\").split("-")
    for band_number, band in enumerate(bands):
        for part in band.split("$"):
            for colour, pixels in re.findall(r"#(\d+)((?:[?-~]|!\d+[?-~])*)", part):
                if not pixels:
                    continue
                x = 0
                for count, char in re.findall(r"(?:!(\d+))?([?-~])", pixels):
                    for _ in range(int(count or 1)):
                        bits = ord(char) - 63
                        for row in range(6):
                            y = band_number * 6 + row
                            if bits & (1 << row) and y < height:
                                image[y * width + x] = int(colour)
                        x += 1
    return image


def test_sixel_encodes_every_pixel() -> None:
    rng = np.random.default_rng(18)
    width, height = 37, 20
    pixels = rng.integers(0, 256, size=(height, width, 3), dtype=np.uint8)
    data = sixel(pixels.tobytes(), width, height)
    assert data.startswith('\x1bPq"1;1;37;20') and data.endswith("\x1b\\")
    q = np.minimum(5, pixels.astype(int) * 6 // 256)
    expected = (q[..., 0] * 36 + q[..., 1] * 6 + q[..., 2]).ravel().tolist()
    assert decode_sixel(data.split("#215;2;100;100;100", 1)[1], width, height) == expected


@pytest.mark.parametrize(
    ("kind", "mark"), [("kitty", "\x1b_Ga=T,f=100"), ("iterm", "\x1b]1337;File="), ("sixel", "\x1bPq")]
)
def test_repl_frame_and_storyboard_show_inline(demo_path: Path, kind: str, mark: str) -> None:
    child = spawn(demo_path, env={"NEURALCUT_IMAGES": kind})
    child.expect("›")
    child.sendline("/frame 5s")
    child.expect("frame-00-05.00.png: the frame at 00:05.00")
    child.expect_exact(mark)
    child.expect("›")
    child.sendline("/storyboard every 5")
    child.expect("storyboard.png: 4 tiles")
    child.expect_exact(mark)
    child.expect("›")
    leave(child)
    assert png_size(demo_path.parent / "storyboard.png") == (4 * 492 + 12, 322 + 12)
    assert (demo_path.parent / "frame-00-05.00.png").exists()


def test_repl_frame_on_a_plain_terminal_writes_without_escapes(demo_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("KITTY_WINDOW_ID", "TERM_PROGRAM", "LC_TERMINAL")}
    child = spawn(demo_path, env={**env, "NEURALCUT_IMAGES": ""})
    child.expect("›")
    child.sendline("/frame 1s shot.png")
    child.expect("shot.png: the frame at 00:01.00")
    child.expect("›")
    assert "\x1b_G" not in child.before and "1337;File" not in child.before
    child.sendline("/frame")
    child.expect("/frame needs a time")
    child.expect("›")
    leave(child)
    assert png_size(demo_path.parent / "shot.png") == (1920, 1080)


def test_repl_picture_commands_refuse_plainly(demo_path: Path) -> None:
    import io

    from rich.console import Console

    from neuralcut_cli.cli.chat.chat_session import ChatSession
    from neuralcut_cli.cli.chat.repl import run_repl

    lines = iter(["/frame abc", "/frame 99s", "/storyboard every x", "/frame 1s picture.txt"])
    buffer = io.StringIO()

    def read() -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    run_repl(ChatSession(demo_path), read, Console(file=buffer, width=120, no_color=True))
    text = " ".join(buffer.getvalue().split())
    assert "'abc' is not a time" in text
    assert "01:39.00 is outside the timeline (00:00.00 to 00:20.00)" in text
    assert "/storyboard every N takes a positive number of seconds" in text
    assert "picture.txt: a picture is written as .png, .jpg, .jpeg" in text
    assert "--at" not in text and "-o " not in text  # the REPL's words, not the command line's
    assert not list(demo_path.parent.glob("*.png"))
