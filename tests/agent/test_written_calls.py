"""Issue 42 §2: calls a small model writes as text, in the shapes such models write them, are taken as calls when
the reply is nothing else; a call inside prose is recognised but not run."""

from __future__ import annotations

import pytest

from neuralcut_cli.agent.written_calls import written_calls

KNOWN = ("split", "delete_elements", "fade")


@pytest.mark.parametrize(
    "text",
    [
        '{{"name": "split", "arguments": {"times": [5]}}}}',  # doubled braces (Qwen2.5-Coder with --jinja)
        '{{"name": "split", "arguments": {"times": [5]}}}',
        '```json\n{"name": "split", "arguments": {"times": [5]}}\n```',
        '<tool_call>\n{"name": "split", "arguments": {"times": [5]}}\n</tool_call>',
        '{"name": "split", "arguments": {"times": [5]}}',  # a bare line
        '{"type": "function", "function": {"name": "split", "arguments": "{\\"times\\": [5]}"}}',  # OpenAI's shape
        'split({"times": [5]})',
        'Call: split {"times": [5]}',
        '[{"name": "split", "parameters": {"times": [5]}}]',
    ],
)
def test_a_reply_that_is_only_a_written_call_is_that_call(text: str) -> None:
    written = written_calls(text, KNOWN)
    assert written is not None and written.only
    assert [(c.name, c.args) for c in written.calls] == [("split", {"times": [5]})]


def test_several_written_calls_are_taken_in_order() -> None:
    text = '{"name": "split", "arguments": {"times": [5]}}\n{"name": "fade", "arguments": {"elementId": "e-music"}}'
    written = written_calls(text, KNOWN)
    assert written is not None and written.only
    assert [c.name for c in written.calls] == ["split", "fade"]


def test_a_call_inside_prose_is_recognised_but_not_taken_as_only_calls() -> None:
    text = (
        'To remove the logo I would run {"name": "delete_elements", "arguments": {"elementIds": ["e-logo"]}} '
        "but first tell me whether you also want the sticker gone, since both sit on the overlay track."
    )
    written = written_calls(text, KNOWN)
    assert written is not None and not written.only and written.shaped and written.calls[0].name == "delete_elements"


@pytest.mark.parametrize(
    "text",
    [
        "The video is 12 seconds long.",
        '{"name": "split"}',  # a name without arguments is not a call
        '{"times": [5]}',  # arguments without a name
        '{"name": "split", "arguments": "not json"}',
        "{{ broken",
    ],
)
def test_text_that_writes_no_known_call_is_left_as_text(text: str) -> None:
    assert written_calls(text, KNOWN) is None


def test_a_command_named_in_prose_is_not_a_call_object() -> None:
    """A reply that suggests a fix ("run split {…} to…") names a call; only a call object in prose is stopped."""
    written = written_calls('The cut at 5 s jumps; split {"times": [5]} would help if you want it, or leave it.', KNOWN)
    assert written is not None and not written.only and not written.shaped


def test_a_call_object_of_a_tool_that_does_not_exist_is_a_call_the_model_learns_from() -> None:
    written = written_calls('```json\n{"name": "blur", "arguments": {"seconds": 2}}\n```', KNOWN)
    assert written is not None and written.only and written.calls[0].name == "blur"  # answered: Unknown tool


def test_a_named_form_of_an_unknown_word_is_not_a_call() -> None:
    assert written_calls('Sure: blur({"seconds": 2})', KNOWN) is None


@pytest.mark.parametrize(
    "text",
    [
        '```json\n{"name": "split", "arguments": {"times": [5]}}\n```\nThis will split the timeline at 5 seconds.',
        'To move the logo: {"name": "split", "arguments": {"times": [5]}}. The logo now starts at 12 seconds.',
    ],
)
def test_a_call_object_with_a_plain_sentence_about_it_is_the_call_meant(text: str) -> None:
    """Issue 42: the 1.5B model wrote its call, then what it does ("split at 5s", "move the logo to 12s")."""
    written = written_calls(text, KNOWN)
    assert written is not None and written.meant and [c.name for c in written.calls] == ["split"]


@pytest.mark.parametrize(
    "text",
    [
        'Shall I run {"name": "split", "arguments": {"times": [5]}}?',
        '{"name": "split", "arguments": {"times": [5]}} if you want the cut there.',
        'I could run {"name": "split", "arguments": {"times": [5]}}, or split at 6 s instead.',
        'Run {"name": "split", "arguments": {"times": [5]}}. ' + "Then the music gets its own cut there. " * 12,
    ],
)
def test_a_call_offered_asked_about_or_lost_in_prose_is_not_run(text: str) -> None:
    written = written_calls(text, KNOWN)
    assert written is not None and not written.only and not written.meant


def test_a_call_named_in_a_plain_sentence_with_its_arguments_is_the_call() -> None:
    """Seen with the 1.5B model after a refusal that named the call to make: it wrote the call back in a sentence,
    escaped quotes and all."""
    text = 'To delete the title, call delete_elements with {\\"elementIds\\": [\\"e-title\\"]}.'
    written = written_calls(text, KNOWN)
    assert written is not None and written.meant
    assert [(c.name, c.args) for c in written.calls] == [("delete_elements", {"elementIds": ["e-title"]})]


def test_a_call_named_in_an_offer_is_not_run() -> None:
    written = written_calls('You could call delete_elements with {"elementIds": ["e-title"]} if you want.', KNOWN)
    assert written is not None and not written.meant and not written.only and not written.shaped
