"""What the scenario tests share: the variables tests/sdks/run.sh sets, a visitor of short
links, unique names and polling."""

from __future__ import annotations

import http.client
import os
import time
import uuid
from collections.abc import Callable
from typing import TypeVar
from urllib.parse import urlsplit

import pytest

from smartlinks import SmartLinks

T = TypeVar("T")
BROWSER_USER_AGENT = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
)


def env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set: run the scenarios through tests/sdks/run.sh python")
    return value


def unique(label: str) -> str:
    """A name no other test (nor an earlier run) uses, to search for."""
    return f"{label} {uuid.uuid4().hex[:8]}"


def visit(slug: str) -> tuple[int, str | None]:
    """Visits a short link as a browser on the short domain would, without following the redirect."""
    base = urlsplit(env("SMARTLINKS_BASE_URL"))
    connection = http.client.HTTPConnection(base.hostname or "127.0.0.1", base.port, timeout=10)
    headers = {"Host": env("SDK_TEST_SHORT_HOST"), "User-Agent": BROWSER_USER_AGENT, "Accept": "text/html"}
    connection.request("GET", f"/{slug}", headers=headers)
    answer = connection.getresponse()
    answer.read()
    connection.close()
    return answer.status, answer.getheader("Location")


def poll(seconds: float, check: Callable[[], T | None]) -> T:
    """``check()`` again every 250 ms until it returns a value, for at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value is not None:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"nothing came within {seconds} s")
        time.sleep(0.25)


@pytest.fixture
def client() -> SmartLinks:
    """A client made with no arguments: the three SMARTLINKS_* variables."""
    return SmartLinks()
