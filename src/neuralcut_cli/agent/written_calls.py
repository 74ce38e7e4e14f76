"""A model that writes its tool call as text instead of calling the tool.

Small local models do this when their server does not pass the tools through the chat template (llama.cpp without
``--jinja``), and, with the template, when they write the call in a shape the server does not parse: doubled braces
(``{{"name": "split", "arguments": {…}}}``, seen with Qwen2.5-Coder's own template), a fenced JSON block,
``<tool_call>`` tags, a bare JSON line, or ``split({"times": [5]})``.

A reply that is nothing but such calls is taken as the calls (issue 42 §2): they run as if the server had parsed
them, through the same guard. So is a call object with a short plain sentence about it ("This splits the clip at
5 seconds."), which small models add after the call, and ``call delete_timeline_elements with {…}`` in such a
sentence (the 1.5B model's answer to a refusal that named the call to make, escapes and all), and one call object
of the tool whose call just failed, with any prose about the correction ("the correct arguments for split are:
{…}"). A reply that writes another call inside longer prose, or hedges it ("I would…", "once you confirm", a
question), is not an answer either; the orchestrator stops it with ``HINT`` rather than pass JSON to the person as
if it were the answer or run what the model only offered (issue 30 §7)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from neuralcut_cli.agent.guard import NO_TIME_ASKED
from neuralcut_cli.agent.types import ToolCall, ToolResult

_DECODER = json.JSONDecoder()
#: What may surround a written call in a reply that is only the call: fences, tags, braces, punctuation.
_WRAPPING = re.compile(r"```[a-z_]*|</?tool_call>|[{}\[\]\s,;.:]|\b(json|tool_call|tool|call)\b", re.I)
#: `split(`, `split `, `split with ` or `split using ` just before a JSON object
_NAMED = re.compile(r"\b([a-z][a-z0-9_]*)`?\s*(?:\(|\b(?:with|using)\b)?\s*$", re.I)
_IDENTIFIER = re.compile(r"^[a-z][a-z0-9_]{1,63}$")
#: Characters of other text a reply may carry besides its calls and still be taken as only the calls.
_LITTLE = 40
#: Characters of plain prose a call object may come with and still be the call the model meant to make.
_SAID_ABOUT_IT = 400
#: "instead" right after a call: the call to make in place of another (the guard's own words, echoed), not an offer
_AFTER_CALL = re.compile(r"\x00\s*instead\b", re.I)
#: Words that make a written call an offer, not a call: conditions, questions, requests for a go-ahead.
_HEDGE = re.compile(
    r"\?|\b(?:would|could|might|may|if|once|unless|confirm|let me know|do you|shall|should i|want me|prefer|"
    r"instead|alternatively|or you)\b",
    re.I,
)

#: Words of a model that says it will not or cannot make a call.
_CANNOT = re.compile(r"\b(?:can't|cannot|can not|unable|won't|will not|not possible|impossible|sorry)\b", re.I)

HINT = (
    "The model wrote a call to {name} as text instead of calling the tool, so nothing was changed. Its server may "
    'not be passing the tools to it: llama.cpp\'s llama-server needs --jinja (README: "A model on this machine").'
)


@dataclass(frozen=True)
class Written:
    """The calls a reply writes out, and whether the reply is (little but) those calls."""

    calls: list[ToolCall]
    only: bool
    shaped: bool  # one is written as a call object ({"name": …, "arguments": …}), not only `split({…})` in prose
    #: call objects (or ``call split with {…}``) with a short plain sentence about them, no offer or question: the
    #: calls
    meant: bool = False
    offered: bool = False  # the prose around them hedges or asks ("if you want", "?")

    def corrects(self, last: ToolResult | None) -> bool:
        """Whether this is the model's one corrected call of the tool whose call just failed, written out with
        however much prose about why ("the correct arguments for split are: {…}"): the call, unless offered."""
        return (
            last is not None
            and last.error is not None
            and self.shaped
            and not self.offered
            and [c.name for c in self.calls] == [last.name]
        )


def written_calls(text: str, tools: Iterable[str]) -> Written | None:
    """The known tools' calls a reply writes out as text, or None when it writes none."""
    if "{" not in text:
        return None
    known, calls, spans, shaped, worded = set(tools), [], [], False, False
    at = text.find("{")
    while at != -1:
        found = _call_at(text, at, known)
        if found is None:
            at = text.find("{", at + 1)
            continue
        call, start, end = found
        shaped = shaped or start == at
        worded = worded or text[start:at].rstrip().endswith(("with", "using"))  # "call split with {…}"
        calls.append(call)
        spans.append((start, end))
        at = text.find("{", end)
    if not calls:  # JSON copied out of a tool's answer keeps its escapes: {\"elementIds\": …}
        return written_calls(text.replace('\\"', '"'), known) if '\\"' in text else None
    rest = "\x00".join(  # each call's place kept (\x00), so "… with {…} instead." is read as said of the call
        text[a:b] for a, b in zip([0] + [e for _, e in spans], [s for s, _ in spans] + [len(text)], strict=True)
    )
    offered = bool(_HEDGE.search(_AFTER_CALL.sub(" ", rest)))
    rest = rest.replace("\x00", " ")
    said = _WRAPPING.sub(" ", rest).strip()
    meant = (shaped or worded) and len(said) <= _SAID_ABOUT_IT and not offered
    only = len(_WRAPPING.sub("", rest)) <= _LITTLE and not offered
    return Written(calls, only=only, shaped=shaped, meant=meant, offered=offered)


def correction(text: str, last: ToolResult, schema: dict[str, Any]) -> ToolCall | None:
    """The failed call's tool with the one arguments object the text writes out without a tool name ("the correct
    arguments for the `split` tool are: {"times": [5], …}", the 1.5B model's answer to a refused id), when the text
    offers nothing and the object's keys are that tool's own (its required ones among them)."""
    if last.error is None or _HEDGE.search(text):
        return None
    objects = [found for at in _starts(text) if isinstance(found := _object_at(text, at), dict)]
    if len(objects) != 1:
        return None
    args, known = objects[0], set(schema.get("properties") or {})
    if not args or not set(args) <= known or not set(schema.get("required") or ()) <= set(args):
        return None
    return ToolCall(name=last.name, args=args)


def agreed(text: str, last: ToolResult, tools: Iterable[str]) -> ToolCall | None:
    """The call a refusal of the guard named ("Not asked for: … Call delete_timeline_elements with {…} instead.")
    when the model's answer restates it in words instead of making it ("you should use delete_timeline_elements
    with elementIds ["e-title"]", the 1.5B model's answer): the call, unless the answer hedges or writes none of
    it."""
    if last.error is None or not last.error.startswith("Not asked for:") or _HEDGE.search(text) or _CANNOT.search(text):
        return None
    if last.error.startswith(NO_TIME_ASKED):  # its delete is made of the model's own range, not the request's words
        return None
    named = written_calls(last.error, tools)
    if named is None or len(named.calls) != 1:
        return None
    call = named.calls[0]
    if not re.search(rf"\b{re.escape(call.name)}\b", text):
        return None
    return ToolCall(name=call.name, args=call.args)


def _starts(text: str) -> list[int]:
    """Where the outermost JSON objects of ``text`` begin."""
    starts, at = [], text.find("{")
    while at != -1:
        try:
            _, end = _DECODER.raw_decode(text, at)
        except ValueError:
            at = text.find("{", at + 1)
            continue
        starts.append(at)
        at = text.find("{", end)
    return starts


def _object_at(text: str, at: int) -> object:
    return _DECODER.raw_decode(text, at)[0]


def _call_at(text: str, at: int, known: set[str]) -> tuple[ToolCall, int, int] | None:
    """The call whose JSON starts at ``at`` (with its span, a preceding tool name included), if it is one."""
    try:
        data, end = _DECODER.raw_decode(text, at)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    named = _NAMED.search(text[max(0, at - 60) : at])
    if named and named.group(1) in known and not _names_a_tool(data):  # `split({"times": [5]})`
        return ToolCall(name=named.group(1), args=data), at - len(named.group(0)), _past_paren(text, end)
    name, args = _name_and_args(data)
    if name is not None and args is not None and (name in known or _IDENTIFIER.match(name)):
        return ToolCall(name=name, args=args), at, end  # an unknown name too: the model learns the closest
    return None


def _names_a_tool(data: dict[str, Any]) -> bool:
    return any(key in data for key in ("name", "function", "tool", "tool_name"))


def _name_and_args(data: dict[str, Any]) -> tuple[str | None, dict[str, Any] | None]:
    function = data.get("function")
    inner: dict[str, Any] = function if isinstance(function, dict) else data
    name = inner.get("name") or inner.get("tool") or inner.get("tool_name")
    for key in ("arguments", "parameters", "args", "input"):
        if key in inner:
            args = inner[key]
            if isinstance(args, str):  # OpenAI's own wire shape: the arguments as a JSON string
                try:
                    args = json.loads(args)
                except ValueError:
                    return None, None
            return (name if isinstance(name, str) else None), (args if isinstance(args, dict) else None)
    return None, None


def _past_paren(text: str, end: int) -> int:
    rest = text[end:]
    stripped = rest.lstrip()
    return end + (len(rest) - len(stripped) + 1 if stripped.startswith(")") else 0)
