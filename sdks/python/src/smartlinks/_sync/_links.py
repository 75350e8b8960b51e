"""``client.links``: create, change, read, list, bulk create, QR codes and analytics."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

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
from .._pager import sync_pages


class SyncLinks:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    def create(self, link: CreateLinkRequest, *, idempotency_key: str | None = None) -> CreatedLink:
        """A new link: a name and either rules or a quick-start url."""
        answer = create_link.sync_detailed(client=self._client, body=link, idempotency_key=given(idempotency_key))
        return result(answer, CreatedLink)

    def update(self, id: str, patch: UpdateLinkRequest, *, idempotency_key: str | None = None) -> UpdatedLink:
        """Changes the fields ``patch`` sets (``None`` clears a nullable one)."""
        body = attrs.evolve(patch, link_id=id)
        answer = update_link.sync_detailed(client=self._client, body=body, idempotency_key=given(idempotency_key))
        return result(answer, UpdatedLink)

    def delete(self, id: str, *, idempotency_key: str | None = None) -> DeletedLink:
        body = DeleteLinkRequest(link_id=id)
        answer = delete_link.sync_detailed(client=self._client, body=body, idempotency_key=given(idempotency_key))
        return result(answer, DeletedLink)

    def get(self, id: str) -> LinkRecord:
        return result(get_link.sync_detailed(id, client=self._client), LinkRecord)

    def list_page(
        self,
        *,
        cursor: str | None = None,
        page: int | None = None,
        limit: int | None = None,
        search: str | None = None,
        tag_ids: Sequence[str] | None = None,
    ) -> LinkPage:
        """One page of links, newest first (by ``cursor``, an earlier page's next_cursor, or number)."""
        answer = list_links.sync_detailed(
            client=self._client,
            cursor=given(cursor),
            page=given(page),
            limit=given(limit),
            search=given(search),
            tag_ids=given(None if tag_ids is None else [*tag_ids]),
        )
        return result(answer, LinkPage)

    def list(
        self, *, limit: int | None = None, search: str | None = None, tag_ids: Sequence[str] | None = None
    ) -> Iterator[LinkRecord]:
        """Every matching link, newest first, page after page."""

        def fetch(cursor: str | None) -> tuple[LinkPage, str | None]:
            page = self.list_page(cursor=cursor, limit=limit, search=search, tag_ids=tag_ids)
            return page, page.next_cursor if page.has_more else None

        for page in sync_pages(fetch):
            for link in page.links:
                yield link

    def bulk_create(self, links: Sequence[LinkInput], *, idempotency_key: str | None = None) -> BulkOutcome:
        """Up to 100 links, each created or failing on its own."""
        body = BulkCreateRequest(links=[*links])
        answer = bulk_create_links.sync_detailed(client=self._client, body=body, idempotency_key=given(idempotency_key))
        return result(answer, BulkOutcome)

    def qr(self, id: str, *, format: str = "svg", size: int | None = None) -> bytes:
        """The link's QR code: an SVG document or a PNG image (``format="png"``)."""
        answer = get_link_qr.sync_detailed(id, client=self._client, format_=GetLinkQrFormat(format), size=given(size))
        return content(answer)

    def analytics(self, id: str, *, from_: str | None = None, to: str | None = None) -> LinkAnalytics:
        """Clicks of one link between two UTC days (``YYYY-MM-DD``, both inclusive)."""
        answer = get_link_analytics.sync_detailed(id, client=self._client, from_=given(from_), to=given(to))
        return result(answer, LinkAnalytics)

    def workspace_analytics(self, *, from_: str | None = None, to: str | None = None) -> WorkspaceAnalytics:
        """Clicks across every link of the workspace between two UTC days."""
        answer = get_workspace_analytics.sync_detailed(client=self._client, from_=given(from_), to=given(to))
        return result(answer, WorkspaceAnalytics)
