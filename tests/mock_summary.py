"""One line per intent, for tables of requests and what they mean.

``summary(intent)`` writes an intent compactly: ``split 5,7``, ``volume the
music db=-3``, ``effect blur last 2``, ``text "Hi" 0-3 top hook``.
"""

from __future__ import annotations

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.families.analysis import Normalize, RemoveSilences, SplitScenes
from neuralcut_cli.agent.backends.mock.families.clip import CloseGaps, Duplicate, Opacity, Speed, Visibility
from neuralcut_cli.agent.backends.mock.families.cut import Delete, RemoveRange, Split
from neuralcut_cli.agent.backends.mock.families.effects import ApplyEffect, UpdateEffect
from neuralcut_cli.agent.backends.mock.families.frame import Frame
from neuralcut_cli.agent.backends.mock.families.handoff import ExportTimeline
from neuralcut_cli.agent.backends.mock.families.keep import Keep
from neuralcut_cli.agent.backends.mock.families.listings import (
    EffectInfo,
    ListAssets,
    ListEffects,
    ListStickers,
    ListTimeline,
)
from neuralcut_cli.agent.backends.mock.families.media import AddMedia
from neuralcut_cli.agent.backends.mock.families.motion import Duck, Fade, ListKeyframes, Slide, Zoom
from neuralcut_cli.agent.backends.mock.families.overlay import Reshape
from neuralcut_cli.agent.backends.mock.families.questions import About, Count, Describe, HowLong, WhatAt
from neuralcut_cli.agent.backends.mock.families.rename import Rename
from neuralcut_cli.agent.backends.mock.families.sound import Volume
from neuralcut_cli.agent.backends.mock.families.talk import Help
from neuralcut_cli.agent.backends.mock.families.text import AddSticker, AddText, ChangeText
from neuralcut_cli.agent.backends.mock.families.timing import Move, Place
from neuralcut_cli.agent.backends.mock.families.unfx import RemoveEffects
from neuralcut_cli.agent.backends.mock.families.words import (
    AddCaptions,
    CutWords,
    ExportCaptions,
    FindWords,
    ImportSubtitles,
    RemoveFillers,
    RemoveRetakes,
    StyleCaptions,
)


def ref(r: i.Ref | None) -> str:
    if r is None:
        return "-"
    return "it" if r.pronoun else r.text


def track(t: i.TrackRef) -> str:
    return t.id or (f"of({ref(t.element)})" if t.element else t.kind or "?")


def when(w: i.When | None) -> str:
    if w is None:
        return "-"
    if w.seconds is not None:
        return f"{w.seconds:g}"
    if w.anchor:
        return w.anchor
    return f"{w.edge}({ref(w.ref)})"


def span(s: i.Span) -> str:
    if s.whole:
        return "whole"
    if s.first is not None:
        return f"first {s.first:g}"
    if s.last is not None:
        return f"last {s.last:g}"
    if s.over is not None:
        return f"over({ref(s.over)})"
    start = when(s.start) if s.start else ""
    end = when(s.end) if s.end else ""
    length = f"+{s.length:g}" if s.length is not None else ""
    if start and end:
        return f"{start}-{end}" + length
    if end:
        return f"..{end}" + length
    return f"{start}{length}"


def _params(params: tuple[tuple[str, float], ...]) -> str:
    return " ".join(f"{k or 'main'}={v:g}" for k, v in params)


def summary(intent: i.Intent) -> str:
    parts: list[str]
    match intent:
        case Help():
            parts = ["help"]
        case i.History(backwards=b, count=n):
            parts = ["undo" if b else "redo", str(n)]
        case ListTimeline():
            parts = ["timeline"]
        case ListAssets(usage=u, kind=k):
            parts = ["assets", u or "", k or ""]
        case ListEffects(on_timeline=t, over=o):
            parts = ["effects", "applied" if t else "", f"over({ref(o)})" if o else ""]
        case EffectInfo(effect=e):
            parts = ["effect info", e]
        case ListStickers(provider=p):
            parts = ["stickers", p or ""]
        case Count(kind=k):
            parts = ["count", k or "all"]
        case WhatAt(when=w, kind=k):
            parts = ["what at", when(w), k or ""]
        case HowLong(ref=r):
            parts = ["how long", ref(r) if r else ""]
        case Describe(ref=r):
            parts = ["describe", ref(r)]
        case About(ref=r):
            parts = ["about", ref(r)]
        case Split(times=ts, ref=r):
            parts = ["split", ",".join(when(t) for t in ts) or "half", f"of {ref(r)}" if r else ""]
        case RemoveRange(span=s, ripple=rp):
            parts = ["remove", span(s), "ripple" if rp else ""]
        case Delete(refs=rs, ripple=rp):
            parts = ["delete", "+".join(map(ref, rs)), "ripple" if rp else ""]
        case Move(refs=rs, to=t, by=b, track=tr):
            parts = [
                "move",
                "+".join(map(ref, rs)),
                f"to {when(t)}" if t else "",
                f"by {b:+g}" if b is not None else "",
                f"track {tr}" if tr else "",
            ]
        case Place(ref=r, position=p):
            parts = ["place", ref(r), p]
        case AddText(text=t, span=s, position=p, style=st):
            parts = ["text", f'"{t}"', span(s), p or "", st or ""]
        case ChangeText(ref=r, text=t):
            parts = ["change", ref(r), f'"{t}"']
        case AddMedia(asset=a, at=w, track=tr, length=ln):
            parts = ["media", a, f"at {when(w)}" if w else "", tr or "", f"+{ln:g}" if ln is not None else ""]
        case i.Timing(ref=r, start=st, end=en, length=ln, delta=d, trim_start=ts):
            parts = [
                "timing",
                ref(r),
                f"start={when(st)}" if st else "",
                f"end={when(en)}" if en else "",
                f"length={ln:g}" if ln is not None else "",
                f"delta={d:+g}" if d is not None else "",
                f"trim_start={ts:g}" if ts is not None else "",
            ]
        case Volume(refs=rs, level=lv):
            level = "mute" if lv.mute else f"gain={lv.gain:g}" if lv.gain is not None else f"db={lv.delta_db:+g}"
            parts = ["volume", "+".join(map(ref, rs)), level]
        case AddSticker(sticker=st, span=s, position=p):
            parts = ["sticker", st, span(s), p]
        case ApplyEffect(effect=e, span=s, params=ps):
            parts = ["effect", e, span(s), _params(ps)]
        case UpdateEffect(ref=r, params=ps, step=sp, param=pm):
            parts = ["update", ref(r), _params(ps), f"step={sp:+g}" if sp is not None else "", pm or ""]
        case i.TrackState(track=t, action=a):
            parts = [a, "track", track(t)]
        case Duplicate(refs=rs):
            parts = ["duplicate", "+".join(map(ref, rs))]
        case Opacity(refs=rs, percent=p):
            parts = ["opacity", "+".join(map(ref, rs)), f"{p:g}%"]
        case Speed(refs=rs, rate=r):
            parts = ["speed", "+".join(map(ref, rs)), f"{r:g}x"]
        case CloseGaps(track=t):
            parts = ["close gaps", track(t) if t else "main"]
        case Visibility(refs=rs, hidden=h):
            parts = ["hide" if h else "show", "+".join(map(ref, rs))]
        case Fade(refs=rs, fade_in=fi, fade_out=fo):
            parts = ["fade", "+".join(map(ref, rs)), f"in={fi:g}" if fi else "", f"out={fo:g}" if fo else ""]
        case RemoveSilences(padding=pd, min_silence=mn, cut_tracks=ct, keep_tracks=kt):
            parts = ["silences", f"padding={pd:g}" if pd is not None else "", f"min={mn:g}" if mn is not None else ""]
            parts += [f"cut={'+'.join(t.said.removeprefix('the ') for t in ct)}" if ct else ""]
            parts += [f"keep={'+'.join(t.said.removeprefix('the ') for t in kt)}" if kt else ""]
        case Normalize(target=tg, platform=pl):
            parts = ["normalize", f"{tg:g}" if tg is not None else "", pl or ""]
        case SplitScenes(refs=rs):
            parts = ["scenes", "+".join(map(ref, rs))]
        case AddCaptions(refs=rs, position=po, style=st):
            parts = ["captions", "+".join(map(ref, rs)), po or "", st or ""]
        case StyleCaptions(style=st, position=po):
            parts = ["restyle captions", st, po or ""]
        case RemoveEffects(refs=rs, kind=kd):
            parts = ["unfx", kd or "", "+".join(map(ref, rs))]
        case Reshape(ref=r, factor=fa, scale=sc, place=pl, rotate=ro):
            parts = ["reshape", ref(r), f"x{fa:g}" if fa else "", f"scale {sc:g}" if sc else "", pl or "",
                     f"rotate {ro:g}" if ro is not None else ""]  # fmt: skip
        case Rename(ref=r, name=nm, track=tr):
            parts = ["rename", ref(r), f'"{nm}"', "track" if tr else ""]
        case Keep(start=st, end=en):
            parts = ["keep", f"{st:g}", f"{en:g}" if en is not None else "end"]
        case Frame(ratio=ra, follow=fo):
            parts = ["frame", ra or "", fo or ""]
        case RemoveRetakes():
            parts = ["retakes"]
        case RemoveFillers(words=ws):
            parts = ["fillers", ",".join(ws)]
        case CutWords(text=tx, every=ev):
            parts = ["cut words", repr(tx), "every" if ev else ""]
        case FindWords(query=q):
            parts = ["find", repr(q)]
        case ImportSubtitles(file=fl):
            parts = ["import", fl]
        case ExportCaptions(fmt=fm, file=fl):
            parts = ["export", fm, fl or ""]
        case ExportTimeline(file=fl, fmt=fm, overwrite=ow):
            parts = ["handoff", fl or fm or "", "overwrite" if ow else ""]
        case i.ChangeFade(refs=rs, which=w, seconds=sec, factor=fa):
            parts = ["change fade", w or "", "+".join(map(ref, rs)), f"{sec:g}s" if sec is not None else f"x{fa:g}"]
        case Zoom(ref=r, factor=fa):
            parts = ["zoom", ref(r), "in" if fa > 1 else "out"]
        case Slide(ref=r, side=sd, length=ln):
            parts = ["slide", ref(r), sd, f"{ln:g}s"]
        case ListKeyframes(ref=r):
            parts = ["keyframes", ref(r)]
        case Duck(music=ms, under=us, voice=vo):
            parts = ["duck", "+".join(map(ref, ms)), "under", "the voice" if vo else "+".join(map(ref, us))]
        case _:
            parts = [type(intent).__name__]
    return " ".join(p for p in parts if p)
