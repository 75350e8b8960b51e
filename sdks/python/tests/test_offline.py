"""What needs no service: the waits before a retry, and what every request carries."""

from __future__ import annotations

import email.utils
import json
import pathlib
import random

import httpx

from smartlinks._retry import REPLAYABLE_WRITES, backoff, exhausted_policy_wait, prepare, retry_after, wait_before_retry
from smartlinks._settings import settings

SETTINGS = settings("key-1", "64656d6f0000000000000001", "http://api.test", 5.0, 2, 60.0)


def test_retry_after_in_seconds_is_read_as_a_number() -> None:
    assert retry_after(httpx.Headers({"Retry-After": "12"})) == 12.0


def test_retry_after_as_an_http_date_is_the_wait_until_then() -> None:
    date = "Sun, 06 Nov 1994 08:49:37 GMT"
    then = email.utils.parsedate_to_datetime(date).timestamp()
    assert retry_after(httpx.Headers({"Retry-After": date}), now=then - 10) == 10.0


def test_a_spent_rate_limit_policy_gives_its_window_end() -> None:
    headers = httpx.Headers({"RateLimit": '"key";r=0;t=48, "workspace";r=2999;t=48'})
    assert exhausted_policy_wait(headers) == 48.0
    assert exhausted_policy_wait(httpx.Headers({"RateLimit": '"key";r=5;t=48'})) is None


def test_without_headers_the_wait_backs_off_exponentially_with_jitter() -> None:
    rng = random.Random(7)
    assert 0.375 <= backoff(0, rng) <= 0.625
    assert 6.0 <= backoff(10, rng) <= 10.0
    assert 0.375 <= wait_before_retry(httpx.Headers(), 0) <= 0.625


def test_a_write_carries_the_key_the_workspace_and_an_idempotency_key() -> None:
    request = httpx.Request("POST", "http://api.test/apiv1/link/create", json={"name": "A"})
    sent = prepare(request, SETTINGS)
    assert sent.headers["X-Api-Key"] == "key-1"
    assert sent.headers["User-Agent"].startswith("smartlinks-python/")
    assert len(sent.headers["Idempotency-Key"]) == 36
    assert json.loads(sent.content) == {"name": "A", "workspaceId": "64656d6f0000000000000001"}


def test_a_read_carries_the_workspace_in_its_query_and_no_idempotency_key() -> None:
    sent = prepare(httpx.Request("GET", "http://api.test/apiv1/tags"), SETTINGS)
    assert sent.url.params["workspaceId"] == "64656d6f0000000000000001"
    assert "Idempotency-Key" not in sent.headers


def test_a_retried_write_sends_the_same_idempotency_key_every_time() -> None:
    seen: list[str] = []

    def flaky(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers["Idempotency-Key"])
        return httpx.Response(503 if len(seen) == 1 else 200, headers={"Retry-After": "0"}, json={})

    from smartlinks._sync._transport import RetryingTransport

    with httpx.Client(transport=RetryingTransport(SETTINGS, httpx.MockTransport(flaky))) as http:
        assert http.post("http://api.test/apiv1/link/create", json={}).status_code == 200
    assert len(seen) == 2 and seen[0] == seen[1]


def _flaky_transport(status: int, seen: list[str]) -> httpx.Client:
    from smartlinks._sync._transport import RetryingTransport

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request.url.path)
        return httpx.Response(status if len(seen) == 1 else 200, headers={"Retry-After": "0"}, json={})

    return httpx.Client(transport=RetryingTransport(SETTINGS, httpx.MockTransport(answer)))


def test_a_webhook_create_answered_503_is_not_sent_again() -> None:
    seen: list[str] = []
    with _flaky_transport(503, seen) as http:
        assert http.post("http://api.test/apiv1/webhook/create", json={}).status_code == 503
    assert len(seen) == 1


def test_a_webhook_create_refused_with_429_is_sent_again() -> None:
    seen: list[str] = []
    with _flaky_transport(429, seen) as http:
        assert http.post("http://api.test/apiv1/webhook/create", json={}).status_code == 200
    assert len(seen) == 2


def test_the_writes_sent_again_after_a_fault_are_those_the_document_gives_an_idempotency_key() -> None:
    document = json.loads((pathlib.Path(__file__).parents[2] / "openapi.sdk.json").read_text())
    with_key = {
        f"{method.upper()} {path}"
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        if any(parameter.get("name") == "Idempotency-Key" for parameter in operation.get("parameters", []))
    }
    assert REPLAYABLE_WRITES == with_key
