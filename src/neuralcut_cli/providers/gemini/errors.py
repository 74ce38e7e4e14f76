"""One clear, key-free message for any failure of a Gemini call."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from neuralcut_cli.errors import NeuralCutError, ProviderError
from neuralcut_cli.providers.gemini.client import DEFAULT_MODEL, base_url, scrub


def explain(exc: BaseException) -> ProviderError:
    """One clear, key-free message for any failure of a Gemini call."""
    from google.genai import errors

    if isinstance(exc, errors.APIError):
        return ProviderError(scrub(_api_message(exc)))
    name = type(exc).__name__
    if "Timeout" in name:
        return ProviderError(
            f"Gemini did not answer in time ({base_url()}); try again, or raise NEURALCUT_GEMINI_TIMEOUT"
        )
    if "Connect" in name or isinstance(exc, OSError):
        return ProviderError(f"Cannot reach Gemini at {base_url()}: the network is down or the address is wrong")
    return ProviderError(scrub(f"Gemini request failed: {name}: {exc}"))


@contextmanager
def provider_errors() -> Iterator[None]:
    """Every failure inside becomes one ``ProviderError`` saying what failed (a missing key, say, keeps its
    words)."""
    try:
        yield
    except ProviderError:
        raise
    except NeuralCutError as exc:
        raise ProviderError(exc.message) from None
    except Exception as exc:  # noqa: BLE001 - every provider failure becomes one clear message
        raise explain(exc) from None


def _api_message(exc: Any) -> str:
    code, status = exc.code, exc.status or ""
    detail = (exc.message or "").strip()
    if code in (401, 403) or status in ("UNAUTHENTICATED", "PERMISSION_DENIED"):
        return (
            f"Gemini rejected the API key ({code} {status}): check GEMINI_API_KEY / GOOGLE_API_KEY. {detail}"
        ).strip()
    if code == 429:
        wait = _retry_hint(exc)
        hint = f" Retry in {wait}." if wait else " Wait a moment and try again."
        return f"Gemini quota exceeded (429 {status}).{hint} {detail}".strip()
    if code and code >= 500:
        return f"Gemini server trouble ({code} {status}); it is not your request. Try again shortly. {detail}".strip()
    if code == 404:
        return f"Gemini does not know that model or resource (404): {detail}. Try --model {DEFAULT_MODEL}"
    return f"Gemini refused the request ({code} {status}): {detail}"


def _retry_hint(exc: Any) -> str | None:
    details = exc.details if isinstance(exc.details, dict) else {}
    for item in details.get("error", details).get("details", []) or []:
        if isinstance(item, dict) and item.get("retryDelay"):
            return str(item["retryDelay"])
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None) or {}
    return headers.get("retry-after") if hasattr(headers, "get") else None
