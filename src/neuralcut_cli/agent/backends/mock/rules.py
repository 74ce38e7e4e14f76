"""The rule table: what the offline backend understands, in priority order.

A rule is a name, a reading (a function that takes the words it understands
from a clause and returns an intent, or None) and examples. The examples
are the documentation: ``help``, the README's grammar block and the parse
tests are made from them. Adding a request means adding one rule here, with
its examples, and one plan (``plans.PLANS``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from neuralcut_cli.agent.backends.mock import rules_clip as clip
from neuralcut_cli.agent.backends.mock import rules_edit as edit
from neuralcut_cli.agent.backends.mock import rules_look as look
from neuralcut_cli.agent.backends.mock import rules_make as make
from neuralcut_cli.agent.backends.mock import rules_media as media
from neuralcut_cli.agent.backends.mock import rules_motion as motion
from neuralcut_cli.agent.backends.mock import rules_words as words
from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.agent.backends.mock.intents import Intent
from neuralcut_cli.agent.backends.mock.listing import Vocab


@dataclass(frozen=True)
class Rule:
    name: str
    read: Callable[[Clause, Vocab], Intent | None]
    examples: tuple[str, ...]
    looks: bool = False  # only reads the project: the one kind of rule a question may match


RULES: tuple[Rule, ...] = (
    Rule("help", look.read_help, ("help", "what can you do?"), True),
    Rule("undo", look.read_undo, ("undo", "go back three steps", "undo the last 2 changes")),
    Rule("redo", look.read_redo, ("redo", "redo twice")),
    Rule("list timeline", look.read_list_timeline, ("list the timeline", "what's on the timeline?"), True),
    Rule(
        "list assets",
        look.read_list_assets,
        ("list assets", "show unused videos", "is there footage I haven't put in yet?"),
        True,
    ),
    Rule("list effects", look.read_list_effects, ("what effects are there?", "which effects are applied?"), True),
    Rule("effect info", look.read_effect_info, ("show the blur parameters", "what settings does vignette have?"), True),
    Rule("list stickers", look.read_list_stickers, ("what stickers are there?", "list the flags"), True),
    Rule("count", look.read_count, ("how many text elements do I have?", "how many clips are there?"), True),
    Rule("what plays when", look.read_what_at, ("what plays at 0:12?", "what's on screen at 5s?"), True),
    Rule("how long", look.read_how_long, ("how long is the video?", "how long is the second clip?"), True),
    Rule("describe a clip", look.read_describe, ("what's in the beach clip?", "describe the intro"), True),
    Rule(
        "about an element",
        look.read_about,
        ("what is e-title?", "when does the music end?", "is the music muted?"),
        True,
    ),
    Rule("is there", look.read_is_there, ("is there any text at 12s?",), True),
    Rule("keyframes", motion.read_list_keyframes, ("list the keyframes of the intro",), True),
    Rule(
        "mute or hide a track",
        clip.read_track_state,
        ("hide the logo track", "mute the audio track", "show the logo track again"),
    ),
    Rule("duplicate", clip.read_duplicate, ("duplicate the title", "make a copy of the logo")),
    Rule("speed", clip.read_speed, ("speed up the beach clip 2x", "play the intro at half speed")),
    Rule("opacity", clip.read_opacity, ("make the logo half transparent", "set the title opacity to 40%")),
    Rule("add captions", words.read_add_captions, ("add captions", "add subtitles at the top")),
    Rule("remove filler words", words.read_remove_fillers, ("remove every um", "cut the filler words")),
    Rule("cut words", words.read_cut_words, ('cut the part where I say "let me start again"',)),
    Rule("find words", words.read_find_words, ("where do I say welcome?",), looks=True),
    Rule("import subtitles", words.read_import_subtitles, ("import subs.srt",)),
    Rule("export captions", words.read_export_captions, ("export the captions", "save the subtitles as vtt")),
    Rule(
        "remove silences",
        media.read_remove_silences,
        (
            "remove the silences",
            "cut the dead air but leave a little breathing room",
            "remove pauses longer than 1 second",
        ),
    ),
    Rule(
        "normalize",
        media.read_normalize,
        ("even out the audio", "make it as loud as YouTube wants", "normalize the audio to -16 LUFS"),
    ),
    Rule(
        "split at scenes",
        media.read_split_scenes,
        ("split at every shot change", "cut the beach clip at its scene changes"),
    ),
    Rule("close gaps", clip.read_close_gaps, ("remove the gaps", "close the gaps on the main track")),
    Rule("change fade", motion.read_change_fade, ("make the fade longer", "make the fade out on the music 3 seconds")),
    Rule(
        "fade",
        motion.read_fade,
        ("fade in the intro over 1 second", "fade out the music at the end", "fade the title in and out"),
    ),
    Rule("zoom", motion.read_zoom, ("slowly zoom into the logo", "zoom out of the intro clip")),
    Rule("slide in", motion.read_slide, ("slide the title in from the left",)),
    Rule("duck", motion.read_duck, ("duck the music under the beach clip",)),
    Rule(
        "split",
        edit.read_split,
        (
            "split at 5s",
            "cut at frame 120",
            "split at 2.5s and 7s",
            "split when the second clip begins",
            "cut the beach clip in half",
        ),
    ),
    Rule(
        "remove a range",
        edit.read_remove_range,
        ("delete from 3s to 6s", "cut out 3-6s and close the gap", "remove the last two seconds"),
    ),
    Rule("delete", edit.read_delete, ("delete the title", "remove the logo and the title", "delete it")),
    Rule(
        "volume",
        make.read_volume,
        (
            "set the music volume to 50%",
            "mute the music",
            "make the music a bit quieter",
            "turn the intro down by 6 dB",
        ),
    ),
    Rule("change text", make.read_change_text, ('change the title to "Day two"', 'make the title say "Hi"')),
    Rule(
        "add text",
        make.read_add_text,
        (
            'add text "Hello" from 0 to 3s at the top',
            'put "Day one" at the top for 3 seconds',
            'add a subtitle "Hi there" over the intro clip',
        ),
    ),
    Rule(
        "add sticker",
        make.read_sticker,
        ("add a star sticker top-right from 2s to 4s", "add the flag of Japan bottom-left for 3 seconds"),
    ),
    Rule("update effect", make.read_update_effect, ("make the vignette stronger", "set the vignette radius to 50")),
    Rule(
        "adjust picture",
        make.read_adjust,
        ("brighten 2-4s", "increase the contrast from 0 to 5s", "make the intro darker"),
    ),
    Rule(
        "apply effect",
        make.read_apply_effect,
        (
            "blur the last two seconds",
            "add sepia to the intro clip",
            "make the beach clip black and white",
            "apply sepia 0-3s with intensity 60",
        ),
    ),
    Rule(
        "add media",
        make.read_add_media,
        ("add the outtake at the end", "add logo.png at 10s on the overlay for 4s", "add music.mp3 to audio at 0s"),
    ),
    Rule("place text", edit.read_place, ("move the title to the bottom",)),
    Rule(
        "move",
        edit.read_move,
        ("move the logo to 12s", "move the title 2 seconds later", "move the logo to when the city clip starts"),
    ),
    Rule(
        "timing",
        edit.read_timing,
        (
            "make the logo last 10 seconds",
            "make the title two seconds shorter",
            "extend the logo to the end",
            "trim 3 seconds off the end of the city clip",
        ),
    ),
)


def examples() -> list[str]:
    return [example for rule in RULES for example in rule.examples]


def grammar() -> list[str]:
    """One line of examples per rule: the ``help`` reply and the README's grammar block."""
    return [" · ".join(rule.examples) for rule in RULES]
