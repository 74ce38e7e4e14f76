"""Secrets never leave in anything NeuralCut prints, logs or stores.

A server may echo the key it was sent (in an error body, in a model's text), and a ``base_url`` may carry a
password (``http://user:secret@host/v1``). ``redact`` replaces every configured secret value, and the
password of any URL, with ``***``; the consoles (``cli.views.clean``), the debug log, the chat store and the
provider errors all pass text through it. Clients never follow a redirect with the key (see ``providers``).
"""

from __future__ import annotations

import os
import re

#: The environment variables that hold secrets.
SECRET_VARIABLES = ("GEMINI_API_KEY", "GOOGLE_API_KEY", "OPENAI_API_KEY", "NEURALCUT_SERVER_TOKEN")
MASK = "***"
_USERINFO = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*://)([^/@\s:]+)(?::[^/@\s]*)?@")
_KEY_PARAM = re.compile(r"((?:[?&]|\b)(?:key|api_key|apikey|token|access_token)=)[A-Za-z0-9_\-.~]{8,}", re.I)


def secret_values() -> list[str]:
    """The secret values set now (long enough to be secrets, not a stray ``x``), longest first."""
    values = {os.environ.get(name, "").strip() for name in SECRET_VARIABLES}
    return sorted((v for v in values if len(v) >= 6), key=len, reverse=True)


def redact(text: str) -> str:
    """``text`` with every secret value, URL password and key parameter replaced by ``***``."""
    if not text:
        return text
    for value in secret_values():
        if value in text:
            text = text.replace(value, MASK)
    if "@" in text:
        text = _USERINFO.sub(
            lambda m: f"{m.group(1)}{m.group(2)}:{MASK}@" if ":" in m.group(0)[len(m.group(1)) :] else m.group(0), text
        )
    if "=" in text:
        text = _KEY_PARAM.sub(rf"\1{MASK}", text)
    return text
