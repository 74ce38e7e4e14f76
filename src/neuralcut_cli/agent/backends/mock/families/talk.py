"""Requests that talk rather than edit: help (the grammar, from the rows' examples), a greeting or thanks, and
"is anything wrong?" (the edit checked as a viewer would see it, ``check_project``).
"""

from __future__ import annotations

import json
from typing import Any

from neuralcut_cli.agent.backends.mock import intents as i
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.listing import Vocab
from neuralcut_cli.agent.backends.mock.replay import Context, Done, Plan, call
from neuralcut_cli.agent.backends.mock.rule import Rule
from neuralcut_cli.english import plural
from neuralcut_cli.tools.outputs import CheckOutput


class Help(i.Intent):
    topic: str = ""


def read_help(c: Clause, v: Vocab) -> i.Intent | None:
    if (
        c.take(
            r"^(?:help|\?|what can you do|what do you understand|commands|examples|how does this work|"
            r"what can i (?:say|ask|do))$"
        )
        is None
    ):
        return None
    return Help()


TIMES = "times: 5, 5s, 2.5s, 1:02.5, 00:01:02.500, 00:00:05:12, 120f, 1m30s"


def help_text() -> str:
    from neuralcut_cli.agent.backends.mock.rules import grammar  # the table is made of rows that name plans

    lines = [f"I understand requests like these ({TIMES}); chain them with 'then', 'and' or ';':"]
    lines += [f"  {line}" for line in grammar()]
    return "\n".join(lines)


def plan_help(intent: Help, ctx: Context) -> Plan:
    return Done(help_text())
    yield  # a generator that calls nothing


def plan_greet(intent: Greet, ctx: Context) -> Plan:
    if intent.thanks:
        return Done("You're welcome. Say 'undo' to take back the last change, or 'help' for what I understand.")
    return Done("Hi! Tell me an edit, e.g. 'split at 5s', or ask 'what's on the timeline?'; 'help' lists the rest.")
    yield  # a generator that calls nothing


def plan_check(intent: CheckEdit, ctx: Context) -> Plan:
    args: dict[str, Any] = {"media": True, "target": intent.target} if intent.media else {}
    report = yield from call("check_project", args, CheckOutput)
    findings = report["findings"]
    if not findings:
        return Done("No problems found" + (f": the loudness suits {intent.target}." if intent.media else "."))
    lines = [f"- {f['severity']}: {f['what']}" + _fix(f) for f in findings[:8]]
    more = f"\n(and {len(findings) - 8} more: neuralcut check lists them all)" if len(findings) > 8 else ""
    return Done(f"{plural(len(findings), 'problem')} found:\n" + "\n".join(lines) + more)


def _fix(finding: dict[str, Any]) -> str:
    repair = finding.get("fix")
    return f" (fix: {repair['tool']} {json.dumps(repair['args'])})" if repair else ""


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


#: The family's rows (``rule.Rule``); ``rank`` places them in the one table (``rules.RULES``).
ROWS: tuple[Rule, ...] = (
    Rule(
        "help",
        read_help,
        plan=plan_help,
        examples=("help", "what can you do?"),
        rank=10,
        looks=True,
    ),
    Rule("greet", read_greet, plan=plan_greet, examples=("hi", "thanks!"), rank=15, looks=True),
    Rule(
        "check the edit",
        read_check,
        plan=plan_check,
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
