"""``client.tags``, ``client.domains``, ``client.utm_templates`` and ``client.webhooks``:
what a workspace keeps beside its links."""

from __future__ import annotations

from collections.abc import AsyncIterator

import attrs

from .._generated.api.tags_and_domains import create_tag, delete_tag, list_domains, list_tags, update_tag
from .._generated.api.utm_templates import create_utm_template, delete_utm_template, list_utm_templates
from .._generated.api.webhooks import create_webhook, delete_webhook, list_webhooks, update_webhook
from .._generated.client import AuthenticatedClient
from .._generated.models import (
    CreatedTag,
    CreatedUtmTemplate,
    CreatedWebhook,
    CreateTagRequest,
    CreateUtmTemplateRequest,
    CreateWebhookRequest,
    DeletedUtmTemplate,
    DeletedWebhook,
    DeleteTagRequest,
    DeleteUtmTemplateRequest,
    DeleteWebhookRequest,
    DomainList,
    DomainRecord,
    TagList,
    TagOutcome,
    TagRecord,
    UpdatedWebhook,
    UpdateTagRequest,
    UpdateWebhookRequest,
    UtmTemplateList,
    UtmTemplateRecord,
    WebhookList,
    WebhookRecord,
)
from .._results import result
from .._pager import async_pages


class AsyncTags:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    async def create(self, tag: CreateTagRequest) -> CreatedTag:
        return result(await create_tag.asyncio_detailed(client=self._client, body=tag), CreatedTag)

    async def update(self, id: str, patch: UpdateTagRequest) -> TagOutcome:
        body = attrs.evolve(patch, tag_id=id)
        return result(await update_tag.asyncio_detailed(client=self._client, body=body), TagOutcome)

    async def delete(self, id: str) -> TagOutcome:
        body = DeleteTagRequest(tag_id=id)
        return result(await delete_tag.asyncio_detailed(client=self._client, body=body), TagOutcome)

    async def list(self) -> AsyncIterator[TagRecord]:
        """Every tag of the workspace, by name."""

        async def fetch(cursor: str | None) -> tuple[TagList, str | None]:
            return result(await list_tags.asyncio_detailed(client=self._client), TagList), None

        async for page in async_pages(fetch):
            for tag in page.tags:
                yield tag


class AsyncDomains:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    async def list(self) -> AsyncIterator[DomainRecord]:
        """The default short domain first, then the workspace's own."""

        async def fetch(cursor: str | None) -> tuple[DomainList, str | None]:
            return result(await list_domains.asyncio_detailed(client=self._client), DomainList), None

        async for page in async_pages(fetch):
            for domain in page.domains:
                yield domain


class AsyncUtmTemplates:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    async def create(self, template: CreateUtmTemplateRequest) -> CreatedUtmTemplate:
        answer = await create_utm_template.asyncio_detailed(client=self._client, body=template)
        return result(answer, CreatedUtmTemplate)

    async def delete(self, id: str) -> DeletedUtmTemplate:
        body = DeleteUtmTemplateRequest(template_id=id)
        return result(await delete_utm_template.asyncio_detailed(client=self._client, body=body), DeletedUtmTemplate)

    async def list(self) -> AsyncIterator[UtmTemplateRecord]:
        """Every UTM template of the workspace, by name."""

        async def fetch(cursor: str | None) -> tuple[UtmTemplateList, str | None]:
            return result(await list_utm_templates.asyncio_detailed(client=self._client), UtmTemplateList), None

        async for page in async_pages(fetch):
            for template in page.templates:
                yield template


class AsyncWebhooks:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    async def create(self, webhook: CreateWebhookRequest) -> CreatedWebhook:
        """A new endpoint; the answer carries its signing secret, shown this once."""
        return result(await create_webhook.asyncio_detailed(client=self._client, body=webhook), CreatedWebhook)

    async def update(self, id: str, patch: UpdateWebhookRequest) -> UpdatedWebhook:
        body = attrs.evolve(patch, webhook_id=id)
        return result(await update_webhook.asyncio_detailed(client=self._client, body=body), UpdatedWebhook)

    async def delete(self, id: str) -> DeletedWebhook:
        body = DeleteWebhookRequest(webhook_id=id)
        return result(await delete_webhook.asyncio_detailed(client=self._client, body=body), DeletedWebhook)

    async def list(self) -> AsyncIterator[WebhookRecord]:
        """Every endpoint of the workspace, oldest first."""

        async def fetch(cursor: str | None) -> tuple[WebhookList, str | None]:
            return result(await list_webhooks.asyncio_detailed(client=self._client), WebhookList), None

        async for page in async_pages(fetch):
            for webhook in page.webhooks:
                yield webhook
