"""Plans that put something new on the timeline: text, media, stickers, effects."""

from __future__ import annotations

import re

from neuralcut_cli.agent.backends.mock.phrases import Phrase
from neuralcut_cli.agent.backends.mock.plans_edit import pick
from neuralcut_cli.agent.backends.mock.resolve import find_asset
from neuralcut_cli.agent.backends.mock.runner import Failed, Runner
from neuralcut_cli.agent.backends.mock.words import (
    corner,
    span,
    text_position,
    text_style,
)
from neuralcut_cli.catalogs.countries import COUNTRIES
from neuralcut_cli.catalogs.stickers import SHAPE_ALIASES, SHAPES
from neuralcut_cli.time import timecode_of_seconds

PARAM_WORDS = ("intensity", "radius", "softness", "brightness", "contrast", "saturation", "strength", "amount")
EFFECT_KEYWORDS = [
    (r"black and white|b&w|black-and-white|grayscale|greyscale|monochrome|gr[ae]y", "grayscale"),
    (r"sepia|vintage|old photo|old-timey", "sepia"),
    (r"invert|negative", "invert"),
    (r"vignette|dark edges", "vignette"),
    (r"saturat|vivid|vibrant", "saturation"),
    (r"bright|dark|contrast|exposure", "brightness-contrast"),
    (r"blur|blurry|defocus|out of focus|soften", "blur"),
]


def effect_in(p: Phrase) -> str | None:
    for pattern, effect_type in EFFECT_KEYWORDS:
        if re.search(rf"\b(?:{pattern})", p.text):
            return effect_type
    return None


def plan_add_text(p: Phrase, run: Runner) -> str:
    text = p.quote(0)
    if not text:
        raise Failed('What should it say? Put the text in quotes: add text "Hello" from 0 to 3s.')
    style = text_style(p)
    default_position = {"subtitle": "bottom", "hook": "center"}.get(style or "", "center")
    if p.has(r"\btitles?\b"):
        default_position = "top"
    start, end = span(p, run)
    args = {"text": text, "start": start, "end": end, "position": text_position(p, default_position)}
    if style:
        args["style"] = style
    result = run.call("add_text", args)
    return (f'Added {style or "text"} "{text}" at the {args["position"]}, {timecode_of_seconds(start)}–{timecode_of_seconds(end)} '
            f'({result["elementId"]} on {result["trackId"]}).')


def plan_add_media(p: Phrase, run: Runner, ref: str) -> str:
    asset = find_asset(ref, run.assets(), p.quotes)
    kind = asset.get("type")
    if kind == "audio":
        track_type = "audio"
    elif p.has(r"\b(overlay|on top|above|over the|picture in picture|pip)\b"):
        track_type = "overlay"
    elif p.has(r"\bmain\b") or kind == "video":
        track_type = "main"
    else:
        track_type = "overlay"
    start = p.after(r"at|from|starting at")
    found = p.range()
    length = p.duration()
    if found:
        start, length = found[0], found[1] - found[0]
    if start is None:
        start = _append_point(run, track_type) if track_type == "main" or p.has(r"\bat the end\b") else run.playhead
    args = {"assetId": asset["id"], "startTime": start, "trackType": track_type}
    if length is not None:
        args["duration"] = length
    result = run.call("add_media_to_timeline", args)
    return (f"Added {asset.get('name') or asset['id']} to the {track_type} track at {timecode_of_seconds(start)} "
            f"({result['elementId']} on {result['trackId']}).")


def _append_point(run: Runner, track_type: str) -> float:
    ends = [e.end for e in run.timeline() if e.track_type == track_type]
    return max(ends, default=0.0)


def sticker_id(p: Phrase) -> str:
    after = re.search(r"\bflags?\s+(?:of\s+)?(?:the\s+)?([a-z][a-z .'-]*)", p.text)
    before = re.search(r"([a-z][a-z .'-]*?)\s+flags?\b", p.text)
    candidates = []
    if after:  # "flag of south korea at the top": the longest leading run of words that names a country
        words = after.group(1).split()
        candidates += [" ".join(words[:n]) for n in range(min(4, len(words)), 0, -1)]
    if before:  # "an argentina flag": the shortest trailing run
        words = before.group(1).split()
        candidates += [" ".join(words[-n:]) for n in range(1, min(4, len(words)) + 1)]
    for candidate in candidates:
        code = _country(candidate)
        if code:
            return f"flags:{code}"
    for word in re.findall(r"[a-z]+", p.text):
        key = SHAPE_ALIASES.get(word.rstrip("s"), word.rstrip("s"))
        if key in SHAPES:
            return f"shapes:{key}"
    raise Failed("Which sticker? Shapes: " + ", ".join(SHAPES) + "; or a flag, e.g. 'the flag of Japan'.")


def _country(text: str | None) -> str | None:
    if not text:
        return None
    text = re.sub(r"^(a|an|the)\s+", "", text.strip())
    if len(text) == 2 and text.upper() in COUNTRIES:
        return text.upper()
    for code, name in COUNTRIES.items():
        if name.lower() == text or name.lower().startswith(text + " ") or text in {name.lower().split(",")[0]}:
            return code
    aliases = {"usa": "US", "us": "US", "america": "US", "uk": "GB", "britain": "GB", "england": "GB",
               "korea": "KR", "russia": "RU", "holland": "NL"}
    return aliases.get(text)


def plan_add_sticker(p: Phrase, run: Runner) -> str:
    sticker = sticker_id(p)
    start, end = span(p, run)
    position = corner(p)
    result = run.call("add_sticker", {"stickerId": sticker, "start": start, "end": end, "position": position})
    when = f"{timecode_of_seconds(start)}–{timecode_of_seconds(end)}"
    return f"Added sticker {sticker} at {position}, {when} ({result['elementId']} on {result['trackId']})."


def params_in(p: Phrase, effect_type: str) -> dict[str, float]:
    """``with intensity 60``, ``radius=50``, ``brightness of 0.3``; ``strength``/``amount`` mean the main one."""
    main = {"blur": "intensity", "grayscale": "intensity", "sepia": "intensity", "invert": "intensity",
            "saturation": "saturation", "vignette": "radius", "brightness-contrast": "brightness"}[effect_type]
    found: dict[str, float] = {}
    for key, value in re.findall(rf"\b({'|'.join(PARAM_WORDS)})\s*(?:=|:|of|to|at)?\s*(-?\d*\.?\d+)", p.text):
        found[main if key in ("strength", "amount") else key] = float(value) if "." in value else int(value)
    if not found and effect_type == "brightness-contrast":
        if p.has(r"\b(brighten|brighter)\b"):
            found["brightness"] = 0.3
        elif p.has(r"\b(darken|darker)\b"):
            found["brightness"] = -0.3
        elif p.has(r"\b(increase|more|boost|raise|higher|add)\b.*\bcontrast\b"):
            found["contrast"] = 1.3
        elif p.has(r"\b(decrease|less|reduce|lower)\b.*\bcontrast\b"):
            found["contrast"] = 0.7
    if not found:
        bare = re.search(r"\bto\s+(-?\d*\.?\d+)\b(?!\s*(?:s|sec|seconds?)\b)", p.text)
        if bare:
            found[main] = float(bare.group(1)) if "." in bare.group(1) else int(bare.group(1))
    return found


def plan_apply_effect(p: Phrase, run: Runner, effect_type: str) -> str:
    params = params_in(p, effect_type)
    start, end = span(p, run, default_length=None, whole_timeline=True)
    args = {"effectType": effect_type, "start": start, "end": end}
    if params:
        args["params"] = params
    result = run.call("apply_effect", args)
    shown = ", ".join(f"{k}={v}" for k, v in result["appliedParams"].items())
    when = f"from {timecode_of_seconds(start)} to {timecode_of_seconds(end)}"
    return f"Applied {effect_type} ({shown}) {when} ({result['elementId']} on {result['trackId']})."


def plan_update_effect(p: Phrase, run: Runner, effect_type: str) -> str:
    params = params_in(p, effect_type)
    if not params:
        raise Failed(f"Which parameter of {effect_type}? Try 'show the {effect_type} parameters'.")
    found = [e for e in pick(f"the {effect_type}", p, run, many=True) if e.data.get("effectType") == effect_type]
    merged = {}
    for element in found:
        merged = run.call("update_effect", {"elementId": element.id, "params": params})["appliedParams"]
    shown = ", ".join(f"{k}={v}" for k, v in merged.items())
    return f"Updated {', '.join(e.id for e in found)}: {shown}."
