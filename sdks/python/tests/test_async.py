"""The async client does what the sync one does."""

from __future__ import annotations

from smartlinks import AsyncSmartLinks, CreateLinkRequest, NotFoundError

from .conftest import unique


async def test_the_async_client_creates_gets_and_lists_a_link() -> None:
    async with AsyncSmartLinks() as client:
        name = unique("Async")
        created = await client.links.create(CreateLinkRequest(name=name, url="https://example.com/async"))
        assert (await client.links.get(created.id)).name == name
        assert [link.id async for link in client.links.list(search=name)] == [created.id]


async def test_the_async_client_raises_the_same_errors() -> None:
    async with AsyncSmartLinks() as client:
        try:
            await client.links.get("0123456789abcdef01234567")
        except NotFoundError as error:
            assert error.error == "Link not found."
        else:
            raise AssertionError("a missing link was found")
