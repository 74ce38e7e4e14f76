"""Effects that change each pixel from its own colour: per-channel tables (``lutrgb``) and channel mixes
(``colorchannelmixer``), exact to the maths of reference §3 (8-bit rounding aside).

Luma is Rec.709: ``L = 0.2126 R + 0.7152 G + 0.0722 B``; ``k`` is an intensity / 100.
"""

from __future__ import annotations

import math
from typing import Any

from neuralcut_cli.render.filtergraph import Filter, f

LUMA = (0.2126, 0.7152, 0.0722)
SEPIA = ((0.393, 0.769, 0.189), (0.349, 0.686, 0.168), (0.272, 0.534, 0.131))
RGB = "rgb"


def number(params: dict[str, Any], key: str, default: float) -> float:
    value = params.get(key, default)
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else default


def mixer(matrix: list[list[float]]) -> Filter:
    """``colorchannelmixer`` from a 3x3 matrix (rows: output r, g, b)."""
    return f(
        "colorchannelmixer",
        **{f"{RGB[row]}{RGB[col]}": f"{matrix[row][col]:.6f}" for row in range(3) for col in range(3)},
    )


def per_channel(expressions: tuple[str, str, str]) -> Filter:
    """``lutrgb`` with one expression of ``val``/``maxval`` per channel."""
    return f("lutrgb", r=expressions[0], g=expressions[1], b=expressions[2])


def _luma_mix(keep: float, luma_weight: float) -> list[list[float]]:
    """out = keep * c + luma_weight * L, for each channel."""
    return [[(keep if row == col else 0.0) + luma_weight * LUMA[col] for col in range(3)] for row in range(3)]


def brightness_contrast(params: dict[str, Any]) -> list[Filter]:
    b, c = number(params, "brightness", 0), number(params, "contrast", 1)
    same = f"clip((val/maxval-0.5)*{c:.6f}+0.5+{b:.6f},0,1)*maxval"
    return [per_channel((same, same, same))]


def grayscale(params: dict[str, Any]) -> list[Filter]:
    k = number(params, "intensity", 100) / 100
    return [mixer(_luma_mix(1 - k, k))]


def saturation(params: dict[str, Any]) -> list[Filter]:
    s = number(params, "saturation", 100) / 100
    return [mixer(_luma_mix(s, 1 - s))]


def sepia(params: dict[str, Any]) -> list[Filter]:
    k = number(params, "intensity", 100) / 100
    return [mixer([[k * SEPIA[row][col] + (1 - k) * (row == col) for col in range(3)] for row in range(3)])]


def invert(params: dict[str, Any]) -> list[Filter]:
    k = number(params, "intensity", 100) / 100
    same = f"val+{k:.6f}*(maxval-2*val)"
    return [per_channel((same, same, same))]


def color_temperature(params: dict[str, Any]) -> list[Filter]:
    t = number(params, "temperature", 0) / 100
    weights = (1.0, 0.85, 0.65) if t >= 0 else (0.65, 0.85, 1.0)
    parts = tuple(f"clip(val+maxval*0.3*{abs(t) * w:.6f},0,maxval)" for w in weights)
    return [per_channel(parts)]  # type: ignore[arg-type]


def tint(params: dict[str, Any], colour: tuple[int, int, int]) -> list[Filter]:
    k = number(params, "intensity", 50) / 100
    offsets = tuple(f"clip(val+{0.5 * k * channel / 255:.6f}*maxval,0,maxval)" for channel in colour)
    return [mixer(_luma_mix(1 - k, 0.5 * k)), per_channel(offsets)]  # type: ignore[arg-type]


def posterize(params: dict[str, Any]) -> list[Filter]:
    n = max(2, round(number(params, "levels", 8)))
    same = f"round(val/maxval*{n - 1})*maxval/{n - 1}"
    return [per_channel((same, same, same))]


def cross_process(params: dict[str, Any]) -> list[Filter]:
    k = number(params, "intensity", 100) / 100
    first = ("min(1.2*{x}+0.05,1)", "max(0.8*{x}-0.02,0)", "min(1.4*{x}+0.1,1)")
    contrast = (1.2, 1.1, 1.3)
    parts = []
    for step, gain in zip(first, contrast, strict=True):
        shaped = f"clip(({step.format(x='(val/maxval)')}-0.5)*{gain}+0.5,0,1)"
        parts.append(f"clip((1-{k:.6f})*val+{k:.6f}*{shaped}*maxval,0,maxval)")
    return [per_channel(tuple(parts))]  # type: ignore[arg-type]


def exposure(params: dict[str, Any]) -> list[Filter]:
    ev = number(params, "exposure", 0)
    same = f"clip(val*{2**ev:.6f},0,maxval)"
    return [per_channel((same, same, same))]


def _convolved(kernel: list[float], bias: float = 0.0) -> list[Filter]:
    """A 3x3 ``convolution`` (whole numbers: the weights in ten-thousandths, divided back by ``rdiv``)."""
    matrix = " ".join(str(round(weight * 10000)) for weight in kernel)
    options = {f"{n}m": matrix for n in "0123"} | {f"{n}rdiv": "0.0001" for n in "0123"}
    options |= {f"{n}bias": f"{bias:.4f}" for n in "0123"}
    return [f("format", pix_fmts="gbrp"), *edge_repeated(f("convolution", **options))]


def edge_repeated(neighbourhood: Filter) -> list[Filter]:
    """A 3x3 filter with the frame's edge repeated one pixel out (a shader's clamp-to-edge; ffmpeg mirrors)."""
    return [
        f("pad", w="iw+2", h="ih+2", x=1, y=1),
        f("fillborders", left=1, right=1, top=1, bottom=1, mode="smear"),
        neighbourhood,
        f("crop", w="iw-2", h="ih-2", x=1, y=1),
    ]


def sharpen(params: dict[str, Any]) -> list[Filter]:
    k = number(params, "intensity", 50) / 100
    return _convolved([0, -k, 0, -k, 1 + 4 * k, -k, 0, -k, 0])


def _bilinear(dx: float, dy: float) -> list[float]:
    """The 3x3 weights of a bilinear sample ``(dx, dy)`` pixels away (each within one pixel)."""
    weights = [0.0] * 9
    x0, y0 = math.floor(dx), math.floor(dy)
    fx, fy = dx - x0, dy - y0
    for (x, y), weight in {
        (x0, y0): (1 - fx) * (1 - fy),
        (x0 + 1, y0): fx * (1 - fy),
        (x0, y0 + 1): (1 - fx) * fy,
        (x0 + 1, y0 + 1): fx * fy,
    }.items():
        if weight:
            weights[(y + 1) * 3 + x + 1] += weight
    return weights


def emboss(params: dict[str, Any]) -> list[Filter]:
    """(front - back + 0.5) * k + c * (1 - k), with front and back bilinear samples one pixel along ``angle``."""
    k = number(params, "intensity", 50) / 100
    a = math.radians(number(params, "angle", 135))
    front, back = _bilinear(math.cos(a), math.sin(a)), _bilinear(-math.cos(a), -math.sin(a))
    kernel = [k * (f_ - b_) + (1 - k) * (i == 4) for i, (f_, b_) in enumerate(zip(front, back, strict=True))]
    return _convolved(kernel, 127.5 * k)
