"""Plans with canned tool results: which calls a request makes, in order,
and what the reply says, without running any tool.

The canned results (``fixtures/mock_results.json``) are what the real tools
answer on ``fixtures/mock_project.json``; ``test_the_canned_results_are_current``
keeps them so.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from paths import FIXTURES

from neuralcut_cli.agent.backends.mock.listing import vocab_of
from neuralcut_cli.agent.backends.mock.parse import parse
from neuralcut_cli.agent.backends.mock.plans import run_request
from neuralcut_cli.agent.backends.mock.replay import Context, NeedCall, Replay
from neuralcut_cli.agent.context import build_context
from neuralcut_cli.agent.types import ToolCall, ToolResult
from neuralcut_cli.project.edit_session import ProjectSession
from neuralcut_cli.tools import default_registry
from neuralcut_cli.tools.definition import ToolContext

CANNED: dict[str, Any] = json.loads((FIXTURES / "mock_results.json").read_text())
VOCAB = vocab_of(build_context(ProjectSession(FIXTURES / "mock_project.json")))
MUTATING = frozenset(t.name for t in default_registry().get_all() if t.mutates)  # from each declaration


def _element(element_id: str) -> dict[str, Any]:
    for track in CANNED["list_timeline"]["tracks"]:
        for element in track["elements"]:
            if element["elementId"] == element_id:
                return {**element, "trackId": track["trackId"]}
    return {"elementId": element_id, "trackId": "t-new", "start": 0.0, "end": 1.0}


def _assets(args: dict[str, Any]) -> dict[str, Any]:
    wanted = args.get("filter", "all"), args.get("type", "all")
    return {
        "assets": [
            a
            for a in CANNED["list_project_assets"]["assets"]
            if wanted[0] in ("all", "used" if a["usedInTimeline"] else "unused") and wanted[1] in ("all", a["type"])
        ]
    }


def answer(name: str, args: dict[str, Any]) -> dict[str, Any]:
    """What a tool would answer: the canned listings, or what the tool says after such an edit."""
    if name in ("list_timeline", "list_effects", "get_effect", "load_asset_context"):
        return CANNED[name]
    if name == "list_stickers":
        return {
            "stickers": [s for s in CANNED[name]["stickers"] if s["provider"] == args.get("provider", s["provider"])]
        }
    if name == "list_project_assets":
        return _assets(args)
    if name == "split":
        return {"success": True, "affectedElements": ["e-new"]}
    if name == "remove_range":
        return {
            "success": True,
            "deletedElements": ["e-star"],
            "cutElements": [],
            "movedElements": [{"elementId": "e-beach", "start": 3.0}] if args["ripple"] else [],
        }
    if name == "move_timeline_elements":
        first = min(_element(e)["start"] for e in args["elementIds"])
        return {
            "success": True,
            "movedElements": [
                {
                    **(e := _element(i)),
                    "start": e["start"] - first + args["start"],
                    "end": e["end"] - first + args["start"],
                }
                for i in args["elementIds"]
            ],
        }
    if name == "update_timeline_element_timing":
        e = _element(args["elementId"])
        start = args.get("start", e["start"])
        duration = args.get("duration", e["end"] - e["start"])
        return {
            "success": True,
            "elementId": e["elementId"],
            "trackId": e["trackId"],
            "start": start,
            "end": start + duration,
            "duration": duration,
        }
    if name == "transcribe_video":
        return {"assetId": args["assetId"], "language": "en", "text": "...", "segments": []}
    if name == "find_in_transcript":
        said = {
            "welcome": [
                {"elementId": "e-intro", "start": 0.5, "end": 0.9, "text": "Welcome"},
                {"elementId": "e-city", "start": 15.0, "end": 15.4, "text": "welcome"},
            ],
            "let me start again": [{"elementId": "e-beach", "start": 7.0, "end": 8.2, "text": "let me start again"}],
        }
        return {"query": args["query"], "matches": said.get(args["query"], []), "untranscribed": []}
    if name == "style_captions":
        return {"success": True, "style": args["style"], "captions": 12}
    if name == "set_aspect_ratio":
        moved = [{"elementId": "e-logo", "what": "kept in the top-right corner"}]
        return {"success": True, "ratio": args["ratio"], "width": 1080, "height": 1920, "was": {}, "moved": moved}
    if name == "reframe":
        clip = {"elementId": "e-intro", "scale": 3.16, "keys": 4, "faceSeen": 0.9, "shots": 1}
        return {"success": True, "follow": args["follow"], "clips": [clip]}
    if name == "remove_retakes":
        take = {"start": 3.0, "end": 6.5, "text": "Today we are going to talk about Sorry, let me start again.",
                "cue": "let me start again"}  # fmt: skip
        return {"success": True, "retakes": [take], "removed": [take], "secondsSaved": 3.5, "untranscribed": []}
    if name in ("cut_words", "remove_filler_words"):
        return {"success": True, "removed": [{"start": 7.0, "end": 8.2, "text": "x"}], "secondsSaved": 1.2}
    if name == "add_captions":
        return {"success": True, "trackId": "t-captions", "captions": 12, "untranscribed": []}
    if name == "import_subtitles":
        return {"success": True, "trackId": "t-captions", "captions": 3}
    if name == "export_captions":
        return {"success": True, "file": args["file"], "captions": 3}
    if name == "remove_silences":
        return {
            "success": True,
            "removed": [{"start": 1.15, "end": 1.85}, {"start": 5.15, "end": 6.35}],
            "secondsSaved": 1.9,
        }
    if name == "duck":
        return {"success": True, "ducked": args["musicElementIds"], "depth": args.get("depth", 12)}
    if name == "normalize_loudness":
        return {
            "success": True,
            "platform": "YouTube",
            "targetLufs": args.get("targetLufs", -14),
            "truePeakDb": -1,
            "recordings": [
                {"assetId": "a-talk", "name": "talk.mp4", "pieces": 2, "measuredLufs": -20.5, "gainDb": 6.5},
                {
                    "assetId": "a-song",
                    "name": "song.mp3",
                    "pieces": 1,
                    "measuredLufs": -9,
                    "gainDb": -5,
                    "limited": True,
                },
            ],
            "skipped": [{"elementId": "e-city", "reason": "silent"}],
            "elements": [
                {"elementId": "e-intro", "measuredLufs": -20.5, "gainDb": 6.5},
                {"elementId": "e-outro", "measuredLufs": -20.5, "gainDb": 6.5},
                {"elementId": "e-song", "measuredLufs": -9, "gainDb": -5},
            ],
        }
    if name == "split_at_scenes":
        return {
            "success": True,
            "cuts": [{"elementId": e, "times": [2.0]} for e in args["elementIds"]],
            "affectedElements": [f"{e}-2" for e in args["elementIds"]],
        }
    if name == "add_clip_effect":
        return {
            "success": True,
            "added": [{"elementId": e, "effectId": f"fx-{e}"} for e in args["elementIds"]],
            "effectType": args["effectType"],
            "appliedParams": args.get("params", {}),
        }
    if name == "apply_effect":
        return {"elementId": "e-new", "trackId": "t-fx", "appliedParams": args.get("params", {})}
    if name == "update_effect":
        return {"success": True, "elementId": args["elementId"], "appliedParams": args.get("params", {})}
    if name == "get_element":
        e = _element(args["elementId"])
        sound = {"volume": -6.0 if e["volume"] < 1 else 0.0, "muted": e["muted"]} if "volume" in e else {}
        kind = {"name": e.get("name", ""), "type": e.get("type", "video")}
        shape = {**kind, "duration": e["end"] - e["start"], "trimStart": 0.5, "trimEnd": 0.0}
        return {**e, **sound, **shape, "speed": 1.0, "opacity": 100}
    if name == "delete_timeline_elements":
        return {"success": True, "deletedElements": args["elementIds"]}
    if name == "update_clip":
        return {"success": True, "elementId": args["elementId"], "applied": {k: v for k, v in args.items()
                                                                            if k != "elementId"}}  # fmt: skip
    if name == "set_volume":
        return {"success": True, "volume": args["volume"]}
    if name == "set_speed":
        lengths = {e: (_element(e)["end"] - _element(e)["start"]) / args["rate"] for e in args["elementIds"]}
        return {"success": True, "elements": [{"elementId": e, "duration": d} for e, d in lengths.items()]}
    if name == "duplicate_elements":
        return {
            "success": True,
            "duplicated": [{"elementId": f"{e}-copy", "trackId": "t-new"} for e in args["elementIds"]],
        }
    if name == "close_gaps":
        return {
            "success": True,
            "trackId": args.get("trackId", "t-main"),
            "movedElements": [{"elementId": "e-city", "start": 12.0}],
        }
    if name in ("toggle_track_mute", "toggle_track_visibility"):
        track = next(t for t in CANNED["list_timeline"]["tracks"] if t["trackId"] == args["trackId"])
        key = "muted" if name == "toggle_track_mute" else "hidden"
        return {"success": True, "trackId": args["trackId"], key: not track.get(key, False)}
    if name in ("undo", "redo"):
        return {"success": True, "undone" if name == "undo" else "redone": {"request": "the request"}}
    return {"success": True, "elementId": "e-new", "trackId": "t-new"}


def drive(text: str, fail: dict[str, tuple[int, str]] | None = None) -> tuple[list[str], str, bool]:
    """Run ``text``'s plans to the end: ``(calls as 'name {args}', reply, failed)``.

    ``fail`` maps a tool name to ``(n, error)``: its calls after the first ``n`` answer ``{"error": error}``.
    """
    parsed = parse(text, VOCAB)
    if parsed.refusal is not None:
        return [], parsed.refusal, True
    recorded: list[tuple[ToolCall, ToolResult]] = []
    while True:
        try:
            reply, failed = run_request(parsed.intents, Replay(recorded, MUTATING), Context(assets=VOCAB.assets))
        except NeedCall as need:
            call = ToolCall(name=need.call.name, args=need.call.args)
            made = sum(1 for c, _ in recorded if c.name == call.name)
            after, error = (fail or {}).get(call.name, (None, ""))
            output = {"error": error} if after is not None and made >= after else answer(call.name, call.args)
            recorded.append((call, ToolResult(tool_call_id=call.id, name=call.name, result=output)))
            continue
        return [_shown(c) for c, _ in recorded], reply, failed


def _shown(call: ToolCall) -> str:
    return f"{call.name} {json.dumps(call.args, sort_keys=True)}" if call.args else call.name


LT = "list_timeline"
PLANS = [  # request, the calls it makes in order, words its reply must contain
    (
        'rename the beach clip to "Sunset"',
        [LT, 'update_clip {"elementId": "e-beach", "name": "Sunset"}'],
        "Renamed e-beach",
    ),
    ('rename the music track to "Score"', [], "a track's name is not something the tools change"),
    ("hi", [], "Hi! Tell me an edit, e.g. 'split at 5s'"),
    ("Hello there!", [], "'help' lists the rest"),
    ("thanks!", [], "You're welcome. Say 'undo' to take back the last change"),
    ("thank you so much", [], "You're welcome."),
    ("split at 2.5s and 7s", ['split {"times": [2.5, 7.0]}'], "Split at 00:02.50, 00:07.00"),
    ("split at frame 120", ['split {"times": [4.0]}'], "00:04.00"),
    ("cut the beach clip in half", [LT, 'split {"elementIds": ["e-beach"], "times": [10.0]}'], "only e-beach"),
    ("split when the second clip begins", [LT, 'split {"times": [6.0]}'], "00:06.00"),
    ("split the beach clip at 20s", [LT], "00:20.00 is not inside e-beach"),
    ("delete from 3s to 6s", ['remove_range {"end": 6.0, "ripple": false, "start": 3.0}'], "The gap stays"),
    (
        "cut out 3 to 6s and close the gap",
        ['remove_range {"end": 6.0, "ripple": true, "start": 3.0}'],
        "closed the gap (1 piece taken out, 1 element moved 3 s earlier)",
    ),
    (
        "delete the city clip and close the gap",
        [LT, 'delete_timeline_elements {"elementIds": ["e-city"], "ripple": true}'],
        "Closed the gaps",
    ),
    (
        "delete the title and the caption",
        [LT, 'delete_timeline_elements {"elementIds": ["e-title", "e-caption"]}'],
        "Deleted e-title",
    ),
    ("delete all the text", [LT, 'delete_timeline_elements {"elementIds": ["e-title", "e-caption"]}'], "e-caption"),
    (
        "move the logo 2 seconds later",
        [LT, 'move_timeline_elements {"elementIds": ["e-logo"], "start": 4.0}'],
        "00:04.00–00:22.00",
    ),
    (
        "move the logo to when the city clip starts",
        [LT, 'move_timeline_elements {"elementIds": ["e-logo"], "start": 14.0}'],
        "e-logo",
    ),
    (
        "move the caption right after the title",
        [LT, 'move_timeline_elements {"elementIds": ["e-caption"], "start": 3.0}'],
        "00:03.00",
    ),
    ("move the title 5 seconds earlier", [LT], "before 0"),
    (
        "put the caption at the top",
        [LT, 'update_text {"elementId": "e-caption", "position": "top", "trackId": "t-text"}'],
        "top of the frame",
    ),
    (
        "make the logo 3 seconds shorter",
        [LT, 'update_timeline_element_timing {"duration": 15.0, "elementId": "e-logo"}'],
        "15 s",
    ),
    (
        "trim 1 second off the start of the caption",
        [LT, 'update_timeline_element_timing {"elementId": "e-caption", "end": 13.0, "start": 11.0}'],
        "00:11.00",
    ),
    (
        "extend the logo to the end",
        [LT, 'update_timeline_element_timing {"elementId": "e-logo", "end": 20.0}'],
        "e-logo",
    ),
    (
        "make the music a bit quieter",
        [LT, 'set_volume {"elementId": "e-music", "trackId": "t-audio", "volume": 0.354681}'],
        "35%",
    ),  # -6 dB, 3 dB more
    (
        "drop the music by 10 dB",
        [LT, 'set_volume {"elementId": "e-music", "trackId": "t-audio", "volume": 0.15843}'],
        "16%",
    ),
    (
        "make the intro louder",
        [LT, 'update_clip {"elementId": "e-intro", "volume": 6.0}'],
        "+6.0 dB (above its own level",
    ),  # issue 29: gain above 0 dB exists in the file format (to +20 dB)
    (
        "mute the intro and the beach clip",
        [
            LT,
            'set_volume {"elementId": "e-intro", "trackId": "t-main", "volume": 0.0}',
            'set_volume {"elementId": "e-beach", "trackId": "t-main", "volume": 0.0}',
        ],
        "Muted e-beach",
    ),
    ("mute the title", [LT], "needs an audio or video element"),
    (
        'replace "Day one" with "Day two"',
        [LT, 'update_text {"elementId": "e-title", "text": "Day two", "trackId": "t-text"}'],
        'from "Day one"',
    ),
    (
        'add a caption "Waves" over the beach clip',
        [LT, 'add_text {"end": 14.0, "position": "bottom", "start": 6.0, "style": "subtitle", "text": "Waves"}'],
        "subtitle",
    ),
    (
        'add "Subscribe!" at the end for 2 seconds',
        [LT, 'add_text {"end": 20.0, "position": "center", "start": 18.0, "text": "Subscribe!"}'],
        "00:18.00",
    ),
    (
        "add the outtake at the end",
        [LT, 'add_media_to_timeline {"assetId": "a-outtake", "startTime": 20.0, "trackType": "main"}'],
        "outtake.mp4",
    ),
    (
        "add the flag of Japan bottom-left for 3 seconds",
        [LT, 'add_sticker {"end": 3.0, "position": "bottom-left", "start": 0.0, "stickerId": "flags:JP"}'],
        "flags:JP",
    ),
    ("blur the last two seconds", [LT, 'apply_effect {"effectType": "blur", "end": 20.0, "start": 18.0}'], "blur"),
    (
        "make the beach clip black and white",
        [LT, 'add_clip_effect {"effectType": "grayscale", "elementIds": ["e-beach"]}'],
        "a clip effect",
    ),
    ("blur the logo", [LT, 'add_clip_effect {"effectType": "blur", "elementIds": ["e-logo"]}'], "Added blur to e-logo"),
    ("blur the title", [LT], "cannot apply to e-title"),  # a text takes no clip effect; an effect is everything
    (
        "pixelate the last 2 seconds",
        [LT, 'apply_effect {"effectType": "pixelate", "end": 20.0, "start": 18.0}'],
        "pixelate",
    ),
    ("make the fade longer", [LT], "There is no fade yet"),
    ("make the captions highlight the spoken word", ['style_captions {"style": "highlight"}'], "Restyled 12 captions"),
    (
        "make it vertical for shorts",  # issue 39: the shape, then the clips filling it, following the speaker
        ['set_aspect_ratio {"ratio": "9:16"}', 'reframe {"follow": "face"}'],
        "The frame is 9:16 now (1080x1920): e-logo kept in the top-right corner. The clips fill it, following the"
        " speaker's face (seen in 90% of the moments looked at;",
    ),
    (
        "remove the retakes",  # issue 38: the earlier take goes with the words that announce it
        [
            LT,
            'transcribe_video {"assetId": "a-intro"}',
            'transcribe_video {"assetId": "a-beach"}',
            'transcribe_video {"assetId": "a-city"}',
            "remove_retakes",
        ],
        'Removed 1 earlier take (3.5 s): 00:03.00–00:06.50 "Today we are going to talk about Sorry, let me start'
        " again.\" (announced by 'let me start again').",
    ),
    (
        "duck the music under the talk",  # the main track's heard clips (issue 37)
        [LT, 'duck {"musicElementIds": ["e-music"], "underElementIds": ["e-intro", "e-beach", "e-city"]}'],
        "Ducked",
    ),
    (
        "remove the silences and cut the music too",  # a track chosen to be cut like the picture (issue 37)
        [LT, 'remove_silences {"cutTrackIds": ["t-audio"]}'],
        "Removed 2 silent stretches",
    ),
    (
        "remove the silences but leave the titles where they are",
        [LT, 'remove_silences {"keepTrackIds": ["t-text"]}'],
        "Removed 2 silent stretches",
    ),
    (
        "cut the dead air but leave a little breathing room",
        ['remove_silences {"padding": 0.3}'],
        "Removed 2 silent stretches of 0.5 s or more (1.9 s saved, 0.3 s kept at each edge): 00:01.15–00:01.85",
    ),
    (
        "make it as loud as YouTube wants",
        ['normalize_loudness {"platform": "youtube"}'],
        "Levelled for YouTube (-14 LUFS, true peak held at most -1 dBTP by a limiter): talk.mp4 (2 pieces) measured"
        " -20.5 LUFS: +6.5 dB on every piece; song.mp3 (1 piece) measured -9 LUFS: -5 dB on every piece. Left alone"
        " (silent): e-city.",
    ),
    (
        "add captions",
        [
            LT,
            'transcribe_video {"assetId": "a-intro"}',
            'transcribe_video {"assetId": "a-beach"}',
            'transcribe_video {"assetId": "a-city"}',
            "add_captions",
        ],
        "Added 12 captions",
    ),
    (
        'cut the part where I say "let me start again"',
        [
            LT,
            'transcribe_video {"assetId": "a-intro"}',
            'transcribe_video {"assetId": "a-beach"}',
            'transcribe_video {"assetId": "a-city"}',
            'find_in_transcript {"query": "let me start again"}',
            'cut_words {"elementId": "e-beach", "occurrence": "all", "text": "let me start again"}',
        ],
        'Cut "let me start again" (1 time)',
    ),
    (
        'cut the part where I say "welcome"',
        [
            LT,
            'transcribe_video {"assetId": "a-intro"}',
            'transcribe_video {"assetId": "a-beach"}',
            'transcribe_video {"assetId": "a-city"}',
            'find_in_transcript {"query": "welcome"}',
        ],
        "'welcome' is said 2 times (00:00.50, 00:15.00); say 'every time'",
    ),
    (
        "where do I say welcome?",
        [
            LT,
            'transcribe_video {"assetId": "a-intro"}',
            'transcribe_video {"assetId": "a-beach"}',
            'transcribe_video {"assetId": "a-city"}',
            'find_in_transcript {"query": "welcome"}',
        ],
        "'welcome' is said 2 times: 00:00.50–00:00.90 (e-intro)",
    ),
    ("import subs.srt", ['import_subtitles {"file": "subs.srt"}'], "Imported 3 captions from subs.srt"),
    ("export the captions", ['export_captions {"file": "captions.srt"}'], "Wrote 3 captions to captions.srt"),
    (
        "split at every shot change",
        [LT, 'split_at_scenes {"elementIds": ["e-intro", "e-beach", "e-city"]}'],
        "e-intro at 00:02.00",
    ),
    (
        "make the blur weaker",
        [LT, 'update_effect {"elementId": "e-blur", "params": {"intensity": 11}}'],
        "intensity=11",
    ),
    (
        "make the vignette stronger",
        [LT, 'update_effect {"elementId": "e-vignette", "params": {"radius": 59}}'],
        "radius=59",
    ),  # a stronger vignette is a smaller radius
    ("set the vignette to 50", [LT], "radius or softness"),
    ("how many stickers are on the timeline", [LT], "1 sticker element: e-star"),
    ("how long is the second clip?", [LT], "lasts 00:08.00"),
    ("what's on screen at 5s?", [LT], "e-star"),
    ("list the flags", ['list_stickers {"provider": "flags"}'], "1 sticker: flags:JP"),
    (
        "is there footage I haven't put in yet?",
        ['list_project_assets {"filter": "unused", "type": "video"}'],
        "outtake.mp4",
    ),
    ("what effects are applied?", [LT], "(radius 75, softness 35)"),
    ("show the blur parameters", ['get_effect {"effectType": "blur"}'], "Default: 15"),
    ("what's in the beach clip?", [LT, 'load_asset_context {"assetId": "a-beach"}'], "Waves roll"),
    ("is the music muted?", [LT, 'get_element {"elementId": "e-music"}'], "not muted, volume -6.0 dB"),
    ("what does the title say?", [LT, 'get_element {"elementId": "e-title"}'], 'it says "Day one"'),
    ("what effect is on the beach clip?", [LT], "over e-beach (video beach.mp4, 00:06.00–00:14.00): e-vignette"),
    ("is there any text at 12s?", [LT], 'At 00:12.00: e-caption "Sunset"'),
    ("is there any text at 5s?", [LT], "No text element at 00:05.00"),
    ("hide the logo track", [LT, 'toggle_track_visibility {"trackId": "t-logo"}'], "Hid the Logo track."),
    ("show the logo track", [LT], "The Logo track is not hidden; nothing to change"),
    ("mute the audio track", [LT, 'toggle_track_mute {"trackId": "t-audio"}'], "Muted the Music track."),
    (
        "mute the overlay track",
        [LT],
        "'the overlay track' could be the Stickers track or the Logo track; say which by name",
    ),
    ("hide the logo", [LT, 'update_clip {"elementId": "e-logo", "hidden": true}'], "Hid e-logo"),
    ("duplicate the title", [LT, 'duplicate_elements {"elementIds": ["e-title"]}'], "e-title-copy"),
    ("make the logo half transparent", [LT, 'update_clip {"elementId": "e-logo", "opacity": 50.0}'], "50% opacity"),
    ("make the photo half transparent", [LT], "There is no photo on the timeline"),  # logo.png is no photo
    ("delete the caption", [LT, 'delete_timeline_elements {"elementIds": ["e-caption"]}'], "Deleted"),
    (
        "play the intro at half speed",
        [LT, 'set_speed {"elementIds": ["e-intro"], "rate": 0.5, "ripple": true}'],
        "what came after moved 6 s later with it",
    ),
    (
        "speed up the beach clip 2x",
        [LT, 'set_speed {"elementIds": ["e-beach"], "rate": 2.0}'],
        "lasts 4 s; it left 4 s free after it",
    ),
    ("play the title at double speed", [LT], "needs an audio or video element"),
    ("remove the gaps", ["close_gaps"], "Closed the gaps on t-main: 1 element moved left"),
    ("close the gaps on the audio track", [LT, 'close_gaps {"trackId": "t-audio"}'], "t-audio"),
    (
        "trim 1 second off the start of the city clip",
        [LT, 'get_element {"elementId": "e-city"}', 'update_clip {"elementId": "e-city", "trimStart": 1.5}'],
        "in point 1.5 s into its source",
    ),
    ("go back three steps", ["undo", "undo", "undo"], "Undid"),
    ("delete the star then undo", [LT, 'delete_timeline_elements {"elementIds": ["e-star"]}', "undo"], "Undid"),
    (
        "mute the music; delete the title",
        [
            LT,
            'set_volume {"elementId": "e-music", "trackId": "t-audio", "volume": 0.0}',
            LT,
            'delete_timeline_elements {"elementIds": ["e-title"]}',
        ],
        "Muted e-music",
    ),
]


FAILS = {
    'rename the music track to "Score"',
    'cut the part where I say "welcome"',
    "make the photo half transparent",
    "mute the overlay track",
    "play the title at double speed",
    "blur the title",
    "make the fade longer",
    "split the beach clip at 20s",
    "move the title 5 seconds earlier",
    "mute the title",
    "set the vignette to 50",
}  # the plan stops with a reason, before any edit


@pytest.mark.parametrize(("text", "calls", "said"), PLANS, ids=[p[0] for p in PLANS])
def test_plan(text: str, calls: list[str], said: str) -> None:
    made, reply, failed = drive(text)
    assert made == calls
    assert said in reply
    assert failed == (text in FAILS)


def test_a_chain_that_fails_midway_is_undone_and_says_which_part() -> None:
    made, reply, failed = drive("mute the music then delete the title", fail={"delete_timeline_elements": (0, "boom")})
    assert failed and made[-1] == "undo" and made.count("undo") == 1
    assert 'part 2 of 2, "delete the title"' in reply and "boom" in reply and "as it was" in reply


def test_a_failure_before_any_edit_needs_no_undo() -> None:
    made, reply, failed = drive("mute the music then delete the title", fail={"set_volume": (0, "no audio")})
    assert failed and "undo" not in made and "no audio" in reply and "as it was" not in reply


def test_a_range_removal_that_fails_is_reported_and_nothing_is_undone() -> None:
    made, reply, failed = drive("delete from 3s to 6s", fail={"remove_range": (0, "locked")})
    assert failed and made == ['remove_range {"end": 6.0, "ripple": false, "start": 3.0}'] and "locked" in reply


def test_an_empty_range_is_said_and_changes_nothing() -> None:
    made, reply, failed = drive("delete from 3s to 6s", fail={"remove_range": (0, "Nothing lies in that range")})
    assert not failed and "nothing was removed" in reply


def test_undo_counted_stops_when_history_runs_out() -> None:
    made, reply, failed = drive("undo 3 times", fail={"undo": (2, "Nothing to undo")})
    assert made == ["undo", "undo", "undo"] and not failed and "only 2 of 3" in reply


def test_a_chain_that_fails_after_an_undo_redoes_it_so_nothing_changed() -> None:
    made, reply, failed = drive("undo then delete the title", fail={"delete_timeline_elements": (0, "boom")})
    assert failed and made[0] == "undo" and made[-1] == "redo" and made.count("undo") == 1
    assert "boom" in reply and "as it was" in reply


def test_undo_and_undo_with_one_step_to_undo_takes_the_first_back() -> None:
    made, reply, failed = drive("undo and undo", fail={"undo": (1, "Nothing to undo")})
    assert failed and made == ["undo", "undo", "redo"] and "as it was" in reply


def test_an_edit_after_an_undo_keeps_the_chain_and_says_so() -> None:
    """The edit dropped what the undo could redo: what was done stays, and the reply says it."""
    fail = {"delete_timeline_elements": (0, "boom")}
    made, reply, failed = drive("undo, then mute the music, then delete the title", fail=fail)
    assert failed and "redo" not in made and made.count("undo") == 1 and "stay done" in reply


def test_the_replay_notices_a_conversation_it_did_not_make() -> None:
    parsed = parse("mute the music", VOCAB)
    wrong = [(ToolCall(name="split", args={}), ToolResult(tool_call_id="x", name="split", result={"success": True}))]
    reply, failed = run_request(parsed.intents, Replay(wrong, MUTATING), Context(assets=VOCAB.assets))
    assert failed and "lost track" in reply


def test_the_canned_results_are_current() -> None:
    """What the real tools answer on the fixture (the canned listings must not drift from it)."""
    registry = default_registry()
    session = ProjectSession(FIXTURES / "mock_project.json", dry_run=True)
    for name in ("list_timeline", "list_project_assets"):
        assert registry.execute(name, {}, ToolContext(session)) == CANNED[name]
    stickers = registry.execute("list_stickers", {}, ToolContext(session))["stickers"]
    assert all(s in stickers for s in CANNED["list_stickers"]["stickers"])
    assert registry.execute("get_effect", {"effectType": "blur"}, ToolContext(session)) == CANNED["get_effect"]
