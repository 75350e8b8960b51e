"""``client.links``: create, change, read, list, bulk create, QR codes and analytics."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence

import attrs

from .._generated.api.analytics import get_link_analytics, get_workspace_analytics
from .._generated.api.links import (
    bulk_create_links,
    create_link,
    delete_link,
    get_link,
    get_link_qr,
    list_links,
    update_link,
)
from .._generated.client import AuthenticatedClient
from .._generated.models import (
    BulkCreateRequest,
    BulkOutcome,
    CreatedLink,
    CreateLinkRequest,
    DeletedLink,
    DeleteLinkRequest,
    GetLinkQrFormat,
    LinkAnalytics,
    LinkInput,
    LinkPage,
    LinkRecord,
    UpdatedLink,
    UpdateLinkRequest,
    WorkspaceAnalytics,
)
from .._optional import given
from .._results import content, result
from .._pager import async_pages


class AsyncLinks:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    async def create(self, link: CreateLinkRequest, *, idempotency_key: str | None = None) -> CreatedLink:
        """A new link: a name and either rules or a quick-start url."""
        answer = await create_link.asyncio_detailed(
            client=self._client, body=link, idempotency_key=given(idempotency_key)
        )
        return result(answer, CreatedLink)

    async def update(self, id: str, patch: UpdateLinkRequest, *, idempotency_key: str | None = None) -> UpdatedLink:
        """Changes the fields ``patch`` sets (``None`` clears a nullable one)."""
        body = attrs.evolve(patch, link_id=id)
        answer = await update_link.asyncio_detailed(
            client=self._client, body=body, idempotency_key=given(idempotency_key)
        )
        return result(answer, UpdatedLink)

    async def delete(self, id: str, *, idempotency_key: str | None = None) -> DeletedLink:
        body = DeleteLinkRequest(link_id=id)
        answer = await delete_link.asyncio_detailed(
            client=self._client, body=body, idempotency_key=given(idempotency_key)
        )
        return result(answer, DeletedLink)

    async def get(self, id: str) -> LinkRecord:
        return result(await get_link.asyncio_detailed(id, client=self._client), LinkRecord)

    async def list_page(
        self,
        *,
        cursor: str | None = None,
        page: int | None = None,
        limit: int | None = None,
        search: str | None = None,
        tag_ids: Sequence[str] | None = None,
    ) -> LinkPage:
        """One page of links, newest first (by ``cursor``, an earlier page's next_cursor, or number)."""
        answer = await list_links.asyncio_detailed(
            client=self._client,
            cursor=given(cursor),
            page=given(page),
            limit=given(limit),
            search=given(search),
            tag_ids=given(None if tag_ids is None else [*tag_ids]),
        )
        return result(answer, LinkPage)

    async def list(
        self, *, limit: int | None = None, search: str | None = None, tag_ids: Sequence[str] | None = None
    ) -> AsyncIterator[LinkRecord]:
        """Every matching link, newest first, page after page."""

        async def fetch(cursor: str | None) -> tuple[LinkPage, str | None]:
            page = await self.list_page(cursor=cursor, limit=limit, search=search, tag_ids=tag_ids)
            return page, page.next_cursor if page.has_more else None

        async for page in async_pages(fetch):
            for link in page.links:
                yield link

    async def bulk_create(self, links: Sequence[LinkInput], *, idempotency_key: str | None = None) -> BulkOutcome:
        """Up to 100 links, each created or failing on its own."""
        body = BulkCreateRequest(links=[*links])
        answer = await bulk_create_links.asyncio_detailed(
            client=self._client, body=body, idempotency_key=given(idempotency_key)
        )
        return result(answer, BulkOutcome)

    async def qr(self, id: str, *, format: str = "svg", size: int | None = None) -> bytes:
        """The link's QR code: an SVG document or a PNG image (``format="png"``)."""
        answer = await get_link_qr.asyncio_detailed(
            id, client=self._client, format_=GetLinkQrFormat(format), size=given(size)
        )
        return content(answer)

    async def analytics(self, id: str, *, from_: str | None = None, to: str | None = None) -> LinkAnalytics:
        """Clicks of one link between two UTC days (``YYYY-MM-DD``, both inclusive)."""
        answer = await get_link_analytics.asyncio_detailed(id, client=self._client, from_=given(from_), to=given(to))
        return result(answer, LinkAnalytics)

    async def workspace_analytics(self, *, from_: str | None = None, to: str | None = None) -> WorkspaceAnalytics:
        """Clicks across every link of the workspace between two UTC days."""
        answer = await get_workspace_analytics.asyncio_detailed(client=self._client, from_=given(from_), to=given(to))
        return result(answer, WorkspaceAnalytics)
