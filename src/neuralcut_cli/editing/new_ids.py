"""The ids tools give what they make (elements, tracks, keys, transitions): random UUIDs, except where a call is
run twice on purpose. Approval runs an edit on a copy first and shows its result; ``recorded`` keeps the ids that
run made and ``replayed`` hands the same ones, in the same order, to the run that follows, so the ids the person
was shown are the ids the edit makes.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_SOURCE: ContextVar[Iterator[str] | None] = ContextVar("neuralcut_new_ids", default=None)


def new_id() -> str:
    source = _SOURCE.get()
    if source is not None:
        given = next(source, None)
        if given is not None:
            return given
    return str(uuid.uuid4())


@contextmanager
def recorded(into: list[str]) -> Iterator[None]:
    """New ids made inside are appended to ``into``."""

    def making() -> Iterator[str]:
        while True:
            made = str(uuid.uuid4())
            into.append(made)
            yield made

    token = _SOURCE.set(making())
    try:
        yield
    finally:
        _SOURCE.reset(token)


@contextmanager
def replayed(ids: list[str] | tuple[str, ...]) -> Iterator[None]:
    """New ids made inside are ``ids``, in order (then fresh ones, should the run ask for more)."""
    token = _SOURCE.set(iter(list(ids)))
    try:
        yield
    finally:
        _SOURCE.reset(token)
