"""Pictures in the terminal, where it can show them: kitty, iTerm2 (and WezTerm), sixel.

Which protocol: ``NEURALCUT_IMAGES`` (``kitty``, ``iterm``, ``sixel`` or
``none``) when set, else what the terminal says of itself (kitty and
Ghostty set ``KITTY_WINDOW_ID`` / ``TERM``; iTerm2 and WezTerm set
``TERM_PROGRAM``; foot, mlterm and ``TERM=*-sixel`` speak sixel). Nothing
is written unless the console is a terminal; the file on disk is the result
either way, and its path is always printed.
"""

from __future__ import annotations

import base64
import os
import re
from collections.abc import Mapping
from pathlib import Path

from rich.console import Console

from neuralcut_cli.media.ffmpeg import ffmpeg_output, file_arg

PROTOCOLS = ("kitty", "iterm", "sixel")
SIXEL_WIDTH = 640


def protocol(env: Mapping[str, str] = os.environ) -> str | None:
    forced = env.get("NEURALCUT_IMAGES", "").strip().lower()
    if forced:
        return forced if forced in PROTOCOLS else None
    term, program = env.get("TERM", ""), env.get("TERM_PROGRAM", "")
    if env.get("KITTY_WINDOW_ID") or term == "xterm-kitty" or program == "ghostty":
        return "kitty"
    if program in ("iTerm.app", "WezTerm") or env.get("LC_TERMINAL") == "iTerm2":
        return "iterm"
    if "sixel" in term or term.startswith(("foot", "mlterm", "yaft")):
        return "sixel"
    return None


def show(console: Console, picture: Path) -> bool:
    """Draw ``picture`` inline when the terminal can (PNGs only: the protocols take them as they are)."""
    kind = protocol()
    if kind is None or not console.is_terminal or picture.suffix.lower() != ".png":
        return False
    data = kitty(picture) if kind == "kitty" else iterm(picture) if kind == "iterm" else sixel(*_pixels(picture))
    console.file.write(data + "\n")
    console.file.flush()
    return True


def kitty(picture: Path) -> str:
    """The kitty graphics protocol: the PNG in base64 chunks of 4096 (``m=1`` until the last)."""
    payload = base64.standard_b64encode(picture.read_bytes()).decode("ascii")
    chunks = [payload[i : i + 4096] for i in range(0, len(payload), 4096)] or [""]
    parts = []
    for number, chunk in enumerate(chunks):
        more = int(number < len(chunks) - 1)
        head = f"a=T,f=100,m={more}" if number == 0 else f"m={more}"
        parts.append(f"\x1b_G{head};{chunk}\x1b\\")
    return "".join(parts)


def iterm(picture: Path) -> str:
    """iTerm2's inline image escape (also understood by WezTerm)."""
    data = picture.read_bytes()
    name = base64.standard_b64encode(picture.name.encode()).decode("ascii")
    payload = base64.standard_b64encode(data).decode("ascii")
    return f"\x1b]1337;File=name={name};size={len(data)};inline=1;preserveAspectRatio=1:{payload}\a"


def _pixels(picture: Path) -> tuple[bytes, int, int]:
    """RGB bytes of ``picture`` scaled to at most ``SIXEL_WIDTH`` wide (ffmpeg reads it)."""
    probe = ffmpeg_output(
        [
            "-hide_banner",
            "-nostdin",
            "-i",
            file_arg(picture),
            "-vf",
            f"scale='min({SIXEL_WIDTH},iw)':-2",
            "-f",
            "rawvideo",
            "-pix_fmt",
            "rgb24",
            "pipe:1",
        ],
        timeout=60,
        text=False,
    )
    width = _width_of(probe.stderr.decode("utf-8", "replace"))
    height = len(probe.stdout) // (3 * width) if width else 0
    return probe.stdout, width, height


def _width_of(log: str) -> int:
    sizes = re.findall(r"rawvideo.*?, (\d+)x(\d+)", log)
    return int(sizes[-1][0]) if sizes else 0


def sixel(rgb: bytes, width: int, height: int) -> str:
    """DEC sixel: colours quantised to a 6x6x6 cube, six rows per band, runs compressed."""
    if not width or not height:
        return ""
    levels = [round(i * 100 / 5) for i in range(6)]
    index = [min(5, (value * 6) // 256) for value in range(256)]
    palette = "".join(
        f"#{r * 36 + g * 6 + b};2;{levels[r]};{levels[g]};{levels[b]}"
        for r in range(6)
        for g in range(6)
        for b in range(6)
    )
    colours = [index[rgb[i]] * 36 + index[rgb[i + 1]] * 6 + index[rgb[i + 2]] for i in range(0, width * height * 3, 3)]
    bands = []
    for top in range(0, height, 6):
        bits: dict[int, bytearray] = {}
        for y in range(top, min(top + 6, height)):
            bit, row = 1 << (y - top), colours[y * width : (y + 1) * width]
            for x, colour in enumerate(row):
                column = bits.get(colour)
                if column is None:
                    column = bits[colour] = bytearray(width)
                column[x] |= bit
        bands.append(
            "$".join(
                f"#{colour}" + _runs(bytes(column).translate(_SIXEL).decode("ascii"))
                for colour, column in sorted(bits.items())
            )
        )
    return f'\x1bPq"1;1;{width};{height}' + palette + "-".join(bands) + "\x1b\\"


_SIXEL = bytes(63 + n if n < 64 else 63 for n in range(256))
_REPEAT = re.compile(r"(.)\1{3,}")


def _runs(text: str) -> str:
    """Sixel's repeat introducer: ``!12~`` for twelve ``~``."""
    return _REPEAT.sub(lambda match: f"!{len(match.group(0))}{match.group(1)}", text)
