"""Naming an element: 'rename the beach clip to "Sunset"', 'call the logo "Brand"', 'label the music "Score"',
'give the intro the name "Opening"'.

The name is what the timeline table, the lanes and every reply show for the element (``update_clip``'s ``name``);
the media file keeps its own name. A text's name is the words it shows, so renaming a title or a caption changes
its words, as 'change the title to "Day two"' does (the text family reads those). A track's name is not something
a tool changes, so 'rename the music track' is refused, saying so; several elements at once ("rename the clips")
would all get one name, so that is refused too.
"""

from __future__ import annotations

from dataclasses import field

from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Intent, Ref
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.refs import take_ref
from neuralcut_cli.agent.backends.mock.replay import Context, Done, Failed, Plan, call, listing, one
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.english import quoted
from neuralcut_cli.tools.outputs import UpdateClipOutput, UpdateTextOutput


class Rename(Intent):
    ref: Ref = field(default_factory=lambda: Ref(""))
    name: str = ""
    track: bool = False  # "the music track": the track, whose name no tool changes


_VERB = r"^(?:please\s+)?(?:rename|re-name|relabel|label|name|call|title)\b"


def read_rename(c: Clause, v: Vocab) -> Rename | None:
    if c.take(_VERB) is None:
        return None
    quote = c.take(r"«q(\d+)»")
    if quote is None:
        return None
    c.take(r"\b(?:give|the\s+name|its\s+name)\b")
    ref = take_ref(c, v)
    if ref is None or ref.kind == "text":  # a text's name is its words: the text family changes those
        return None
    track = c.take(r"\btracks?\b") is not None
    c.take(r"\b(?:to|as|the\s+name|name(?:d)?|into)\b")
    name = c.quotes[int(quote.group(1))].strip()
    return Rename(ref=ref, name=name, track=track or ref.track) if name else None


def read_give_name(c: Clause, v: Vocab) -> Rename | None:
    """'give the intro the name "Opening"'."""
    if c.take(r"^(?:please\s+)?give\b") is None or c.take(r"\b(?:the|a)\s+(?:new\s+)?name\b") is None:
        return None
    quote = c.take(r"«q(\d+)»")
    ref = take_ref(c, v) if quote is not None else None
    if quote is None or ref is None or ref.kind == "text":
        return None
    name = c.quotes[int(quote.group(1))].strip()
    return Rename(ref=ref, name=name) if name else None


def plan_rename(intent: Rename, ctx: Context) -> Plan:
    from neuralcut_cli.tools.clip_tools import UpdateClipArgs
    from neuralcut_cli.tools.text_tools import UpdateTextArgs

    if intent.track:
        raise Failed(
            f"I can't rename the track of {intent.ref.text}: a track's name is not something the tools change. Name an element "
            "instead ('rename the music to \"Score\"')."
        )
    if intent.ref.plural:
        raise Failed(f"{intent.ref.text} would all get the one name {quoted(intent.name)}; rename them one by one.")
    items = yield from listing()
    item = one(intent.ref, items, ctx)
    if item.type == "text":  # named by its words ("rename day one to ..."): the words change
        yield from call("update_text", UpdateTextArgs(element_id=item.id, text=intent.name), UpdateTextOutput)
        return Done(f"Changed {item.id} from {item.label} to {quoted(intent.name)}.", (item.id,))
    if item.name == intent.name:
        return Done(f"{item.id} is already named {quoted(intent.name)}; nothing changed.", (item.id,))
    yield from call("update_clip", UpdateClipArgs(element_id=item.id, name=intent.name), UpdateClipOutput)
    was = f" (was {quoted(item.name)})" if item.name else ""
    return Done(f"Renamed {item.id} to {quoted(intent.name)}{was}.", (item.id,))


ROWS: tuple[Rule, ...] = (
    Rule(
        "rename",
        read_rename,
        plan=plan_rename,
        examples=('rename the beach clip to "Sunset"', 'call the logo "Brand"'),
        rank=387,
    ),
    Rule(
        "give a name",
        read_give_name,
        plan=plan_rename,
        examples=('give the intro the name "Opening"',),
        rank=388,
    ),
)
