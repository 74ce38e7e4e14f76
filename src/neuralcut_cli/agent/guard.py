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
from neuralcut_cli.agent.unasked import (
    OVER_A_STRETCH,
    add_instead,
    moved_in_time,
    only_named,
    other_ids,
    other_track,
    over_another_stretch,
    resized_elsewhere,
    unasked_cuts,
)
from neuralcut_cli.values import Value

REFUSED_REPEATS = 3  # the same call refused as not asked for, this many times: the model will not change it
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
    refusals: Counter[str] = field(default_factory=Counter)  # calls refused as not asked for
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
    #: the one element a "delete the X" request is about ("delete the title": e-title), as (id, name), if one
    named_element: tuple[str, str] | None = None
    #: the one element the request makes longer or shorter by an amount, and where it should then play: (id,
    #: start, end) in seconds ("make the title two seconds shorter": e-title 0-1 s)
    resize: tuple[str, float, float] | None = None
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
        refused = self._not_asked(call, kind)
        if refused is None or refused.stop:
            return refused or self._repeated(call, kind)
        self.refusals[_key(call)] += 1
        if self.refusals[_key(call)] >= REFUSED_REPEATS:  # told what to call instead, it sends the same again
            return Verdict(f"Stopped: {call.name} was refused {REFUSED_REPEATS} times: {refused.error}", stop=True)
        return refused

    def _not_asked(self, call: ToolCall, kind: str) -> Verdict | None:
        """A call that does what the request did not ask for, refused with the call to make instead."""
        return self._other_time(call, kind) or self._other_thing(call, kind)

    def _other_time(self, call: ToolCall, kind: str) -> Verdict | None:
        """A call that acts at, or over, another time than the request asks."""
        if call.name == "split" and isinstance(call.args.get("times"), list):
            extra = unasked(call.args["times"], self.named, self.end)
            if extra:
                return Verdict(unasked_cuts(call, extra, self.named), stop=False)
        if call.name == "remove_range" and not self.timed:
            ids = self.spanned(call)
            instead = f' Here: call delete_timeline_elements with {{"elementIds": {json.dumps(ids)}}}.' if ids else ""
            return Verdict(NO_TIME_ASKED + instead, stop=False)
        if call.name == "remove_range" and self.resizes:
            return Verdict(ONE_LENGTH, stop=False)
        if kind != "edit":
            return None
        wrong = resized_elsewhere(call, self.resize, self.span) if self.resize is not None else None
        if wrong is not None:  # the 1.5B model moved the title along for "two seconds shorter"
            return Verdict(wrong, stop=bool(self.made), done=bool(self.made))
        moved = None if self.retimes else moved_in_time(call, self.span)
        if moved is not None:  # after the edit asked for, the 1.5B model moved the title along, 3 s at a time
            return Verdict(moved, stop=bool(self.last_done), done=bool(self.last_done))
        elsewhere = over_another_stretch(call, self.edge, self.takes(call.name)) if self.edge is not None else None
        if call.name in OVER_A_STRETCH and elsewhere is not None:  # "blur the last two seconds" given a duration
            return Verdict(elsewhere, stop=False)
        return None

    def _other_thing(self, call: ToolCall, kind: str) -> Verdict | None:
        """A call on another track or element than the request names, or of another kind of edit."""
        if call.name.startswith("toggle_track_") and isinstance(call.args.get("trackId"), str):
            track = self.named_track()
            if track is not None and track[0] != call.args["trackId"]:  # the 1.5B model muted t-main for the music
                return Verdict(other_track(call, *track), stop=False)
        if call.name == "delete_timeline_elements" and self.named_element is not None:
            others = other_ids(call, self.named_element[0])
            if others:  # the 1.5B model deleted every clip for "delete the title"
                return Verdict(only_named(call, *self.named_element, others), stop=False)
        if self.adds_only and kind == "edit" and call.name.startswith(("delete_", "remove_")):
            return Verdict(NOTHING_TO_TAKE_AWAY.format(name=call.name), stop=False)
        if kind == "edit" and call.name != "add_media_to_timeline" and self.adds_asset is not None:
            return Verdict(add_instead(*self.adds_asset), stop=bool(self.made), done=bool(self.made))
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
