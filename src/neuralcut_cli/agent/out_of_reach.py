"""Requests no tool can carry out: putting the video somewhere (YouTube, a person's inbox). A model asked to
"upload the video to YouTube" kept editing until its budget stopped it (issue 42 §6); these get a plain "I can't do
that here" and no call, from every backend, before any model is asked."""

from __future__ import annotations

import re

_PLACES = (
    r"youtube|you tube|tiktok|tik tok|instagram|insta|facebook|fb|twitter|x\.com|vimeo|linkedin|twitch|reddit|"
    r"snapchat|dropbox|google drive|(?:my |the )?drive|icloud|the (?:internet|web|cloud)|social media|my (?:channel|"
    r"account|page|story|feed)|(?:my|the|a) (?:boss|client|team|friend|friends|mom|dad|editor|producer)|email|e-mail"
)
_PUT = r"upload|re-?upload|publish|post|share|send|e-?mail|tweet|stream|broadcast"
_ELSEWHERE = re.compile(rf"\b(?:{_PUT})\b(?:\s+\S+){{0,5}}?\s+(?:to|on|onto|via|with|for)\s+(?:{_PLACES})\b", re.I)
_UPLOAD = re.compile(
    r"\b(?:upload|publish|e-?mail|tweet)\s+(?:it|this|that|the (?:final )?(?:video|cut|edit|film|file)|my video)\b",
    re.I,
)

CANT = (
    "I can't do that here: NeuralCut edits the project and renders it to a file; it cannot upload, post or send it "
    "anywhere. Render it (neuralcut render -o video.mp4) and upload the file yourself. Nothing was changed."
)


def out_of_reach(text: str) -> str | None:
    """``CANT`` when ``text`` asks to put the video somewhere outside this machine; else None."""
    said = " ".join(text.replace("’", "'").split())
    return CANT if _ELSEWHERE.search(said) or _UPLOAD.search(said) else None
