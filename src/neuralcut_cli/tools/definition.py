"""What a tool is: a pydantic input model plus one function.

``ToolDefinition`` carries ``name``, ``description``, ``parameters`` (the JSON
schema of the input model, which is what an LLM sees) and ``execute(args,
context)``, which always returns a dict: the tool's output or ``{"error":
"<spec string>"}``. Input that has the wrong shape is answered with the
spec's string for the first bad field, never a pydantic dump.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar, get_args, get_type_hints

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic.alias_generators import to_camel

from neuralcut_cli.errors import NeuralCutError, ToolError
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.project.gcpause import gc_paused
from neuralcut_cli.project.ids import IdIndex, mentions_ids, project_ids
from neuralcut_cli.project.limits import UnsafeJson, check_json
from neuralcut_cli.project.model import Project
from neuralcut_cli.tools.after_edit import settled
from neuralcut_cli.tools.vocabulary import normalised
from neuralcut_cli.values import Value

__all__ = ["NoArgs", "ProjectEdit", "ToolArgs", "ToolContext", "ToolDefinition", "ToolError", "tool"]

if TYPE_CHECKING:
    from neuralcut_cli.tools.services import ToolServices

log = logging.getLogger("neuralcut.tools")


class ToolArgs(BaseModel):
    """Base of tool input models: camelCase names, strict types, spec errors.

    ``errors`` maps a field to the spec's error string for it (``{value}`` in it: the value given); ``check``
    holds the checks that involve several fields (``start < end``).
    """

    model_config = ConfigDict(
        alias_generator=to_camel, populate_by_name=True, strict=True, extra="ignore", defer_build=True
    )
    errors: ClassVar[dict[str, str]] = {}
    default_error: ClassVar[str] = "Invalid arguments"
    #: Old argument names still accepted (``tools.vocabulary``): old name -> the declared one.
    renamed: ClassVar[dict[str, str]] = {}
    #: When several fields are wrong, the contract's order of their errors: fields named here come after the
    #: others, in this order (the rest in declaration order).
    error_order: ClassVar[tuple[str, ...]] = ()

    def check(self) -> None:
        """Cross-field checks; raise ``ToolError`` with the spec's string."""


class NoArgs(ToolArgs):  # the input of a tool that takes none (no docstring: it would enter the schema)
    pass


@dataclass
class ToolContext:
    """What a tool runs against: the project session, the playhead, a progress
    callback for long work, and the services (see ``services``) it may use."""

    session: ProjectSession | None = None
    playback_time_ms: int = 0
    progress: Callable[[str], None] = field(default=lambda text: None)
    services: ToolServices = field(default_factory=lambda: _default_services())
    #: A model's call (the orchestrator's): a read tool runs without the arguments it does not take, and says which
    #: it left out, rather than refusing (a small model's ``list_timeline {"trackIds": …}`` wants the timeline).
    #: Edits refuse them always: an invented argument may carry what the edit was meant to do.
    lenient_reads: bool = False


def _default_services() -> ToolServices:
    from neuralcut_cli.tools.services import ToolServices

    return ToolServices()


ToolFn = Callable[..., Any]


Kind = Literal["read", "edit", "history"]
Approval = Literal["none", "dry-run", "upload"]
#: The groups a model unlocks with ``use_tools`` (``core`` is always declared), in the order it is told them.
GROUP_NAMES = (
    "core",
    "text",
    "effects",
    "clips",
    "motion",
    "transitions",
    "checks",
    "stickers",
    "media",
    "speech",
    "skills",
    "legacy",
)


class Hints(Value):
    """What MCP clients are told of a tool beyond reading: it destroys, repeating it changes nothing more, it
    reaches outside this machine. ``destructive`` is None only for tools that read."""

    destructive: bool | None = None
    idempotent: bool = False
    open_world: bool = False


@dataclass
class ToolDefinition:
    """A registered tool: its declaration (see ``tool``)."""

    name: str
    description: str
    args_model: type[ToolArgs]
    fn: ToolFn
    kind: Kind = "read"
    no_project_error: str = "No active timeline"
    group: str = "core"
    hints: Hints = field(default_factory=Hints)
    approval: Approval = "none"

    @cached_property
    def parameters(self) -> dict[str, Any]:
        """The JSON schema of the input model (built on first use)."""
        from neuralcut_cli.tools.schema import tool_schema

        return tool_schema(self.args_model)

    def document(self) -> dict[str, Any]:
        """``{name, description, parameters}``: the tool as a model or a person reads it."""
        return {"name": self.name, "description": self.description, "parameters": self.parameters}

    @property
    def output_type(self) -> Any:
        """The typed dictionary the tool answers with (``tools.outputs``), read from its function's return type
        (an edit's second item)."""
        returned = get_type_hints(self.fn)["return"]
        return get_args(returned)[1] if self.kind == "edit" else returned

    @property
    def mutates(self) -> bool:
        return self.kind != "read"

    def execute(self, args: Any, context: ToolContext) -> dict[str, Any]:
        """Validate, run, and shape the result; never raises for bad input."""
        started = time.perf_counter()
        result = self._execute(args, context)
        if log.isEnabledFor(logging.DEBUG):
            log.debug(
                "%s %s -> %s in %.1f ms",
                self.name,
                json.dumps(args, ensure_ascii=False, default=str)[:300],
                result.get("error", "ok"),
                (time.perf_counter() - started) * 1000,
            )
        return result

    def _execute(self, args: Any, context: ToolContext) -> dict[str, Any]:
        try:
            args = _full_ids(args, context)
            if isinstance(args, dict):  # the other tools' spelling of an argument, and old names, accepted
                args = normalised(self.name, args, _known_keys(self.args_model, True), self.args_model.renamed)
            args, ignored = self._known_only(args) if context.lenient_reads else (args, [])
            parsed = self._parse(args)
            parsed.check()
            with gc_paused():
                answer = self._run(parsed, args, context)
            if ignored:
                answer["ignored"] = f"{', '.join(ignored)}: {self.name} takes {self._takes()}; the rest was ignored"
            return answer
        except ToolError as exc:
            return _explained({"error": exc.message, **exc.details}, args, context)
        except NeuralCutError as exc:
            return _explained({"error": exc.message}, args, context)
        except Exception as exc:  # noqa: BLE001 - a bug: named, never silent, and the project is untouched
            return {"error": f"Internal error in {self.name}: {type(exc).__name__}: {exc}"}

    def _known_only(self, args: Any) -> tuple[Any, list[str]]:
        """``args`` without the names this read tool does not take, and those names (an edit keeps them all)."""
        if self.kind != "read" or not isinstance(args, dict):
            return args, []
        known = _known_keys(self.args_model)
        return {k: v for k, v in args.items() if k in known}, [str(k) for k in args if k not in known]

    def _ranged(self, unknown: list[Any]) -> str:
        """What a tool over a time range says to a duration or to element ids (a 1.5B model gave ``apply_effect``
        ``elementIds`` and ``duration`` for "blur the last two seconds")."""
        known = _known_keys(self.args_model)
        if not {"start", "end"} <= known:
            return ""
        said = []
        if "duration" in unknown and "duration" not in known:
            said.append("start and end are times on the timeline in seconds, not a duration")
        if {"elementId", "elementIds"} & set(unknown) and "over a time range" in self.description:
            said.append("it works over a time range, whatever plays there, not on elements")
        return "".join(f"; {line}" for line in said)

    def _takes(self) -> str:
        return ", ".join(sorted(_known_keys(self.args_model, aliases_only=True))) or "no arguments"

    def _parse(self, args: Any) -> ToolArgs:
        if args is None:
            args = {}
        if not isinstance(args, dict):
            raise ToolError(self.args_model.default_error, details="arguments must be a JSON object")
        unknown = [key for key in args if key not in _known_keys(self.args_model)]
        if unknown:  # a misspelt or invented argument would otherwise be ignored in silence
            raise ToolError(
                f"Unknown argument{'s' if len(unknown) > 1 else ''}: {', '.join(map(str, unknown))}",
                details=f"{self.name} takes: {self._takes()}{self._ranged(unknown)}",
            )
        try:
            parsed = self.args_model.model_validate(args)
        except ValidationError as exc:
            raise ToolError(_first_error(self.args_model, exc), details=_what_is_wrong(self.args_model, exc)) from None
        try:  # what the model does not check (unknown keys, lone surrogates) is refused before anything runs
            check_json(args)
        except UnsafeJson as exc:
            raise ToolError(self.args_model.default_error, details=exc.at()) from None
        return parsed

    def _run(self, parsed: ToolArgs, raw: Any, context: ToolContext) -> dict[str, Any]:
        if context.session is None:
            raise ToolError(self.no_project_error)
        if self.kind == "history":
            return dict(self.fn(context.session, parsed))
        if self.kind == "read":
            return dict(self.fn(context.session.project(), parsed, context))
        call = {"tool": self.name, "args": raw if isinstance(raw, dict) else {}}
        with context.session.edit(call) as edit:
            before = edit.project
            edited, output = self.fn(before, parsed, context)
            edit.project, said = settled(before, edited)  # the rules every edit passes (tools.after_edit)
            if said:
                output = {**output, **said}
        return dict(output)


def _explained(answer: dict[str, Any], args: Any, context: ToolContext) -> dict[str, Any]:
    """A "not found" answer, with what a misplaced id names (``id_hints``) added to its details."""
    if context.session is None:
        return answer
    from neuralcut_cli.tools.id_hints import id_hint

    try:
        hint = id_hint(str(answer["error"]), args, context.session.project())
    except NeuralCutError:  # the project cannot be read: the answer stands as it is
        return answer
    if hint:
        answer["details"] = f"{answer['details']}; {hint}" if answer.get("details") else hint
    return answer


def _full_ids(args: Any, context: ToolContext) -> Any:
    """``args`` with unique id prefixes made full ids (see ``project.ids``)."""
    if context.session is None or not mentions_ids(args):
        return args
    try:
        project = context.session.project()
    except NeuralCutError:
        return args  # the tool reports the unreadable project itself
    return IdIndex(project_ids(project)).expand(args)


def _known_keys(model: type[ToolArgs], aliases_only: bool = False) -> set[str]:
    """The argument names ``model`` takes: camelCase aliases (and, unless ``aliases_only``, the Python names)."""
    names = {info.alias or field_name for field_name, info in model.model_fields.items()}
    return names if aliases_only else names | set(model.model_fields)


_PROBLEMS = {
    "missing": "required",
    "less_than_equal": "at most {le}",
    "greater_than_equal": "at least {ge}",
    "less_than": "below {lt}",
    "greater_than": "above {gt}",
    "too_short": "at least {min_length} item(s)",
    "too_long": "at most {max_length} item(s)",
    "list_type": "a list",
    "string_type": "text",
    "int_type": "a whole number",
    "float_type": "a number",
    "bool_type": "true or false",
    "dict_type": "an object",
    "finite_number": "a finite number",
    "string_too_short": "not empty",
}


def _what_is_wrong(model: type[ToolArgs], exc: ValidationError) -> str:
    """``times: required (Times in seconds to split at.)``: the first problem, for a person or a model to fix."""
    error = exc.errors()[0]
    if not error["loc"]:
        return str(error["msg"])
    name = str(error["loc"][0])
    info = next((i for f, i in model.model_fields.items() if name in (f, i.alias)), None)
    problem = _PROBLEMS.get(error["type"], "{msg}").format(
        msg=str(error["msg"]).replace("Value error, ", ""), **(error.get("ctx") or {})
    )
    described = f" ({info.description})" if info is not None and info.description else ""
    return f"{info.alias or name if info else name}: {problem[:120]}{described}"


def _first_error(model: type[ToolArgs], exc: ValidationError) -> str:
    names = {key: name for name, info in model.model_fields.items() for key in (name, info.alias or name)}
    order = {name: rank for rank, name in enumerate(model.error_order)}

    def rank(error: Any) -> int:
        return order.get(names.get(str(error["loc"][0]), ""), -1) if error["loc"] else -1

    first = min(exc.errors(), key=rank)  # min keeps the first of equals: declaration order
    if not first["loc"]:
        return model.default_error
    name = names.get(str(first["loc"][0]))
    message = model.errors.get(name, model.default_error) if name else model.default_error
    return message.replace("{value}", str(first.get("input")))


def tool(
    name: str,
    args_model: type[ToolArgs],
    *,
    group: str,
    kind: Kind = "read",
    hints: Hints | None = None,
    approval: Approval | None = None,
    no_project_error: str = "No active timeline",
) -> Callable[[ToolFn], ToolDefinition]:
    """Declare a tool, with every fact about it in one place: its name and arguments, what it does (the
    function's docstring, for the model), its ``kind``, the ``group`` a model unlocks it with (``core``: always
    declared), its MCP ``hints`` (a tool that edits must say whether it destroys), and what approval asks
    (edits: a dry run shown first; ``upload``: the file leaves the machine). ``groups``, MCP, approval,
    ``neuralcut tools`` and the tests read these; a declaration that lacks one is refused here."""
    if group not in GROUP_NAMES:
        raise ValueError(f"tool {name}: group must be one of {', '.join(GROUP_NAMES)}")
    if kind != "read" and (hints is None or hints.destructive is None):
        raise ValueError(f"tool {name}: a tool that changes the project says whether it destroys (Hints)")

    def wrap(fn: ToolFn) -> ToolDefinition:
        description = " ".join((fn.__doc__ or "").split())
        return ToolDefinition(
            name,
            description,
            args_model,
            fn,
            kind,
            no_project_error,
            group,
            hints or Hints(),
            approval or ("dry-run" if kind == "edit" else "none"),
        )

    return wrap


#: What an edit tool returns: the new project and its answer (a typed dictionary of ``tools.outputs``).
Answer = TypeVar("Answer", bound=Mapping[str, object])
ProjectEdit = tuple[Project, Answer]
