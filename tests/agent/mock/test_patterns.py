"""The offline backend's compiled patterns, kept between runs (``mock.patterns``): the same patterns as
``re.compile`` makes, none of a project's words written outside it, and any damage answered by compiling again."""

from __future__ import annotations

import json
import marshal
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from paths import DEMO

from neuralcut_cli.agent.backends.mock.rules import RULES

EXAMPLES = [example for rule in RULES for example in rule.examples]

#: Names and ids no pattern of the rows could hold by chance.
_PRIVATE = {"Beach": "Zanzibarq", "beach": "zanzibarq", "City": "Quixotal", "city": "quixotal", "e-intro": "e-xylocarp"}


def _private_project(folder: Path) -> Path:
    text = DEMO.read_text()
    for old, new in _PRIVATE.items():
        text = text.replace(old, new)
    path = folder / "private.json"
    path.write_text(text)
    return path


def _parse_everything(project: Path, cache: Path, requests: list[str]) -> dict[str, object]:
    """Parse ``requests`` against ``project`` in a fresh process whose cache folder is ``cache``; what it compiled
    itself and what it found cached."""
    probe = textwrap.dedent(
        f"""
        import json, sys
        from neuralcut_cli.agent.backends.mock import patterns
        from neuralcut_cli.agent.backends.mock.listing import vocab_of
        from neuralcut_cli.agent.backends.mock.parse import parse
        from neuralcut_cli.agent.context import build_context
        from neuralcut_cli.project.edit_session import ProjectSession
        vocab = vocab_of(build_context(ProjectSession({str(project)!r})))
        read = [type(p.intents[0]).__name__ if p.intents else p.refusal for p in map(lambda r: parse(r, vocab), {requests!r})]
        print(json.dumps({{"new": len(patterns._new), "known": len(patterns._known()), "read": read}}))
        """
    )
    env = {**os.environ, "NEURALCUT_CACHE_DIR": str(cache)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    answer: dict[str, object] = json.loads(done.stdout)
    return answer


def _cached(cache: Path) -> dict[str, tuple[object, ...]]:
    files = list(cache.glob("patterns-*.marshal"))
    assert len(files) == 1, files
    data: dict[str, tuple[object, ...]] = marshal.loads(files[0].read_bytes()[32:])  # after the seal
    return data


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_a_second_run_compiles_nothing_and_reads_the_same(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = _parse_everything(DEMO, cache, EXAMPLES)
    assert first["known"] == 0 and int(first["new"]) > 150  # type: ignore[call-overload]
    second = _parse_everything(DEMO, cache, EXAMPLES)
    assert second["new"] == 0 and second["known"] == len(_cached(cache))
    assert second["read"] == first["read"]


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_no_word_of_a_project_is_written_to_the_cache(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    project = _private_project(tmp_path)
    requests = [
        *EXAMPLES,
        "split the zanzibarq clip at 2s",
        "delete quixotal",
        "mute e-xylocarp",
        "trim track t-main",
        "add the zanzibarq video at the end",
    ]
    _parse_everything(project, cache, requests)
    kept = _cached(cache)
    assert len(kept) > 150
    leaked = [p for p in kept for word in _PRIVATE.values() if word.lower() in p.lower()]
    assert not leaked, leaked[:3]


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_a_cached_pattern_is_the_pattern_re_compile_makes(tmp_path: Path) -> None:
    import _sre

    cache = tmp_path / "cache"
    _parse_everything(DEMO, cache, EXAMPLES)
    texts = [e.lower() for e in EXAMPLES]
    for pattern, program in _cached(cache).items():
        mine, theirs = _sre.compile(pattern, *program), re.compile(pattern)
        assert (mine.pattern, mine.flags, mine.groups, mine.groupindex) == (
            theirs.pattern,
            theirs.flags,
            theirs.groups,
            theirs.groupindex,
        )
        for text in texts:
            a, b = mine.search(text), theirs.search(text)
            assert (a and (a.span(), a.groups())) == (b and (b.span(), b.groups())), (pattern, text)


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_a_damaged_or_forged_cache_is_not_believed_and_is_mended(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _parse_everything(DEMO, cache, EXAMPLES[:20])
    path = next(cache.glob("patterns-*.marshal"))
    seal = path.read_bytes()[:32]
    good = _parse_everything(DEMO, tmp_path / "fresh", EXAMPLES[:20])["read"]
    kept = _cached(cache)
    swapped = dict(zip(kept, reversed(list(kept.values())), strict=True))  # every pattern with another's program
    for damage in (
        b"not marshal at all",
        seal + marshal.dumps([1, 2, 3]),  # the right length of seal, the wrong one
        seal + marshal.dumps(swapped),  # valid programs, forged: they would read requests as other requests
        b"\0" * 32 + marshal.dumps(kept),
    ):
        path.write_bytes(damage)
        again = _parse_everything(DEMO, cache, EXAMPLES[:20])
        assert again["read"] == good and again["known"] == 0  # nothing believed
        assert _cached(cache) == kept  # written anew at exit, sealed


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_a_sealed_program_the_engine_refuses_is_compiled_again(tmp_path: Path) -> None:
    from neuralcut_cli.agent.backends.mock.patterns import _seal

    cache = tmp_path / "cache"
    _parse_everything(DEMO, cache, EXAMPLES[:20])
    path = next(cache.glob("patterns-*.marshal"))
    kept = _cached(cache)
    broken: dict[Any, Any] = {pattern: (32, [999999, 7], 0, {}, (None,)) for pattern in kept}
    payload = marshal.dumps(broken)
    sealed = _seal(payload)  # this person's key (the same config folder as the probe's)
    assert sealed is not None
    path.write_bytes(sealed + payload)
    again = _parse_everything(DEMO, cache, EXAMPLES[:20])
    assert again["known"] == 0 and again["new"] == len(kept)  # each refused by the engine, dropped and compiled
    assert again["read"] == _parse_everything(DEMO, tmp_path / "fresh", EXAMPLES[:20])["read"]
    assert _cached(cache) == kept


@pytest.mark.slow  # real processes (a hang or a fresh cache shows only there)
def test_a_cache_folder_that_cannot_be_written_costs_nothing_but_time(tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    answer = _parse_everything(DEMO, blocked / "cache", EXAMPLES[:10])
    assert answer["read"] == _parse_everything(DEMO, tmp_path / "ok", EXAMPLES[:10])["read"]


def test_a_pattern_that_is_not_one_is_refused_as_re_refuses_it() -> None:
    from neuralcut_cli.agent.backends.mock import patterns

    with pytest.raises(re.error):
        patterns.compiled(r"(unclosed")
    assert not patterns._broken and patterns.compiled(r"\bstill works\b").search("it still works")


def test_without_a_home_nothing_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    from neuralcut_cli.agent.backends.mock import patterns

    for name in ("NEURALCUT_CACHE_DIR", "XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(os.path, "expanduser", lambda path: path)  # no home, not even in the password file
    assert patterns.cache_file() is None  # never a "~" folder where it runs
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere")
    assert str(patterns.cache_file()).startswith("/somewhere/neuralcut/patterns-")
