"""What a failed call raises: one base class, SmartLinksError, and a subclass per kind of
answer (by HTTP status), each carrying the service's sentence and the body's flags."""

from __future__ import annotations

import json
from typing import Any

import httpx

from ._retry import retry_after

SERVER_SENTENCE = (
    "Internal server error (request id {}); the service logged it, retry later or quote the id when reporting it."
)


class SmartLinksError(Exception):
    """Every failure of a call; ``str(error)`` is the service's sentence (``error``)."""

    code = "unknown"

    def __init__(
        self,
        error: str,
        *,
        status: int | None = None,
        field: str | None = None,
        license_limit_reached: bool = False,
        license_expired: bool = False,
        resource: str | None = None,
        limit: int | None = None,
        current: int | None = None,
        request_id: str | None = None,
        retry_after: float | None = None,
        headers: httpx.Headers | None = None,
    ) -> None:
        super().__init__(error)
        #: The service's sentence: what went wrong and what to change.
        self.error = error
        #: The HTTP status, or None when no answer came (network failure, timeout).
        self.status = status
        #: The input at fault (``name``, ``rules[1].city``, a query parameter), when one is.
        self.field = field
        #: True when a plan quota would be exceeded (403; see resource, limit, current).
        self.license_limit_reached = license_limit_reached
        #: True when the workspace's licence has expired (403).
        self.license_expired = license_expired
        #: The quota a 403 is about (``links``, ``rules``).
        self.resource = resource
        #: The plan's limit.
        self.limit = limit
        #: What the workspace has, or what the request asked for.
        self.current = current
        #: On a 500: the id the service's logs know the request by.
        self.request_id = request_id
        #: On a 429: the seconds to wait before a retry can succeed.
        self.retry_after = retry_after
        #: The answer's headers (empty when no answer came).
        self.headers = headers if headers is not None else httpx.Headers()


class ValidationError(SmartLinksError):
    """400: the request is malformed or a field is invalid (``field`` names it)."""

    code = "validation"


class AuthenticationError(SmartLinksError):
    """401: the API key is missing, unknown or revoked."""

    code = "authentication"


class ForbiddenError(SmartLinksError):
    """403: not allowed here, a plan quota (``license_limit_reached``) or an expired licence."""

    code = "forbidden"


class NotFoundError(SmartLinksError):
    """404: no such link, tag, template, webhook or import in this workspace."""

    code = "not_found"


class ConflictError(SmartLinksError):
    """409: taken (a slug, a name), or changed meanwhile."""

    code = "conflict"


class UnprocessableError(SmartLinksError):
    """422: understood but not doable, such as an Idempotency-Key reused with another body."""

    code = "unprocessable"


class RateLimitError(SmartLinksError):
    """429: a rate limit is reached; ``retry_after`` says for how many seconds."""

    code = "rate_limited"


class ServerError(SmartLinksError):
    """5xx: the service failed; ``request_id`` names the request in its logs."""

    code = "server"


class SmartLinksConnectionError(SmartLinksError):
    """No answer came: the connection failed or the timeout passed."""

    code = "connection"


BY_STATUS: dict[int, type[SmartLinksError]] = {
    400: ValidationError,
    401: AuthenticationError,
    403: ForbiddenError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableError,
    429: RateLimitError,
}


def _body(content: bytes) -> dict[str, Any]:
    try:
        parsed = json.loads(content)
    except ValueError:
        return {}
    return parsed if isinstance(parsed, dict) else {}


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def error_from(status: int, content: bytes, headers: httpx.Headers) -> SmartLinksError:
    """The error an answer with this status, body and headers is."""
    body = _body(content)
    request_id = _str(body.get("requestId"))
    kind = BY_STATUS.get(status, ServerError if status >= 500 else SmartLinksError)
    sentence = _str(body.get("error"))
    if sentence is None:
        sentence = SERVER_SENTENCE.format(request_id or "unknown") if status >= 500 else f"HTTP {status}."
    return kind(
        sentence,
        status=status,
        field=_str(body.get("field")),
        license_limit_reached=body.get("licenseLimitReached") is True,
        license_expired=body.get("licenseExpired") is True,
        resource=_str(body.get("resource")),
        limit=_int(body.get("limit")),
        current=_int(body.get("current")),
        request_id=request_id,
        retry_after=retry_after(headers) if status == 429 else None,
        headers=headers,
    )


def connection_error(cause: httpx.TransportError) -> SmartLinksConnectionError:
    kind = "timed out" if isinstance(cause, httpx.TimeoutException) else "failed"
    return SmartLinksConnectionError(f"The request {kind} before the service answered: {cause}.")
