"""Bad input of every kind: tool arguments, project files, command-line misuse.

Each case asserts the documented exit code (1 a refused request, 2 bad usage
or an unreadable project), that no traceback (nor an "internal error") is
printed, and that the project file is byte for byte what it was.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Cli
from typer.testing import Result as ClickResult

DEEP = "[" * 2000 + "]" * 2000
HUGE_INT = "1" + "0" * 5000

# (tool, ARGS_JSON, exit code): 1 when the tool refuses, 2 when ARGS_JSON itself is unusable.
TOOL_CASES: list[tuple[str, str, int]] = [
    *[
        ("split", a, 1)
        for a in [
            "{}",
            '{"times": []}',
            '{"times": "5"}',
            '{"times": [-1]}',
            '{"times": [null]}',
            '{"times": [true]}',
            '{"times": [1e20]}',
            '{"times": ["5s"]}',
            '{"times": [5, "x"]}',
            '{"times": {"a": 1}}',
            '{"times": [86401]}',
            '{"times": 5}',
            '{"times": [1e400]}',
        ]
    ],
    *[
        ("delete_timeline_elements", a, 1)
        for a in [
            "{}",
            '{"elementIds": []}',
            '{"elementIds": "e-title"}',
            '{"elementIds": [1]}',
            '{"elementIds": ["nope"]}',
            '{"elementIds": [""]}',
            '{"elementIds": ["e-title", "nope"]}',
        ]
    ],
    *[
        ("move_timeline_elements", a, 1)
        for a in [
            "{}",
            '{"elementIds": ["e-title"]}',
            '{"elementIds": ["e-title"], "start": -1}',
            '{"elementIds": ["nope"], "start": 1}',
            '{"elementIds": ["e-title"], "start": "x"}',
            '{"elementIds": ["e-title"], "start": 86399}',
            '{"elementIds": ["e-title"], "start": 1, "targetTrackId": "nope"}',
            '{"elementIds": ["e-title"], "start": 1, "targetTrackId": "t-main"}',
            '{"elementIds": [], "start": 1}',
        ]
    ],
    *[
        ("add_text", a, 1)
        for a in [
            "{}",
            '{"text": "", "start": 0, "end": 1}',
            '{"text": "   ", "start": 0, "end": 1}',
            '{"text": "x", "start": 5, "end": 1}',
            '{"text": "x", "start": -1, "end": 1}',
            '{"text": "x", "start": 0, "end": 1, "position": "nowhere"}',
            '{"text": "x", "start": 0, "end": 1, "style": "fancy"}',
            '{"text": 5, "start": 0, "end": 1}',
            '{"text": "x", "start": 0, "end": 90000}',
            '{"text": "x", "start": 0}',
        ]
    ],
    *[
        ("update_text", a, 1)
        for a in [
            "{}",
            '{"trackId": "t-text", "elementId": "nope", "text": "x"}',
            '{"trackId": "t-main", "elementId": "e-intro", "text": "x"}',
            '{"trackId": "t-text", "elementId": "e-title", "text": ""}',
            '{"trackId": "t-text", "elementId": "e-title", "start": 5, "end": 1}',
            '{"trackId": "t-text", "elementId": "e-title", "position": "left"}',
            '{"trackId": "nope", "elementId": "e-title", "text": "x"}',
        ]
    ],
    *[
        ("add_media_to_timeline", a, 1)
        for a in [
            "{}",
            '{"assetId": "nope", "startTime": 0, "trackType": "overlay"}',
            '{"assetId": "a-intro", "startTime": -1, "trackType": "overlay"}',
            '{"assetId": "a-intro", "startTime": 0, "trackType": "bogus"}',
            '{"assetId": "a-intro", "startTime": 0, "trackType": "overlay", "duration": 0}',
            '{"assetId": "a-intro", "startTime": 86399, "trackType": "overlay"}',
            '{"assetId": "a-intro", "startTime": 0, "trackType": "audio"}',
            '{"assetId": "a-intro", "startTime": 0, "trackType": "main"}',
        ]
    ],
    *[
        ("update_timeline_element_timing", a, 1)
        for a in [
            "{}",
            '{"elementId": "nope", "start": 1}',
            '{"elementId": "e-title", "start": -1}',
            '{"elementId": "e-title", "duration": 0}',
            '{"elementId": "e-title", "start": 0, "end": 1, "duration": 5}',
            '{"elementId": "e-intro", "duration": 1000}',
            '{"elementId": "e-title", "end": "soon"}',
        ]
    ],
    *[
        ("set_volume", a, 1)
        for a in [
            "{}",
            '{"trackId": "t-text", "elementId": "e-title", "volume": 0.5}',
            '{"trackId": "t-audio", "elementId": "nope", "volume": 0.5}',
            '{"trackId": "t-audio", "elementId": "e-music", "volume": 11}',
            '{"trackId": "t-audio", "elementId": "e-music", "volume": -1}',
            '{"trackId": "t-audio", "elementId": "e-music", "volume": "loud"}',
        ]
    ],
    *[
        ("add_sticker", a, 1)
        for a in [
            "{}",
            '{"stickerId": "nope:x", "start": 0, "end": 1}',
            '{"stickerId": "flags:ZZ", "start": 0, "end": 1}',
            '{"stickerId": "shapes:star", "start": 2, "end": 1}',
            '{"stickerId": "shapes:star", "start": 0, "end": 1, "position": "middle"}',
            '{"stickerId": "", "start": 0, "end": 1}',
        ]
    ],
    *[("get_effect", a, 1) for a in ["{}", '{"effectType": "nope"}', '{"effectType": 5}', '{"effectType": ""}']],
    *[
        ("apply_effect", a, 1)
        for a in [
            "{}",
            '{"effectType": "nope", "start": 0, "end": 1}',
            '{"effectType": "blur", "start": 3, "end": 1}',
            '{"effectType": "blur", "start": 0, "end": 1, "params": {"intensity": 1000}}',
            '{"effectType": "blur", "start": 0, "end": 1, "params": {"bogus": 1}}',
            '{"effectType": "blur", "start": 0, "end": 1, "params": {"intensity": "x"}}',
            '{"effectType": "blur", "start": 0, "end": 1, "params": [1]}',
        ]
    ],
    *[
        ("update_effect", a, 1)
        for a in [
            "{}",
            '{"elementId": "nope", "params": {}}',
            '{"elementId": "e-title", "params": {"intensity": 5}}',
            '{"elementId": "e-vignette", "params": {"radius": 1000}}',
            '{"elementId": "e-vignette", "params": {"bogus": 1}}',
        ]
    ],
    *[("list_project_assets", a, 1) for a in ['{"filter": "bogus"}', '{"type": "bogus"}', '{"filter": 5}']],
    *[("load_asset_context", a, 1) for a in ["{}", '{"assetId": "nope"}', '{"assetId": ""}']],
    *[("delete_element", a, 1) for a in ["{}", '{"trackId": "t-text", "elementId": "nope"}']],
    *[("list_stickers", a, 1) for a in ['{"provider": "emoji"}']],
    *[("undo", a, 1) for a in ["{}"]],
    *[("redo", a, 1) for a in ["{}"]],
    *[
        ("split", a, 2)
        for a in [
            "{",
            "[]",
            "5",
            '"x"',
            "null",
            '{"times": [NaN]}',
            '{"times": [Infinity]}',
            '{"times": [' + HUGE_INT + "]}",
            '{"times": ' + DEEP + "}",
            '{"note": "\\ud800"}',
            '{"times": [5]} trailing',
            "{'times': [5]}",
        ]
    ],
]

# (file text, what the message says): every command refuses to load them, with exit 2.
PROJECT_CASES: list[tuple[str, str]] = [
    ("", "is not valid JSON"),
    ("{", "is not valid JSON"),
    ("[]", "expected a JSON object"),
    ("null", "JSON object"),
    ('{"scenes": []}', "must not be empty"),
    ('{"scenes": [{"id": "s"}]}', "currentSceneId is required"),
    ('{"format": "other", "scenes": []}', "is not a NeuralCut project"),
    ('{"format": "neuralcut-project", "version": 99, "scenes": []}', "newer NeuralCut"),
    ('{"version": 25, "scenes": []}', "import-opencut"),
    ('{"version": "1", "scenes": []}', "version"),
    ('{"scenes": [{"id": "s"}], "currentSceneId": "x"}', "names no scene"),
    ('{"scenes": [{"id": "s"}], "currentSceneId": "s", "x": ' + DEEP + "}", "nested too deeply"),
    ('{"scenes": [{"id": "s"}], "currentSceneId": "s", "x": ' + HUGE_INT + "}", "thousands of digits"),
    ('{"scenes": [{"id": "s"}], "currentSceneId": "s", "x": NaN}', "NaN"),
    ('{"scenes": [{"id": "s"}], "currentSceneId": "s", "x": "\\udc00"}', "not valid Unicode"),
    (
        '{"scenes": [{"id": "s"}], "currentSceneId": "s", "settings": {"background": {"color": "red;x"}}}',
        "not a colour",
    ),
    ('{"scenes": [{"id": "s"}], "currentSceneId": "s", "settings": {"fps": {"numerator": 0}}}', "fps.numerator"),
    ('{"scenes": [{"id": "s"}], "currentSceneId": "s", "settings": {"canvasSize": {"width": -5}}}', "canvasSize"),
    (
        '{"scenes": [{"id": "s"}], "currentSceneId": "s", "mediaAssets": [{"id": "a", "type": "gif"}]}',
        "mediaAssets[0].type",
    ),
    ('{"scenes": [{"id": "s"}, {"id": "s"}], "currentSceneId": "s"}', "share an id"),
]

_ELEMENT = '{"id": "e", "type": "text", "content": "x", "startTime": %s, "duration": %s %s}'
for start, duration, extra, words in [
    ("-1", "5", "", "startTime"),
    ("0", "0", "", "duration"),
    ("0.5", "5", "", "whole number"),
    ("0", "5", ', "color": "javascript:x"', "not a colour"),
    ("0", "5", ', "opacity": 2', "opacity"),
    ("0", "5", ', "fontSize": 1e300', "fontSize"),
    ('"0"', "5", "", "startTime"),
    ("0", "5", ', "transform": {"position": {"x": Infinity}}', "Infinity"),
    ("10368000000", "120000", "", "24-hour limit"),
    ("0", "5", ', "fontFamily": "a\\u0000b"', "fontFamily"),
]:
    PROJECT_CASES.append(
        (
            '{"scenes": [{"id": "s", "tracks": {"overlay": [{"id": "t", "type": "text", "elements": ['
            + _ELEMENT % (start, duration, extra)
            + ']}]}}], "currentSceneId": "s"}',
            words,
        )
    )
PROJECT_CASES += [
    (
        '{"scenes": [{"id": "s", "tracks": {"overlay": [{"id": "t", "type": "audio"}]}}], "currentSceneId": "s"}',
        "audio tracks belong",
    ),
    (
        '{"scenes": [{"id": "s", "tracks": {"main": {"id": "m", "type": "video", "elements": [{"id": "e", "type": "text", '
        '"content": "x", "startTime": 0, "duration": 5}]}}}], "currentSceneId": "s"}',
        "cannot be placed on video tracks",
    ),
    (
        '{"scenes": [{"id": "s", "tracks": {"main": {"id": "m", "type": "video", "elements": [{"id": "e", "type": "blob", '
        '"startTime": 0, "duration": 5}]}}}], "currentSceneId": "s"}',
        "unknown type 'blob'",
    ),
]
for extra, words in [(', "fontSize": -5', "fontSize"), (', "fontSize": 0', "fontSize")]:  # issue 24 §22
    PROJECT_CASES.append(
        (
            '{"scenes": [{"id": "s", "tracks": {"overlay": [{"id": "t", "type": "text", "elements": ['
            + _ELEMENT % ("0", "5", extra)
            + ']}]}}], "currentSceneId": "s"}',
            words,
        )
    )
_EFFECT = (
    '{"scenes": [{"id": "s", "tracks": {"overlay": [{"id": "t", "type": "effect", "elements": [{"id": "e", '
    '"type": "effect", "effectType": "%s", "params": %s, "startTime": 0, "duration": 5}]}]}}], '
    '"currentSceneId": "s"}'
)
PROJECT_CASES += [
    (_EFFECT % ("vignette", '{"radius": "big"}'), "radius is a number"),
    (_EFFECT % ("tint", '{"color": 5}'), "color is a colour"),
]
PROJECT_COMMANDS = [["timeline"], ["assets"], ["tool", "split", '{"times": [1]}'], ["run", "split at 1s"], ["undo"]]

# (arguments, exit code, what the message says): the command line used wrongly.
CLI_CASES: list[Any] = [  # (argv, exit code, what the message says), or a pytest.param of one
    (["bogus"], 2, "No such command"),
    (["timeline", "--bogus"], 2, "No such option"),
    (["tool"], 2, "Missing argument"),
    (["tool", "splitt"], 2, "did you mean split"),
    (["tool", "split", "{"], 2, "not valid JSON"),
    (["tools", "nope"], 2, "Unknown tool"),
    (["render"], 2, "Missing option"),
    (["render", "-o", "x.mp4", "--from", "12", "--to", "5"], 2, "must be after"),
    (["render", "-o", "x.mp4", "--from", "25"], 2, "after the end of the timeline"),
    (["render", "-o", "x.xyz"], 2, "name the file"),
    (["render", "-o", "x.mp4", "--to", "banana"], 2, "is not a time"),
    (["render", "-o", "x.mp4", "--to", "99:00:00"], 2, "24-hour limit"),
    (["render", "-o", "/nonexistent/dir/x.mp4"], 2, "does not exist"),
    (["render", "-o", "."], 2, "name the file"),
    (["export", "-o", "x.xyz"], 2, "name the file with the format's extension"),
    (["export", "-f", "edl", "-o", "x.otio"], 2, "edl"),
    (["run"], 2, "Missing argument"),
    (["undo"], 1, "Nothing to undo"),
    (["redo"], 1, "Nothing to redo"),
    (["import", "nope.mp4"], 1, "no such file"),
    (["run", "order a pizza"], 1, "pizza"),
    (["--backend", "nonsense", "run", "split at 1s"], 2, "nonsense"),
    (["timeline", "-p", "missing.json"], 2, "Project file not found"),
    (["timeline", "-p", "."], 2, "is a folder"),
    # the render's and servers' new options (issues 23, 24)
    (["render", "-o", "x.mp4", "--jobs", "0"], 2, "--jobs"),
    (["render", "-o", "x.mp4", "--jobs", "many"], 2, "--jobs"),
    (["render", "-o", "x.mp4", "--ray", "no-port-here"], 2, "give the head's HOST:PORT"),
    pytest.param(
        ["render", "-o", "x.mp4", "--ray", "127.0.0.1:1"],
        1,
        "Cannot reach the Ray cluster",
        marks=pytest.mark.skipif(find_spec("ray") is None, reason="the ray extra is not installed"),
    ),
    (["serve", "--port", "99999"], 2, "--port"),
    (["serve", "--port", "-1"], 2, "--port"),
    (["mcp", "--http", "--port", "99999"], 2, "--port"),
    (["run", ""], 2, "The request is empty"),
    (["tool", "split", '{"times": [5], "tims": [6]}'], 1, "Unknown argument: tims"),
    (["tool", "list_effects", '{"query": 5}'], 1, "query"),
    (
        [
            "tool",
            "upsert_keyframe",
            '{"elementId": "e-title", "propertyPath": "opacity", "time": 1, "value": 0.5, "colorValue": "#ff0000"}',
        ],
        1,
        "colorValue is for color properties",
    ),
    (["timeline", "-p", "demo.jsn"], 2, "did you mean demo.json"),
    # issue 40: outputs, long paths, devices and the frame tools
    (["export-opencut", "-o", ""], 2, "names no file"),
    (["render", "-o", "a" * 50_000 + ".mp4"], 2, "too long a path"),
    (["import", "a" * 50_000 + ".mp4"], 1, "too long a path"),
    (["check", "--render", "a" * 50_000 + ".mp4"], 2, "too long a path"),
    (["check", "--render", "/dev/null"], 2, "not a regular file"),
    (["check", "--render", "."], 2, "a folder, not a file"),
    (["import-opencut", "/dev/zero", "-o", "r.json"], 2, "FIFO, socket or device, not a file"),
    (["import-timeline", "/dev/null", "-o", "t.json"], 2, "not a regular file"),
    (["tool", "set_aspect_ratio", '{"ratio": "2:1"}'], 1, "ratio must be one of: 9:16, 1:1, 4:5, 16:9"),
    (["tool", "reframe", '{"follow": "up"}'], 1, "follow must be face, center, left or right"),
    (["tool", "style_captions", '{"style": "fancy"}'], 1, "style must be one of"),
    (["tool", "update_clip", '{"elementId": "e-music", "volume": 30}'], 1, "between -60 and 20 (dB)"),
    (["tool", "set_volume", '{"elementId": "e-music", "volume": 2}'], 1, "Volume must be between 0 and 1"),
]


#: The ``invoke`` fixture: the CLI run on the demo, its result and everything it printed.
Invoke = Callable[..., tuple[ClickResult, str]]


@pytest.fixture
def invoke(cli: Cli, demo_path: Path, monkeypatch: pytest.MonkeyPatch) -> Invoke:
    monkeypatch.chdir(demo_path.parent)

    def call(args: list[str], input: str | None = None) -> tuple[ClickResult, str]:
        result = cli("-p", demo_path, *args, input=input)  # a -p after the command wins
        text = result.output + (result.stderr if result.stderr_bytes is not None else "")
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        assert "Traceback" not in text and "internal error" not in text.lower()
        return result, text

    return call


def _unchanged(path: Path, before: bytes) -> None:
    assert path.read_bytes() == before
    assert not list(path.parent.glob(".*.tmp"))


@pytest.mark.parametrize(("tool", "args", "code"), TOOL_CASES)
def test_bad_tool_arguments(invoke: Invoke, demo_path: Path, tool: str, args: str, code: int) -> None:
    before = demo_path.read_bytes()
    result, _ = invoke(["tool", tool, args, "--json"])
    assert result.exit_code == code
    if code == 1:
        assert "error" in json.loads(result.stdout)
    _unchanged(demo_path, before)


@pytest.mark.parametrize(("text", "message"), PROJECT_CASES)
@pytest.mark.parametrize("command", PROJECT_COMMANDS, ids=lambda c: c[0])
def test_bad_project_files(invoke: Invoke, tmp_path: Path, text: str, message: str, command: list[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    before = path.read_bytes()
    result, output = invoke([*command, "-p", str(path)])
    assert result.exit_code == 2
    assert message in output
    _unchanged(path, before)


@pytest.mark.parametrize(("args", "code", "message"), CLI_CASES)
def test_command_line_misuse(invoke: Invoke, demo_path: Path, args: list[str], code: int, message: str) -> None:
    before = demo_path.read_bytes()
    result, output = invoke(args)
    assert result.exit_code == code
    assert message in output
    _unchanged(demo_path, before)


def test_the_table_is_large_enough() -> None:
    total = len(TOOL_CASES) + len(PROJECT_CASES) * len(PROJECT_COMMANDS) + len(CLI_CASES)
    assert total >= 150 and len(TOOL_CASES) >= 100


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_a_project_file_must_be_utf_8(invoke: Invoke, tmp_path: Path, demo_json: dict[str, Any], encoding: str) -> None:
    path = tmp_path / "wide.json"
    path.write_text(json.dumps(demo_json), encoding=encoding)  # json.loads read these before
    result, output = invoke(["timeline", "-p", str(path)])
    assert result.exit_code == 2 and "not a text file (not UTF-8)" in output


def test_a_bad_render_cache_size_is_a_usage_error(invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEURALCUT_RENDER_CACHE_MB", "lots")
    result, output = invoke(["render", "-o", "x.mp4"])
    assert result.exit_code == 2 and "NEURALCUT_RENDER_CACHE_MB must be a whole number" in output
