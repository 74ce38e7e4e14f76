"""One clear message per kind of failure, never with the key in it."""

from __future__ import annotations

from neuralcut_cli.errors import BackendError
from neuralcut_cli.secrets import redact


def explain(exc: Exception, model: str, base_url: str) -> BackendError:
    import openai

    where = base_url or "api.openai.com"
    body = server_message(exc)
    if isinstance(exc, openai.AuthenticationError):
        return BackendError(f"{where} refused the key (401): check OPENAI_API_KEY")
    if isinstance(exc, openai.PermissionDeniedError):
        return BackendError(f"{where} does not allow this key to use {model} (403)")
    if isinstance(exc, openai.NotFoundError):
        return BackendError(f"Model not found: {model} on {where} (404); choose one with --model")
    if isinstance(exc, openai.RateLimitError):
        quota = "quota" in body.lower() or "insufficient" in body.lower()
        return BackendError(
            f"{where}: {'out of quota' if quota else 'too many requests'} (429) after retries; wait and try again"
        )
    if isinstance(exc, openai.BadRequestError) and "tool" in body.lower():
        return BackendError(
            f"{model} on {where} does not support tool calls, which NeuralCut needs; choose a model "
            "that does (for Ollama: llama3.1, qwen2.5 and others)"
        )
    if isinstance(exc, openai.APITimeoutError):
        return BackendError(f"{where} did not answer in time (NEURALCUT_OPENAI_TIMEOUT seconds)")
    if isinstance(exc, openai.APIConnectionError):
        return BackendError(f"Cannot reach {where}: is the server running and the address right?")
    if isinstance(exc, openai.InternalServerError):
        return BackendError(f"{where} failed ({getattr(exc, 'status_code', 500)}) after retries: {body[:200]}")
    if isinstance(exc, openai.APIStatusError):
        return BackendError(f"{where} answered {exc.status_code}: {body[:200]}")
    said = redact(body or str(exc)).strip()
    if isinstance(exc, openai.APIError) and said:  # an error event in the middle of a streamed answer
        return BackendError(f"{where} stopped in the middle of its answer: {said[:300]}")
    return BackendError(
        f"The model's answer could not be read: {type(exc).__name__}{': ' + said[:200] if said else ''}"
    )


def server_message(exc: Exception) -> str:
    """The server's own words in an error, if it said any."""
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
    return str(getattr(exc, "message", "") or "")
