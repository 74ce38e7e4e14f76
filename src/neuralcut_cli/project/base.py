"""The base of every project model: camelCase on disk, frozen in memory.

Models are immutable. An edit builds new objects (``model_copy(update=...)``)
and leaves the old tree intact, so history can diff two trees by identity
and a failed edit never leaves a half-changed project behind.

Unknown keys are kept (``extra="allow"``) and written back unchanged. Fields
absent from the file stay absent on save (the file is dumped with
``exclude_unset``); a field set by a tool is written.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    WithJsonSchema,
)
from pydantic.alias_generators import to_camel

from neuralcut_cli.project.limits import MAX_NUMBER, check_json
from neuralcut_cli.time import MAX_TICKS

M = TypeVar("M", bound=BaseModel)
Ticks = Annotated[int, Field(strict=True, ge=0, le=MAX_TICKS)]
PositiveTicks = Annotated[int, Field(strict=True, gt=0, le=MAX_TICKS)]
NonEmptyStr = Annotated[str, Field(strict=True, min_length=1)]


def in_range(low: float, high: float) -> PlainValidator:
    """The validator of a finite JSON number within ``[low, high]`` that keeps ints
    as ints and floats as floats: ``Annotated[int | float, in_range(0, 1), NUMBER]``."""

    def check(value: Any) -> int | float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError("expected a number")
        if not math.isfinite(value):
            raise ValueError("expected a finite number")
        if value < low:
            raise ValueError(f"must be >= {low:g}")
        if value > high:
            raise ValueError(f"must be <= {high:g}")
        return value

    return PlainValidator(check)


NUMBER = WithJsonSchema({"type": "number"})
Number = Annotated[int | float, in_range(-MAX_NUMBER, MAX_NUMBER), NUMBER]


def empty_dict() -> dict[str, Any]:
    """A new empty dict: the default of mapping fields. (``default_factory=dict`` makes pydantic read ``dict``'s
    signature from its text, compiling ``tokenize``'s patterns to do it: ~2 ms of every start.)"""
    return {}


def empty_list() -> list[Any]:
    """A new empty list (see ``empty_dict``)."""
    return []


class CamelModel(BaseModel):
    """Frozen, camelCase-aliased, keeps unknown keys (checked by ``check_json``)."""

    model_config = ConfigDict(
        alias_generator=to_camel,
        populate_by_name=True,
        extra="allow",
        frozen=True,
        defer_build=True,
    )
    __pydantic_extra__: dict[str, Annotated[Any, AfterValidator(check_json)]]

    def to_json_dict(self) -> dict[str, Any]:
        """The object as it is written to disk (aliases, unset fields left out)."""
        return self.model_dump(mode="json", by_alias=True, exclude_unset=True)


def mark_all_set(model: BaseModel) -> BaseModel:
    """Mark every field with a value, in a freshly built model and its children, as set.

    New objects made by tools are written out in full, with OpenCut's
    defaults spelled out, rather than leaving fields implicit.
    """
    fields = set(model.model_extra or {})
    for name in type(model).model_fields:
        value = getattr(model, name)
        if isinstance(value, BaseModel):
            mark_all_set(value)
        if value is not None:  # optional fields without a value stay absent
            fields.add(name)
    object.__setattr__(model, "__pydantic_fields_set__", fields)
    return model


def copy_with(model: M, **update: Any) -> M:
    """``model.model_copy(update=...)``, where a field updated to None becomes absent again (as OpenCut
    leaves out ``animations`` once nothing is animated), rather than written as ``null``."""
    copied = model.model_copy(update=update)
    gone = {name for name, value in update.items() if value is None}
    if gone:
        object.__setattr__(copied, "__pydantic_fields_set__", copied.model_fields_set - gone)
    return copied


def validated(model: M, **update: Any) -> M:
    """``model`` with ``update`` applied and checked as if loaded from a file (``ValueError`` naming the field).

    ``model_copy`` does not validate; an edit whose values come from outside (a tool's numbers) goes through
    here, so a project is never written that the next load would refuse.
    """
    from pydantic import ValidationError

    plain = {k: v.model_dump(exclude_unset=True) if isinstance(v, BaseModel) else v for k, v in update.items()}
    data = {**model.model_dump(by_alias=False, exclude_unset=True), **plain}  # nested models checked too
    try:
        checked = type(model).model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ValueError(f"{where}: {first['msg']}") from None
    object.__setattr__(checked, "__pydantic_fields_set__", model.model_fields_set | set(update))
    return checked
