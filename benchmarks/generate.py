"""Generate large, valid projects for benchmarks.

    python benchmarks/generate.py out.json --elements 20000 --tracks 12

Elements are spread over the tracks (main, video/text/graphic/effect
overlays, audio), back to back with small gaps, every pairing valid and no
overlaps, so every tool can run on the result.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

T = 120_000
_KINDS = ["video", "text", "graphic", "effect", "video", "audio"]


def _element(kind: str, index: int, start: int, duration: int, rng: random.Random) -> dict[str, Any]:
    base = {"id": f"e{index:06d}", "startTime": start, "duration": duration, "trimStart": 0, "trimEnd": 0}
    transform = {"scaleX": 1, "scaleY": 1, "position": {"x": 0, "y": 0}, "rotate": 0}
    if kind == "video":
        trim = rng.randrange(0, 2 * T)
        return {
            **base,
            "type": "video",
            "name": "clip.mp4",
            "mediaId": "a-video",
            "trimStart": trim,
            "trimEnd": 10 * T - duration - trim if 10 * T - duration - trim >= 0 else 0,
            "sourceDuration": max(10 * T, duration + trim),
            "transform": transform,
            "opacity": 1,
            "volume": 0,
            "muted": False,
        }
    if kind == "text":
        return {
            **base,
            "type": "text",
            "name": "Caption",
            "content": f"Caption {index}",
            "fontSize": 5,
            "transform": transform,
            "opacity": 1,
        }
    if kind == "graphic":
        return {
            **base,
            "type": "sticker",
            "name": "Star",
            "stickerId": "shapes:star",
            "transform": transform,
            "opacity": 1,
        }
    if kind == "effect":
        return {**base, "type": "effect", "name": "Blur", "effectType": "blur", "params": {"intensity": 15}}
    return {
        **base,
        "type": "audio",
        "name": "music.mp3",
        "mediaId": "a-audio",
        "sourceDuration": 10 * T,
        "trimEnd": 10 * T - duration,
        "volume": 0,
        "muted": False,
    }


def make_project(elements: int = 20_000, tracks: int = 12, seed: int = 7) -> dict[str, Any]:
    rng = random.Random(seed)
    kinds = ["video"] + [_KINDS[i % len(_KINDS)] for i in range(tracks - 1)]
    per_track = [elements // tracks + (1 if i < elements % tracks else 0) for i in range(tracks)]
    built: list[dict[str, Any]] = []
    index = 0
    for number, (kind, count) in enumerate(zip(kinds, per_track, strict=True)):
        track_type = "video" if kind == "video" else kind
        start, items = 0, []
        for _ in range(count):
            duration = rng.randrange(1 * T, 4 * T)
            items.append(_element(kind, index, start, duration, rng))
            start += duration + rng.choice([0, 0, T // 2])
            index += 1
        built.append({"id": f"t{number:02d}", "name": f"Track {number}", "type": track_type, "elements": items})
    main, rest = built[0], built[1:]
    return {
        "format": "neuralcut-project",
        "version": 1,
        "metadata": {
            "id": "bench",
            "name": "Benchmark",
            "createdAt": "2026-11-30T10:00:00Z",
            "updatedAt": "2026-11-30T10:00:00Z",
        },
        "settings": {"fps": {"numerator": 30, "denominator": 1}, "canvasSize": {"width": 1920, "height": 1080}},
        "mediaAssets": [
            {"id": "a-video", "name": "clip.mp4", "type": "video", "path": "media/clip.mp4", "duration": 10.0},
            {"id": "a-audio", "name": "music.mp3", "type": "audio", "path": "media/music.mp3", "duration": 10.0},
        ],
        "scenes": [
            {
                "id": "s",
                "name": "Main",
                "isMain": True,
                "tracks": {
                    "overlay": [t for t in rest if t["type"] != "audio"],
                    "main": main,
                    "audio": [t for t in rest if t["type"] == "audio"],
                },
            }
        ],
        "currentSceneId": "s",
    }


def write_project(path: Path, elements: int = 20_000, tracks: int = 12) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(make_project(elements, tracks), indent=2) + "\n")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--elements", type=int, default=20_000)
    parser.add_argument("--tracks", type=int, default=12)
    args = parser.parse_args()
    write_project(args.path, args.elements, args.tracks)
    print(f"wrote {args.path} ({args.path.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
