"""How people see ids and tracks: short unique prefixes, tracks by name.

``Names(before, after)`` knows every id of the projects shown (removed
elements keep a name in a diff) and gives each its shortest unique prefix
(``project.ids``). ``text`` shortens the ids inside a reply or a tool's
arguments; ``track`` names a track by its name when no other track has it.
``--json`` never goes through here: machine output keeps full ids.
"""

from __future__ import annotations

import re
from collections import Counter

from rich.cells import cell_len, chop_cells

from neuralcut_cli.english import plural
from neuralcut_cli.project.ids import project_ids, short_ids
from neuralcut_cli.project.model import Project
from neuralcut_cli.project.tracks import Track

__all__ = ["Names", "fit", "labelled", "plural", "quote", "track_state"]

_TOKEN = re.compile(r"[\w-]{7,}")


class Names:
    def __init__(self, *projects: Project | None) -> None:
        shown = [project for project in projects if project is not None]
        self._short = {
            full: short
            for full, short in short_ids(ident for project in shown for ident in project_ids(project)).items()
            if short != full
        }
        counts = Counter(t.name for project in shown[-1:] for t in project.scene.tracks.ordered())
        self._unique_names = {name for name, count in counts.items() if name and count == 1}
        named = {t.id: " ".join(t.name.split()) for project in shown for t in project.scene.tracks.ordered()}
        self._track_names = {ident: name for ident, name in named.items() if name in self._unique_names}
        self._tracks = (
            re.compile(
                "|".join(
                    rf"(?<![\w-]){re.escape(i)}(?![\w-])" for i in sorted(self._track_names, key=len, reverse=True)
                )
            )
            if self._track_names
            else None
        )

    def id(self, full: str) -> str:
        return self._short.get(full, full)

    def text(self, text: str) -> str:
        """``text`` with each full id it holds shortened."""
        if not self._short:
            return text
        return _TOKEN.sub(lambda match: self._short.get(match.group(0), match.group(0)), text)

    def prose(self, text: str) -> str:
        """A sentence as people read it: tracks by their names (``on track t-main`` → ``on track Main Track``),
        other ids shortened. For replies and messages, not for a call's arguments (those stay what was sent)."""
        if self._tracks is not None:
            text = self._tracks.sub(lambda match: self._track_names[match.group(0)], text)
        return self.text(text)

    def track(self, track: Track) -> str:
        name = " ".join(track.name.split())
        return name if name in self._unique_names else self.id(track.id)

    def track_id(self, project: Project, track_id: str) -> str:
        track = project.scene.tracks.find(track_id)
        return self.track(track) if track is not None else self.id(track_id)


def track_state(track: Track) -> str:
    """``hidden``, ``muted``, ``hidden, muted`` or ``""``: what a track's own switches leave out."""
    return ", ".join(flag for flag in ("hidden", "muted") if getattr(track, flag, False))


def labelled(name: str, track: Track, cells: int) -> str:
    """A track's label in ``cells`` with its state after it: ``Logo (hidden)``, the name cut first."""
    state = track_state(track)
    if not state:
        return fit(name, cells)
    tag = f" ({state})"
    return fit(name, max(3, cells - len(tag))) + tag[: max(0, cells - 3)]


def quote(text: str, cells: int) -> str:
    """``text`` on one line, cut to ``cells``, in quotes."""
    return '"' + fit(" ".join(text.split()), cells) + '"'


def fit(text: str, cells: int) -> str:
    """``text`` cut to ``cells`` terminal cells (wide characters count two), with … when cut."""
    if cell_len(text) <= cells:
        return text
    if cells <= 1:
        return "…"[:cells]
    return chop_cells(text, cells - 1)[0] + "…"
