"""``client.conversions``, ``client.exports`` and ``client.imports``: what goes in and out of a
workspace besides links one by one."""

from __future__ import annotations

from collections.abc import Iterator

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
from .._pager import sync_pages


class SyncConversions:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    def report(self, conversion: ReportConversionRequest, *, idempotency_key: str | None = None) -> RecordedConversion:
        """A sale or lead of the click whose id (``sl_cid``) the destination was given."""
        answer = report_conversion.sync_detailed(
            client=self._client, body=conversion, idempotency_key=given(idempotency_key)
        )
        return result(answer, RecordedConversion)


class SyncExports:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    def links(self, *, format: str = "csv", limit: int | None = None) -> Iterator[str]:
        """Every link as CSV or JSON lines (``format="jsonl"``), a page of text at a time."""

        def fetch(cursor: str | None) -> tuple[str, str | None]:
            answer = export_links.sync_detailed(
                client=self._client, cursor=given(cursor), format_=ExportLinksFormat(format), limit=given(limit)
            )
            return content(answer).decode(), next_cursor(answer)

        for page in sync_pages(fetch):
            yield page

    def clicks(self, *, from_: str | None = None, to: str | None = None) -> Iterator[str]:
        """The people's clicks between two UTC days as CSV, a page of text at a time."""

        def fetch(cursor: str | None) -> tuple[str, str | None]:
            answer = export_clicks.sync_detailed(
                client=self._client, cursor=given(cursor), from_=given(from_), to=given(to)
            )
            return content(answer).decode(), next_cursor(answer)

        for page in sync_pages(fetch):
            yield page


class SyncImports:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    def create(self, file: ImportLinksRequest) -> DryRun | ImportOutcome:
        """Imports a file of links (or, with ``dry_run=True``, says what each row would become)."""
        answer = import_links.sync_detailed(client=self._client, body=file)
        if 200 <= answer.status_code < 300 and isinstance(answer.parsed, (DryRun, ImportOutcome)):
            return answer.parsed
        raise failure(answer)

    def get(self, import_id: str) -> ImportStatus:
        """An import's state and its rows' results so far."""
        answer = get_import.sync_detailed(client=self._client, import_id=import_id, format_=GetImportFormat.JSON)
        return result(answer, ImportStatus)

    def results_csv(self, import_id: str) -> str:
        """An import's rows' results as a CSV file (the service answers it as text, not JSON)."""
        http = self._client.get_httpx_client()
        answer = http.get("/apiv1/links/import", params={"importId": import_id, "format": "csv"})
        return text(answer)
