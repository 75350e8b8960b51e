"""Retries against the service: a 429 waited out, a lost answer to a create retried once."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest

from smartlinks import CreateLinkRequest, RateLimitError, SmartLinks

from .conftest import env, unique


def test_a_429_raises_rate_limit_error_and_a_client_with_retries_waits_it_out() -> None:
    limited = env("SDK_TEST_LIMITED_WORKSPACE_ID")
    impatient = SmartLinks(workspace_id=limited, max_retries=0)
    # The plan allows the key 3 requests a minute here; a minute may end among them, so call
    # until refused (at most 7 calls: two windows).
    with pytest.raises(RateLimitError) as raised:
        for _ in range(7):
            list(impatient.tags.list())
    error = raised.value
    assert error.status == 429 and error.retry_after is not None and error.retry_after > 0
    assert (
        error.error
        == f"Rate limit exceeded: 3 requests per minute for this key. Retry after {int(error.retry_after)} s."
    )
    patient = SmartLinks(workspace_id=limited, max_retries=1, max_retry_wait=65)
    started = time.monotonic()
    assert list(patient.tags.list()) == []
    assert time.monotonic() - started >= error.retry_after - 1


def test_a_create_retried_after_a_lost_answer_makes_exactly_one_link(client: SmartLinks) -> None:
    lossy = SmartLinks(base_url=env("SDK_TEST_LOST_ANSWER_URL"))
    name = unique("Once")
    key = unique("create").replace(" ", "-")
    created = lossy.links.create(CreateLinkRequest(name=name, url="https://example.com/once"), idempotency_key=key)
    with urllib.request.urlopen(f"{env('SDK_TEST_LOST_ANSWER_URL')}/__attempts?key={key}") as answer:
        assert json.load(answer) == {"attempts": 2}
    assert [link.id for link in client.links.list(search=name)] == [created.id]


def test_a_create_retried_with_the_key_the_client_made_makes_one_link(client: SmartLinks) -> None:
    lossy = SmartLinks(base_url=env("SDK_TEST_LOST_ANSWER_URL"))
    name = unique("Once, own key")
    created = lossy.links.create(CreateLinkRequest(name=name, url="https://example.com/once"))
    assert [link.id for link in client.links.list(search=name)] == [created.id]
