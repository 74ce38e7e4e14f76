"""Where the outside evaluation's requests come from. Each request is written in the words and shape of one of
these public sources (paraphrased to fit the demo project's clips, never copied from this project's code, docs or
tests); the key names the source in ``cases.py``."""

SOURCES: dict[str, str] = {
    "expressedit": "ExpressEdit (Tilekbay et al., IUI 2024, arXiv:2403.17693): the 176 editing commands gathered from "
    "10 video editors, time-led and with spatial words ('at 0:20 add text at the top...', 'zoom in on...')",
    "lave": "LAVE (Wang et al., IUI 2024, arXiv:2402.10294): requests people typed to an LLM editing agent "
    "('trim the second clip', 'put the beach clip first', 'make the video shorter')",
    "v100": "v100.ai, 'How to Edit Video with Natural Language Commands in 2026': example instructions "
    "('remove the ums', 'cut to 60 seconds', 'remove the silence')",
    "aipulse": "ai-pulse project brief 'Natural-Language Video Edit Agent': 'tighten the opening, cut the awkward "
    "pause at 0:42, add a zoom on the product'",
    "imovie": "Apple iMovie User Guide (Mac): 'add a cross-dissolve between clips', 'slow down or speed up a clip', "
    "'fade in from black', 'detach audio', 'adjust the volume'",
    "clipchamp": "Microsoft Clipchamp help articles: 'how to add transitions between clips', 'how to delete a gap', "
    "'how to add a text overlay', 'how to change the volume of the background music'",
    "kapwing": "Kapwing help and blog: 'Smart Cut: remove silences / dead space', 'resize to 9:16', 'add a watermark'",
    "capcut": "CapCut guides: 'split a clip', 'speed up a clip', 'add a filter', 'remove a filter', 'reverse a clip'",
    "descript": "Descript help: 'remove filler words', 'shorten word gaps', 'remove the pauses'",
    "autoeditor": "auto-editor documentation and issue threads: 'remove the silent parts', 'cut out dead air', "
    "'keep only the parts with sound'",
    "premiere": "Adobe Premiere Pro user guide and its MCP servers' tool descriptions: 'ripple delete', "
    "'apply cross dissolve to all cuts', 'clip 3 on V1', 'remove effects', 'scale the logo down'",
    "resolve": "DaVinci Resolve manual and its MCP tool descriptions: 'set clip speed to 50%', 'clip index', "
    "'dissolve between the clips', 'fade out the audio'",
    "ffmpeg-so": "Stack Overflow / Super User ffmpeg questions: 'cut the first 5 seconds', 'remove everything "
    "before 10 seconds', 'keep only 6s to 12s', 'add a logo at the bottom left'",
    "reddit": "r/VideoEditing, r/premiere, r/davinciresolve threads: 'how do I make the logo smaller', 'put my "
    "watermark in the corner', 'lower the music under the talking'",
    "filmcraft": "FilmCraft 'Getting started: video fades and audio volume keyframes': 'fade a clip in and out', "
    "'dissolve between two shots', 'make the sound gradually quieter'",
    "frameio": "Frame.io review comments as editors leave them: '0:20 - add big text...', 'at 1:05 cut to the "
    "b-roll', 'can we lose this shot'",
    "openvideo": "OpenVideo 'basic-editing' skill: 'adjust opacity, rotation, position', 'add an image clip'",
}
