"""What the offline backend reads requests as: a table of phrasings and
their intents (``mock_summary``), parsed without running anything.

``REFUSE`` means the request must be refused: a wrong reading would be a
wrong edit. The vocabulary comes from ``fixtures/mock_project.json``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from mock_summary import summary

from neuralcut_cli.agent.backends.mock.listing import vocab_of
from neuralcut_cli.agent.backends.mock.parse import Parsed, parse
from neuralcut_cli.agent.backends.mock.rules import examples
from neuralcut_cli.agent.context import build_context
from neuralcut_cli.project.edit_session import ProjectSession

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "mock_project.json"
VOCAB = vocab_of(build_context(ProjectSession(FIXTURE)))
REFUSE = "REFUSE"

LOOKING = [
    ("help", "help"), ("what can you do?", "help"), ("?", "help"),
    ("undo", "undo 1"), ("undo that", "undo 1"), ("undo the last change", "undo 1"), ("oops, undo", "undo 1"),
    ("go back three steps", "undo 3"), ("undo twice", "undo 2"), ("undo the last 2 changes", "undo 2"),
    ("take that back", "undo 1"), ("revert that", "undo 1"), ("redo", "redo 1"), ("redo that", "redo 1"),
    ("redo twice", "redo 2"),
    ("list the timeline", "timeline"), ("what's on the timeline?", "timeline"), ("show me the timeline", "timeline"),
    ("timeline", "timeline"), ("show the tracks", "timeline"), ("what's in my edit right now?", "timeline"),
    ("describe the timeline", "timeline"), ("give me an overview of the timeline", "timeline"),
    ("what clips are on the timeline?", "timeline"), ("show everything on the timeline", "timeline"),
    ("list assets", "assets"), ("show me the media", "assets"), ("what media do I have?", "assets"),
    ("list my files", "assets"), ("show unused videos", "assets unused video"),
    ("list used images", "assets used image"), ("what audio files do I have?", "assets audio"),
    ("is there footage I haven't put in yet?", "assets unused video"),
    ("do I have any unused media?", "assets unused"), ("which clips haven't I used?", REFUSE),
    ("what videos do I have?", "assets video"), ("show me the photos", "assets image"),
    ("any songs in the project?", "assets audio"), ("list the media that's not in the edit", "assets unused"),
    ("what effects are there?", "effects"), ("list the effects", "effects"), ("which filters can I use?", "effects"),
    ("what effects are available", "effects"), ("which effects are applied?", "effects applied"),
    ("what effects have I added?", "effects applied"), ("show the effects on the timeline", "effects applied"),
    ("show the blur parameters", "effect info blur"), ("what settings does vignette have?", "effect info vignette"),
    ("how does sepia work?", "effect info sepia"), ("what are the vignette options", "effect info vignette"),
    ("what stickers are there?", "stickers"), ("list the flags", "stickers flags"),
    ("show the shapes", "stickers shapes"),
    ("how many text elements do I have?", "count text"), ("how many clips are there?", "count video"),
    ("how many stickers are on the timeline", "count sticker"), ("how many effects did I add?", "count effect"),
    ("how many elements are there in total", "count all"), ("how many titles do I have", "count text"),
    ("what plays at 0:12?", "what at 12"), ("what's on screen at 5s?", "what at 5"),
    ("what is playing at 14 seconds", "what at 14"), ("what's showing at 00:00:03:00", "what at 3"),
    ("what's at 7.5s", "what at 7.5"), ("what happens at the playhead?", "what at playhead"),
    ("how long is the video?", "how long"), ("how long is the timeline?", "how long"),
    ("how long is my edit", "how long"), ("what's the duration of the video", "how long"),
    ("how long is the second clip?", "how long the second clip"), ("how long is the title", "how long the title"),
    ("how long does the music last", "how long the music"), ("how long is e-beach", "how long e-beach"),
    ("what's the length of the intro clip?", "how long the intro clip"),
    ("what's in the beach clip?", "describe the beach clip"), ("describe the intro", "describe the intro"),
    ("what happens in the city clip", "describe the city clip"), ("what's in clip 2", "describe clip 2"),
]

SPLITS = [
    ("split at 5s", "split 5"), ("split at 5", "split 5"), ("cut at 00:05", "split 5"),
    ("split at 2.5s and 7s", "split 2.5,7"),
    ("split at 1:02.5", "split 62.5"), ("cut at frame 120", "split 4"), ("split at frame 45", "split 1.5"),
    ("split at 00:00:05:12", "split 5.4"), ("split at 90f", "split 3"), ("slice at 4 seconds", "split 4"),
    ("please split the video at 5 seconds", "split 5"), ("split the timeline at 8s", "split 8"),
    ("cut it at 3s", "split 3 of it"), ("split at 3, 6 and 9 seconds", "split 3,6,9"),
    ("make a cut at 10s", "split 10"), ("split here", "split playhead"), ("split at the playhead", "split playhead"),
    ("split when the second clip begins", "split start(the second clip)"),
    ("cut where the city clip starts", "split start(the city clip)"),
    ("split at the end of the title", "split end(the title)"),
    ("cut the beach clip in half", "split half of the beach clip"),
    ("split the intro in two", "split half of the intro"),
    ("split the music down the middle", "split half of the music"),
    ("split the beach clip at 10s", "split 10 of the beach clip"), ("can you split at 12 seconds for me", "split 12"),
    ("split at two and a half seconds", "split 2.5"), ("split at 1m30s", "split 90"),
    ("split at half a second", "split 0.5"),
    ("divide the video at 6s", "split 6"), ("split at twenty seconds", "split 20"),
    ("split", REFUSE), ("split the pizza at 5s", REFUSE), ("split at 99:00:00", REFUSE),
]

REMOVING = [
    ("delete from 3s to 6s", "remove 3-6"), ("remove 3-6s", "remove 3-6"), ("cut 3s to 6s", "remove 3-6"),
    ("remove everything between 3s and 6s", "remove 3-6"), ("delete 00:03-00:06", "remove 3-6"),
    ("cut out from 3 to 6 seconds", "remove 3-6"), ("trim out 4s to 5s", "remove 4-5"),
    ("get rid of the part from 10 to 12 seconds", "remove 10-12"), ("remove the last two seconds", "remove last 2"),
    ("delete the last 2 seconds", "remove last 2"), ("cut the first 3 seconds", "remove first 3"),
    ("trim the first second", "remove first 1"), ("remove the final 1.5 seconds", "remove last 1.5"),
    ("delete everything after 15s", "remove 15-end"), ("remove everything before 2s", "remove start-2"),
    ("cut out 3 to 6s and close the gap", "remove 3-6 ripple"),
    ("delete 3-6s without leaving a gap", "remove 3-6 ripple"),
    ("remove 10s to 12s and shift everything left", "remove 10-12 ripple"),
    ("ripple delete from 1 to 2 seconds", "remove 1-2 ripple"),
    ("cut 5 to 7 seconds and close up the gap", "remove 5-7 ripple"),
    ("delete the whole video", REFUSE),
    ("delete the title", "delete the title"), ("remove the caption", "delete the caption"),
    ("delete the sticker", "delete the sticker"), ("get rid of the star", "delete the star"),
    ("remove the sticker and the caption", "delete the sticker+the caption"),
    ("delete the logo and the blur", "delete the logo+the blur"), ("remove the blur", "delete the blur"),
    ("delete the vignette effect", "delete the vignette effect"), ("delete e-title", "delete e-title"),
    ("remove the text \"Sunset\"", 'delete the text "Sunset"'), ("delete \"Day one\"", 'delete "Day one"'),
    ("delete it", "delete it"), ("remove them", "delete it"), ("delete the second clip", "delete the second clip"),
    ("delete the last clip", "delete the last clip"), ("remove clip 3", "delete clip 3"),
    ("delete the music", "delete the music"), ("take out the logo", "delete the logo"),
    ("remove all the stickers", "delete stickers"), ("delete both texts", "delete texts"),
    ("delete the city clip and close the gap", "delete the city clip ripple"),
    ("please remove the intro clip", "delete the intro clip"), ("ditch the photo", "delete the photo"),
    ("delete the dinosaur", REFUSE), ("delete", REFUSE), ("remove the title at 5s", REFUSE),
]

MOVES = [
    ("move the logo to 12s", "move the logo to 12"), ("move the title to 4 seconds", "move the title to 4"),
    ("move e-title to 4s on t-main", "move e-title to 4 track t-main"),
    ("shift the caption to 15s", "move the caption to 15"),
    ("put the title at 5s", "move the title to 5"), ("move the logo 2 seconds later", "move the logo by +2"),
    ("move the title 2 seconds later", "move the title by +2"),
    ("shift the title earlier by 1s", "move the title by -1"),
    ("nudge the caption forward 0.5s", "move the caption by +0.5"),
    ("move the star 1 second earlier", "move the star by -1"),
    ("slide the logo right by 3 seconds", "move the logo by +3"),
    ("push the title later by 2s", "move the title by +2"),
    ("move the logo to the end", "move the logo to end"),
    ("move the caption to the start", "move the caption to start"),
    ("move the logo to when the city clip starts", "move the logo to start(the city clip)"),
    ("move the star to where the beach clip begins", "move the star to start(the beach clip)"),
    ("move the title and the caption to 8s", "move the title+the caption to 8"),
    ("move it to 3s", "move it to 3"), ("move the logo onto the main track", "move the logo track main"),
    ("shift the title back by 1s", REFUSE), ("move the logo somewhere nice", REFUSE),
    ("move the title to the bottom", "place the title bottom"), ("put the caption at the top", "place the caption top"),
    ("move the caption to the middle of the screen", "place the caption center"),
    ("place the title at the top of the frame", "place the title top"),
]

TIMING = [
    ("make the photo last 10 seconds", "timing the photo length=10"),
    ("make the logo last 4s", "timing the logo length=4"),
    ("make the title 5 seconds long", "timing the title length=5"),
    ("make the intro 4 seconds", "timing the intro length=4"),
    ("make e-city end at 18s", "timing e-city end=18"), ("make the title end at 2s", "timing the title end=2"),
    ("make the title start at 1s", "timing the title start=1"),
    ("have the caption start at 11s", "timing the caption start=11"),
    ("make the title two seconds shorter", "timing the title delta=-2"),
    ("make the caption a second longer", "timing the caption delta=+1"),
    ("shorten the title by a second", "timing the title delta=-1"),
    ("extend the caption by 2 seconds", "timing the caption delta=+2"),
    ("make the logo 3 seconds shorter", "timing the logo delta=-3"),
    ("lengthen the title by 1.5 seconds", "timing the title delta=+1.5"),
    ("trim 3 seconds off the end of the city clip", "timing the city clip delta=-3"),
    ("cut 1 second off the end of the logo", "timing the logo delta=-1"),
    ("trim 1 second off the start of the caption", "timing the caption trim_start=1"),
    ("extend the logo to the end", "timing the logo end=end"),
    ("stretch the caption to the end of the video", "timing the caption end=end"),
    ("make the title last until 5s", "timing the title end=5"),
    ("keep the caption until 14s", "timing the caption end=14"),
    ("make the star end when the beach clip ends", "timing the star end=end(the beach clip)"),
    ("make it last 5 seconds", "timing it length=5"), ("make the title longer", REFUSE),
]

VOLUME = [
    ("set the music volume to 50%", "volume the music gain=0.5"), ("mute the music", "volume the music mute"),
    ("make the music a bit quieter", "volume the music db=-3"),
    ("turn the intro down by 6 dB", "volume the intro db=-6"),
    ("turn down the music", "volume the music db=-6"), ("make the music louder", "volume the music db=+6"),
    ("turn the music up a little", "volume the music db=+3"), ("lower the music to 30%", "volume the music gain=0.3"),
    ("music at 20 percent", "volume music gain=0.2"),
    ("set the beach clip volume to 80%", "volume the beach clip gain=0.8"),
    ("unmute the intro", "volume the intro gain=1"), ("silence the city clip", "volume the city clip mute"),
    ("mute the intro and the beach clip", "volume the intro+the beach clip mute"),
    ("make the music much quieter", "volume the music db=-9"),
    ("turn the music down to 20%", "volume the music gain=0.2"),
    ("set the volume of the music to half", "volume the music gain=0.5"),
    ("music to full volume", "volume music gain=1"),
    ("reduce the music by 3 db", "volume the music db=-3"),
    ("raise the volume of the intro by 2 dB", "volume the intro db=+2"),
    ("make the music slightly softer", "volume the music db=-3"), ("mute it", "volume it mute"),
    ("make it quieter", "volume it db=-6"), ("mute the city clip's audio", "volume the city clip mute"),
    ("set the music volume to -6 dB", "volume the music gain=0.501187"), ("make the music quieter at 5s", REFUSE),
    ("mute everything", REFUSE),
]

TEXT = [
    ('change the title to "Day two"', 'change the title "Day two"'),
    ('make the caption say "Goodnight"', 'change the caption "Goodnight"'),
    ('rename the caption to "Dusk"', 'change the caption "Dusk"'),
    ('replace "Day one" with "Day two"', 'change "Day one" "Day two"'),
    ('change the title text to "Hello"', 'change the title "Hello"'),
    ('update the subtitle to "Sunrise"', 'change the subtitle "Sunrise"'),
    ('change "Sunset" to "Sundown"', 'change "Sunset" "Sundown"'),
    ('edit the title so it says "Start"', 'change the title "Start"'),
    ('make it say "Bye"', 'change it "Bye"'),
    ('change the text of the caption to "Evening"', 'change the caption "Evening"'),
    ('add text "Hello" from 0 to 3s at the top', 'text "Hello" 0-3 top plain'),
    ('put "Day one" at the top for 3 seconds', 'text "Day one" +3 top'),
    ('add a subtitle "Hi there" 5s-8s', 'text "Hi there" 5-8 subtitle'),
    ('add a title "Summer" at 2s for 4 seconds', 'text "Summer" 2+4 hook'),
    ('add a label "Beach" at 6s', 'text "Beach" 6 label'),
    ('add hook "Wait for it" at the center from 1s to 2.5s', 'text "Wait for it" 1-2.5 center hook'),
    ('add a title saying Hello world at the top', 'text "Hello world" top hook'),
    ("add text Welcome at 2s", 'text "Welcome" 2 plain'), ("add 'Hi' from 1 to 2", 'text "Hi" 1-2'),
    ('put "The end" over the last 3 seconds', 'text "The end" last 3'),
    ('add a caption "Waves" over the beach clip', 'text "Waves" over(the beach clip) subtitle'),
    ('add the text "Go!" at the bottom from 4 to 6 seconds', 'text "Go!" 4-6 bottom plain'),
    ('write "Hello" on screen for 2 seconds', 'text "Hello" +2'), ('show "Now" at 10s', 'text "Now" 10'),
    ('add a subtitle "Look" when the city clip starts', 'text "Look" start(the city clip) subtitle'),
    ('add text "Fin" for the whole video', 'text "Fin" whole plain'),
    ("add text", REFUSE), ('change the pizza to "x"', REFUSE),
]

MEDIA = [
    ("add the outtake at the end", "media outtake at end"), ("add outtake.mp4 at 20s", "media outtake.mp4 at 20"),
    ("add logo.png at 10s on the overlay for 4s", "media logo.png at 10 overlay +4"),
    ("add music.mp3 to audio at 0s", "media music.mp3 at 0 audio"),
    ("put the outtake clip after the city clip", "media outtake at end(the city clip)"),
    ("append the outtake", "media outtake"), ("add the logo on top at 3s", "media logo at 3 overlay"),
    ("insert the outtake on the main track at 20s", "media outtake at 20 main"),
    ("add the pizza at 5s", REFUSE),
]

STICKERS = [
    ("add a star sticker top-right from 2s to 4s", "sticker shapes:star 2-4 top-right"),
    ("add the flag of Japan bottom-left for 3 seconds", "sticker flags:JP +3 bottom-left"),
    ("put a heart at the bottom left for 3 seconds", "sticker shapes:heart +3 bottom-left"),
    ("add a Canadian flag in the top left corner", "sticker flags:CA top-left"),
    ("add the US flag at 5s", "sticker flags:US 5 center"), ("add a flag of France", "sticker flags:FR center"),
    ("add the flag of Niger", "sticker flags:NE center"), ("add the flag of Nigeria", "sticker flags:NG center"),
    ("put the Brazilian flag top right for the whole video", "sticker flags:BR whole top-right"),
    ("add a checkmark at 3s for 2 seconds", "sticker shapes:check 3+2 center"),
    ("add an arrow pointing... no, a circle sticker at 1s", REFUSE), ("add the flag of England", REFUSE),
    ("add a unicorn sticker", REFUSE),
    ("stick a star on the intro clip", "sticker shapes:star over(the intro clip) center"),
    ("add a heart sticker in the center from 0 to 2", "sticker shapes:heart 0-2 center"),
]

EFFECTS = [
    ("blur the last two seconds", "effect blur last 2"), ("blur from 2s to 5s", "effect blur 2-5"),
    ("add sepia to the intro clip", "effect sepia over(the intro clip)"),
    ("make the beach clip black and white", "effect grayscale over(the beach clip)"),
    ("apply sepia 0-3s with intensity 60", "effect sepia 0-3 intensity=60"),
    ("apply a vignette to the whole video", "effect vignette whole"),
    ("add a blur for the whole video", "effect blur whole"),
    ("make it black and white", "effect grayscale over(it)"),
    ("invert the colors from 4 to 6 seconds", "effect invert 4-6"),
    ("desaturate the city clip", "effect grayscale over(the city clip)"),
    ("brighten 2-4s", "effect brightness-contrast 2-4 brightness=0.3"),
    ("increase the contrast from 0 to 5s", "effect brightness-contrast 0-5 contrast=1.3"),
    ("make the intro darker", "effect brightness-contrast over(the intro) brightness=-0.3"),
    ("add a vignette over the logo", "effect vignette over(the logo)"),
    ("blur everything before 4s", "effect blur start-4"),
    ("apply grayscale on the second clip", "effect grayscale over(the second clip)"),
    ("add a sepia effect when the city clip starts for 3 seconds", "effect sepia start(the city clip)+3"),
    ("add film grain to the city clip", "effect film-grain over(the city clip)"),
    ("pixelate the last 2 seconds", "effect pixelate last 2"),
    ("make the blur stronger", "update the blur step=+0.25"),
    ("make the vignette a bit stronger", "update the vignette step=+0.1"),
    ("make the blur weaker", "update the blur step=-0.25"),
    ("set the blur intensity to 40", "update the blur intensity=40"),
    ("set the vignette radius to 50", "update the vignette radius=50"),
    ("set the vignette to 50", "update the vignette main=50"),
    ("increase the blur", "update the blur step=+0.25"), ("tone down the vignette", "update the vignette step=-0.25"),
    ("make the blur much stronger", "update the blur step=+0.5"),
    ("change the blur amount to 70", "update the blur intensity=70"),
]

CHAINS = [
    ("delete 3-6s then mute the music", ["remove 3-6", "volume the music mute"]),
    ("split at 5s and mute the music", ["split 5", "volume the music mute"]),
    ('add a title "Hi" at the top then make it last 5 seconds', ['text "Hi" top hook', "timing it length=5"]),
    ("mute the music; delete the title", ["volume the music mute", "delete the title"]),
    ("split at 2s, then split at 4s", ["split 2", "split 4"]),
    ("delete the caption and then move the title to 10s", ["delete the caption", "move the title to 10"]),
    ("blur the last two seconds and mute the music", ["effect blur last 2", "volume the music mute"]),
    ("make the music quieter and add the outtake at the end", ["volume the music db=-6", "media outtake at end"]),
    ('add text "A" at 1s, then add text "B" at 3s', ['text "A" 1 plain', 'text "B" 3 plain']),
    ("delete the star then undo", ["delete the star", "undo 1"]),
    ("split at 5s then delete the second clip", ["split 5", "delete the second clip"]),
    ("move the logo to 12s and make it last 3 seconds", ["move the logo to 12", "timing it length=3"]),
    ("cut out 3-6s and close the gap, then mute the music", ["remove 3-6 ripple", "volume the music mute"]),
    ("make the beach clip black and white and make the blur stronger",
     ["effect grayscale over(the beach clip)", "update the blur step=+0.25"]),
    ("delete the sticker and order a pizza", REFUSE), ("mute the music then fly to the moon", REFUSE),
]

IMPOSSIBLE = [
    ("order a pizza", REFUSE), ("make it pop", REFUSE), ("make it better", REFUSE), ("fix everything", REFUSE),
    ("add some cool music", REFUSE), ("render the video", REFUSE), ("upload it to youtube", REFUSE),
    ("make a tiktok out of this", REFUSE), ("delete the clip", "delete the clip"), ("speed up the intro", REFUSE),
    ("what's the weather?", REFUSE), ("hello", REFUSE), ("thanks!", REFUSE), ("move", REFUSE),
    ("set the volume to 50%", REFUSE), ("add a transition between the clips", REFUSE), ("crop the video", REFUSE),
    ("rotate the logo 90 degrees", REFUSE), ("make the title red", REFUSE), ("blur the faces", REFUSE),
]

MORE = [  # phrasings written apart from the ones above, the way people type them
    ("chop the video at 7 seconds", "split 7"), ("can you cut the clip at 4.5s?", "split 4.5 of the clip"),
    ("I want a split at 0:09", "split 9"), ("split the whole thing at 11s", "split 11"),
    ("put a cut right at 3 seconds", "split 3"), ("cut the music at 10s", "split 10 of the music"),
    ("split right where the caption starts", "split start(the caption)"), ("split at second 5", "split 5"),
    ("trim the video at 10s", REFUSE), ("trim the music at 10s", REFUSE),
    ("get rid of 2s to 4s", "remove 2-4"), ("delete between 5 and 7 seconds", "remove 5-7"),
    ("could you remove the section from 12s to 14s", "remove 12-14"),
    ("cut out the middle part from 8s to 9s", "remove 8-9"),
    ("delete from the 10 second mark to the 12 second mark", "remove 10-12"),
    ("lose the first two seconds", "remove first 2"),
    ("chop off the last 3 seconds", "remove last 3"), ("remove seconds 4 through 6", "remove 4-6"),
    ("delete everything from 18s on", "remove 18-end"),
    ("get rid of everything after the 15 second mark", "remove 15-end"),
    ("delete from 1s to 2s and don't leave a gap", "remove 1-2 ripple"), ("kill the music", "delete the music"),
    ("lose the sticker", "delete the sticker"), ("trash the caption", "delete the caption"),
    ("remove the star sticker", "delete the star sticker"), ("delete the last text", "delete the last text"),
    ("erase the title", "delete the title"), ("remove both effects", "delete effects"),
    ("delete all the text", "delete text"),
    ("get rid of the logo image", "delete the logo image"),
    ("delete the intro and the city clip", "delete the intro+the city clip"),
    ("remove the blur from the video", "delete the blur"), ("delete the effects", "delete the effects"),
    ("start the logo at 6s", "move the logo to 6"), ("move the caption 3 seconds earlier", "move the caption by -3"),
    ("push the caption back 2 seconds", REFUSE), ("move the star so it starts at 12s", "move the star to 12"),
    ("drag the title to 2s", "move the title to 2"), ("shift the logo left by 1 second", "move the logo by -1"),
    ("move the caption up to the top", "place the caption top"),
    ("put the title in the middle", "place the title center"),
    ("move the caption right after the title", "move the caption to end(the title)"),
    ("make the logo shorter by 2 seconds", "timing the logo delta=-2"),
    ("the title should last 4 seconds", "timing the title length=4"),
    ("make the star 3 seconds long", "timing the star length=3"), ("end the logo at 15s", "timing the logo end=15"),
    ("stretch the title to 5 seconds", "timing the title end=5"),
    ("make the title stay until 4s", "timing the title end=4"),
    ("shorten the logo to 10 seconds", "timing the logo length=10"),
    ("extend the star by a second", "timing the star delta=+1"),
    ("let the logo run until the end of the video", "timing the logo end=end"),
    ("cut the title down to 2 seconds", "timing the title length=2"), ("set the title to 3 seconds", REFUSE),
    ("set the title duration to 3 seconds", "timing the title length=3"),
    ("the caption should end at 15s", "timing the caption end=15"),
    ("music volume 40%", "volume music gain=0.4"), ("bring the music down a bit", "volume the music db=-3"),
    ("turn the music way down", "volume the music db=-9"), ("pump up the music", "volume the music db=+6"),
    ("drop the music by 10 dB", "volume the music db=-10"), ("change the music by 6 dB", REFUSE),
    ("music off", "volume music mute"), ("turn the music off", "volume the music mute"),
    ("make the beach clip 20% volume", "volume the beach clip gain=0.2"),
    ("make the music half as loud", "volume the music db=-6"),
    ("turn the beach audio down", "volume the beach audio db=-6"),
    ("the music should be quieter", "volume the music db=-6"),
    ('fix the title to read "Day 1"', 'change the title "Day 1"'),
    ('the caption should say "Golden hour"', 'change the caption "Golden hour"'),
    ('swap "Sunset" for "Dusk"', 'change "Sunset" "Dusk"'),
    ("change the caption text to 'Night falls'", 'change the caption "Night falls"'),
    ('add the words "Hello" at 2s', 'text "Hello" 2 plain'),
    ('put a title "My trip" at the start for 4 seconds', 'text "My trip" start+4 hook'),
    ('add "Subscribe!" at the end for 2 seconds', 'text "Subscribe!" last 2'),
    ('write "The end" at the bottom for the last 2 seconds', 'text "The end" last 2 bottom'),
    ('throw "Wow" on screen at 7s for 1 second', 'text "Wow" 7+1'),
    ('add a lower third saying "Maria, host" at 4s', 'text "Maria, host" 4 bottom label'),
    ("add a blur to the last 3 seconds", "effect blur last 3"),
    ("put a sepia filter on the beach clip", "effect sepia over(the beach clip)"),
    ("give the city clip a vintage look", "effect sepia over(the city clip)"),
    ("make everything sepia", "effect sepia whole"),
    ("make the whole video black and white", "effect grayscale whole"), ("blur the logo", "effect blur over(the logo)"),
    ("add a blur at the end", "effect blur last 5"), ("apply a strong blur to the first 2 seconds", REFUSE),
    ("make the blur more intense", "update the blur step=+0.25"),
    ("reduce the blur a bit", "update the blur step=-0.1"),
    ("crank the blur up", "update the blur step=+0.25"),
    ("make the vignette subtler", "update the vignette step=-0.25"),
    ("increase the vignette softness", "update the vignette step=+0.25 softness"),
    ("make the vignette radius bigger", "update the vignette step=+0.25 radius"),
    ("boost the saturation of the beach clip", "effect saturation over(the beach clip) saturation=140"),
    ("add more contrast to the intro", "effect brightness-contrast over(the intro) contrast=1.3"),
    ("darken the last 3 seconds", "effect brightness-contrast last 3 brightness=-0.3"),
    ("make the colors pop on the beach clip", REFUSE),
    ("add a German flag at the top left from 1s to 4s", "sticker flags:DE 1-4 top-left"),
    ("add the south korean flag at 0:05", "sticker flags:KR 5 center"), ("add a UK flag", "sticker flags:GB center"),
    ("put the Japanese flag in the corner", REFUSE), ("add a smiley", REFUSE),
    ("put a star at the very end for 1 second", "sticker shapes:star last 1 center"),
    ("what's the total length?", "how long"), ("what's the runtime", "how long"),
    ("how long is the whole video?", "how long"),
    ("what effects did I apply?", "effects applied"), ("show the flag stickers", "stickers flags"),
    ("which files am I not using?", "assets unused"), ("how many clips do I have?", "count video"),
    ("what's playing at 0:16", "what at 16"), ("undo the last two edits", "undo 2"), ("go back", "undo 1"),
    ("undo 3 times", "undo 3"), ("redo the last change", "redo 1"),
]

QUESTIONS = [  # asked, never done: a question reads only as something that looks
    ("is the music muted?", "about the music"), ("what's the volume of the music", "about the music"),
    ("what is e-title?", "about e-title"), ("where is the title?", "about the title"),
    ("when does the caption start?", "about the caption"), ("when does the music end?", "about the music"),
    ("what does the title say?", "about the title"), ("what's the first clip?", "about the first clip"),
    ("what's the last clip", "about the last clip"), ("tell me about the logo", "about the logo"),
    ("what effect is on the beach clip?", "effects applied over(the beach clip)"),
    ("is there any text at 12s?", "what at 12 text"), ("are there any stickers at 5s", "what at 5 sticker"),
    ("show me all the clips", "count video"), ("list all elements", "count all"),
    ("list the text elements", "count text"),
    ("show me all the text", "count text"), ("what stickers did I add?", "count sticker"),
    ("how long does the title stay on screen", "how long the title"), ("what's in this project?", "timeline"),
    ("what tracks are there?", "timeline"), ("list the videos in my project", "assets video"),
    ("do I have any music?", "assets audio"), ("is the music too loud?", REFUSE),
    ("is the title muted", "about the title"),
    ("does the intro have audio?", REFUSE), ("have I muted the music?", REFUSE),
    ("make the title end 1 second later", "timing the title delta=+1"),
    ("make the title start 1 second later", "move the title by +1"),
    ("make the logo disappear at 10s", "timing the logo end=10"),
    ("make the title appear at 1s", "timing the title start=1"),
    ("make the star disappear when the beach clip ends", "timing the star end=end(the beach clip)"),
    ("have the star last until the end of the video", "timing the star end=end"),
    ("make a split at 0:02 and 0:04", "split 2,4"), ("split at 1 minute", "split 60"), ("split there", REFUSE),
    ("divide at the middle of the beach clip", "split middle(the beach clip)"),
    ("add a Brazil flag for 3 seconds at the start", "sticker flags:BR start+3 center"),
    ("put a USA flag in the top-left corner from 0 to 5", "sticker flags:US 0-5 top-left"),
    ("add a star sticker in the corner", REFUSE), ("make the title last as long as the intro", REFUSE),
    ("how many seconds is the video", "how long"), ("list all assets", "assets"), ("the music is too loud", "volume the music db=-6"),
    ("make the beach clip twice as loud", "volume the beach clip db=+6"), ("make the intro silent", "volume the intro mute"),
    ("turn off the music", "volume the music mute"), ("blur everything", "effect blur whole"),
    ("blur out the first 5 seconds", "effect blur first 5"), ("blur intensity 50", REFUSE), ("set blur to 90 percent", REFUSE),
    ("change the text at 11s to \"Night\"", REFUSE), ("make everything quieter", REFUSE),
    ("increase the music volume by 20%", REFUSE),
]

CLIPS = [  # the editor's vocabulary: tracks, copies, opacity, speed, gaps, trims, ripple only when asked
    ("hide the logo track", "hide track of(the logo)"), ("mute the audio track", "mute track audio"),
    ("show the logo track again", "show track of(the logo)"), ("mute the overlay track", "mute track overlay"),
    ("unmute the music track", "unmute track audio"), ("mute the t-audio track", "mute track t-audio"),
    ("turn off the text track", "hide track text"), ("hide the title", "hide the title"), ("show the logo again", "show the logo"),
    ("duplicate the title", "duplicate the title"), ("make a copy of the star", "duplicate the star"),
    ("clone the intro clip", "duplicate the intro clip"), ("duplicate the title and the caption", "duplicate the title+the caption"),
    ("make the photo half transparent", "opacity the photo 50%"), ("set the logo opacity to 40%", "opacity the logo 40%"),
    ("make the logo 30% transparent", "opacity the logo 70%"), ("make the logo fully opaque", "opacity the logo 100%"),
    ("speed up the beach clip 2x", "speed the beach clip 2x"), ("play the intro at half speed", "speed the intro 0.5x"),
    ("slow down the city clip to 0.5x", "speed the city clip 0.5x"), ("play the beach clip at double speed", "speed the beach clip 2x"),
    ("set the intro to normal speed", "speed the intro 1x"), ("speed up the city clip", REFUSE), ("slow down the music to 3x", REFUSE),
    ("remove the gaps", "close gaps main"), ("close the gaps on the main track", "close gaps main"),
    ("close the gaps on the audio track", "close gaps audio"), ("tighten up the main track", "close gaps main"),
    ("trim 1 second off the start of the city clip", "timing the city clip trim_start=1"),
    ("cut out 3s to 6s and close the gap", "remove 3-6 ripple"), ("delete the beach clip", "delete the beach clip"),
    ("delete the logo track", REFUSE), ("hide the music", "hide the music"), ("mute the text track", "mute track text"),
]

MOTION = [  # fades, zooms, slides, ducking, keyframes (issue 14)
    ("fade in the intro over 1 second", "fade the intro in=1"), ("fade out the music at the end", "fade the music out=1"),
    ("fade the title in and out", "fade the title in=1 out=1"), ("fade the music out over 3 seconds", "fade the music out=3"),
    ("add a fade in to the title", "fade the title in=1"), ("fade the intro and the title in", "fade the intro+the title in=1"),
    ("fade in the beach clip for 2 seconds", "fade the beach clip in=2"), ("fade out the logo slowly", "fade the logo out=1"),
    ("slowly zoom into the photo", "zoom the photo in"), ("zoom out of the intro clip", "zoom the intro clip out"),
    ("zoom in on the beach clip", "zoom the beach clip in"), ("slide the title in from the left", "slide the title left 0.5s"),
    ("bring the caption in from the right", "slide the caption right 0.5s"),
    ("slide the star in from the top over 1 second", "slide the star top 1s"),
    ("duck the music under the beach clip", "duck the music under the beach clip"),
    ("lower the music when the beach clip plays", "duck the music under the beach clip"),
    ("duck the music under the intro and the beach clip", "duck the music under the intro+the beach clip"),
    ("list the keyframes of the intro", "keyframes the intro"), ("what keyframes does the title have?", "keyframes the title"),
    ("make the fade longer", "change fade x2"),
    ("fade to black at the end", REFUSE), ("zoom", REFUSE), ("duck the music", "volume the music db=-6"),
]

MORE_CHAINS = [
    ("mute the music, then add a title \"End\" at the end for 2 seconds", ["volume the music mute", 'text "End" last 2 hook']),
    ('add a subtitle "Hi" at 1s and make it last 2 seconds', ['text "Hi" 1 subtitle', "timing it length=2"]),
    ('blur the last 2 seconds and add "The end" over them', ["effect blur last 2", 'text "The end" over(it)']),
    ("add a star sticker at 3s then move it to 8s", ["sticker shapes:star 3 center", "move it to 8"]),
    ('change the title to "Day 2" and move it to the bottom', ['change the title "Day 2"', "place it bottom"]),
    ("undo then delete the dinosaur", REFUSE),
    ("blur the last 2 seconds, then make it stronger", ["effect blur last 2", "update it step=+0.25"]),
    ("add sepia to the first 3 seconds and blur the same part", ["effect sepia first 3", "effect blur over(it)"]),
    ('put "Go" at the bottom from 1 to 2 seconds and "Stop" at the top from 3 to 4 seconds',
     ['text "Go" 1-2 bottom', 'text "Stop" 3-4 top']),
    ("add a heart at 2s and a star at 4s", ["sticker shapes:heart 2 center", "sticker shapes:star 4 center"]),
    ("make the title longer by 2s and the caption shorter by 1s", ["timing the title delta=+2", "timing the caption delta=-1"]),
    ("set the music to 30% and the intro to 80%", ["volume the music gain=0.3", "volume the intro gain=0.8"]),
    ("add the outtake at the end and mute it", ["media outtake at end", "volume it mute"]),
    ('delete the title then add a new title "Start" at the top for 3 seconds',
     ["delete the title", 'text "Start" +3 top hook']),
    ("undo twice and then redo", ["undo 2", "redo 1"]), ("mute the music and 5s", REFUSE),
    ('add a title "Hello" at the top, then make it red', REFUSE),
]

ANALYSIS = [  # silences, loudness, shot changes (issue 15)
    ("remove the silences", "silences"), ("cut the dead air", "silences"), ("remove all the pauses", "silences"),
    ("cut the dead air but leave a little breathing room", "silences padding=0.3"),
    ("remove the silences but keep a bit of breathing room", "silences padding=0.3"),
    ("cut the silences tightly", "silences padding=0.05"),
    ("remove pauses longer than 1 second", "silences min=1"), ("get rid of the awkward pauses", "silences"),
    ("delete the silent parts of the video", "silences"),
    ("even out the audio", "normalize"), ("normalize the audio", "normalize"), ("level the volume", "normalize"),
    ("make it as loud as YouTube wants", "normalize -14"), ("normalize the audio to -16 LUFS", "normalize -16"),
    ("normalize the loudness for podcasts", "normalize -16"), ("make it as loud as broadcast needs", "normalize -23"),
    ("split at every shot change", "scenes"), ("cut at each scene change", "scenes"),
    ("cut the beach clip at its scene changes", "scenes the beach clip"),
    ("split the intro into shots", "scenes the intro"),
    ("make it as loud", REFUSE), ("normalize", REFUSE),
    ("add captions", "captions"), ("add subtitles at the top", "captions top"), ("caption the intro", "captions the intro"),
    ("add captions to the beach clip at the bottom", "captions the beach clip bottom"),
    ("remove every um", "fillers um"), ("cut the filler words", "fillers"), ("remove the ums and uhs", "fillers um,uh"),
    ('cut the part where I say "let me start again"', "cut words 'let me start again'"),
    ("cut the part where I say let me start again", "cut words 'let me start again'"),
    ('remove every time I say "basically"', "cut words 'basically' every"),
    ("where do I say welcome?", "find 'welcome'"), ('when is "thank you" said?', "find 'thank you'"),
    ("import subs.srt", "import subs.srt"), ("import the captions from talk.vtt", "import talk.vtt"),
    ("export the captions", "export srt"), ("save the subtitles as vtt", "export vtt"),
    ("export captions to talk.srt", "export srt talk.srt"),
    ("import the captions", REFUSE), ("cut the part where I say", REFUSE), ("remove every", REFUSE),
    ("remove the silence at 5s", REFUSE), ("split at every", REFUSE),
]

CATEGORIES = {"looking": LOOKING, "splits": SPLITS, "removing": REMOVING, "moves": MOVES, "timing": TIMING,
              "volume": VOLUME, "text": TEXT, "media": MEDIA, "stickers": STICKERS, "effects": EFFECTS,
              "chains": CHAINS + MORE_CHAINS, "impossible": IMPOSSIBLE, "more": MORE,
              "questions": QUESTIONS, "clips": CLIPS, "motion": MOTION,
              "analysis": ANALYSIS}
TABLE = [row for rows in CATEGORIES.values() for row in rows]


@cache
def parsed(text: str) -> Parsed:
    return parse(text, VOCAB)


def read(text: str) -> str | list[str]:
    result = parsed(text)
    if result.refusal is not None:
        return REFUSE
    found = [summary(intent) for intent in result.intents]
    return found[0] if len(found) == 1 else found


@pytest.mark.parametrize("category", list(CATEGORIES))
def test_reading(category: str) -> None:
    """Every phrasing of a category reads as its intent (all mismatches are listed at once)."""
    readings = [(text, read(text), expected) for text, expected in CATEGORIES[category]]
    wrong = [(text, got, expected) for text, got, expected in readings if got != expected]
    assert not wrong, "\n".join(f"{text!r}: read {got!r}, expected {expected!r}" for text, got, expected in wrong)


def test_the_table_is_large_and_varied() -> None:
    texts = [t for t, _ in TABLE]
    assert len(set(texts)) == len(texts) >= 400
    assert len(CHAINS + MORE_CHAINS) >= 15 and sum(1 for _, e in TABLE if e == REFUSE) >= 50
    examples_in_table = set(texts) & set(examples())
    assert len(examples_in_table) < len(TABLE) / 4  # mostly not copies of the help examples


def test_every_help_example_reads_whole() -> None:
    for example in examples():
        assert read(example) != REFUSE, example


def test_refusals_name_the_words_they_could_not_use() -> None:
    for text, words in [("delete the dinosaur", ["'dinosaur'"]), ("mute the music at 5s", ["5s"]),
                        ("add a unicorn sticker", ["unicorn"]), ("order a pizza", ["order", "pizza"]),
                        ("change the music by 6 dB", ["db"]), ("put the Japanese flag in the corner", ["corner"])]:
        parsed = parse(text, VOCAB)
        assert parsed.refusal is not None and all(w in parsed.refusal for w in words), (text, parsed.refusal)


def test_every_refusal_in_the_table_names_what_it_could_not_use() -> None:
    """A refusal quotes the words it could not use (or, when every word was used, the whole request)."""
    for text, expected in TABLE:
        result = parsed(text)
        if expected != REFUSE or result.refusal is None:
            continue
        head = result.refusal.splitlines()[0].lower()
        words = [w for w in result.unused if not w.startswith("«")]
        assert any(f"'{w}" in head or f" {w}" in head.split(" in ")[0] for w in words) if words else text.lower() in head, \
            (text, result.refusal)
