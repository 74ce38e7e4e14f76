"""Plans that only look: help, listings, effect parameters, undo and redo."""

from __future__ import annotations

from typing import Any

from neuralcut_cli.agent.backends.mock.phrases import Phrase
from neuralcut_cli.agent.backends.mock.runner import Failed, Runner
from neuralcut_cli.time import timecode_of_seconds

HELP = """I understand requests like these (times: 5, 5s, 2.5s, 1:02.5, 00:01:02.500, 90f, 1m30s):
  list the timeline · what's on the timeline? · list assets · show unused videos
  split at 5s · cut at 00:05 · split at 2.5s and 7s
  delete the title · remove the text "Day one" · delete <element id>
  delete from 3s to 6s · remove 3-6s · cut the last 2 seconds
  move the logo to 12s · move <element id> to 4s on <track id> · move the title to the bottom
  add text "Hello" from 0 to 3s at the top · add a subtitle "Hi there" 5s-8s · add hook "Wait for it" at the center from 1s to 2.5s
  change the title text to "Day two"
  add logo.png at 10s on the overlay for 4s · add music.mp3 to audio at 0s
  make the photo last 10 seconds · make <element id> end at 8s
  set the music volume to 50% · mute the music
  add a star sticker top-right from 2s to 4s · add the flag of Japan bottom-left for 3 seconds
  what effects are there? · show the blur parameters · blur from 2s to 5s
  apply sepia 0-3s with intensity 60 · set the blur intensity to 40 · blur the last two seconds
  undo · redo · help"""


def plan_help(p: Phrase, run: Runner) -> str:
    return HELP


def plan_list_timeline(p: Phrase, run: Runner) -> str:
    listing = run.call("list_timeline", {})
    tracks = listing["tracks"]
    count = sum(len(t["elements"]) for t in tracks)
    end = max((e["end"] for t in tracks for e in t["elements"]), default=0.0)
    lines = [f"The timeline has {count} element(s) on {len(tracks)} track(s), {timecode_of_seconds(end)} long:"]
    for track in tracks:
        items = ", ".join(_element_line(e) for e in track["elements"]) or "(empty)"
        lines.append(f"  {track['trackId']} ({track['type']}): {items}")
    return "\n".join(lines)


def _element_line(e: dict[str, Any]) -> str:
    label = f'"{e["content"]}"' if e["type"] == "text" else e.get("effectType") or e.get("name") or e["type"]
    return f"{e['elementId']} {label} {timecode_of_seconds(e['start'])}–{timecode_of_seconds(e['end'])}"


def plan_list_assets(p: Phrase, run: Runner) -> str:
    args = {}
    if p.has(r"\bunused\b|\bnot used\b|\bnot in the timeline\b"):
        args["filter"] = "unused"
    elif p.has(r"\bused\b|\bin the timeline\b|\bon the timeline\b"):
        args["filter"] = "used"
    for pattern, kind in ((r"\bvideos?\b|\bclips?\b", "video"), (r"\bimages?\b|\bphotos?\b|\bpictures?\b", "image"),
                          (r"\baudio\b|\bmusic\b|\bsongs?\b|\bsounds?\b", "audio")):
        if p.has(pattern):
            args["type"] = kind
            break
    assets = run.call("list_project_assets", args)["assets"]
    what = " ".join(x for x in (args.get("filter"), args.get("type")) if x) or "all"
    if not assets:
        return f"No assets match ({what})."
    lines = [f"{len(assets)} asset(s) ({what}):"]
    for a in assets:
        duration = f", {timecode_of_seconds(a['duration'])}" if a.get("duration") is not None else ""
        used = "used" if a["usedInTimeline"] else "unused"
        lines.append(f"  {a['id']}: {a['name']} ({a['type']}{duration}, {used})")
    return "\n".join(lines)


def plan_list_effects(p: Phrase, run: Runner) -> str:
    effects = run.call("list_effects", {})["effects"]
    lines = [f"{len(effects)} effects:"] + [f"  {e['id']}: {e['description']}" for e in effects]
    return "\n".join(lines + ["Ask e.g. 'show the blur parameters' or 'blur from 2s to 5s'."])


def plan_effect_params(p: Phrase, run: Runner, effect_type: str) -> str:
    effect = run.call("get_effect", {"effectType": effect_type})
    lines = [f"{effect['name']} ({effect['id']}): {effect['description']}"]
    lines += [f"  {param['key']}: {param['description']}" for param in effect["params"]]
    return "\n".join(lines)


def plan_list_stickers(p: Phrase, run: Runner) -> str:
    shapes = run.call("list_stickers", {"provider": "shapes"})["stickers"]
    return ("Stickers: " + ", ".join(s["id"] for s in shapes)
            + ", and flags:<country code> for 249 countries (e.g. flags:AR, flags:JP).")


def plan_history(p: Phrase, run: Runner, backwards: bool) -> str:
    name = "undo" if backwards else "redo"
    result = run.call(name, {}, allow_error=True)
    if "error" in result:
        raise Failed(result["error"] + ".")
    step = result["undone" if backwards else "redone"]
    changes = step["changes"]
    counts = ", ".join(f"{len(v)} {k}" for k, v in changes.items() if v) or "no element changes"
    verb = "Undid" if backwards else "Redid"
    return f"{verb} '{step['request']}' ({', '.join(step['tools'])}): {counts}."
