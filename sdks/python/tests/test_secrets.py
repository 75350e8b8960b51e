"""What needs no service: a client and its settings, printed or logged, never show the API key."""

from __future__ import annotations

from collections.abc import Iterator

from smartlinks import AsyncSmartLinks, SmartLinks
from smartlinks._settings import settings

KEY = "slk_live_0123456789abcdef"
WORKSPACE = "64656d6f0000000000000001"


def shown(value: object, depth: int = 4) -> Iterator[str]:
    """The repr and str of ``value`` and of every object under it, ``depth`` attributes down: what
    a log line or a traceback's locals may print (the key itself, held as a string, aside)."""
    seen: set[int] = set()

    def walk(item: object, level: int) -> Iterator[str]:
        if id(item) in seen or isinstance(item, str):
            return
        seen.add(id(item))
        yield repr(item)
        yield str(item)
        if level > 0 and hasattr(item, "__dict__"):
            for attribute in vars(item).values():
                yield from walk(attribute, level - 1)

    return walk(value, depth)


def test_settings_printed_show_the_last_four_characters_of_the_key_and_not_the_key() -> None:
    chosen = settings(KEY, WORKSPACE, "http://api.test", 5.0, 2, 60.0)
    assert KEY not in repr(chosen) and KEY not in str(chosen)
    assert "api_key='…cdef'" in repr(chosen)


def test_a_short_key_is_not_shown_at_all() -> None:
    chosen = settings("key-1", WORKSPACE, "http://api.test", 5.0, 2, 60.0)
    assert "key-1" not in repr(chosen) and "ey-1" not in repr(chosen)
    assert "api_key='…'" in repr(chosen)


def test_nothing_a_client_holds_prints_the_key() -> None:
    with SmartLinks(KEY, WORKSPACE, "http://api.test") as client:
        leaks = [text for text in shown(client) if KEY in text]
        assert leaks == []
        assert repr(client) == f"SmartLinks(api_key='…cdef', workspace_id='{WORKSPACE}', base_url='http://api.test')"


async def test_nothing_an_async_client_holds_prints_the_key() -> None:
    async with AsyncSmartLinks(KEY, WORKSPACE, "http://api.test") as client:
        leaks = [text for text in shown(client) if KEY in text]
        assert leaks == []
        assert repr(client) == (
            f"AsyncSmartLinks(api_key='…cdef', workspace_id='{WORKSPACE}', base_url='http://api.test')"
        )
