"""The one pager every list and export uses: pages until one has no next cursor. Two forms,
since a fetch is awaited in one and called in the other (unasync maps the names)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import TypeVar

P = TypeVar("P")


async def async_pages(fetch: Callable[[str | None], Awaitable[tuple[P, str | None]]]) -> AsyncIterator[P]:
    """Every page ``fetch(cursor)`` gives, from the first (cursor None) to the one with no next."""
    cursor: str | None = None
    while True:
        page, cursor = await fetch(cursor)
        yield page
        if not cursor:
            return


def sync_pages(fetch: Callable[[str | None], tuple[P, str | None]]) -> Iterator[P]:
    """Every page ``fetch(cursor)`` gives, from the first (cursor None) to the one with no next."""
    cursor: str | None = None
    while True:
        page, cursor = fetch(cursor)
        yield page
        if not cursor:
            return
