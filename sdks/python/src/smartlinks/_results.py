"""A generated call's Response turned into its typed result, or the error it is."""

from __future__ import annotations

from typing import Any, TypeVar

import httpx

from ._errors import SmartLinksError, error_from
from ._generated.types import Response

T = TypeVar("T")


def failure(response: Response[Any]) -> SmartLinksError:
    """The error an answer that is not the call's success is."""
    return error_from(int(response.status_code), response.content, httpx.Headers(response.headers))


def result(response: Response[Any], kind: type[T]) -> T:
    """The parsed body when the call succeeded with a ``kind``; the error raised otherwise."""
    if 200 <= response.status_code < 300 and isinstance(response.parsed, kind):
        return response.parsed
    raise failure(response)


def content(response: Response[Any]) -> bytes:
    """The body's bytes of a successful call (QR codes, exports); the error raised otherwise."""
    if 200 <= response.status_code < 300:
        return response.content
    raise failure(response)


def next_cursor(response: Response[Any]) -> str | None:
    """An export page's ``X-Next-Cursor``: where the next page starts, if one follows."""
    return response.headers.get("x-next-cursor") or None


def text(response: httpx.Response) -> str:
    """The text of a successful plain answer (one the generated code does not model); the error
    raised otherwise."""
    if 200 <= response.status_code < 300:
        return response.text
    raise error_from(response.status_code, response.content, response.headers)
