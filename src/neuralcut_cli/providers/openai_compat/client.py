"""The ``openai`` client from the environment: ``OPENAI_API_KEY``, ``OPENAI_BASE_URL`` (or ``--base-url``),
``NEURALCUT_OPENAI_TIMEOUT``. A local server (any base URL) needs no key. Retries with backoff on 408, 409, 429
and 5xx are the SDK's (honouring ``Retry-After``)."""

from __future__ import annotations

import os
from typing import Any

from neuralcut_cli.errors import UsageError

DEFAULT_MODEL = "gpt-4o-mini"
RETRIES = 3
NO_KEY = "not-needed"  # the SDK wants a key; a local server ignores it


def resolve(base_url: str | None) -> tuple[str | None, str]:
    """``(base_url, key)``; a usage error naming the variables when there is neither a key nor a server."""
    base = base_url or os.environ.get("OPENAI_BASE_URL") or None
    key = os.environ.get("OPENAI_API_KEY", "").strip()
    if not key and base is None:
        raise UsageError(
            "The openai backend needs OPENAI_API_KEY (for OpenAI), or OPENAI_BASE_URL / --base-url "
            "for another server (a local one such as Ollama needs no key)"
        )
    return base, key or NO_KEY


def make_client(base_url: str | None) -> Any:
    from openai import DefaultHttpxClient, OpenAI

    base, key = resolve(base_url)
    timeout = read_timeout(base)
    # a redirect is never followed: the key must not reach another host (the SDK follows them by default)
    return OpenAI(
        api_key=key,
        base_url=base,
        max_retries=RETRIES,
        timeout=timeout,
        http_client=DefaultHttpxClient(follow_redirects=False, timeout=timeout),
    )


def is_local(base_url: str | None) -> bool:
    """A server on this machine (loopback or ``.local``): no charge per token, but maybe a small CPU."""
    from urllib.parse import urlsplit

    host = urlsplit(base_url or "").hostname or ""
    return host in ("localhost", "127.0.0.1", "::1") or host.endswith(".local")


def read_timeout(base_url: str | None) -> float:
    """Seconds a read may wait (``NEURALCUT_OPENAI_TIMEOUT``): 60 for a hosted API; 1,800 for a server on this
    machine, which sends nothing while it reads the first request's tools (minutes on a small CPU)."""
    default = 1800.0 if is_local(base_url) else 60.0
    try:
        value = float(os.environ.get("NEURALCUT_OPENAI_TIMEOUT", "") or default)
    except ValueError:
        return default
    return value if value > 0 else default
