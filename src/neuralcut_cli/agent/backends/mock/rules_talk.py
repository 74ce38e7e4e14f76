"""Readings of requests that talk rather than edit: a greeting or thanks, and "is anything wrong?" (the edit
checked as a viewer would see it, ``check_project``)."""

from __future__ import annotations

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.rule import Rule


class Greet(i.Intent):
    """ "hi", "thanks": nothing to edit, a short answer with a hint."""

    thanks: bool = False


_HELLO = r"(?:hi|hello|hey|hiya|heya|howdy|yo|sup|what'?s up|greetings|good (?:morning|afternoon|evening|day))"
_THANKS = r"(?:thanks?(?: you)?|thank u|thx|cheers|much appreciated)"


def read_greet(c: Clause, v: Vocab) -> i.Intent | None:
    said = c.take(
        rf"^(?:(?P<hello>{_HELLO})|(?P<thanks>{_THANKS}))(?: (?:so much|a lot|very much|again))?"
        r"(?: (?:there|neuralcut|mate))?$"
    )
    return None if said is None else Greet(thanks=said.group("thanks") is not None)


class CheckEdit(i.Intent):
    """ "is anything wrong?", "check the edit", "is it loud enough for YouTube?": check_project."""

    media: bool = False
    target: str | None = None


def read_check(c: Clause, v: Vocab) -> i.Intent | None:
    loud = c.take(
        r"^(?:is|will|would) (?:it|this|that|my (?:video|edit|mix)|the (?:video|edit|sound|audio|mix|render)) (?:be )?"
        r"(?:loud enough|too quiet|quiet enough|at the right (?:volume|loudness|level))"
        r"(?: (?:for|on) (?P<target>youtube|a podcast|podcasts?|broadcast|tv))?$|"
        r"^(?:check|measure) (?:the|my|its) (?:loudness|levels?|volume)(?: (?:for|on) (?P<t2>youtube|a podcast|podcasts?|"
        r"broadcast|tv))?$"
    )
    if loud is not None:
        said = (loud.group("target") or loud.group("t2") or "youtube").replace("a podcast", "podcast").rstrip("s")
        return CheckEdit(media=True, target="broadcast" if said == "tv" else said)
    found = c.take(
        r"^(?:is (?:there )?anything wrong(?: with (?:it|the (?:edit|video|project|timeline)))?|"
        r"(?:are there |any )(?:problems|issues|mistakes)(?: (?:with|in) (?:it|the (?:edit|video|project|timeline)))?|"
        r"(?:check|review|proofread|sanity check) (?:it|the (?:edit|video|project|timeline|cut))(?: for (?:problems|issues|mistakes))?|"
        r"what'?s wrong(?: with (?:it|the (?:edit|video)))?|does (?:it|the edit|the video) look (?:ok|okay|right|good))$"
    )
    return CheckEdit() if found is not None else None


#: The request kinds read here (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule("greet", read_greet, plan="plans_look:plan_greet", examples=("hi", "thanks!"), rank=15, looks=True),
    Rule(
        "check the edit",
        read_check,
        plan="plans_look:plan_check",
        examples=("is anything wrong?", "check the edit", "is it loud enough for YouTube?"),
        rank=17,
        looks=True,
        refusals=(
            (
                r"\b(?:watch|look at|view|see)\b.*\b(?:render|video|edit|preview|it)\b",
                "The offline backend cannot watch the video. 'check the edit' reads the timeline, and "
                "`neuralcut check --media` measures a preview's picture and sound; with --backend gemini (or an "
                "OpenAI-compatible model that takes images) the model can watch a preview (review_render).",
            ),
        ),
    ),
)
