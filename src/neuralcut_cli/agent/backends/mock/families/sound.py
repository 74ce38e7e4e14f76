"""Volume: "set the music volume to 50%", "turn the music down by 6 dB", "make the music quieter" (the fader,
``set_volume``; a level said in dB or as a share of full).
"""

from __future__ import annotations

import math

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.families.clip import plan_track_state, remembered_track
from neuralcut_cli.agent.backends.mock.intents import Level, Ref
from neuralcut_cli.agent.backends.mock.listing import Item, Vocab
from neuralcut_cli.agent.backends.mock.refs import take_refs
from neuralcut_cli.agent.backends.mock.replay import (
    Call,
    Context,
    Done,
    Failed,
    Plan,
    listing,
    pick,
)
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.agent.backends.mock.slots import (
    take_level,
)
from neuralcut_cli.values import field


class Volume(i.Intent):
    refs: tuple[Ref, ...] = ()
    level: Level = field(default_factory=Level)


def read_volume(c: Clause, v: Vocab) -> i.Intent | None:
    c.take(r"\b(?:set|change|make|turn|adjust|bring|put|drop|dial|crank|pump|get)\b")
    c.take(r"\b(?:the\s+)?(?:volume|level|sound|gain|loudness)\s+(?:of|on|for|in)\b")
    refs = take_refs(c, v)
    named = tuple(r for r in refs if r.text not in ("audio", "sound", "the audio", "the sound"))
    refs = named or refs  # "the city clip's audio" is the city clip
    if not refs or any(r.kind == "effect" for r in refs):
        return None
    c.take_all(r"\b(?:volume|level|sound|gain|loudness|audio)\b")
    level = take_level(c)
    if level is None:
        return None
    c.take(r"\b(?:volume|level|sound|gain|loudness|audio)\b")
    return Volume(refs=refs, level=level)


MAX_GAIN = 10.0  # +20 dB: the most the file format holds


def _gain(item: Item, level: i.Level) -> float:
    if level.mute:
        return 0.0
    if level.gain is not None:
        if level.gain > MAX_GAIN * 1.0001:
            raise Failed("Volume goes up to +20 dB (10 times the clip's own level); that is the most a clip holds.")
        return round(max(0.0, level.gain), 6)
    current = 0.0 if item.data.get("muted") else float(item.data.get("volume", 1.0))
    delta = level.delta_db or 0.0
    if current <= 0 and delta > 0:
        raise Failed(f"{item.describe()} is muted; say 'unmute' (or a level such as 50%) first.")
    if current >= MAX_GAIN * 0.999 and delta > 0:
        raise Failed(f"{item.describe()} is already at +20 dB, the most a clip holds.")
    return round(min(MAX_GAIN, current * math.pow(10, delta / 20)), 6)


def plan_volume(intent: Volume, ctx: Context) -> Plan:
    from neuralcut_cli.editing.volume import db_from_gain
    from neuralcut_cli.tools.clip_tools import UpdateClipArgs
    from neuralcut_cli.tools.media_tools import VolumeArgs

    track = remembered_track(intent.refs, ctx)
    if track is not None and (intent.level.mute or intent.level.gain == 1.0):  # "mute the music track", "unmute it"
        action = "mute" if intent.level.mute else "unmute"
        return (yield from plan_track_state(i.TrackState(track=i.TrackRef("it", id=track), action=action), ctx))
    items = yield from listing()
    chosen: list[Item] = []
    for ref in intent.refs:
        chosen += [item for item in pick(ref, items, ctx, ("audio", "video"), many=ref.plural) if item not in chosen]
    lines = []
    for item in chosen:
        gain = _gain(item, intent.level)
        if gain <= 1:  # set_volume speaks gain up to the clip's own level; above it, update_clip in dB
            yield Call("set_volume", VolumeArgs(track_id=item.track_id, element_id=item.id, volume=gain))
        else:
            yield Call("update_clip", UpdateClipArgs(element_id=item.id, volume=db_from_gain(gain)))
        lines.append(_said_gain(item, gain))
    return Done("; ".join(lines) + ".", tuple(item.id for item in chosen))


def _said_gain(item: Item, gain: float) -> str:
    """The new level in dB, as the change is shown."""
    if gain == 0:
        return f"Muted {item.id}"
    db = 20 * math.log10(gain)
    if abs(db) < 0.05:
        return f"Set {item.id} to its own level (0 dB)"
    if db > 0:
        return f"Set {item.id} to {db:+.1f} dB (above its own level: loud parts may clip)"
    return f"Set {item.id} to {db:+.1f} dB ({round(gain * 100):g}% of full)"


#: The family's rows (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "volume",
        read_volume,
        plan=plan_volume,
        examples=(
            "set the music volume to 50%",
            "mute the music",
            "make the music a bit quieter",
            "turn the intro down by 6 dB",
        ),
        rank=380,
        refusals=(
            (
                r"\bby -?\d+(?:\.\d+)?\s*(?:db|decibels?)\b",
                "Louder or quieter? Say 'turn it up by 6 dB' or 'down by 6 dB'.",
            ),
        ),
    ),
)
