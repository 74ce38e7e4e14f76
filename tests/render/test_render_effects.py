"""Each effect of reference §3 (the catalogue: 30 today), rendered by ffmpeg through our filters on a generated test pattern
(lossless in and out), against the numpy reference of §3's maths in ``effect_reference``.

Tolerances are in 8-bit levels. "Exact" effects: every pixel within 2/255. The approximations (stated in
docs/render.md) get the measured bound, with a little room: ``mean`` (mean absolute difference) and ``worst`` (max).
Warps read the nearest pixel where the shaders read between pixels: they must match §3's maths exactly with a
nearest-pixel sampler, and stay within ``shader_mean`` of the shaders' bilinear result.
"""

from __future__ import annotations

import itertools
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from effect_reference import nearest, reference

from neuralcut_cli.catalogs.effects import EFFECTS, find_effect
from neuralcut_cli.media.ffmpeg import ffmpeg_exe
from neuralcut_cli.render.effects import RENDERERS, effect_steps
from neuralcut_cli.render.filtergraph import chain, f, graph_text

W, H = 96, 64
EXACT = {"mean": 2.0, "worst": 2}
TABLE = {"mean": 1.5, "worst": 3}  # a 64-step colour table, tetrahedral
WARP = {"mean": 2.0, "worst": 2, "shader_mean": 3.0}

#: (effect, params, tolerance): params away from the defaults so that each term of the maths matters.
CASES: list[tuple[str, dict[str, Any], dict[str, float]]] = [
    ("brightness-contrast", {"brightness": 0.1, "contrast": 1.4}, EXACT),
    ("grayscale", {"intensity": 80}, EXACT),
    ("saturation", {"saturation": 150}, EXACT),
    ("sepia", {"intensity": 100}, EXACT),
    ("invert", {"intensity": 70}, EXACT),
    ("vignette", {"radius": 60, "softness": 30}, EXACT),
    ("color-temperature", {"temperature": 60}, EXACT),
    ("tint", {"color": "#3366ff", "intensity": 60}, EXACT),
    ("posterize", {"levels": 4}, EXACT),
    ("duotone", {"shadowColor": "#001428", "highlightColor": "#ff6b35", "intensity": 80}, TABLE),
    ("cross-process", {"intensity": 100}, EXACT),
    ("chromatic-aberration", {"offset": 40}, WARP),
    ("glitch", {"intensity": 80, "blockSize": 8}, WARP),
    ("wave", {"amplitude": 60, "frequency": 3}, WARP),
    ("mirror", {"axis": 0, "position": 40}, WARP),
    ("kaleidoscope", {"segments": 6, "angle": 30}, WARP),
    ("fisheye", {"strength": 60}, WARP),
    ("sharpen", {"intensity": 50}, EXACT),
    ("exposure", {"exposure": 0.5}, EXACT),
    ("shadows-highlights", {"shadows": 60, "highlights": 40}, TABLE),
    ("edge-detection", {"intensity": 100, "threshold": 10}, EXACT),
    ("emboss", {"intensity": 50, "angle": 135}, EXACT),
    ("film-grain", {"intensity": 50, "size": 2}, EXACT),
    ("scanlines", {"intensity": 50, "count": 20}, EXACT),
    ("halftone", {"dotSize": 4, "angle": 45}, WARP),
    ("color-key", {"keyColor": "#00ff00", "tolerance": 30, "softness": 10}, {"mean": 0.5, "worst": 8}),
    ("hue-rotate", {"angle": 90}, TABLE),
    ("pixelate", {"size": 7}, WARP),
    # approximations: ffmpeg's recursive Gaussian (off most at a hard black-white edge), a box-blurred bloom
    ("blur", {"intensity": 100}, {"mean": 0.8, "worst": 24}),
    # the other branches of the maths
    ("color-temperature", {"temperature": -40}, EXACT),
    ("mirror", {"axis": 1, "position": 70}, WARP),
    ("fisheye", {"strength": -70}, WARP),
    ("hue-rotate", {"angle": 250}, TABLE),
    ("glow", {"intensity": 80, "threshold": 60, "radius": 4}, {"mean": 0.5, "worst": 8}),
]


def _pattern() -> np.ndarray:
    """Gradients in every channel, a green-screen patch, a white and a black block (edges), 8-bit exact."""
    y, x = np.mgrid[0:H, 0:W].astype(float)
    picture = np.stack([x / (W - 1), y / (H - 1), 0.5 + 0.5 * np.sin(2 * np.pi * (x / W + y / H) * 1.5)], axis=-1)
    picture[4:16, 4:20] = (0, 1, 0)
    picture[40:56, 60:76] = (1, 1, 1)
    picture[40:56, 76:88] = (0, 0, 0)
    return np.round(picture * 255) / 255


@pytest.fixture(scope="module")
def pattern(tmp_path_factory: pytest.TempPathFactory) -> tuple[np.ndarray, Path]:
    picture = _pattern()
    return picture, _png(tmp_path_factory.mktemp("effects") / "pattern.png", picture)


def _png(path: Path, picture: np.ndarray) -> Path:
    subprocess.run(
        [
            ffmpeg_exe(),
            "-hide_banner",
            "-loglevel",
            "error",
            "-y",
            "-f",
            "rawvideo",
            "-pix_fmt",
            "rgb24",
            "-s",
            f"{W}x{H}",
            "-i",
            "-",
            "-frames:v",
            "1",
            str(path),
        ],
        input=np.round(picture * 255).astype(np.uint8).tobytes(),
        check=True,
        timeout=60,
    )
    return path


def rendered(path: Path, effect: str, params: dict[str, Any], pix_fmt: str = "rgb24") -> np.ndarray:
    """The pattern through the effect's filters (or small graph), as 8-bit values."""
    steps = effect_steps(effect, params, (W, H))
    assert steps is not None
    counter = itertools.count()
    if steps.graph is not None:
        chains, out = steps.graph("0:v", lambda prefix: f"{prefix}{next(counter)}", None)
    else:
        chains, out = [chain("0:v", *steps.filters, out="e")], "e"
    chains.append(chain(out, f("format", pix_fmts=pix_fmt), out="o"))
    done = subprocess.run(
        [
            ffmpeg_exe(),
            "-hide_banner",
            "-loglevel",
            "error",
            "-i",
            str(path),
            "-filter_complex",
            graph_text(chains),
            "-map",
            "[o]",
            "-frames:v",
            "1",
            "-f",
            "rawvideo",
            "-pix_fmt",
            pix_fmt,
            "-",
        ],
        capture_output=True,
        check=True,
        timeout=60,
    )
    channels = 4 if pix_fmt == "rgba" else 3
    return np.frombuffer(done.stdout, np.uint8).reshape(H, W, channels).astype(float)


def test_every_catalogue_effect_has_a_case() -> None:
    assert {effect for effect, _, _ in CASES} == {e.id for e in EFFECTS}
    for effect, params, _ in CASES:
        definition = find_effect(effect)
        assert definition is not None and set(params) <= {p.key for p in definition.params}, effect


@pytest.mark.slow
@pytest.mark.parametrize(("effect", "params", "tolerance"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_effect_matches_the_reference_maths(
    pattern: tuple[np.ndarray, Path], effect: str, params: dict[str, Any], tolerance: dict[str, float]
) -> None:
    picture, path = pattern
    if effect == "color-key":
        got = rendered(path, effect, params, "rgba")
        assert np.array_equal(got[..., :3], picture * 255)  # the colours stay; only the key goes
        got = got[..., 3]
    else:
        got = rendered(path, effect, params)
    if "shader_mean" in tolerance:
        assert np.abs(got - expected(effect, picture, params)).mean() <= tolerance["shader_mean"], effect
        with nearest():
            diff = np.abs(got - expected(effect, picture, params))
    else:
        diff = np.abs(got - expected(effect, picture, params))
    if effect == "halftone":  # a pixel on a dot's rim (16-bit distances) may fall either side: 1 % at most
        assert np.mean(diff.max(axis=-1) > tolerance["worst"]) < 0.01, effect
        return
    assert diff.mean() <= tolerance["mean"], (effect, diff.mean())
    assert diff.max() <= tolerance["worst"], (effect, diff.max(), np.argwhere(diff == diff.max())[:3].tolist())


def expected(effect: str, picture: np.ndarray, params: dict[str, Any]) -> np.ndarray:
    return np.round(np.clip(reference(effect, picture, params), 0, 1) * 255)


@pytest.mark.slow
def test_halftone_draws_dots_bigger_where_the_picture_is_darker(tmp_path: Path) -> None:
    grey = np.repeat(np.linspace(0.1, 0.9, W)[None, :, None], H, axis=0).repeat(3, axis=2)  # dark to light
    got = rendered(_png(tmp_path / "grey.png", grey), "halftone", {"dotSize": 4, "angle": 45})
    paper = np.all(got == 255, axis=-1)
    assert 0.2 < paper.mean() < 0.9  # dots and paper, not a mosaic
    assert paper[:, :24].mean() < 0.3 < 0.7 < paper[:, -24:].mean()  # big dots on the dark side, small on the light


@pytest.mark.slow
def test_color_key_removes_the_key_colour_and_keeps_the_rest(pattern: tuple[np.ndarray, Path]) -> None:
    alpha = rendered(pattern[1], "color-key", {"keyColor": "#00ff00", "tolerance": 30, "softness": 10}, "rgba")[..., 3]
    assert np.all(alpha[4:16, 4:20] == 0)  # the green patch is gone
    assert np.all(alpha[40:56, 60:88] == 255)  # white and black stay


def test_every_effect_of_the_catalogue_has_one_renderer() -> None:
    """Issue 43 §4: an effect is declared in the catalogue and renders through one line of ``RENDERERS``; the
    counts people read come from the catalogue, never written out."""
    ids = [effect.id for effect in EFFECTS]
    assert sorted(RENDERERS) == sorted(ids) and len(set(ids)) == len(ids)
    assert effect_steps("no-such-effect", {}, (W, H)) is None
