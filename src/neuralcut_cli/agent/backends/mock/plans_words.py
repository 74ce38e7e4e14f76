"""Plans for captions, filler words, phrase cuts, word search and subtitle files. The word tools read cached
transcripts; these plans ask ``transcribe_video`` first for each clip's asset (cached after the first time)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.listing import Item
from neuralcut_cli.agent.backends.mock.replay import Call, Context, Done, Failed, Plan, followed, listing, pick, tc
from neuralcut_cli.english import plural, quoted


def _spoken(refs: tuple[i.Ref, ...], ctx: Context) -> Generator[Call, dict[str, Any], list[Item]]:
    """The clips meant (default: the main track's video clips), each asset transcribed (one with no sound has an
    empty transcript)."""
    from neuralcut_cli.tools.transcribe import TranscribeArgs

    items = yield from listing()
    if refs:
        chosen = [item for ref in refs for item in pick(ref, items, ctx, ("video", "audio"), many=True)]
    else:
        chosen = [item for item in items if item.type == "video" and item.track_kind == "main"]
    if not chosen:
        raise Failed("There is no clip with speech to work on.")
    for asset in dict.fromkeys(str(item.data.get("assetId")) for item in chosen if item.data.get("assetId")):
        yield Call("transcribe_video", TranscribeArgs(asset_id=asset))
    return chosen


def plan_add_captions(intent: i.AddCaptions, ctx: Context) -> Plan:
    chosen = yield from _spoken(intent.refs, ctx)
    args: dict[str, Any] = {"elementIds": [item.id for item in chosen]} if intent.refs else {}  # else: with sound
    if intent.position:
        args["position"] = intent.position
    if intent.style:
        args["style"] = intent.style
    done = yield Call("add_captions", args)
    look = {"highlight": ", each word lit up while it is said", "social": ", big and bold", "boxed": " on a dark box"}
    return Done(
        f"Added {plural(done['captions'], 'caption')}{look.get(done.get('style', ''), '')} on a new Captions track "
        f"({done['trackId']}); they are text elements you can edit, move or restyle.",
        (done["trackId"],),
    )


def plan_style_captions(intent: i.StyleCaptions, ctx: Context) -> Plan:
    args: dict[str, Any] = {"style": intent.style}
    if intent.position:
        args["position"] = intent.position
    done = yield Call("style_captions", args)
    return Done(f"Restyled {plural(done['captions'], 'caption')} as {done['style']}.")


def plan_remove_fillers(intent: i.RemoveFillers, ctx: Context) -> Plan:
    yield from _spoken((), ctx)
    args: dict[str, Any] = {}  # the main track's clips with sound
    if intent.words:
        args["words"] = list(intent.words)
    done = yield Call("remove_filler_words", args)
    if not done["removed"]:
        return Done(f"No {' or '.join(intent.words) or 'filler words'} found; nothing cut.")
    return Done(
        f"Cut {len(done['removed'])} filler word{'s' if len(done['removed']) != 1 else ''} "
        f"({done['secondsSaved']:g} s)." + followed(done)
    )


def plan_remove_retakes(intent: i.RemoveRetakes, ctx: Context) -> Plan:
    yield from _spoken((), ctx)
    done = yield Call("remove_retakes", {})  # the main track's clips with sound
    takes = done["retakes"]
    if not takes:
        return Done("No retake found (a sentence said again, or announced with 'let me start again'); nothing cut.")
    listed = "; ".join(
        f"{tc(t['start'])}–{tc(t['end'])} {quoted(t['text'])}"
        + (f" (announced by '{t['cue']}')" if t.get("cue") else " (broken off and said again)")
        for t in takes[:6]
    )
    more = f" and {len(takes) - 6} more" if len(takes) > 6 else ""
    return Done(
        f"Removed {plural(len(takes), 'earlier take')} ({done['secondsSaved']:g} s): {listed}{more}." + followed(done)
    )


def plan_find_words(intent: i.FindWords, ctx: Context) -> Plan:
    from neuralcut_cli.tools.transcript_tools import FindArgs

    yield from _spoken((), ctx)
    done = yield Call("find_in_transcript", FindArgs(query=intent.query))
    matches = done["matches"]
    if not matches:
        return Done(f"'{intent.query}' is not said in the clips.")
    times = ", ".join(f"{tc(m['start'])}–{tc(m['end'])} ({m['elementId']})" for m in matches)
    return Done(f"'{intent.query}' is said {len(matches)} time{'s' if len(matches) != 1 else ''}: {times}.")


def plan_cut_words(intent: i.CutWords, ctx: Context) -> Plan:
    from neuralcut_cli.tools.transcript_tools import CutWordsArgs, FindArgs

    yield from _spoken((), ctx)
    found = (yield Call("find_in_transcript", FindArgs(query=intent.text)))["matches"]
    if not found:
        raise Failed(f"'{intent.text}' is not said in the clips.")
    if len(found) > 1 and not intent.every:
        times = ", ".join(tc(m["start"]) for m in found)
        raise Failed(f"'{intent.text}' is said {len(found)} times ({times}); say 'every time', or name the clip.")
    removed, tracks = [], ""
    for element in dict.fromkeys(m["elementId"] for m in found):
        done = yield Call("cut_words", CutWordsArgs(element_id=element, text=intent.text, occurrence="all"))
        removed += done["removed"]
        tracks = followed(done)
    return Done(f"Cut {quoted(intent.text)} ({plural(len(removed), 'time')}); the rest closed up behind it." + tracks)


def plan_import_subtitles(intent: i.ImportSubtitles, ctx: Context) -> Plan:
    from neuralcut_cli.tools.subtitle_tools import ImportSubtitlesArgs

    done = yield Call("import_subtitles", ImportSubtitlesArgs(file=intent.file))
    return Done(
        f"Imported {plural(done['captions'], 'caption')} from {intent.file} onto a new Captions track.",
        (done["trackId"],),
    )


def plan_export_captions(intent: i.ExportCaptions, ctx: Context) -> Plan:
    from neuralcut_cli.tools.subtitle_tools import ExportCaptionsArgs

    file = intent.file or f"captions.{intent.fmt}"  # beside the project; an existing file is not replaced
    done = yield Call("export_captions", ExportCaptionsArgs(file=file))
    return Done(f"Wrote {plural(done['captions'], 'caption')} to {file}.")
