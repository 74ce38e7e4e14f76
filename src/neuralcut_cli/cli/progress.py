"""Long work shows itself: a bar with the count and the time left on a terminal (transient: gone when the work
ends), nothing when the stream is piped or the output is JSON. ``bar`` for work that counts (tiles, segments),
``spinner`` for work that does not (one ffmpeg pass), ``said`` for a tool that says what it is doing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console

Step = Callable[[float, float], None]


@contextmanager
def bar(console: Console, label: str, shown: bool = True) -> Iterator[Step]:
    """``step(done, total)`` moves a bar labelled ``label``; shown from the first moment (before any step)."""
    if not shown or not console.is_terminal:
        yield lambda done, total: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(label, total=None)
        yield lambda done, total: progress.update(task, completed=done, total=total)


@contextmanager
def spinner(console: Console, label: str, shown: bool = True) -> Iterator[None]:
    """A spinner with ``label`` while inside (on a terminal)."""
    if not shown or not console.is_terminal:
        yield
        return
    with console.status(label):
        yield


@contextmanager
def said(console: Console, shown: bool = True) -> Iterator[Callable[[str], None]]:
    """``progress(text)``: a spinner saying ``text`` from the first word a tool says of its work (a tool that
    says nothing shows nothing)."""
    if not shown or not console.is_terminal:
        yield lambda text: None
        return
    status = console.status("")
    started = False

    def progress(text: str) -> None:
        nonlocal started
        status.update(text)
        if not started:
            status.start()
            started = True

    try:
        yield progress
    finally:
        if started:
            status.stop()
