"""``client.conversions``, ``client.exports`` and ``client.imports``: what goes in and out of a
workspace besides links one by one."""

from __future__ import annotations

from collections.abc import AsyncIterator

from .._generated.api.conversions import report_conversion
from .._generated.api.import_and_export import export_clicks, export_links, get_import, import_links
from .._generated.client import AuthenticatedClient
from .._generated.models import (
    DryRun,
    ExportLinksFormat,
    GetImportFormat,
    ImportLinksRequest,
    ImportOutcome,
    ImportStatus,
    RecordedConversion,
    ReportConversionRequest,
)
from .._optional import given
from .._results import content, failure, next_cursor, result, text
from .._pager import async_pages


class AsyncConversions:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    async def report(
        self, conversion: ReportConversionRequest, *, idempotency_key: str | None = None
    ) -> RecordedConversion:
        """A sale or lead of the click whose id (``sl_cid``) the destination was given."""
        answer = await report_conversion.asyncio_detailed(
            client=self._client, body=conversion, idempotency_key=given(idempotency_key)
        )
        return result(answer, RecordedConversion)


class AsyncExports:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    async def links(self, *, format: str = "csv", limit: int | None = None) -> AsyncIterator[str]:
        """Every link as CSV or JSON lines (``format="jsonl"``), a page of text at a time."""

        async def fetch(cursor: str | None) -> tuple[str, str | None]:
            answer = await export_links.asyncio_detailed(
                client=self._client, cursor=given(cursor), format_=ExportLinksFormat(format), limit=given(limit)
            )
            return content(answer).decode(), next_cursor(answer)

        async for page in async_pages(fetch):
            yield page

    async def clicks(self, *, from_: str | None = None, to: str | None = None) -> AsyncIterator[str]:
        """The people's clicks between two UTC days as CSV, a page of text at a time."""

        async def fetch(cursor: str | None) -> tuple[str, str | None]:
            answer = await export_clicks.asyncio_detailed(
                client=self._client, cursor=given(cursor), from_=given(from_), to=given(to)
            )
            return content(answer).decode(), next_cursor(answer)

        async for page in async_pages(fetch):
            yield page


class AsyncImports:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    async def create(self, file: ImportLinksRequest) -> DryRun | ImportOutcome:
        """Imports a file of links (or, with ``dry_run=True``, says what each row would become)."""
        answer = await import_links.asyncio_detailed(client=self._client, body=file)
        if 200 <= answer.status_code < 300 and isinstance(answer.parsed, (DryRun, ImportOutcome)):
            return answer.parsed
        raise failure(answer)

    async def get(self, import_id: str) -> ImportStatus:
        """An import's state and its rows' results so far."""
        answer = await get_import.asyncio_detailed(
            client=self._client, import_id=import_id, format_=GetImportFormat.JSON
        )
        return result(answer, ImportStatus)

    async def results_csv(self, import_id: str) -> str:
        """An import's rows' results as a CSV file (the service answers it as text, not JSON)."""
        http = self._client.get_async_httpx_client()
        answer = await http.get("/apiv1/links/import", params={"importId": import_id, "format": "csv"})
        return text(answer)
