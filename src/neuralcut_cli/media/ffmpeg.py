"""The ffmpeg binary NeuralCut uses: the one the ``imageio-ffmpeg`` wheel
ships (no system ffmpeg is assumed), or ``$NEURALCUT_FFMPEG`` when set."""

from __future__ import annotations

import logging
import os
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

from neuralcut_cli.errors import Cancelled, MediaError


@lru_cache(maxsize=1)
def ffmpeg_exe() -> str:
    override = os.environ.get("NEURALCUT_FFMPEG")
    if override:
        return override
    try:
        import imageio_ffmpeg
    except ImportError:
        raise MediaError("ffmpeg is missing: pip install imageio-ffmpeg (it ships an ffmpeg binary)") from None
    try:
        return str(imageio_ffmpeg.get_ffmpeg_exe())
    except RuntimeError as exc:
        raise MediaError(f"ffmpeg is missing: {exc}") from None


@lru_cache(maxsize=1)
def ffmpeg_identity() -> str:
    """Which ffmpeg this is, for caches of what it made: its path, size and modification time."""
    exe = shutil.which(ffmpeg_exe()) or ffmpeg_exe()
    try:
        stat = os.stat(exe)
    except OSError:
        return exe
    return f"{exe}:{stat.st_size}:{stat.st_mtime_ns}"


_LOG = logging.getLogger("neuralcut.ffmpeg")


def spawn(args: Sequence[str], cpu: int | None = None, **options: Any) -> subprocess.Popen[bytes]:
    """Start ffmpeg (``args`` without the binary) so that it dies with this process, even by kill -9 (Linux:
    the parent-death signal); elsewhere it is stopped by whoever catches the end. ``cpu``: keep it, and every
    thread it starts, on that processor."""
    prctl = _prctl()  # looked up here, before the fork: the child only calls it
    parent = os.getpid()
    if _LOG.isEnabledFor(logging.DEBUG):  # --debug: every ffmpeg command line (render, frame, storyboard, probes)
        line = shlex.join(["ffmpeg", *map(str, args)])
        _LOG.debug("%s", line if len(line) <= 4000 else f"{line[:4000]}… ({len(line) - 4000:,} more characters)")

    def in_child() -> None:  # pragma: no cover - runs in the child, between fork and exec
        if prctl is not None:
            prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
            if os.getppid() != parent:  # the parent died before the line above: nobody would stop us
                os._exit(1)
        if cpu is not None:
            os.sched_setaffinity(0, {cpu})

    try:
        return subprocess.Popen(
            [ffmpeg_exe(), *args], preexec_fn=in_child if prctl or cpu is not None else None, **options
        )
    except OSError as exc:
        raise MediaError(f"Cannot run ffmpeg: {exc.strerror}") from None


def ffmpeg_output(args: Sequence[str], timeout: float, text: bool = True) -> subprocess.CompletedProcess[Any]:
    """Run ffmpeg (``args`` without the binary) to the end and return what it printed, as ``subprocess.run``
    would, but started by ``spawn`` so that it dies with this process; killed past ``timeout``."""
    process = spawn(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=text)
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


@lru_cache(maxsize=1)
def _prctl() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


@lru_cache(maxsize=1)
def broken_ffmpeg() -> str | None:
    """Why the ffmpeg in use does not work (a ``NEURALCUT_FFMPEG`` that is not one), or None when it does."""
    exe = ffmpeg_exe()
    try:
        done = ffmpeg_output(["-hide_banner", "-version"], timeout=30)
    except (MediaError, subprocess.TimeoutExpired) as exc:
        return f"the ffmpeg at {exe} cannot run ({exc})"
    if not done.stdout.startswith("ffmpeg version"):
        where = " (NEURALCUT_FFMPEG)" if os.environ.get("NEURALCUT_FFMPEG") else ""
        return f"{exe}{where} is not a working ffmpeg: '-version' answered {last_lines(done.stdout + done.stderr, 1)!r}"
    return None


_CANCEL: ContextVar[threading.Event | None] = ContextVar("neuralcut_cancel", default=None)


@contextmanager
def cancellable(event: threading.Event | None) -> Iterator[None]:
    """While inside, every ffmpeg run in this context stops when ``event`` is set (a request cancelled), and none
    starts after it: Ctrl-C reaches ffmpeg through the request, not only through the terminal's signal (which
    misses an ffmpeg started a moment later)."""
    token = _CANCEL.set(event)
    try:
        yield
    finally:
        _CANCEL.reset(token)


def current_cancel() -> threading.Event | None:
    """The cancel event of the request this thread works for (None outside one)."""
    return _CANCEL.get()


def run_ffmpeg(args: Sequence[str], timeout: float | None = None) -> subprocess.CompletedProcess[str]:
    """Run ffmpeg quietly; ``MediaError`` with its last words when it fails, ``Cancelled`` when the request it
    works for was cancelled (see ``cancellable``)."""
    out, err, done = _run(args, timeout, text=True)
    return subprocess.CompletedProcess(done.args, done.returncode, cast(str, out), err)


def run_ffmpeg_bytes(args: Sequence[str], timeout: float | None = None) -> bytes:
    """``run_ffmpeg`` for an ffmpeg that writes pictures or sound to its standard output: the bytes."""
    out, _, _ = _run(args, timeout, text=False)
    return cast(bytes, out)


def _run(args: Sequence[str], timeout: float | None, text: bool) -> tuple[str | bytes, str, subprocess.Popen[Any]]:
    cancel = _CANCEL.get()
    if cancel is not None and cancel.is_set():
        raise Cancelled("Cancelled")
    process = spawn(["-hide_banner", "-nostdin", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=text)
    deadline = None if timeout is None else time.monotonic() + timeout
    while True:
        try:
            out, err = process.communicate(timeout=0.2)
            break
        except subprocess.TimeoutExpired:
            late = deadline is not None and time.monotonic() > deadline
            if late or (cancel is not None and cancel.is_set()):
                process.kill()
                process.communicate()
                if late:
                    raise subprocess.TimeoutExpired(process.args, timeout or 0) from None
                raise Cancelled("Cancelled") from None
        except BaseException:
            process.kill()
            process.communicate()
            raise
    said = err if isinstance(err, str) else err.decode("utf-8", "replace")
    if process.returncode != 0:
        raise MediaError(f"ffmpeg failed: {last_lines(said)}")
    return out, said, process


def last_lines(stderr: str, count: int = 3) -> str:
    lines = [line.strip() for line in stderr.strip().splitlines() if line.strip()]
    return " | ".join(lines[-count:]) or "no output"


def file_arg(path: Path) -> str:
    """A file for ffmpeg's command line (``-i`` or the output): absolute, through the
    ``file:`` protocol, so a name is never read as an option (``-y``) or as another
    protocol (``concat:``, ``http:``, ``subfile:``)."""
    return "file:" + str(Path(path).absolute())


#: Characters special to ffmpeg's option parser (level 1) and graph parser (level 2) of a filter graph.
OPTION_SPECIAL = "\\':" + " \n\t\r"
GRAPH_SPECIAL = "\\'[],;" + " \n\t\r"


def escape(text: str, special: str) -> str:
    """Backslash before every character ``av_get_token`` would treat specially."""
    return "".join("\\" + ch if ch in special else ch for ch in text)


def graph_filter(name: str, options: Sequence[tuple[str, object]]) -> str:
    """``name=key=value:...`` for a filter graph, every value escaped twice (as ffmpeg reads it twice): whatever a
    value holds (a path), it stays one value of one option. ``name`` and the keys come from this package."""
    listed = ":".join(f"{key}={escape(str(value), OPTION_SPECIAL)}" for key, value in options)
    return f"{name}={escape(listed, GRAPH_SPECIAL)}" if options else name


#: How a playlist or a list of other files begins (HLS, ffconcat, DASH, SMIL...): ffmpeg would follow it to
#: files anywhere, so a project someone else made could render or measure what it names.
_PLAYLIST_HEADS = (b"#EXTM3U", b"ffconcat", b"[playlist]", b"<MPD", b"<smil", b"file '", b'file "')


def source_args(path: Path) -> list[str]:
    """The ``-i`` arguments of a media file NeuralCut reads: local files only, never a playlist of other files
    (``MediaError`` saying so)."""
    refuse_playlist(path)
    return ["-protocol_whitelist", "file", "-i", file_arg(path)]


def sound_args(path: Path, chain: str, origin: float = 0.0, start: float = 0.0, end: float | None = None) -> list[str]:
    """The input of one pass over ``path``'s first sound stream through ``chain`` (an ``-af`` chain this package
    wrote), from ``start`` to ``end`` (the file's seconds; None: to its end). The log's times are the stream's
    timestamps, which ``origin`` (the container's start, ``probe``) is where the file's second 0 lies.

    The file is read and decoded inside the filter graph (``amovie``), which then hands on one-second frames:
    ffmpeg 7 and later hand every packet from thread to thread (demuxer, decoder, filters, muxer), which for the
    28,000 packets of ten minutes of AAC cost more than decoding them (twice the time of this, on two cores).
    Local files only, as ``source_args``."""
    refuse_playlist(path)
    source = [("filename", file_arg(path)), ("s", "a:0"), ("format_opts", "protocol_whitelist=file")]
    trim: list[tuple[str, object]] = []
    if start > 0:  # amovie seeks from the container's start to the packet before; atrim drops what precedes
        source.append(("sp", f"{start:.6f}"))
        trim.append(("start", f"{origin + start:.6f}"))
    if end is not None:
        trim.append(("end", f"{origin + end:.6f}"))
    steps = [graph_filter("amovie", source), *([graph_filter("atrim", trim)] if trim else []), chain]
    return ["-f", "lavfi", "-i", ",".join([*steps, "asetnsamples=n=48000:p=0"])]


def refuse_playlist(path: Path) -> None:
    """``MediaError`` for a playlist or a list of other files: NeuralCut reads media files only."""
    try:
        found = os.stat(path)
        playlist = _is_playlist(str(path), found.st_size, found.st_mtime_ns)
    except OSError:
        playlist = False  # ffmpeg says what is wrong with a file it cannot open
    if playlist:
        raise MediaError(
            f"{Path(path).name} is a playlist or a list of other files, not a media file; NeuralCut "
            "reads media files only"
        )


@lru_cache(maxsize=1024)
def _is_playlist(path: str, size: int, mtime_ns: int) -> bool:
    """Whether this version of the file (its size and time are part of the key) begins like a playlist: a render
    asks once per segment, the file is read once."""
    with open(path, "rb") as handle:
        head = handle.read(512).lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith(_PLAYLIST_HEADS) or b"<MPD" in head


def fonts_dir() -> Path:
    return Path(__file__).parent / "fonts"
