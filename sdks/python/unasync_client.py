"""Writes the synchronous client from the asynchronous one (unasync, token by token).

Usage: python unasync_client.py SRC_ASYNC_DIR OUT_SYNC_DIR
"""

import pathlib
import sys

import unasync

REPLACEMENTS = {
    "AsyncSmartLinks": "SmartLinks",
    "AsyncClient": "Client",
    "AsyncBaseTransport": "BaseTransport",
    "AsyncHTTPTransport": "HTTPTransport",
    "AsyncRetryingTransport": "RetryingTransport",
    "handle_async_request": "handle_request",
    "get_async_httpx_client": "get_httpx_client",
    "set_async_httpx_client": "set_httpx_client",
    "asyncio_detailed": "sync_detailed",
    "aclose": "close",
    "aread": "read",
    "async_sleep": "sync_sleep",
    "async_pages": "sync_pages",
    "_async": "_sync",
}


def main() -> None:
    source, target = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    files = sorted(str(p) for p in source.rglob("*.py"))
    rule = unasync.Rule(fromdir=str(source) + "/", todir=str(target) + "/", additional_replacements=REPLACEMENTS)
    unasync.unasync_files(files, rules=[rule])


if __name__ == "__main__":
    main()
