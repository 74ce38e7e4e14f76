"""Final-state checks for the outside evaluation: a project read before and after one request, and what a right
answer to the request looks like.

Each case expects one of three outcomes:

- ``edit(pred, touch)``: the request is carried out. Right when ``neuralcut run`` exits 0, ``pred(before, after)``
  holds and nothing outside ``touch`` changed; refused when the project is byte for byte as it was; wrong otherwise
  (a changed project that fails the check, or a failed run that left a change).
- ``ask()``: the request leaves out something only the person can say ("trim the intro": by how much?). Right when
  nothing changed; wrong when anything did.
- ``answer(word)``: a question; right when nothing changed and the reply contains ``word``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

S = 120_000  # ticks per second

Doc = dict[str, Any]
MAIN = frozenset({"e-intro", "e-beach", "e-city"})
EVERY = frozenset({"e-title", "e-vignette", "e-logo", "e-intro", "e-beach", "e-city", "e-music"})
NEW = "+"  # in ``touch``: new elements may appear
SCENE = "scene"  # in ``touch``: scene settings (canvas, transitions on tracks) may change


class P:
    """A project as the checks read it."""

    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.tracks = _tracks(doc)
        self.by_id = {e["id"]: e for t in self.tracks for e in t["elements"]}

    def el(self, element_id: str) -> Doc | None:
        return self.by_id.get(element_id)

    def has(self, element_id: str) -> bool:
        return element_id in self.by_id

    def main(self) -> list[Doc]:
        return sorted(self.doc["scenes"][0]["tracks"]["main"]["elements"], key=lambda e: e["startTime"])

    def end(self) -> float:
        return max((end(e) for e in self.by_id.values()), default=0.0)

    def picture_end(self) -> float:
        return max((end(e) for e in self.main()), default=0.0)

    def new(self, before: P) -> list[Doc]:
        """Elements that are not the demo's own: added by the request or by its case's set-up steps."""
        del before
        return [e for i, e in self.by_id.items() if i not in EVERY]

    def of_type(self, kind: str) -> list[Doc]:
        return [e for e in self.by_id.values() if e["type"] == kind]

    def transitions(self) -> list[Doc]:
        return [x for t in self.tracks for x in t.get("transitions") or []]

    def track_of(self, element_id: str) -> Doc | None:
        return next((t for t in self.tracks if any(e["id"] == element_id for e in t["elements"])), None)

    def canvas(self) -> tuple[int, int]:
        size = self.doc["settings"].get("canvasSize") or {}
        return int(size.get("width", 0)), int(size.get("height", 0))


def _tracks(doc: Doc) -> list[Doc]:
    tracks = doc["scenes"][0]["tracks"]
    return [*tracks["overlay"], tracks["main"], *tracks["audio"]]


def start(e: Doc | None) -> float:
    return -1.0 if e is None else e["startTime"] / S


def end(e: Doc | None) -> float:
    return -1.0 if e is None else (e["startTime"] + e["duration"]) / S


def length(e: Doc | None) -> float:
    return -1.0 if e is None else e["duration"] / S


def rate(e: Doc | None) -> float:
    return 1.0 if e is None else float((e.get("retime") or {}).get("rate", 1.0))


def effects(e: Doc | None) -> list[str]:
    return [] if e is None else [x["type"] for x in e.get("effects") or [] if x.get("enabled", True)]


def channels(e: Doc | None) -> set[str]:
    return set() if e is None else set((e.get("animations") or {}).get("channels") or {})


def scale(e: Doc | None) -> float:
    return 1.0 if e is None else float((e.get("transform") or {}).get("scaleX", 1.0))


def position(e: Doc | None) -> tuple[float, float]:
    p = ((e or {}).get("transform") or {}).get("position") or {}
    return float(p.get("x", 0.0)), float(p.get("y", 0.0))


def near(a: float, b: float, tolerance: float = 0.05) -> bool:
    return abs(a - b) <= tolerance


Pred = Callable[[P, P], bool]


@dataclass(frozen=True)
class Expect:
    kind: str  # edit | ask | answer
    pred: Pred | None = None
    touch: frozenset[str] = frozenset()
    word: str = ""
    calls: tuple[str, ...] = field(default=())  # tools that must have been called (an edit that may change nothing)


def edit(pred: Pred, touch: Collection[str] = (), calls: tuple[str, ...] = ()) -> Expect:
    return Expect("edit", pred, frozenset(touch), calls=calls)


def ask() -> Expect:
    return Expect("ask")


def answer(word: str) -> Expect:
    return Expect("answer", word=word)


def changed(before: P, after: P) -> set[str]:
    """The ids of elements added, removed or changed, plus ``scene`` when anything else in the project changed."""
    ids = {i for i in before.by_id.keys() | after.by_id.keys() if before.by_id.get(i) != after.by_id.get(i)}
    old = {t["id"]: _shell(t) for t in before.tracks}
    new = {t["id"]: _shell(t) for t in after.tracks}
    if any(new.get(i) != shell for i, shell in old.items()) or _settings(before) != _settings(after):
        ids.add(SCENE)
    if set(new) - set(old):
        ids.add(NEW)  # a new track: allowed wherever new elements are
    return ids


def _shell(track: Doc) -> Doc:
    return {k: v for k, v in track.items() if k != "elements"}


def _settings(p: P) -> Any:
    return (p.doc.get("settings"), p.doc.get("mediaAssets"))


def outcome(expect: Expect, before: P, after: P, rc: int, reply: str, calls: list[str]) -> tuple[str, str]:
    """(right | refused | wrong, why)."""
    diff = changed(before, after)
    if expect.kind in ("ask", "answer"):
        if diff:
            return "wrong", f"changed {sorted(diff)}"
        if expect.kind == "answer" and expect.word.lower() not in reply.lower():
            return "refused", f"no '{expect.word}' in the reply"
        return "right", ""
    assert expect.pred is not None
    if not diff and rc == 0 and "already" in reply and expect.pred(before, after):
        return "right", ""  # the project already was as asked, and the reply says so
    if not diff and not expect.calls:
        return "refused", "unchanged"
    if not diff and rc == 0 and all(c in calls for c in expect.calls):
        return "right", ""
    if not diff:
        return "refused", f"unchanged; called {calls}"
    if rc != 0:
        return "wrong", f"exit {rc} with the project changed: {sorted(diff)}"
    allowed = set(expect.touch)
    new = {i for i in diff if i not in EVERY}  # the request's own elements, or its set-up's
    stray = diff - allowed - (new if NEW in allowed else set())
    if stray:
        return "wrong", f"also changed {sorted(stray)}"
    if not expect.pred(before, after):
        return "wrong", "the final state fails the check"
    return "right", ""
