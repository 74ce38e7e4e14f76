"""ffmpeg's filter graph parser, transcribed to Python for tests.

It follows libavutil ``av_get_token`` and libavfilter ``graphparser.c``
(``filter_parse``: name up to ``=,;[``, options up to ``[],;``) and
``ff_filter_opt_parse``/``av_opt_get_key_value`` (``key=value`` pairs split
on ``:``, values unescaped once more). A graph text parsed here gives the
chains ffmpeg would build, so a test can compare them with what the
renderer meant to build.
"""

from __future__ import annotations

from collections.abc import Iterable

from neuralcut_cli.render.filtergraph import Chain

WHITESPACES = " \n\t\r"
KEY_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-/.")

Parsed = tuple[tuple[str, ...], tuple[tuple[str, tuple[tuple[str, str], ...]], ...], tuple[str, ...]]


class GraphSyntaxError(ValueError):
    pass


def get_token(text: str, pos: int, term: str) -> tuple[str, int]:
    """``av_get_token``: one token up to an unescaped, unquoted ``term`` character."""
    while pos < len(text) and text[pos] in WHITESPACES:
        pos += 1
    out: list[str] = []
    end = 0  # length of ``out`` that trailing-whitespace trimming must keep
    while pos < len(text) and text[pos] not in term:
        ch = text[pos]
        pos += 1
        if ch == "\\" and pos < len(text):
            out.append(text[pos])
            pos += 1
            end = len(out)
        elif ch == "'":
            while pos < len(text) and text[pos] != "'":
                out.append(text[pos])
                pos += 1
            if pos < len(text):
                pos += 1
                end = len(out)
        else:
            out.append(ch)
    while len(out) > end and out[-1] in WHITESPACES:
        out.pop()
    return "".join(out), pos


def parse_options(text: str) -> tuple[tuple[str, str], ...]:
    """``ff_filter_opt_parse`` with explicit keys: ``k=v:k=v``."""
    options = []
    pos = 0
    while pos < len(text):
        while pos < len(text) and text[pos] in WHITESPACES:
            pos += 1
        start = pos
        while pos < len(text) and text[pos] in KEY_CHARS:
            pos += 1
        key = text[start:pos]
        while pos < len(text) and text[pos] in WHITESPACES:
            pos += 1
        if not key or pos >= len(text) or text[pos] != "=":
            raise GraphSyntaxError(f"option without a key at {text[start : start + 20]!r}")
        value, pos = get_token(text, pos + 1, ":")
        options.append((key, value))
        if pos < len(text):
            pos += 1  # the ':'
    return tuple(options)


def _labels(text: str, pos: int) -> tuple[list[str], int]:
    labels: list[str] = []
    while True:
        while pos < len(text) and text[pos] in WHITESPACES:
            pos += 1
        if pos >= len(text) or text[pos] != "[":
            return labels, pos
        close = text.find("]", pos)
        if close < 0:
            raise GraphSyntaxError("unterminated label")
        labels.append(text[pos + 1 : close])
        pos = close + 1


def parse_graph(text: str) -> list[Parsed]:
    """Chains as ``(inputs, ((name, options), ...), outputs)``."""
    chains: list[Parsed] = []
    pos = 0
    while pos < len(text):
        inputs, pos = _labels(text, pos)
        filters = []
        outputs: list[str] = []
        while True:
            name, pos = get_token(text, pos, "=,;[")
            if not name:
                raise GraphSyntaxError(f"missing filter name at {pos}")
            options: tuple[tuple[str, str], ...] = ()
            if pos < len(text) and text[pos] == "=":
                raw, pos = get_token(text, pos + 1, "[],;")
                options = parse_options(raw)
            filters.append((name, options))
            outputs, pos = _labels(text, pos)
            while pos < len(text) and text[pos] in WHITESPACES:
                pos += 1
            if pos < len(text) and text[pos] == ",":
                if outputs:
                    raise GraphSyntaxError("a label in the middle of a chain")
                pos += 1
                continue
            break
        chains.append((tuple(inputs), tuple(filters), tuple(outputs)))
        if pos < len(text):
            if text[pos] != ";":
                raise GraphSyntaxError(f"unexpected {text[pos]!r} at {pos}")
            pos += 1
    return chains


def intended(chains: Iterable[Chain]) -> list[Parsed]:
    """What the renderer's ``Chain`` objects mean, in the parser's shape."""
    return [(c.inputs, tuple((item.name, item.options) for item in c.filters), c.outputs) for c in chains]
