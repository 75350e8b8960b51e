"""Schemathesis hooks for the fuzz run against the dev server (tests/openapi/run.sh).

- Most requests act in the seeded workspace (a random ObjectId would only ever meet
  "Workspace not found."); a few keep the generated id, so that path is fuzzed too.
- Operations on the short domains get the short domain's Host, as a visitor's browser sends.
- Every request sent is counted; the count is written to FUZZ_COUNT_FILE at exit.
"""

import atexit
import os
import random
import threading

import schemathesis

WORKSPACE = os.environ["FUZZ_WORKSPACE"]
SHORT_HOST = os.environ["FUZZ_SHORT_HOST"]
COUNT_FILE = os.environ["FUZZ_COUNT_FILE"]
# The share of requests that keep the generated workspace id.
KEEP_GENERATED = 0.1

_lock = threading.Lock()
_sent = {"total": 0, "by_status": {}}


def _ours():
    return random.random() >= KEEP_GENERATED


@schemathesis.hook
def map_query(ctx, query):
    if isinstance(query, dict) and "workspaceId" in query and _ours():
        query["workspaceId"] = WORKSPACE
    return query


@schemathesis.hook
def map_body(ctx, body):
    if isinstance(body, dict) and "workspaceId" in body and _ours():
        body["workspaceId"] = WORKSPACE
    return body


def _on_short_domain(operation):
    """Whether the document serves the operation on the short domains (its path's own server
    `https://{domain}`) rather than the API's host."""
    item = operation.schema.raw_schema.get("paths", {}).get(operation.path, {})
    return any(server.get("url") == "https://{domain}" for server in item.get("servers", []))


@schemathesis.hook
def before_call(ctx, case, kwargs):
    if _on_short_domain(case.operation):
        if case.headers is None:
            case.headers = {}
        case.headers["Host"] = SHORT_HOST


@schemathesis.hook
def after_call(ctx, case, response):
    with _lock:
        _sent["total"] += 1
        status = str(response.status_code)
        _sent["by_status"][status] = _sent["by_status"].get(status, 0) + 1


@atexit.register
def _write_count():
    with open(COUNT_FILE, "w", encoding="utf-8") as out:
        statuses = " ".join(f"{k}:{v}" for k, v in sorted(_sent["by_status"].items()))
        out.write(f"{_sent['total']} {statuses}\n")
