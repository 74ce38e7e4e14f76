"""Render follows the model, checked on frames and sound: hidden elements, opacity, blend modes, speed with
the pitch kept, muted tracks, the clip's own sound switched off, drawn graphic elements, clip effects and the
blur background."""

from __future__ import annotations

import json
import struct
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import neuralcut
from media_helpers import frame, made_asset, make_media, pixel

from neuralcut_cli.media.ffmpeg import ffmpeg_exe
from neuralcut_cli.media.probe import probe

T = 120_000
W, H = 160, 90
pytestmark = pytest.mark.slow  # real renders by ffmpeg


@pytest.fixture(scope="module")
def media(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_media(tmp_path_factory.mktemp("media"))


def render(
    folder: Path,
    media: Path,
    main: list[dict[str, Any]],
    overlay: list[dict[str, Any]] | None = None,
    background: dict[str, Any] | None = None,
    main_track: dict[str, Any] | None = None,
) -> Path:
    assets = [made_asset(media, "clip"), made_asset(media, "red")]
    data = {
        "settings": {
            "fps": {"numerator": 15, "denominator": 1},
            "canvasSize": {"width": W, "height": H},
            "background": background or {"type": "color", "color": "#0000ff"},
        },
        "mediaAssets": assets,
        "currentSceneId": "s",
        "scenes": [
            {
                "id": "s",
                "tracks": {
                    "overlay": overlay or [],
                    "main": {"id": "main", "type": "video", "elements": main, **(main_track or {})},
                },
            }
        ],
    }
    path = folder / "p.json"
    path.write_text(json.dumps(data))
    out = folder / "out.mp4"
    done = neuralcut("render", "-p", path, "-o", out, "--force", timeout=300)
    assert done.returncode == 0, done.stderr
    return out


def clip(
    element_id: str = "c", media_id: str = "clip", start: int = 0, duration: int = 2 * T, **more: Any
) -> dict[str, Any]:
    source = 3 * T if media_id == "clip" else 2 * T
    return {
        "id": element_id,
        "type": "video",
        "mediaId": media_id,
        "startTime": start,
        "duration": duration,
        "trimStart": 0,
        "trimEnd": source - duration,
        "sourceDuration": source,
        **more,
    }


def overlay_track(*elements: dict[str, Any], **track: Any) -> list[dict[str, Any]]:
    return [{"id": "top", "type": "video", "elements": list(elements), **track}]


def close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 14) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def samples(video: Path, seconds: float = 0.5) -> bytes:
    return frame(video, seconds, W, H)


def pcm(video: Path) -> list[int]:
    done = subprocess.run(
        [
            ffmpeg_exe(),
            "-hide_banner",
            "-loglevel",
            "error",
            "-i",
            str(video),
            "-ac",
            "1",
            "-ar",
            "48000",
            "-f",
            "s16le",
            "-",
        ],
        capture_output=True,
        check=True,
        timeout=60,
    )
    return list(struct.unpack(f"<{len(done.stdout) // 2}h", done.stdout))


def dominant_frequency(values: list[int]) -> float:
    """Zero crossings of a clean tone, over its middle (the ends fade in and out of the codec)."""
    middle = values[len(values) // 4 : 3 * len(values) // 4]
    crossings = sum(1 for a, b in zip(middle, middle[1:], strict=False) if (a < 0) != (b < 0))
    return crossings / 2 / (len(middle) / 48000)


def rms(values: list[int]) -> float:
    return (sum(v * v for v in values) / max(1, len(values))) ** 0.5


def test_a_hidden_element_is_not_drawn(media: Path, tmp_path: Path) -> None:
    out = render(tmp_path, media, [clip()], overlay_track(clip("r", "red", hidden=True)))
    assert not close(pixel(samples(out), W, 80, 45), (255, 0, 0), 60)  # the pattern, not the red clip


def test_opacity_half_mixes_the_pixels_half_and_half(media: Path, tmp_path: Path) -> None:
    out = render(tmp_path, media, [], overlay_track(clip("r", "red", opacity=0.5)))
    assert close(pixel(samples(out), W, 80, 45), (127, 0, 128), 16)  # red at 50 % over the blue background


def test_multiply_blend_matches_its_formula_on_a_test_pattern(media: Path, tmp_path: Path) -> None:
    plain = samples(render(tmp_path, media, [clip()]))
    (tmp_path / "out.mp4").unlink()
    blended = samples(render(tmp_path, media, [clip()], overlay_track(clip("r", "red", blendMode="multiply"))))
    points = [(x, y) for x in range(8, W, 24) for y in range(8, H, 20)]
    for x, y in points:  # pattern x red: red kept (red is ~254), green and blue gone
        base, mixed = pixel(plain, W, x, y), pixel(blended, W, x, y)
        assert close(mixed, (round(base[0] * 254 / 255), 0, 0), 18), (x, y, base, mixed)


def test_screen_blend_brightens(media: Path, tmp_path: Path) -> None:
    blended = samples(render(tmp_path, media, [], overlay_track(clip("r", "red", blendMode="screen"))))
    assert close(pixel(blended, W, 80, 45), (254, 0, 255), 16)  # screen(blue, red) = magenta


def test_double_speed_halves_the_duration_and_keeps_the_pitch(media: Path, tmp_path: Path) -> None:
    out = render(tmp_path, media, [clip(duration=T, trimEnd=T, retime={"rate": 2, "maintainPitch": True})])
    assert abs((probe(out).duration or 0) - 1.0) < 0.1  # two seconds of source in one
    assert abs(dominant_frequency(pcm(out)) - 440) < 15
    (tmp_path / "out.mp4").unlink()
    tape = render(tmp_path, media, [clip(duration=T, trimEnd=T, retime={"rate": 2, "maintainPitch": False})])
    assert abs(dominant_frequency(pcm(tape)) - 880) < 30  # without it, an octave up: the measure discriminates


def test_a_muted_track_is_silent(media: Path, tmp_path: Path) -> None:
    loud = render(tmp_path, media, [clip()])
    assert rms(pcm(loud)) > 1000
    (tmp_path / "out.mp4").unlink()
    assert rms(pcm(render(tmp_path, media, [clip()], main_track={"muted": True}))) < 30


def test_a_clip_whose_sound_was_separated_is_silent(media: Path, tmp_path: Path) -> None:
    assert rms(pcm(render(tmp_path, media, [clip(isSourceAudioEnabled=False)]))) < 30


def test_graphic_elements_are_drawn(media: Path, tmp_path: Path) -> None:
    shape = {
        "id": "g",
        "type": "graphic",
        "definitionId": "ellipse",
        "params": {"fill": "#00ff00", "width": 60, "height": 60},
        "startTime": 0,
        "duration": T,
    }
    out = render(tmp_path, media, [], [{"id": "shapes", "type": "graphic", "elements": [shape]}])
    picture = samples(out)
    assert close(pixel(picture, W, 80, 45), (0, 255, 0), 30)  # the centre of the ellipse
    assert close(pixel(picture, W, 80 - 28, 45 - 28), (0, 0, 255), 30)  # its bounding box's corner: outside


def test_clip_effects_apply_to_their_element(media: Path, tmp_path: Path) -> None:
    out = render(
        tmp_path,
        media,
        [clip("r", "red", effects=[{"id": "e", "type": "grayscale", "params": {"intensity": 100}, "enabled": True}])],
    )
    red, green, blue = pixel(samples(out), W, 80, 45)
    assert max(red, green, blue) - min(red, green, blue) < 16  # red turned grey


def test_the_blur_background_fills_around_a_fitted_clip(media: Path, tmp_path: Path) -> None:
    narrow = clip(transform={"scaleX": 0.5, "scaleY": 0.5, "position": {"x": 0, "y": 0}, "rotate": 0})
    out = render(tmp_path, media, [narrow], background={"type": "blur", "blurIntensity": 20})
    corner = pixel(samples(out), W, 4, 4)
    assert not close(corner, (0, 0, 0), 20)  # the blurred clip, not black, fills the edges


@pytest.mark.parametrize("group", range(3))
def test_every_blend_mode_renders(media: Path, tmp_path: Path, group: int) -> None:
    """All 17 of OpenCut's modes go through ffmpeg, a third at a time, one after the other (a fifth of a second
    each; one graph with all 17 stacked is slow in ffmpeg, not wrong)."""
    from neuralcut_cli.project.elements import BLEND_MODES

    modes = BLEND_MODES[group * 6 : (group + 1) * 6]
    step = T // 5
    tracks = [
        {
            "id": f"t{n}",
            "type": "video",
            "elements": [clip(f"r{n}", "red", start=n * step, duration=step, blendMode=mode)],
        }
        for n, mode in enumerate(modes)
    ]
    out = render(tmp_path, media, [clip(duration=2 * T)], tracks)
    assert abs((probe(out).duration or 0) - 2.0) < 0.15
    if group == 0:
        assert close(pixel(frame(out, 0.1, W, H), W, 80, 45), (254, 0, 0), 30)  # "normal" first: plain red


def text_render(media: Path, folder: Path, **style: Any) -> bytes:
    text = {
        "id": "t",
        "type": "text",
        "content": "HIHI",
        "startTime": 0,
        "duration": T,
        "fontSize": 20,
        "color": "#ffffff",
        "fontWeight": "bold",
        **style,
    }
    return samples(render(folder, media, [], [{"id": "tx", "type": "text", "elements": [text]}]))


def ink_columns(picture: bytes, colour: tuple[int, int, int] = (255, 255, 255), tolerance: int = 60) -> list[int]:
    return [x for x in range(W) if any(close(pixel(picture, W, x, y), colour, tolerance) for y in range(H))]


def test_letter_spacing_widens_the_text_by_its_gaps(media: Path, tmp_path: Path) -> None:
    plain = ink_columns(text_render(media, tmp_path))
    (tmp_path / "out.mp4").unlink()
    spaced = ink_columns(text_render(media, tmp_path, letterSpacing=10))
    widening = (max(spaced) - min(spaced)) - (max(plain) - min(plain))
    assert abs(widening - 3 * 10 * W / 160) <= 3  # three gaps of 10 px at this canvas scale


def ink_rows(picture: bytes, colour: tuple[int, int, int] = (255, 255, 255), tolerance: int = 60) -> list[int]:
    return [y for y in range(H) if any(close(pixel(picture, W, x, y), colour, tolerance) for x in range(W))]


@pytest.mark.parametrize(("decoration", "below", "above"), [("underline", 1, 0), ("overline", 0, 1)])
def test_a_decoration_draws_a_bar_as_wide_as_the_line(
    media: Path, tmp_path: Path, decoration: str, below: int, above: int
) -> None:
    """drawtext draws no underline: the renderer draws a bar of the text's colour under (or over) each line,
    as wide as the line; strike-through lies inside the letters' rows."""
    plain = ink_rows(text_render(media, tmp_path))
    (tmp_path / "out.mp4").unlink()
    decorated = text_render(media, tmp_path, textDecoration=decoration)
    rows = ink_rows(decorated)
    if below:  # (the line-by-line layout may sit a pixel off the one-drawtext layout)
        assert max(rows) > max(plain) + 1 and min(rows) >= min(plain) - 1
    if above:
        assert min(rows) < min(plain) - 1 and max(rows) <= max(plain) + 1
    bar = max(rows) if below else min(rows)
    inked = [x for x in range(W) if close(pixel(decorated, W, x, bar), (255, 255, 255), 60)]
    letters = ink_columns(decorated)
    assert abs(min(inked) - min(letters)) <= 2 and abs(max(inked) - max(letters)) <= 2


def test_the_background_box_takes_its_offsets_and_rounded_corners(media: Path, tmp_path: Path) -> None:
    box = {"enabled": True, "color": "#ff0000", "paddingX": 10, "paddingY": 10, "cornerRadius": 8}
    square = text_render(media, tmp_path, background=box)
    red = ink_columns(square, (255, 0, 0))
    (tmp_path / "out.mp4").unlink()
    moved = text_render(media, tmp_path, background={**box, "offsetX": 20})
    moved_red = ink_columns(moved, (255, 0, 0))
    assert abs((min(moved_red) - min(red)) - 20) <= 2  # the box moved 20 px right; the text did not
    assert ink_columns(square) == ink_columns(moved)
    top = min(y for y in range(H) if close(pixel(moved, W, min(moved_red) + 12, y), (255, 0, 0), 60))
    assert not close(pixel(moved, W, min(moved_red), top), (255, 0, 0), 60)  # the corner is rounded off


def _fx(index: int, effect: str, start: int, duration: int) -> dict[str, Any]:
    return {
        "id": f"fx{index}",
        "type": "effect",
        "name": effect,
        "startTime": start,
        "duration": duration,
        "trimStart": 0,
        "trimEnd": 0,
        "effectType": effect,
        "params": {},
    }


def test_an_effect_element_changes_the_picture_only_over_its_range(media: Path, tmp_path: Path) -> None:
    effect = _fx(0, "hue-rotate", 0, T)
    effect["params"] = {"angle": 120}
    track = [{"id": "fx", "type": "effect", "elements": [effect]}]
    out = render(tmp_path, media, [clip("r", "red")], overlay=track)
    assert close(pixel(frame(out, 0.5, W, H), W, 80, 45), (0, 255, 0), 40)  # red turned a third: green
    assert close(pixel(frame(out, 1.5, W, H), W, 80, 45), (255, 0, 0), 40)  # after the range: red again


def test_clip_effects_run_in_order(media: Path, tmp_path: Path) -> None:
    """invert then grayscale: red -> cyan -> light grey; grayscale then invert: red -> dark grey -> light grey of
    another level. The two orders give different greys, each the one the order says."""
    levels = []
    for order in (("invert", "grayscale"), ("grayscale", "invert")):
        effects = [{"id": f"e{n}", "type": kind, "params": {}, "enabled": True} for n, kind in enumerate(order)]
        folder = tmp_path / "-".join(order)
        folder.mkdir()
        levels.append(pixel(samples(render(folder, media, [clip("r", "red", effects=effects)])), W, 80, 45)[1])
    cyan_grey = round(255 * (0.7152 + 0.0722))  # L of (0, 1, 1)
    red_inverted = round(255 * (1 - 0.2126))  # 1 - L of (1, 0, 0)
    assert abs(levels[0] - cyan_grey) < 16 and abs(levels[1] - red_inverted) < 16


@pytest.mark.parametrize("as_clip_effects", [False, True], ids=["elements", "clip-effects"])
def test_all_thirty_effects_render(media: Path, tmp_path: Path, as_clip_effects: bool) -> None:
    """Every effect of the catalogue through the real graph, one after another: 30 effect elements of a frame
    each, or the 30 as clip effects of one element."""
    from neuralcut_cli.catalogs.effects import EFFECTS

    if as_clip_effects:
        effects = [{"id": f"c{n}", "type": e.id, "params": {}, "enabled": True} for n, e in enumerate(EFFECTS)]
        out = render(tmp_path, media, [clip("c", effects=effects)])
    else:
        step = 2 * T // len(EFFECTS)
        track = [
            {"id": "fx", "type": "effect", "elements": [_fx(n, e.id, n * step, step) for n, e in enumerate(EFFECTS)]}
        ]
        out = render(tmp_path, media, [clip("c")], overlay=track)
    assert probe(out).duration == pytest.approx(2.0, abs=0.1)
