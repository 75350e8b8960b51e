"""The transport every request goes through: prepared once (key, workspace, client name,
Idempotency-Key), then sent again after 429, 5xx or a lost connection, waiting what the
answer says (Retry-After, a spent RateLimit policy) or backing off."""

from __future__ import annotations

import httpx

from .._clock import async_sleep
from .._errors import connection_error
from .._retry import RETRIED_STATUSES, prepare, replayable, wait_before_retry
from .._settings import Settings


class AsyncRetryingTransport(httpx.AsyncBaseTransport):
    def __init__(self, settings: Settings, inner: httpx.AsyncBaseTransport | None = None) -> None:
        self._settings = settings
        self._inner = inner if inner is not None else httpx.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        prepared = prepare(request, self._settings)
        # A write the service may already have done is sent again only after a 429.
        may_replay = replayable(prepared)
        attempt = 0
        while True:
            try:
                response = await self._inner.handle_async_request(prepared)
            except httpx.TransportError as failure:
                if attempt >= self._settings.max_retries or not may_replay:
                    raise connection_error(failure) from failure
                await async_sleep(wait_before_retry(None, attempt))
                attempt += 1
                continue
            if response.status_code not in RETRIED_STATUSES or attempt >= self._settings.max_retries:
                return response
            if response.status_code != 429 and not may_replay:
                return response
            wait = wait_before_retry(response.headers, attempt)
            if wait > self._settings.max_retry_wait:
                return response
            await response.aread()
            await response.aclose()
            await async_sleep(wait)
            attempt += 1

    async def aclose(self) -> None:
        await self._inner.aclose()
