"""Keeps one request from running away, whatever the model does (issue 30).

A model that calls the edit it just made again, with the same arguments, is done: small models confirm a right edit
that way, and the request ends as a success with what was done (issue 42). A model that repeats an edit it made
earlier, reads the same thing over and over with nothing edited in between, or keeps editing far past what was
asked is stopped: the call gets an error that says why (the model sees it), the person
gets the same words, and the request's edits stay one undo step that takes the project back to where the request
began. A question ("what's at 12s?") may only look: an edit it calls is refused, and the model may answer.
A call that does what the request did not ask for (a cut at a time it does not name, a range cut for a request
that names no time, a track it does not name, an element moved in time by a request that speaks of no time) is
refused with the call to make instead; after an edit that succeeded, moving its element along ends the request as
done (the 1.5B model answered 'change the title to "Day two"' with the right edit, then moved the title 3 s at a
time past the end of the video).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from neuralcut_cli.agent.asked_times import unasked
from neuralcut_cli.agent.types import ToolCall, ToolResult
from neuralcut_cli.values import Value

READ_REPEATS = 3  # the same read, same arguments, this many times with no edit between: going round in circles
DEFAULT_EDIT_BUDGET = 8  # edits one request may make with a model (the offline backend plans its own)

QUESTION_REFUSED = (
    "This request is a question: only tools that read may run. Answer it from what they return; "
    "the person will ask for an edit if they want one."
)

#: Added to the answer of a tool that does not exist, called for a question (the 1.5B model invented
#: ``get_timeline_elements`` for "what's at 12s?" and then told the person which tool to call).
ASK_THE_NOTE = (
    "the request is a question: reply to the person in one sentence from the [Project now] note, naming no tool"
)


NO_TIME_ASKED = (
    "Not asked for: remove_range cuts a stretch of time out of every track, and the request names no time. "
    "To delete an element, call delete_timeline_elements with its id (elementIds)."
)


ONE_LENGTH = (
    "Not asked for: remove_range cuts a stretch of time out of every track, and the request changes how long one "
    "element lasts. Call update_timeline_element_timing with its elementId and its new duration (s)."
)


NOTHING_TO_TAKE_AWAY = (
    "Not asked for: the request adds and asks to delete or remove nothing, so {name} may not run. "
    "Call the tool that adds what was asked (add_media_to_timeline, add_text, add_sticker, apply_effect, ...)."
)


class Verdict(Value):
    error: str  # what the call answers
    stop: bool  # the request ends here
    done: bool = False  # ... and it ended well: the edit asked for again had just succeeded


@dataclass
class RequestGuard:
    question: bool = False
    loops: bool = True  # watch for repeats and runaway edits (off for a backend that plans its own calls)
    edit_budget: int = DEFAULT_EDIT_BUDGET
    seen: Counter[str] = field(default_factory=Counter)
    reads: dict[str, tuple[int, int]] = field(default_factory=dict)  # a read -> (edits made before it, times seen)
    edits: int = 0
    last_done: str = ""  # the key of the last edit, when it succeeded
    made: int = 0  # edits that succeeded and changed the project
    failed: set[str] = field(default_factory=set)  # the keys of the edits that failed
    unchanged: set[str] = field(default_factory=set)  # the call ids of edits that succeeded and changed nothing
    named: set[float] = field(default_factory=set)  # the times the request names (``asked_times``)
    timed: bool = True  # the request speaks of time at all (``asked_times.mentions_time``)
    adds_only: bool = False  # the request adds and takes nothing away (``asked_times.only_adds``)
    end: float | None = None  # the program's length, in seconds
    percents: set[float] = field(default_factory=set)  # the percentages the request names (``asked_percent``)
    resizes: bool = False  # the request makes something last more or less (``asked_times.changes_length``)
    #: the ids of the elements a range call spans whole on its tracks (the orchestrator's project): a refused
    #: range cut then names the delete to make instead
    spanned: Callable[[ToolCall], list[str]] = field(default=lambda call: [])
    #: the one track the request names by its name ("mute the music": t-audio "Music"), as (id, name), if one
    named_track: Callable[[], tuple[str, str] | None] = field(default=lambda: None)
    retimes: bool = True  # the request may move something in time or change its length (``asked_times.retimes``)
    #: the stretch of the program the request names by its edge ("the last two seconds"), in seconds
    edge: tuple[float, float] | None = None
    #: the arguments a tool takes (its schema's properties)
    takes: Callable[[str], frozenset[str]] = field(default=lambda name: frozenset())
    #: the unplaced media asset the request asks to add and nothing else: (id, name, track type, where in seconds or
    #: None), read when the request begins (``added_media``)
    adds_asset: tuple[str, str, str, float | None] | None = None
    #: where an element plays now, (start, end) in seconds (None: no such element)
    span: Callable[[str], tuple[float, float] | None] = field(default=lambda element_id: None)

    def ran(self, call: ToolCall, kind: str, ok: bool, changed: bool = True) -> bool:
        """What came of a call the guard let run; True when the request is done: an edit that succeeded and changed
        nothing, after one that changed the project (the 1.5B model confirmed a right split by splitting the new
        pieces again at the same time)."""
        if kind != "edit":
            return False
        if ok and not changed:
            self.unchanged.add(call.id)
        if ok and not changed and self.made and self.loops:
            return True
        self.last_done = _key(call) if ok else ""
        self.made += ok and changed
        if not ok:
            self.failed.add(_key(call))
        return False

    def answered(self, result: ToolResult) -> ToolResult:
        """``result`` of a call that ran, with, for a question's call of a tool that does not exist, where the answer
        is (the note, and its line for each time the request names)."""
        if not self.question or not (result.error or "").startswith("Unknown tool"):
            return result
        lines = "".join(f"; its 'At {t:g}s:' line says what plays at {t:g}s" for t in sorted(self.named)[:2])
        payload = dict(result.result) if isinstance(result.result, dict) else {}
        payload["details"] = f"{payload.get('details', '')}; {ASK_THE_NOTE}{lines}".lstrip("; ")
        return result.model_copy(update={"result": payload})

    def check(self, call: ToolCall, kind: str) -> Verdict | None:
        """None when ``call`` (of tool kind ``kind``: read, edit, history) may run."""
        if self.question and kind != "read":
            return Verdict(QUESTION_REFUSED, stop=False)
        if not self.loops:
            return None
        return self._not_asked(call, kind) or self._repeated(call, kind)

    def _not_asked(self, call: ToolCall, kind: str) -> Verdict | None:
        """A call that does what the request did not ask for, refused with the call to make instead."""
        if call.name == "split" and isinstance(call.args.get("times"), list):
            extra = unasked(call.args["times"], self.named, self.end)
            if extra:
                return Verdict(_unasked_cuts(call, extra, self.named), stop=False)
        if call.name == "remove_range" and not self.timed:
            ids = self.spanned(call)
            instead = f' Here: call delete_timeline_elements with {{"elementIds": {json.dumps(ids)}}}.' if ids else ""
            return Verdict(NO_TIME_ASKED + instead, stop=False)
        if call.name == "remove_range" and self.resizes:
            return Verdict(ONE_LENGTH, stop=False)
        if call.name.startswith("toggle_track_") and isinstance(call.args.get("trackId"), str):
            track = self.named_track()
            if track is not None and track[0] != call.args["trackId"]:  # the 1.5B model muted t-main for the music
                return Verdict(_other_track(call, *track), stop=False)
        moved = None if self.retimes or kind != "edit" else _moved(call, self.span)
        if moved is not None:  # after the edit asked for, the 1.5B model moved the title along, 3 s at a time
            return Verdict(moved, stop=bool(self.last_done), done=bool(self.last_done))
        if self.adds_only and kind == "edit" and call.name.startswith(("delete_", "remove_")):
            return Verdict(NOTHING_TO_TAKE_AWAY.format(name=call.name), stop=False)
        if kind == "edit" and call.name in _OVER_A_STRETCH and self.edge is not None:
            elsewhere = _elsewhere(call, self.edge, self.takes(call.name))
            if elsewhere is not None:  # "blur the last two seconds": apply_effect with a duration and an element
                return Verdict(elsewhere, stop=False)
        if kind == "edit" and call.name != "add_media_to_timeline" and self.adds_asset is not None:
            return Verdict(_add_instead(*self.adds_asset), stop=bool(self.made), done=bool(self.made))
        return None

    def _repeated(self, call: ToolCall, kind: str) -> Verdict | None:
        """A call that goes round in circles, repeats an edit, or edits past what one request asks."""
        key = _key(call)
        if kind != "edit":  # the same read again, with nothing edited since: it can only answer the same
            since, times = self.reads.get(key, (self.edits, 0))
            times = times + 1 if since == self.edits else 1
            self.reads[key] = (self.edits, times)
            if times >= READ_REPEATS:
                return Verdict(
                    f"Stopped: {call.name} was called {times} times with the same arguments and nothing changed "
                    "in between.",
                    stop=True,
                )
            return None
        self.seen[key] += 1
        if self.seen[key] > 1 and key == self.last_done:  # small models confirm a right edit by making it again
            return Verdict(
                f"Already done: {call.name} succeeded with these arguments just before; the request is complete.",
                stop=True,
                done=True,
            )
        if self.seen[key] > 1 and key in self.failed and self.made:  # back to the call it already corrected
            return Verdict(
                f"Already tried: {call.name} failed with these arguments, and the edits after it succeeded; the "
                "request is complete.",
                stop=True,
                done=True,
            )
        if self.seen[key] > 1:
            return Verdict(
                f"Stopped: {call.name} was called again with the same arguments; the request is over, so it "
                "cannot repeat the edit.",
                stop=True,
            )
        self.edits += 1
        if self.edits > self.edit_budget:
            return Verdict(
                f"Stopped after {self.edit_budget} edits in one request: more than the request asked for.", True
            )
        return None


def _key(call: ToolCall) -> str:
    """The call as the guard compares calls: numbers as numbers (18 and 18.0 are one start)."""
    return f"{call.name} {json.dumps(_numbers(call.args), sort_keys=True, default=str)}"


def _numbers(value: object) -> object:
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, dict):
        return {k: _numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_numbers(v) for v in value]
    return value


def _unasked_cuts(call: ToolCall, extra: list[float], named: set[float]) -> str:
    """The refusal of cuts nobody asked for, with the call to make instead written out (a small model copies it):
    the call's own times that the request names."""
    said = f"Not asked for: a cut at {', '.join(f'{t:g}' for t in extra)} s."
    kept = [t for t in call.args["times"] if isinstance(t, int | float) and float(t) in named]
    if not kept:
        return f"{said} The request names {', '.join(f'{t:g}' for t in sorted(named))} s: split at those only."
    return f"{said} Call split with {json.dumps({**call.args, 'times': kept})} instead."


def _other_track(call: ToolCall, track_id: str, name: str) -> str:
    """The refusal of a track call on a track the request did not name, with the call to make instead."""
    instead = json.dumps({**call.args, "trackId": track_id})
    return f"Not asked for: the request names the {name} track ({track_id}). Call {call.name} with {instead} instead."


#: The edits of existing elements that can move them in time, and the arguments that do.
_RETIMING = {
    "update_text": ("start", "end"),
    "update_timeline_element_timing": ("start", "end", "duration"),
    "move_timeline_elements": ("start",),
}


def _moved(call: ToolCall, span: Callable[[str], tuple[float, float] | None]) -> str | None:
    """The refusal of a call that would move an element in time or change its length, for a request that asked for
    neither; None when the call keeps every element where it is (its times as they are, or none given)."""
    keys = [k for k in _RETIMING.get(call.name, ()) if isinstance(call.args.get(k), int | float)]
    many = call.args.get("elementIds")
    ids: list[object] = many if isinstance(many, list) else [call.args.get("elementId")]
    for element_id in [i for i in ids if isinstance(i, str)]:
        where = span(element_id)
        if where is None or not keys:
            continue
        now = {"start": where[0], "end": where[1], "duration": where[1] - where[0]}
        if any(abs(float(call.args[k]) - now[k]) > 1e-3 for k in keys):
            rest = {k: v for k, v in call.args.items() if k not in keys}
            said = f"Not asked for: the request names no time, so {element_id} stays at {where[0]:g}-{where[1]:g} s."
            if set(rest) - {"elementId", "elementIds"}:
                return f"{said} Call {call.name} with {json.dumps(rest)} instead (or nothing, if that is done)."
            return f"{said} Nothing else is asked of {element_id} here."
    return None


def _add_instead(asset_id: str, name: str, track: str, at: float | None) -> str:
    """The refusal of another edit for a request that asks to add a media file, with the call to make."""
    args: dict[str, object] = {"assetId": asset_id, "trackType": track}
    if at is not None:
        args["startTime"] = round(at, 3)
    where = "" if at is not None else " (startTime: where it goes)"
    return (
        f"Not asked for: the request adds the media file {name} ({asset_id}). Call add_media_to_timeline with "
        f"{json.dumps(args)}{where} instead."
    )


#: The edits that act on a stretch of the program given by its start and end.
_OVER_A_STRETCH = frozenset({"apply_effect", "remove_range", "add_text", "add_sticker"})


def _elsewhere(call: ToolCall, edge: tuple[float, float], takes: frozenset[str]) -> str | None:
    """The refusal, with the call to make, of a call over a stretch outside the one the request names by its edge
    (or given a duration or elements instead); None when it lies within it ("tidy up the first ten seconds" may
    cut 2-4 s)."""
    start, end = call.args.get("start"), call.args.get("end")
    numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in (start, end))
    if numbers and float(start) >= edge[0] - 0.05 and float(end) <= edge[1] + 0.05:  # type: ignore[arg-type]
        return None
    args = {k: v for k, v in call.args.items() if k in takes and k not in ("start", "end")}
    args.update(start=edge[0], end=edge[1])
    return (
        f"Not asked for: the request means {edge[0]:g}-{edge[1]:g} s of the video. Call {call.name} with "
        f"{json.dumps(args)} instead."
    )
