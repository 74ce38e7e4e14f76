"""What the tools that take time out of the program share (remove_range, remove_silences, cut_words,
remove_filler_words, a ripple delete on the main track): a person's say over which tracks follow the picture
(``SyncArgs``), the cut itself (``editing.sync``, on the project's frame grid), and the per-track report every
answer carries so a reply can say what moved where."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

from pydantic import Field

from neuralcut_cli.editing.new_ids import new_id
from neuralcut_cli.editing.sync import Choice, Synced, TrackChange, remove_time
from neuralcut_cli.errors import EditError
from neuralcut_cli.project.model import Project, Scene
from neuralcut_cli.time import fps_fraction
from neuralcut_cli.tools.common import Id
from neuralcut_cli.tools.definition import ToolArgs, ToolError
from neuralcut_cli.tools.outputs import Row

MAX_IDS = 50
SYNC_ERRORS = {"keep_track_ids": "Invalid keepTrackIds", "cut_track_ids": "Invalid cutTrackIds"}


class SyncArgs(ToolArgs):
    """The two arguments that let a person choose per track (the rest follow the rule of ``editing.sync``)."""

    keep_track_ids: Annotated[list[Id] | None, Field(description="Tracks left as they are.")] = None
    cut_track_ids: Annotated[list[Id] | None, Field(description="Tracks cut like the picture (e.g. music).")] = None

    def choice(self) -> Choice:
        keep, cut = set(self.keep_track_ids or ()), set(self.cut_track_ids or ())
        if keep & cut:
            raise ToolError(f"A track cannot be both kept and cut: {', '.join(sorted(keep & cut))}")
        return Choice(keep=frozenset(keep), cut=frozenset(cut))


def cut_program(
    project: Project, spans: Iterable[tuple[int, int]], choice: Choice, ripple: bool, on_frames: bool = True
) -> Synced:
    """``spans`` (timeline ticks) taken out of the program, every track kept in sync; with ``on_frames`` the
    edges move to the nearest frame first."""
    ticks = list(spans)
    rate = fps_fraction(project.settings.fps.numerator / project.settings.fps.denominator)
    try:
        return remove_time(project.scene, ticks, choice, new_id, ripple, rate if on_frames else None)
    except EditError as exc:
        raise ToolError(exc.message) from None


def track_report(scene: Scene, synced: Synced) -> list[Row]:
    """One row per track that changed or was asked about: ``{trackId, name, how, summary, removed, moved,
    shortened}`` (counts; ``how`` is picture for the main track, cut, kept whole or left in place), with the ids
    of the elements kept whole that changed (``elementIds``, at most ``MAX_IDS``)."""
    rows = []
    for change in synced.tracks:
        if not change.changed and change.how != "left in place":
            continue
        track = scene.tracks.find(change.track_id)
        name = (track.name if track else "") or change.track_id
        main = change.track_id == scene.tracks.main.id
        row: Row = {"trackId": change.track_id, "name": name, "how": "picture" if main else change.how}
        row["summary"] = _sentence(name, change, main)
        row.update({key: len(getattr(change, key)) for key in ("removed", "moved", "shortened")})
        if change.how == "kept whole":
            row["elementIds"] = list(dict.fromkeys([*change.shortened, *change.moved, *change.removed]))[:MAX_IDS]
        rows.append(row)
    return rows


def _sentence(name: str, change: TrackChange, main: bool) -> str:
    """``Music: 1 element shortened to stay over the same moments, faded out where it now ends``."""
    if change.how == "left in place":
        return f"{name}: left where it was"
    parts: list[str] = []
    if main:
        parts.append(f"the picture, {_count(len(change.removed), 'piece')} taken out")
    elif change.how == "cut":
        parts.append(f"cut with the picture, {_count(len(change.removed), 'piece')} taken out")
    else:
        if change.shortened:
            parts.append(f"{_count(len(change.shortened), 'element')} shortened to stay over the same moments")
        moved_only = [i for i in change.moved if i not in change.shortened]
        if moved_only:
            parts.append(f"{_count(len(moved_only), 'element')} moved with the picture")
        if change.removed:
            parts.append(f"{_count(len(change.removed), 'element')} removed (it lay inside a cut)")
    if change.faded:
        parts.append("faded out where it now ends")
    if change.reducked:
        parts.append("ducked again under the voice")
    return f"{name}: " + ", ".join(parts)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def sync_summary(rows: list[Row]) -> str:
    """The rows' sentences in one line: ``Music: …; Titles: …``."""
    return "; ".join(str(row["summary"]) for row in rows)


def answer_rows(project: Project, synced: Synced) -> dict[str, Any]:
    """The keys a tool adds to its answer: ``tracks`` (the report), when any track changed."""
    rows = track_report(project.scene, synced)
    return {"tracks": rows} if rows else {}
