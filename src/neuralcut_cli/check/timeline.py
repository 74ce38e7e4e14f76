"""Checks that read the timeline only (no decoding; milliseconds even on large projects).

Each check walks the active scene once and returns findings (``findings.Finding``): where the picture is
black, texts drawn over each other or off the frame, captions that overlap, flash by or read too fast,
missing media, a timeline left silent by mutes, gains above 0 dB, effects over nothing, transitions whose
clips no longer touch or that ask for more media than the clips have. Times are seconds; elements are named
by their short ids, tracks by their names.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable
from pathlib import Path

from neuralcut_cli.check.findings import Finding, fix
from neuralcut_cli.editing import sound
from neuralcut_cli.editing.captions import caption_cues
from neuralcut_cli.editing.transitions import fitted_lengths
from neuralcut_cli.project.elements import (
    AudioElement,
    EffectElement,
    Element,
    ImageElement,
    TextElement,
    VideoElement,
)
from neuralcut_cli.project.ids import ShortIds
from neuralcut_cli.project.model import Project, Scene
from neuralcut_cli.project.tracks import Track
from neuralcut_cli.project.transitions import Transition
from neuralcut_cli.render.graph import missing_media
from neuralcut_cli.render.text import text_block
from neuralcut_cli.time import TICKS_PER_SECOND, format_timecode, output_seconds

Span = tuple[int, int]  # ticks
FLASH_SECONDS = 0.7  # a caption shorter than this cannot be read
READING_SPEED = 20  # characters a second a caption may ask
LISTED = 50  # elements a finding names (and its fix deletes) at most
CAPTION_LINES, CAPTION_LINE = 2, 42  # lines a caption may hold, and characters a line


def timeline_findings(project: Project, project_path: Path) -> list[Finding]:
    """Every timeline check on the active scene."""
    scene = project.scene
    names = ShortIds(e.id for _, e in scene.elements())
    found: list[Finding] = []
    for check in (_black, _texts, _captions, _sound, _gains, _effects_over_nothing, _stale_transitions):
        found += check(project, scene, names)
    found += [
        Finding("error", "missing-media", f"The media file of {name} is missing: it renders as nothing.")
        for name in missing_media(project, project_path)
    ]
    return found


def _seconds(ticks: int) -> float:
    return ticks / TICKS_PER_SECOND


def _visible(track: Track) -> bool:
    return not getattr(track, "hidden", False)


def _pictures(scene: Scene, tracks: Iterable[Track]) -> list[Span]:
    """Where a picture fills the frame: the main track's clips, and overlay clips at (about) full size."""
    main = scene.tracks.main.id
    return [
        (e.start_time, e.end_time)
        for t in tracks
        for e in t.elements
        if isinstance(e, (VideoElement, ImageElement)) and not e.is_hidden and (t.id == main or _fills(e))
    ]


def _fills(element: VideoElement | ImageElement) -> bool:
    """An overlay picture scaled to (about) the whole frame and not moved off it; a logo or a
    picture-in-picture does not make a frame that is otherwise black worth watching."""
    transform = element.transform
    return min(float(transform.scale_x), float(transform.scale_y)) >= 0.9 and not (
        transform.position.x or transform.position.y
    )


def _uncovered(spans: list[Span], whole: Span) -> list[Span]:
    """The parts of ``whole`` none of ``spans`` covers."""
    holes, cursor = [], whole[0]
    for start, end in sorted(spans):
        if start > cursor:
            holes.append((cursor, min(start, whole[1])))
        cursor = max(cursor, end)
        if cursor >= whole[1]:
            break
    if cursor < whole[1]:
        holes.append((cursor, whole[1]))
    return [h for h in holes if h[1] > h[0]]


def _black(project: Project, scene: Scene, names: ShortIds) -> list[Finding]:
    """Black: where no shown picture is, from the start to the end of the timeline."""
    whole = (0, scene.end_time)
    tracks = scene.tracks.ordered()
    shown = _pictures(scene, filter(_visible, tracks))
    holes = _uncovered(shown, whole)
    if not holes:
        return []
    hidden = [t for t in tracks if not _visible(t)]
    last_picture = max((end for _, end in (_pictures(scene, tracks) if hidden else shown)), default=0)
    found = []
    for start, end in holes:
        cover = next((t for t in hidden if _uncovered(_pictures(scene, [t]), (start, end)) != [(start, end)]), None)
        where = f"from {format_timecode(start)} to {format_timecode(end)}"
        if cover is not None:
            found.append(
                Finding("error", "black", f"The picture is black {where}: the {cover.name or cover.id} track is hidden.",
                        _seconds(start), _seconds(end), track=cover.name or cover.id,
                        fix=fix("toggle_track_visibility", trackId=cover.id))
            )  # fmt: skip
        elif start >= last_picture:
            later = sorted(names[e.id] for _, e in scene.elements() if e.end_time > start)
            found.append(
                Finding("error", "black", f"The picture is black {where}: {', '.join(later[:4])} play past the last "
                        "picture.", _seconds(start), _seconds(end), tuple(later[:8]))
            )  # fmt: skip
        else:
            main = scene.tracks.main
            found.append(
                Finding("error", "black", f"The picture is black {where}: a gap with nothing to show.",
                        _seconds(start), _seconds(end), track=main.name or main.id,  # closed with everything in sync
                        fix=fix("remove_range", start=output_seconds(start), end=output_seconds(end), ripple=True))
            )  # fmt: skip
    return found


def _shown_texts(scene: Scene) -> list[tuple[Track, TextElement]]:
    return [
        (t, e)
        for t in scene.tracks.ordered()
        if _visible(t)
        for e in t.elements
        if isinstance(e, TextElement) and not e.is_hidden and e.content.strip()
    ]


def _texts(project: Project, scene: Scene, names: ShortIds) -> list[Finding]:
    """Texts off the frame, and texts drawn over each other at the same time: one finding per group of texts
    that overlap one another (a chain counts: a over b, b over c), however many there are."""
    size = (project.settings.canvas_size.width, project.settings.canvas_size.height)
    texts = sorted(_shown_texts(scene), key=lambda pair: pair[1].start_time)
    boxes = {e.id: text_block(e, size) for _, e in texts}
    found = [_off_frame(e, boxes[e.id], size, names) for _, e in texts]
    groups = _Groups()
    active: list[TextElement] = []
    for _, element in texts:
        active = [a for a in active if a.end_time > element.start_time]
        for other in active:  # a text already grouped with this one needs no look
            if groups.find(other.id) != groups.find(element.id) and _meet(boxes[other.id], boxes[element.id]):
                groups.join(other.id, element.id)
        active.append(element)
    by_id = {e.id: e for _, e in texts}
    for members in groups.sets():
        found.append(_stacked([by_id[i] for i in members], names))
    return [f for f in found if f is not None]


class _Groups:
    """Union-find over element ids."""

    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, key: str) -> str:
        root = self.parent.setdefault(key, key)
        while root != self.parent[root]:
            self.parent[root] = self.parent[self.parent[root]]
            root = self.parent[root]
        return root

    def join(self, a: str, b: str) -> None:
        self.parent[self.find(a)] = self.find(b)

    def sets(self) -> list[list[str]]:
        """The groups of two or more, each in the order its members joined."""
        grouped: dict[str, list[str]] = {}
        for key in self.parent:
            grouped.setdefault(self.find(key), []).append(key)
        return [members for members in grouped.values() if len(members) > 1]


def _meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _stacked(group: list[TextElement], names: ShortIds) -> Finding:
    """One finding for texts drawn over each other; its fix deletes all but the first (named, up to ``LISTED``)."""
    group = sorted(group, key=lambda e: (e.start_time, e.id))
    start = min(e.start_time for e in group)
    end = max(e.end_time for e in group)
    shown = ", ".join(f'"{_short(e.content)}" ({names[e.id]})' for e in group[:3])
    more = f" and {len(group) - 3} more" if len(group) > 3 else ""
    what = (
        f"Two texts are drawn over each other: {shown.replace(', ', ' and ', 1)}."
        if len(group) == 2
        else f"{len(group)} texts are drawn over each other: {shown}{more}."
    )
    extra = [e.id for e in group[1:]]
    return Finding(
        "error", "stacked-text", what, _seconds(start), _seconds(end),
        tuple(names[e.id] for e in group[:LISTED]),
        fix=fix("delete_timeline_elements", elementIds=extra) if len(extra) <= LISTED else None,
    )  # fmt: skip


def _off_frame(
    element: TextElement, box: tuple[float, float, float, float], size: tuple[int, int], names: ShortIds
) -> Finding | None:
    width, height = size
    sides = [side for side, out in zip(("left", "top", "right", "bottom"),
             (box[0] < 0, box[1] < 0, box[2] > width, box[3] > height), strict=True) if out]  # fmt: skip
    if not sides:
        return None
    tall = box[3] - box[1]
    if tall > height:  # too much text for the frame: smaller type
        repair = fix("update_text", elementId=element.id, fontSize=max(1, int(element.font_size * height * 0.9 / tall)))
    else:  # placed off it: back to the centre
        repair = fix("update_text", elementId=element.id, positionX=0, positionY=0)
    return Finding(
        "error", "text-outside",
        f'"{_short(element.content)}" ({names[element.id]}) runs off the {" and ".join(sides)} of the frame.',
        _seconds(element.start_time), _seconds(element.end_time), (names[element.id],), fix=repair,
    )  # fmt: skip


def _short(text: str, most: int = 30) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= most else flat[: most - 1] + "…"


def _captions(project: Project, scene: Scene, names: ShortIds) -> list[Finding]:
    """Captions that overlap, flash by, or ask more than ``READING_SPEED`` characters a second."""
    cues = sorted(caption_cues(scene))
    found = []
    for index, (start, end, text) in enumerate(cues):
        if index and start < cues[index - 1][1] - 1e-6:
            found.append(Finding("warning", "captions-overlap",
                                 f'The caption "{_short(text)}" starts before "{_short(cues[index - 1][2])}" ends.',
                                 start, cues[index - 1][1]))  # fmt: skip
        length = end - start
        if length < FLASH_SECONDS:
            found.append(Finding("warning", "caption-flash", f'The caption "{_short(text)}" is shown {length:.2f} s: '
                                 f"too short to read (at least {FLASH_SECONDS:g} s).", start, end))  # fmt: skip
        lines = text.split("\n")
        if len(lines) > CAPTION_LINES or any(len(line) > CAPTION_LINE for line in lines):
            found.append(Finding("warning", "caption-lines", f'The caption "{_short(text)}" has {len(lines)} lines, the '
                                 f"longest {max(len(line) for line in lines)} characters (at most {CAPTION_LINES} of "
                                 f"{CAPTION_LINE}).", start, end))  # fmt: skip
        speed = len(text.strip()) / length if length > 0 else float("inf")
        if speed > READING_SPEED and length >= FLASH_SECONDS:
            found.append(Finding("warning", "caption-speed", f'The caption "{_short(text)}" asks {speed:.0f} '
                                 f"characters a second (at most {READING_SPEED}).", start, end))  # fmt: skip
    return found


def _sounds(scene: Scene) -> list[tuple[Track, AudioElement | VideoElement]]:
    found: list[tuple[Track, AudioElement | VideoElement]] = []
    for track in scene.tracks.ordered():
        for element in track.elements:
            if isinstance(element, AudioElement) or (isinstance(element, VideoElement) and element.source_audio):
                found.append((track, element))
    return found


def _sound(project: Project, scene: Scene, names: ShortIds) -> list[Finding]:
    """A timeline whose every sound is muted (by its track, itself or its volume)."""
    sounds = _sounds(scene)
    if not sounds:
        return []
    heard = [(t, e) for t, e in sounds if not getattr(t, "muted", False) and not e.muted and e.volume > -60]
    if heard:
        return []
    muted_track = next((t for t, _ in sounds if getattr(t, "muted", False)), None)
    repair = (
        fix("toggle_track_mute", trackId=muted_track.id)
        if muted_track is not None
        else fix("update_clip", elementId=sounds[0][1].id, muted=False)
    )
    return [Finding("error", "silent", f"The timeline is silent: all {len(sounds)} sounds are muted.",
                    0.0, _seconds(scene.end_time), fix=repair)]  # fmt: skip


def _gains(project: Project, scene: Scene, names: ShortIds) -> list[Finding]:
    """Sound raised above 0 dB (volume and gain layers together) can pass full scale and clip, unless the mix's
    true-peak limiter holds it (``settings.master``, set by normalize_loudness). One finding per recording, however
    many pieces a cut made of it, named by its file; its fix levels the program and sets the limiter."""
    master = project.settings.master
    if master is not None and master.true_peak_db is not None:
        return []
    raised: dict[str, list[tuple[Track, AudioElement | VideoElement, float]]] = {}
    for track, element in _sounds(scene):
        if element.muted or getattr(track, "muted", False):
            continue
        loudest = max(sound.level_at(element, t) for t in sound.key_times(element))
        if loudest > 0:
            raised.setdefault(getattr(element, "media_id", "") or element.id, []).append((track, element, loudest))
    return [_raised(project, media_id, pieces, names) for media_id, pieces in raised.items()]


def _raised(
    project: Project, media_id: str, pieces: list[tuple[Track, AudioElement | VideoElement, float]], names: ShortIds
) -> Finding:
    asset = project.asset(media_id)
    name = asset.label if asset is not None else names[pieces[0][1].id]
    most = max(level for _, _, level in pieces)
    counted = f" ({len(pieces)} pieces)" if len(pieces) > 1 else ""
    return Finding(
        "warning",
        "gain",
        f"{name}{counted} is raised up to {most:+.1f} dB and no limiter holds the mix: loud parts may clip "
        "(over 0 dBFS).",
        _seconds(min(e.start_time for _, e, _ in pieces)),
        _seconds(max(e.end_time for _, e, _ in pieces)),
        tuple(names[e.id] for _, e, _ in pieces[:8]),
        track=pieces[0][0].name or pieces[0][0].id,
        fix=fix("normalize_loudness"),
    )


def _effects_over_nothing(project: Project, scene: Scene, names: ShortIds) -> list[Finding]:
    shown = _merged(  # anything drawn, however small (an effect over a logo changes the logo)
        [
            (e.start_time, e.end_time)
            for t in scene.tracks.ordered()
            if _visible(t)
            for e in t.elements
            if not isinstance(e, (EffectElement, AudioElement)) and not getattr(e, "hidden", None)
        ]
    )
    starts = [start for start, _ in shown]
    return [
        Finding(
            "warning",
            "effect-over-nothing",
            f"The {e.effect_type} effect {names[e.id]} lies over nothing shown: it changes no picture.",
            _seconds(e.start_time),
            _seconds(e.end_time),
            (names[e.id],),
            track=t.name or t.id,
            fix=fix("delete_timeline_elements", elementIds=[e.id]),
        )  # fmt: skip
        for t in scene.tracks.ordered()
        for e in t.elements
        if isinstance(e, EffectElement) and not _touches(shown, starts, (e.start_time, e.end_time))
    ]


def _merged(spans: list[Span]) -> list[Span]:
    out: list[Span] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def _touches(merged: list[Span], starts: list[int], span: Span) -> bool:
    """Whether ``span`` meets any of ``merged`` (sorted, apart)."""
    index = bisect.bisect_left(starts, span[1]) - 1  # the last one that starts before the span ends
    return index >= 0 and merged[index][1] > span[0]


def _stale_transitions(project: Project, scene: Scene, names: ShortIds) -> list[Finding]:
    found = []
    for track in scene.tracks.ordered():
        by_id = {e.id: e for e in track.elements}
        fitted = fitted_lengths(track) if track.transitions else {}
        for transition in track.transitions:
            a, b = by_id.get(transition.from_element_id), by_id.get(transition.to_element_id)
            if a is None or b is None or a.end_time != b.start_time:
                found.append(Finding("warning", "transition", f"The {transition.type} transition {transition.id} "
                                     "joins clips that no longer touch: it is not drawn.", track=track.name or track.id,
                                     fix=fix("remove_transition", transitionIds=[transition.id])))  # fmt: skip
            elif fitted.get(transition.id, transition.duration) < transition.duration:
                found.append(_overreaching(transition, a, b, fitted[transition.id], track.name or track.id))
    return found


def _overreaching(transition: Transition, a: Element, b: Element, room: int, track: str) -> Finding:
    """A transition longer than its clips' media (or their room) allow: past the media there is nothing to draw."""
    seconds = round(room / TICKS_PER_SECOND, 3)
    return Finding(
        "warning",
        "transition",
        f"The {transition.type} transition {transition.id} between {a.label} and {b.label} lasts "
        f"{transition.duration / TICKS_PER_SECOND:g} s but their media allow {seconds:g} s: past a clip's media "
        "the render shows what is below it.",
        start=b.start_time / TICKS_PER_SECOND,
        track=track,
        fix=fix("update_transition", transitionId=transition.id, duration=seconds)
        if room
        else fix("remove_transition", transitionIds=[transition.id]),
    )


def within(findings: list[Finding], start: float | None, end: float | None) -> list[Finding]:
    """The findings that touch ``start``-``end`` (seconds), and those that have no time."""
    lo, hi = start if start is not None else float("-inf"), end if end is not None else float("inf")
    return [f for f in findings if f.start is None or (f.start < hi and (f.end or f.start) > lo) or f.start == lo]


Check = Callable[[Project, Scene, ShortIds], list[Finding]]
