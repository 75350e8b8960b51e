"""``AsyncSmartLinks``: the client, its settings and its resources."""

from __future__ import annotations

from types import TracebackType

import httpx

from .._generated.client import AuthenticatedClient
from .._settings import masked, settings
from ._links import AsyncLinks
from ._transfer import AsyncConversions, AsyncExports, AsyncImports
from ._transport import AsyncRetryingTransport
from ._workspace import AsyncDomains, AsyncTags, AsyncUtmTemplates, AsyncWebhooks


class AsyncSmartLinks:
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
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.settings = settings(api_key, workspace_id, base_url, timeout, max_retries, max_retry_wait)
        self._http = httpx.AsyncClient(
            base_url=self.settings.base_url,
            timeout=timeout,
            transport=AsyncRetryingTransport(self.settings, transport),
        )
        # The key travels only in the transport's X-Api-Key header; the generated client, whose
        # repr prints its token, is not given it.
        generated = AuthenticatedClient(base_url=self.settings.base_url, token="")
        generated.set_async_httpx_client(self._http)
        self.links = AsyncLinks(generated)
        self.tags = AsyncTags(generated)
        self.domains = AsyncDomains(generated)
        self.utm_templates = AsyncUtmTemplates(generated)
        self.webhooks = AsyncWebhooks(generated)
        self.conversions = AsyncConversions(generated)
        self.exports = AsyncExports(generated)
        self.imports = AsyncImports(generated)

    def __repr__(self) -> str:
        shown = self.settings
        return (
            f"{type(self).__name__}(api_key={masked(shown.api_key)!r}, workspace_id={shown.workspace_id!r}, "
            f"base_url={shown.base_url!r})"
        )

    async def aclose(self) -> None:
        """Closes the connections the client keeps."""
        await self._http.aclose()

    async def __aenter__(self) -> AsyncSmartLinks:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.aclose()
