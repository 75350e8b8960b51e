"""What every request gets before it leaves (key, workspace, client name, Idempotency-Key),
and how long to wait before a retry. Pure functions: the transports call them."""

from __future__ import annotations

import email.utils
import json
import random
import re
import time
import uuid

import httpx

from ._settings import USER_AGENT, Settings

RETRIED_STATUSES = frozenset({429, 500, 502, 503, 504})
WRITES = frozenset({"POST", "PUT", "DELETE"})
#: The writes the service does once per Idempotency-Key (the operations whose OpenAPI document
#: takes that header; a test holds this list to sdks/openapi.sdk.json). Only these are sent
#: again after a fault or a lost answer: another write may have been done already (a second
#: webhook, a second import), so it is retried only after a 429, which the service refused
#: untouched.
REPLAYABLE_WRITES = frozenset(
    {
        "POST /apiv1/link/create",
        "PUT /apiv1/link/update",
        "DELETE /apiv1/link/delete",
        "POST /apiv1/links/bulk-create",
        "POST /apiv1/conversions",
    }
)
BACKOFF_FIRST = 0.5
BACKOFF_CAP = 8.0
_POLICY_ITEM = re.compile(r'"?[^";,]+"?\s*;([^,]*)')


def prepare(request: httpx.Request, settings: Settings) -> httpx.Request:
    """The request as it is sent, every attempt alike: key, client name, workspace id (query
    string of a GET, the JSON body otherwise) and, on a write, one Idempotency-Key."""
    headers = httpx.Headers(request.headers)
    headers["X-Api-Key"] = settings.api_key
    headers["User-Agent"] = USER_AGENT
    headers["X-SmartLinks-Client"] = USER_AGENT
    url = request.url
    content = request.content
    if request.method in WRITES:
        if "idempotency-key" not in headers:
            headers["Idempotency-Key"] = str(uuid.uuid4())
        body = json.loads(content) if content else {}
        if isinstance(body, dict):
            body.setdefault("workspaceId", settings.workspace_id)
            content = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
            headers["Content-Length"] = str(len(content))
    else:
        url = url.copy_merge_params({"workspaceId": settings.workspace_id})
    return httpx.Request(request.method, url, headers=headers, content=content, extensions=request.extensions)


def replayable(request: httpx.Request) -> bool:
    """Whether an attempt that got a fault or no answer may be sent again."""
    return request.method not in WRITES or f"{request.method} {request.url.path}" in REPLAYABLE_WRITES


def retry_after(headers: httpx.Headers, now: float | None = None) -> float | None:
    """``Retry-After`` in seconds (a number, or an HTTP date from now), if the answer has one."""
    value = headers.get("retry-after")
    if value is None:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    seconds: float = when.timestamp() - (time.time() if now is None else now)
    return max(0.0, seconds)


def exhausted_policy_wait(headers: httpx.Headers) -> float | None:
    """From ``RateLimit: "key";r=0;t=48, …``: the longest ``t`` of a policy with nothing left."""
    value = headers.get("ratelimit")
    if value is None:
        return None
    waits = []
    for match in _POLICY_ITEM.finditer(value):
        params = dict(part.strip().split("=", 1) for part in match.group(1).split(";") if "=" in part)
        try:
            if int(params.get("r", "1")) <= 0:
                waits.append(float(params.get("t", "0")))
        except ValueError:
            continue
    return max(waits) if waits else None


def backoff(attempt: int, rng: random.Random | None = None) -> float:
    """0.5 s, 1 s, 2 s … (capped at 8 s), each with up to a quarter of jitter either way."""
    base: float = min(BACKOFF_CAP, BACKOFF_FIRST * 2.0**attempt)
    jitter: float = (rng or random.Random()).random()
    return base * (0.75 + 0.5 * jitter)


def wait_before_retry(headers: httpx.Headers | None, attempt: int) -> float:
    """How long to wait before attempt ``attempt + 1``: what the answer says, else back-off."""
    if headers is not None:
        for said in (retry_after(headers), exhausted_policy_wait(headers)):
            if said is not None:
                return said
    return backoff(attempt)
