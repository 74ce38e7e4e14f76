"""Nothing in a project file reaches ffmpeg as anything but a value.

Colours are refused at load unless they follow the grammar; every value is
escaped for both of ffmpeg's parsers (checked against ffmpeg itself and
against a transcription of its parser, fuzzed); media paths are ``file:``
URLs, never options or other protocols.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Cli
from ffgraph import intended, parse_graph
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paths import REPO

from neuralcut_cli.errors import ProjectLoadError
from neuralcut_cli.media.ffmpeg import ffmpeg_exe, fonts_dir
from neuralcut_cli.media.probe import MediaInfo
from neuralcut_cli.project.colors import NAMED, parse_color
from neuralcut_cli.project.io import project_from_json
from neuralcut_cli.render.filtergraph import chain, f, graph_text
from neuralcut_cli.render.graph import build_plan

INJECTION = "black:d=0.04,metadata=mode=print:file=/tmp/neuralcut-pwned,nullsink;color=c=black"
ALLOWED_FILTERS = {
    "color",
    "format",
    "setpts",
    "scale",
    "colorchannelmixer",
    "rotate",
    "overlay",
    "drawtext",
    "gblur",
    "eq",
    "hue",
    "lutrgb",
    "vignette",
    "asetpts",
    "aformat",
    "aresample",
    "volume",
    "adelay",
    "amix",
    "apad",
    "atrim",
    "anullsrc",
    "geq",
    "convolution",
    "avgblur",
    "blend",
    "split",
    "maskedmerge",
    "pad",
    "fillborders",
    "crop",
    "trim",
    "tpad",  # a layer's last picture held to the end of its last frame
    "haldclutsrc",
    "haldclut",
    "remap",
    "mergeplanes",
    "extractplanes",
    "lut",
    "sobel",
    "alphaextract",
    "alphamerge",
    "drawbox",
    "afade",  # click-free cuts and crossfades (issue 27)
    "xfade",  # transitions, from the catalogue only
    "settb",
}
NASTY = [
    "It's",
    "a:b",
    "a,b",
    "[x]",
    "a;b",
    "back\\slash",
    "  padded  ",
    "tab\there",
    "new\nline",
    "%{pts}",
    "'quoted'",
    "\\'",
    "=:=",
    "é ü 日本 😀",
    "",
    "-y",
    "concat:a|b",
    "${HOME}",
    "\\",
    "'",
    "x\\",
]


def colour_paths(data: dict[str, Any]) -> list[tuple[str, Any]]:
    """Every colour field of the demo, as (JSON path, setter)."""
    paths: list[tuple[str, Any]] = [
        ("settings.background.color", lambda d, v: d["settings"]["background"].__setitem__("color", v))
    ]
    for t, track in enumerate(data["scenes"][0]["tracks"]["overlay"]):
        for e, element in enumerate(track["elements"]):
            if element["type"] == "text":
                base = f"scenes[0].tracks.overlay[{t}].elements[{e}]"

                def text_colour(d: dict[str, Any], v: str, t: int = t, e: int = e) -> None:
                    d["scenes"][0]["tracks"]["overlay"][t]["elements"][e]["color"] = v

                def box_colour(d: dict[str, Any], v: str, t: int = t, e: int = e) -> None:
                    d["scenes"][0]["tracks"]["overlay"][t]["elements"][e]["background"]["color"] = v

                paths += [(f"{base}.color", text_colour), (f"{base}.background.color", box_colour)]
    return paths


@pytest.mark.parametrize(
    "bad",
    [
        INJECTION,
        "red,drawtext=text=x",
        "#12345",
        "#ggg",
        "rgb(300,0,0)",
        "hsl(120,50,50)",
        "red'",
        "",
        " ",
        "0xff0000",
        "rgb(1,2)",
        "#fff;",
        "red\n",
    ],
)
def test_a_colour_outside_the_grammar_is_refused_at_load_with_its_path(demo_json: dict[str, Any], bad: str) -> None:
    for path, setter in colour_paths(demo_json):
        data = copy.deepcopy(demo_json)
        setter(data, bad)
        with pytest.raises(ProjectLoadError) as caught:
            project_from_json(data)
        assert f"{path}: not a colour" in caught.value.message


@pytest.mark.parametrize(
    "good",
    [
        "#fff",
        "#FFFFFF",
        "#ffffff80",
        "#abcd",
        "red",
        "RebeccaPurple",
        "transparent",
        "rgb(1, 2, 3)",
        "rgba(1,2,3,0.5)",
        "rgb(10% 20% 30% / 50%)",
        "hsl(120, 50%, 50%)",
        "hsla(0,100%,50%,.25)",
    ],
)
def test_colours_in_the_grammar_load_and_keep_their_spelling(demo_json: dict[str, Any], good: str) -> None:
    data = copy.deepcopy(demo_json)
    data["settings"]["background"]["color"] = good
    assert project_from_json(data).settings.background.color == good


def test_colour_values() -> None:
    assert parse_color("#ff000080") == (255, 0, 0, 128 / 255)
    assert parse_color("hsl(120, 100%, 50%)") == (0, 255, 0, 1.0)
    assert parse_color("rgb(100% 0% 0% / 50%)") == (255, 0, 0, 0.5)
    assert parse_color("navy") == (0, 0, 128, 1.0)
    assert len(NAMED) == 148


def test_render_of_a_hostile_colour_writes_nothing(cli: Cli, demo_path: Path, tmp_path: Path) -> None:
    data = json.loads(demo_path.read_text())
    data["settings"]["background"]["color"] = INJECTION.replace("/tmp/neuralcut-pwned", str(tmp_path / "pwned"))
    demo_path.write_text(json.dumps(data))
    result = cli("render", "-p", demo_path, "-o", tmp_path / "out.mp4", "--preview")
    assert result.exit_code == 2
    assert "settings.background.color: not a colour" in result.output
    assert not (tmp_path / "pwned").exists() and not (tmp_path / "out.mp4").exists()


# -- ffmpeg itself reads every value back as it was written -----------------------------------------


def ffmpeg_settings(graph: str) -> list[tuple[str, str]]:
    """The (option, value) pairs ffmpeg reports while it builds ``graph`` (at log level debug)."""
    done = subprocess.run(
        [
            ffmpeg_exe(),
            "-hide_banner",
            "-nostdin",
            "-v",
            "debug",
            "-f",
            "lavfi",
            "-i",
            graph,
            "-frames:v",
            "1",
            "-f",
            "null",
            "-",
        ],
        capture_output=True,
        timeout=60,
    )
    text = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, text[-2000:]
    found = re.findall(r"\] Setting '(\w+)' to value '(.*?)'\n(?=\[|\S)", text + "\n[", re.S)
    return [(key, value) for key, value in found if key in ("text", "c", "fontfile")]


@pytest.mark.slow
def test_ffmpeg_reads_hostile_values_unchanged() -> None:
    font = str(fonts_dir() / "DejaVuSans.ttf")
    texts = [t for t in NASTY if t.strip()]  # drawtext refuses an empty text
    graph = graph_text(
        [
            chain(
                (),
                f("color", c="red", s="32x32", d="0.1"),
                *[f("drawtext", fontfile=font, text=t, expansion="none") for t in texts],
                out="out0",
            )
        ]
    )
    settings_seen = ffmpeg_settings(graph)
    assert [value for key, value in settings_seen if key == "text"] == texts


# -- the builder, fuzzed: no project changes the shape of the graph --------------------------------


def _fake_probe(path: Path) -> MediaInfo:
    if path.suffix == ".png":
        return MediaInfo("image", None, 64, 64, None, False)
    if path.suffix == ".mp3":
        return MediaInfo("audio", 30.0, None, None, None, True)
    return MediaInfo("video", 30.0, 320, 180, 30.0, True)


hex_colours = st.from_regex(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})", fullmatch=True)
colours = st.one_of(
    hex_colours,
    st.sampled_from(sorted(NAMED)),
    st.builds(lambda r, g, b: f"rgb({r}, {g}, {b})", *[st.integers(0, 255)] * 3),
)
file_names = st.text(
    st.characters(blacklist_characters="/\x00", blacklist_categories=["Cs"]), min_size=1, max_size=20
).filter(lambda n: n not in (".", ".."))
numbers = st.floats(-1e6, 1e6, allow_nan=False)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)  # demo_json is deep-copied
@given(
    text=st.text(max_size=60),
    colour=colours,
    box=colours,
    names=st.lists(file_names, min_size=3, max_size=3),
    x=numbers,
    y=numbers,
    rotate=numbers,
    opacity=st.floats(0, 1),
    volume=st.floats(-60, 20),
    intensity=st.integers(0, 100),
)
def test_no_project_changes_the_shape_of_the_graph(
    demo_json: dict[str, Any],
    text: str,
    colour: str,
    box: str,
    names: list[str],
    x: float,
    y: float,
    rotate: float,
    opacity: float,
    volume: float,
    intensity: int,
) -> None:
    data = copy.deepcopy(demo_json)
    data["settings"]["background"]["color"] = colour
    for asset, name in zip(data["mediaAssets"], names + names, strict=False):
        asset["path"] = f"media/{name}-{asset['id']}{Path(asset['path']).suffix}"
    for track in [
        *data["scenes"][0]["tracks"]["overlay"],
        data["scenes"][0]["tracks"]["main"],
        *data["scenes"][0]["tracks"]["audio"],
    ]:
        for element in track["elements"]:
            if element["type"] == "text":
                element.update(content=text or "x", color=colour, background={"enabled": True, "color": box})
            if "transform" in element:
                element["transform"] = {"scaleX": 1, "scaleY": 1, "position": {"x": x, "y": y}, "rotate": rotate}
                element["opacity"] = opacity
            if element["type"] in ("video", "audio"):
                element["volume"] = volume
            if element["type"] == "effect":
                element["params"] = {k: intensity for k in element.get("params", {})}
    project = project_from_json(data)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "media").mkdir()
        for asset in project.media_assets:
            (root / str(asset.path)).write_bytes(b"")
        plan = build_plan(project, root / "p.json", root, prober=_fake_probe)
    assert parse_graph(plan.graph) == intended(plan.chains)
    assert {name for _, filters, _ in intended(plan.chains) for name, _ in filters} <= ALLOWED_FILTERS
    for spec in plan.inputs:
        path = spec[spec.index("-i") + 1]
        assert path.startswith("file:/") and path[5:].startswith(str(root))


@settings(max_examples=200, deadline=None)
@given(values=st.lists(st.text(max_size=30), min_size=1, max_size=4))
def test_any_value_round_trips_through_the_parser(values: list[str]) -> None:
    built = [chain(("in0",), f("drawtext", **{f"k{i}": v for i, v in enumerate(values)}), out="out0")]
    assert parse_graph(graph_text(built)) == intended(built)


def test_media_paths_are_never_options_or_protocols(
    demo_json: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = copy.deepcopy(demo_json)
    hostile = ["-y", "concat:a|b", "http:x"]
    videos = [a for a in data["mediaAssets"] if a["type"] == "video"]
    for asset, name in zip(videos, hostile, strict=False):
        asset["path"] = name
        (tmp_path / name).write_bytes(b"")
    for asset in data["mediaAssets"][len(hostile) :]:
        (tmp_path / asset["path"]).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / asset["path"]).write_bytes(b"")
    monkeypatch.chdir(tmp_path)
    plan = build_plan(project_from_json(data), Path("p.json"), tmp_path, prober=_fake_probe)  # a relative project path
    paths = [spec[spec.index("-i") + 1] for spec in plan.inputs]
    for name in hostile:
        assert f"file:{tmp_path / name}" in paths
    from neuralcut_cli.render.join import Mux

    command = Mux(tmp_path / "pieces.txt", tmp_path / "sound.pcm", Path("-out.mp4"), 1.0).arguments(tmp_path)
    assert command[-1] == f"file:{tmp_path / '-out.mp4'}"


@pytest.mark.slow
def test_render_with_hostile_names_and_text(tmp_path: Path, demo_json: dict[str, Any]) -> None:
    from neuralcut_cli.project.io import dump_project
    from neuralcut_cli.render.run import render

    data = copy.deepcopy(demo_json)
    repo_media = REPO / "projects"
    odd = tmp_path / "it's: a,b [x];%d"
    odd.mkdir()
    for asset in data["mediaAssets"]:
        target = odd / ("c'l:i,p;[1]%d" + Path(asset["path"]).suffix + ("" if asset["type"] != "image" else ""))
        target = target.with_name(f"{asset['id']}-{target.name}")
        shutil.copy(repo_media / asset["path"], target)
        asset["path"] = str(target.relative_to(tmp_path))
    for track in data["scenes"][0]["tracks"]["overlay"]:
        for element in track["elements"]:
            if element["type"] == "text":
                element["content"] = "It's: a, [b]; c\\ d %{pts}"
    project_path = tmp_path / "p.json"
    project = project_from_json(data)
    project_path.write_bytes(dump_project(project))
    out = tmp_path / "out.mp4"
    plan = render(project, project_path, out, preview=True, end=2 * 120_000)
    assert out.stat().st_size > 0 and plan.duration == 2
