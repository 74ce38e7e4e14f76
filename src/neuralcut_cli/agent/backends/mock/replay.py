"""Plans and their replay.

A plan is a generator: it yields ``Call``s and receives each call's output
(``result = yield Call("split", {...})``), and returns a ``Done`` with the
reply. The mock is stateless: every turn it replays the plans of the current
request against the results already in the conversation (``Replay``); the
first call with no recorded result becomes the backend's answer. So a
request works the same behind the HTTP API, and each step of a chain reads
the timeline as the steps before it left it.
"""

from __future__ import annotations

from collections.abc import Container, Generator, Hashable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar, cast

from pydantic import TypeAdapter, ValidationError

from neuralcut_cli.agent.backends.mock.intents import Ref, Span, When
from neuralcut_cli.agent.backends.mock.listing import Item, items_of
from neuralcut_cli.agent.backends.mock.refs import Unresolved, resolve
from neuralcut_cli.agent.types import ToolCall, ToolResult
from neuralcut_cli.time import timecode_of_seconds
from neuralcut_cli.tools.definition import ToolArgs
from neuralcut_cli.values import Value

if TYPE_CHECKING:
    from neuralcut_cli.tools.registry import ToolRegistry

DEFAULT_LENGTH = 5.0


class NeedCall(Exception):
    """The next call has no recorded result: it becomes the backend's answer."""

    def __init__(self, call: Call) -> None:
        super().__init__(call.name)
        self.call = call


class Failed(Exception):
    """The plan cannot go on; the message is the reply, and the request failed."""


@dataclass(frozen=True)
class Call:
    """A tool call a plan makes: ``Call("split", SplitArgs(times=[5.0]))``, arguments built as the tool's own
    model (so mypy checks their names and types), or a dict checked against that model here. Either way a call
    the tool would refuse for its shape is a bug of the plan, raised at once (``TypeError``)."""

    name: str
    args: dict[str, Any] | ToolArgs = field(default_factory=dict)
    allow_error: bool = False

    def __post_init__(self) -> None:
        model = _args_model(self.name)
        if isinstance(self.args, ToolArgs):
            if type(self.args) is not model:
                raise TypeError(f"{self.name} takes {model.__name__}, not {type(self.args).__name__}")
            object.__setattr__(self, "args", self.args.model_dump(mode="json", by_alias=True, exclude_unset=True))
            return
        try:
            model.model_validate(self.args)
        except ValidationError as exc:
            raise TypeError(f"a plan called {self.name} with arguments of the wrong shape: {exc}") from None

    @property
    def arguments(self) -> dict[str, Any]:
        """The arguments as sent (always a dict once made)."""
        assert isinstance(self.args, dict)
        return self.args


@cache
def tool_registry() -> ToolRegistry:
    """The tools plans call (one registry: each tool's module loads once, when a plan first calls it)."""
    from neuralcut_cli.tools import default_registry

    return default_registry()


def _args_model(name: str) -> type[ToolArgs]:
    return tool_registry().get(name).args_model


_Answer = TypeVar("_Answer")


def answer(kind: type[_Answer], result: dict[str, Any]) -> _Answer:
    """A tool's answer read through the model its declaration names (``tools.outputs``): mypy then checks every
    key a plan reads, and an answer of another shape fails here, by name, instead of deep in a plan."""
    adapter: TypeAdapter[_Answer] = _adapter(cast(Hashable, kind))
    try:
        return adapter.validate_python(result)
    except ValidationError as exc:
        raise Failed(f"a tool answered in an unexpected shape ({kind.__name__}): {exc.errors()[0]['msg']}") from None


@cache
def _adapter(kind: Any) -> TypeAdapter[Any]:
    return TypeAdapter(kind)


def _declared(name: str, output: dict[str, Any]) -> None:
    """``output`` checked against the answer type ``name`` declares (``ToolDefinition.output_type``)."""
    answer(_output_type(name), output)


@cache
def _output_type(name: str) -> Any:
    return tool_registry().get(name).output_type


def call(name: str, args: dict[str, Any] | ToolArgs, kind: type[_Answer]) -> Generator[Call, dict[str, Any], _Answer]:
    """``done = yield from call("split", SplitArgs(times=[5.0]), SplitOutput)``: a tool call whose answer the plan
    reads as the tool's declared model (mypy checks each key it reads)."""
    return answer(kind, (yield Call(name, args)))


class Done(Value):
    reply: str
    targets: tuple[str, ...] = ()  # element ids acted on: what "it" means in the next step


@dataclass
class Context:
    """What plans may read besides tool results."""

    playhead: float = 0.0
    memory: tuple[str, ...] = ()  # the last step's targets
    assets: list[dict[str, Any]] = field(default_factory=list)


Plan = Generator[Call, dict[str, Any], Done]
_Result = TypeVar("_Result")
#: A part of a plan: its calls, then what it found (``yield from`` it inside a plan).
Steps = Generator[Call, dict[str, Any], _Result]


class Replay:
    """Runs plans against the recorded (call, result) pairs of the current request."""

    def __init__(self, recorded: list[tuple[ToolCall, ToolResult]], mutating: Container[str]) -> None:
        self.recorded = recorded
        self.mutating = mutating
        self.position = 0
        self.edited = False  # a call that changes the project has succeeded in this request

    def run(self, plan: Plan) -> Done:
        try:
            call = next(plan)
            while True:
                call = plan.send(self.fetch(call))
        except StopIteration as stop:
            done: Done = stop.value
            return done

    def fetch(self, call: Call) -> dict[str, Any]:
        if self.position >= len(self.recorded):
            raise NeedCall(call)
        made, result = self.recorded[self.position]
        self.position += 1
        if made.name != call.name:
            raise Failed(f"I lost track of this request (expected {call.name}, found {made.name}); please ask again.")
        output = result.result if isinstance(result.result, dict) else {"error": result.error or "no result"}
        if "error" not in output:
            _declared(call.name, output)  # read through the tool's declared model before any plan sees it
        if "error" in output and not call.allow_error:
            detail = f" ({output['details']})" if output.get("details") else ""
            raise Failed(f"{call.name} failed: {output['error']}{detail}")
        if "error" not in output and call.name in self.mutating:
            self.edited = True
        return output


# -- helpers plans share ------------------------------------------------------------------------------


def listing() -> Generator[Call, dict[str, Any], list[Item]]:
    """The timeline now (``list_timeline``)."""
    result = yield Call("list_timeline")
    return items_of(result)


def pick(ref: Ref, items: list[Item], ctx: Context, types: tuple[str, ...] = (), many: bool = False) -> list[Item]:
    try:
        return resolve(ref, items, ctx.memory, types, many)
    except Unresolved as problem:
        raise Failed(str(problem)) from None


def one(ref: Ref, items: list[Item], ctx: Context, types: tuple[str, ...] = ()) -> Item:
    found = pick(ref, items, ctx, types)
    if len(found) != 1:
        pieces = ", ".join(i.describe() for i in found[:6])
        raise Failed(
            f"'{ref.text}' is in {len(found)} pieces now ({pieces}); say which one (by id, or 'the first ...')."
        )
    return found[0]


def end_of(items: list[Item]) -> float:
    return max((i.end for i in items), default=0.0)


def when(point: When, items: list[Item], ctx: Context) -> float:
    """A point in seconds on the timeline as it is now."""
    if point.seconds is not None:
        return point.seconds
    if point.anchor == "end":
        return end_of(items)
    if point.anchor == "playhead":
        return ctx.playhead
    if point.ref is not None:
        item = one(point.ref, items, ctx)
        return (
            item.end if point.edge == "end" else (item.start + item.end) / 2 if point.edge == "middle" else item.start
        )
    return 0.0


def span(said: Span, items: list[Item], ctx: Context, default: float | None = DEFAULT_LENGTH) -> tuple[float, float]:
    """A range in seconds on the timeline as it is now; ``Failed`` when it is empty or open-ended."""
    end_all = end_of(items)
    if said.whole:
        start, end = 0.0, end_all
    elif said.first is not None:
        start, end = 0.0, said.first
    elif said.last is not None:
        start, end = max(0.0, end_all - said.last), end_all
    elif said.over is not None:
        found = pick(said.over, items, ctx, many=True)
        start, end = min(i.start for i in found), max(i.end for i in found)
    else:
        start, end = _open(said, items, ctx, default)
    if end <= start:
        raise Failed(
            f"The range {timecode_of_seconds(start)}–{timecode_of_seconds(end)} is empty"
            + (" (the timeline is empty)" if not items else "")
            + "."
        )
    return start, end


def on_program(start: float, items: list[Item]) -> Generator[Call, dict[str, Any], list[Item]]:
    """The timeline (listed here if ``items`` is empty), after checking that ``start`` lies before the end of the
    program: a title or sticker placed after the last frame would show over nothing (``Failed``)."""
    if not items:
        items = yield from listing()
    end = end_of(items)
    if items and start >= end - 1e-6:
        raise Failed(
            f"{timecode_of_seconds(start)} is after the end of the video ({timecode_of_seconds(end)}): nothing plays "
            f"there, so I changed nothing. Say a time before {timecode_of_seconds(end)}."
        )
    return items


def _open(said: Span, items: list[Item], ctx: Context, default: float | None) -> tuple[float, float]:
    start = when(said.start, items, ctx) if said.start is not None else None
    end = when(said.end, items, ctx) if said.end is not None else None
    if start is not None and end is not None:
        return start, end
    if start is not None:
        length = said.length if said.length is not None else default
        if length is None:
            raise Failed("Until when? Say e.g. 'from 2s to 5s' or 'for 3 seconds'.")
        return start, start + length
    if end is not None:
        return (end - said.length if said.length is not None else 0.0), end
    length = said.length if said.length is not None else default
    if length is None:
        raise Failed("When? Say e.g. 'from 2s to 5s', 'the last 2 seconds' or 'on the intro clip'.")
    return ctx.playhead, ctx.playhead + length


def needs_items(said: Span | When | None) -> bool:
    """Whether resolving ``said`` needs the timeline (anchors, elements, the end)."""
    if said is None:
        return False
    if isinstance(said, When):
        return said.seconds is None and said.anchor not in ("playhead", "start")
    return bool(
        said.whole or said.last is not None or said.over is not None or needs_items(said.start) or needs_items(said.end)
    )


def tc(seconds: float) -> str:
    return timecode_of_seconds(seconds)


def ids(items: list[Item]) -> str:
    return ", ".join(i.id for i in items)


def followed(result: Mapping[str, Any]) -> str:
    """What the other tracks did when the program lost time (a tool's ``tracks`` rows), as a sentence to add to
    a reply: `` Titles: 1 element shortened…; Music: …`` (empty when only the picture changed)."""
    rows = [row for row in result.get("tracks", []) if row.get("how") != "picture"]
    return (" " + "; ".join(str(row["summary"]) for row in rows) + ".") if rows else ""
