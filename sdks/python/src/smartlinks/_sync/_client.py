"""``AsyncSmartLinks``: the client, its settings and its resources."""

from __future__ import annotations

from types import TracebackType

import httpx

from .._generated.client import AuthenticatedClient
from .._settings import masked, settings
from ._links import SyncLinks
from ._transfer import SyncConversions, SyncExports, SyncImports
from ._transport import RetryingTransport
from ._workspace import SyncDomains, SyncTags, SyncUtmTemplates, SyncWebhooks


class SmartLinks:
    """The Smart links API. Every argument left out is read from the environment:
    ``SMARTLINKS_API_KEY``, ``SMARTLINKS_WORKSPACE_ID`` and ``SMARTLINKS_BASE_URL``."""

    def __init__(
        self,
        api_key: str | None = None,
        workspace_id: str | None = None,
        base_url: str | None = None,
        *,
        timeout: float = 30.0,
        max_retries: int = 2,
        max_retry_wait: float = 60.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.settings = settings(api_key, workspace_id, base_url, timeout, max_retries, max_retry_wait)
        self._http = httpx.Client(
            base_url=self.settings.base_url,
            timeout=timeout,
            transport=RetryingTransport(self.settings, transport),
        )
        # The key travels only in the transport's X-Api-Key header; the generated client, whose
        # repr prints its token, is not given it.
        generated = AuthenticatedClient(base_url=self.settings.base_url, token="")
        generated.set_httpx_client(self._http)
        self.links = SyncLinks(generated)
        self.tags = SyncTags(generated)
        self.domains = SyncDomains(generated)
        self.utm_templates = SyncUtmTemplates(generated)
        self.webhooks = SyncWebhooks(generated)
        self.conversions = SyncConversions(generated)
        self.exports = SyncExports(generated)
        self.imports = SyncImports(generated)

    def __repr__(self) -> str:
        shown = self.settings
        return (
            f"{type(self).__name__}(api_key={masked(shown.api_key)!r}, workspace_id={shown.workspace_id!r}, "
            f"base_url={shown.base_url!r})"
        )

    def close(self) -> None:
        """Closes the connections the client keeps."""
        self._http.close()

    def __enter__(self) -> SmartLinks:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()
