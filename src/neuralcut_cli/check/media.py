"""Checks of a rendered file, in one ffmpeg pass: black frames, frozen frames, long silences, integrated
loudness against a target, the true peak, and picture and sound of different lengths (``blackdetect``,
``freezedetect``, ``silencedetect`` and ``ebur128`` read from ffmpeg's log, with the frames and samples it counts
per stream at its verbose level)."""

from __future__ import annotations

import re
from pathlib import Path

from neuralcut_cli.check.findings import Finding, fix
from neuralcut_cli.errors import UsageError
from neuralcut_cli.media.ffmpeg import run_ffmpeg, source_args
from neuralcut_cli.media.probe import probe
from neuralcut_cli.project.model import Project

#: Integrated loudness targets (LUFS) people name.
TARGETS = {"youtube": -14.0, "podcast": -16.0, "broadcast": -23.0}
BLACK_SECONDS = 0.5  # shorter black is a cut's breath, not a hole
FROZEN_SECONDS = 1.0
SILENT_SECONDS = 3.0
SILENT_DB = -50
LOUDNESS_SLACK = 2.0  # LU either side of the target
PEAK_LIMIT = -1.0  # dBTP
MAX_CUTS = 48  # tiles of the contact sheet
LENGTH_SLACK = 0.2  # seconds two streams may differ by (encoder priming and a frame's rounding)

_BLACK = re.compile(r"black_start:(-?[\d.]+) black_end:(-?[\d.]+)")
_FREEZE = re.compile(r"freeze_(start|end): (-?[\d.]+)")
_SILENCE = re.compile(r"silence_(start|end): (-?[\d.]+)")
_LOUDNESS = re.compile(r"Integrated loudness:\s+I:\s+(-?[\d.]+|-inf) LUFS", re.S)
_PEAK = re.compile(r"True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS", re.S)
_FPS = re.compile(r"Stream #0:\d+[^\n]*: Video: [^\n]*?(\d+(?:\.\d+)?) fps")
_RATE = re.compile(r"Stream #0:\d+[^\n]*: Audio: [^\n]*?(\d+) Hz")
_FRAMES = re.compile(r"Input stream #0:\d+ \(video\):[^\n]*?(\d+) frames decoded")
_SAMPLES = re.compile(r"Input stream #0:\d+ \(audio\):[^\n]*\((\d+) samples\)")


def target_lufs(said: str | None) -> float:
    """``youtube`` (-14, the default), ``podcast`` (-16), ``broadcast`` (-23) or a number of LUFS."""
    if said is None:
        return TARGETS["youtube"]
    if said.lower() in TARGETS:
        return TARGETS[said.lower()]
    try:
        value = float(said)
    except ValueError:
        raise UsageError(f"--target takes youtube, podcast, broadcast or a number of LUFS, not {said!r}") from None
    if not -70 <= value <= 0:
        raise UsageError("--target: a loudness between -70 and 0 LUFS")
    return value


def media_findings(file: Path, target: float, ceiling: float | None = None) -> list[Finding]:
    """What a viewer would see or hear wrong in ``file``; ``ceiling``: the true-peak limit the project's mix
    limiter already has (dBTP), so a fix asks for a lower one rather than the step that set it."""
    info = probe(file)
    filters = []
    if info.type == "video":
        filters += ["-vf", f"blackdetect=d={BLACK_SECONDS}:pix_th=0.10,freezedetect=n=-60dB:d={FROZEN_SECONDS}"]
    if info.has_audio:
        filters += ["-af", f"silencedetect=n={SILENT_DB}dB:d={SILENT_SECONDS},ebur128=peak=true:framelog=quiet"]
    log = run_ffmpeg(["-v", "verbose", *source_args(file), *filters, "-f", "null", "-"]).stderr
    length = info.duration or 0.0
    black = [(float(m.group(1)), float(m.group(2))) for m in _BLACK.finditer(log)]
    found = [
        Finding("error", "black-frames", f"Black from {_tc(a)} to {_tc(b)} ({b - a:.2f} s).", a, b) for a, b in black
    ]
    found += [
        Finding("warning", "frozen", f"The picture stands still from {_tc(a)} to {_tc(b)} ({b - a:.2f} s).", a, b)
        for a, b in _spans(_FREEZE, log, length)
        if not any(x <= a + 0.05 and b - 0.05 <= y for x, y in black)  # black is still too: said once, as black
    ]
    found += [
        Finding(
            "warning",
            "silence",
            f"Silent from {_tc(a)} to {_tc(b)} ({b - a:.2f} s).",
            a,
            b,
            fix=fix("remove_silences", minSilence=SILENT_SECONDS),
        )  # fmt: skip
        for a, b in _spans(_SILENCE, log, length)
    ]
    return found + _loudness(log, target, ceiling) + _lengths(log)


def _tc(seconds: float) -> str:
    """A time as every view says it (``00:12.40``)."""
    from neuralcut_cli.time import format_timecode, seconds_to_ticks

    return format_timecode(seconds_to_ticks(max(0.0, seconds)))


def _spans(pattern: re.Pattern[str], log: str, length: float) -> list[tuple[float, float]]:
    """Start/end pairs from a detector's log lines (one still open at the end runs to the file's end)."""
    spans, start = [], None
    for match in pattern.finditer(log):
        if match.group(1) == "start":
            start = max(0.0, float(match.group(2)))
        elif start is not None:
            spans.append((start, float(match.group(2))))
            start = None
    if start is not None and length > start:
        spans.append((start, length))
    return spans


def _loudness(log: str, target: float, ceiling: float | None) -> list[Finding]:
    found = []
    loud, peak = _LOUDNESS.search(log), _PEAK.search(log)
    if loud is not None and loud.group(1) != "-inf":
        level = float(loud.group(1))
        if abs(level - target) > LOUDNESS_SLACK:
            found.append(
                Finding(
                    "warning",
                    "loudness",
                    f"Integrated loudness {level:.1f} LUFS; the target is {target:g} LUFS "
                    f"({'too quiet' if level < target else 'too loud'}).",
                    fix=fix("normalize_loudness", targetLufs=target),
                    measured=level,
                )  # fmt: skip
            )
    if peak is not None and peak.group(1) != "-inf" and float(peak.group(1)) > PEAK_LIMIT:
        found.append(
            Finding(
                "warning",
                "true-peak",
                f"True peak {float(peak.group(1)):.1f} dBTP: above {PEAK_LIMIT:g} dBTP, it may clip once encoded.",
                fix=fix("normalize_loudness", targetLufs=target)  # levels it and sets the mix's limiter
                if ceiling is None
                else fix("normalize_loudness", targetLufs=target, truePeak=max(-12.0, min(ceiling, PEAK_LIMIT) - 1)),
                measured=float(peak.group(1)),
            )  # fmt: skip
        )
    return found


def stream_lengths(log: str) -> tuple[float | None, float | None]:
    """Seconds of picture and of sound ffmpeg decoded (frames over the rate, samples over the sample rate)."""
    fps, frames = _FPS.search(log), _FRAMES.search(log)
    rate, samples = _RATE.search(log), _SAMPLES.search(log)
    video = int(frames.group(1)) / float(fps.group(1)) if fps and frames and float(fps.group(1)) > 0 else None
    audio = int(samples.group(1)) / int(rate.group(1)) if rate and samples and int(rate.group(1)) > 0 else None
    return video, audio


def _lengths(log: str) -> list[Finding]:
    video, audio = stream_lengths(log)
    if video is None or audio is None or abs(video - audio) <= LENGTH_SLACK:
        return []
    longer, shorter = ("sound", "picture") if audio > video else ("picture", "sound")
    return [
        Finding(
            "warning",
            "stream-lengths",
            f"The {longer} runs {abs(audio - video):.2f} s past the {shorter} "
            f"(picture {video:.2f} s, sound {audio:.2f} s): players end or freeze at different times.",
            min(video, audio),
            max(video, audio),
            measured=round(audio - video, 3),
        )
    ]


def contact_sheet(project: Project, project_path: Path) -> Finding:
    """A picture of the frame at every cut of the main track, for eyes: ``check.png`` in the project's state folder
    (NeuralCut's own file, replaced each time; never one of the person's, never through a link)."""
    from neuralcut_cli.errors import OutputExists, ProjectSaveError, UsageError
    from neuralcut_cli.project.paths import real_state_folder, state_dir
    from neuralcut_cli.render.contact_sheet import Tile
    from neuralcut_cli.render.stills import write_storyboard
    from neuralcut_cli.time import format_timecode

    cuts = sorted({e.start_time for e in project.scene.tracks.main.elements})[:MAX_CUTS]
    tiles = [Tile(at, format_timecode(at)) for at in cuts]
    if not tiles:
        return Finding("info", "contact-sheet", "No cuts on the main track: no contact sheet.")
    try:
        output = real_state_folder(state_dir(project_path)) / "check.png"
        written, _, _ = write_storyboard(project, project_path, tiles, output, tile_width=320, overwrite=True)
    except (UsageError, OutputExists, ProjectSaveError) as exc:  # a link or a FIFO planted where it goes
        return Finding("warning", "contact-sheet", f"No contact sheet: {exc.message}")
    return Finding("info", "contact-sheet", f"A frame at each of the {len(tiles)} cuts: {written}")


def limiter_ceiling(project: Project) -> float | None:
    """The true-peak ceiling of the project's mix limiter (None: it has none)."""
    master = project.settings.master
    return None if master is None or master.true_peak_db is None else float(master.true_peak_db)


def preview_findings(
    project: Project, project_path: Path, target: float, start: int | None = None, end: int | None = None
) -> list[Finding]:
    """The media checks of a preview of ``start``-``end`` (ticks) rendered now into a temporary folder."""
    import tempfile

    from neuralcut_cli.render.run import render  # a render's machinery: loaded only when asked

    with tempfile.TemporaryDirectory(prefix="neuralcut-check-") as folder:
        preview = Path(folder) / "preview.mp4"
        render(project, project_path, preview, preview=True, start=start, end=end)
        return media_findings(preview, target, limiter_ceiling(project))
