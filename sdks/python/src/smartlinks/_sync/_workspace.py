"""``client.tags``, ``client.domains``, ``client.utm_templates`` and ``client.webhooks``:
what a workspace keeps beside its links."""

from __future__ import annotations

from collections.abc import Iterator

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
from .._pager import sync_pages


class SyncTags:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    def create(self, tag: CreateTagRequest) -> CreatedTag:
        return result(create_tag.sync_detailed(client=self._client, body=tag), CreatedTag)

    def update(self, id: str, patch: UpdateTagRequest) -> TagOutcome:
        body = attrs.evolve(patch, tag_id=id)
        return result(update_tag.sync_detailed(client=self._client, body=body), TagOutcome)

    def delete(self, id: str) -> TagOutcome:
        body = DeleteTagRequest(tag_id=id)
        return result(delete_tag.sync_detailed(client=self._client, body=body), TagOutcome)

    def list(self) -> Iterator[TagRecord]:
        """Every tag of the workspace, by name."""

        def fetch(cursor: str | None) -> tuple[TagList, str | None]:
            return result(list_tags.sync_detailed(client=self._client), TagList), None

        for page in sync_pages(fetch):
            for tag in page.tags:
                yield tag


class SyncDomains:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    def list(self) -> Iterator[DomainRecord]:
        """The default short domain first, then the workspace's own."""

        def fetch(cursor: str | None) -> tuple[DomainList, str | None]:
            return result(list_domains.sync_detailed(client=self._client), DomainList), None

        for page in sync_pages(fetch):
            for domain in page.domains:
                yield domain


class SyncUtmTemplates:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    def create(self, template: CreateUtmTemplateRequest) -> CreatedUtmTemplate:
        answer = create_utm_template.sync_detailed(client=self._client, body=template)
        return result(answer, CreatedUtmTemplate)

    def delete(self, id: str) -> DeletedUtmTemplate:
        body = DeleteUtmTemplateRequest(template_id=id)
        return result(delete_utm_template.sync_detailed(client=self._client, body=body), DeletedUtmTemplate)

    def list(self) -> Iterator[UtmTemplateRecord]:
        """Every UTM template of the workspace, by name."""

        def fetch(cursor: str | None) -> tuple[UtmTemplateList, str | None]:
            return result(list_utm_templates.sync_detailed(client=self._client), UtmTemplateList), None

        for page in sync_pages(fetch):
            for template in page.templates:
                yield template


class SyncWebhooks:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._client = client

    def create(self, webhook: CreateWebhookRequest) -> CreatedWebhook:
        """A new endpoint; the answer carries its signing secret, shown this once."""
        return result(create_webhook.sync_detailed(client=self._client, body=webhook), CreatedWebhook)

    def update(self, id: str, patch: UpdateWebhookRequest) -> UpdatedWebhook:
        body = attrs.evolve(patch, webhook_id=id)
        return result(update_webhook.sync_detailed(client=self._client, body=body), UpdatedWebhook)

    def delete(self, id: str) -> DeletedWebhook:
        body = DeleteWebhookRequest(webhook_id=id)
        return result(delete_webhook.sync_detailed(client=self._client, body=body), DeletedWebhook)

    def list(self) -> Iterator[WebhookRecord]:
        """Every endpoint of the workspace, oldest first."""

        def fetch(cursor: str | None) -> tuple[WebhookList, str | None]:
            return result(list_webhooks.sync_detailed(client=self._client), WebhookList), None

        for page in sync_pages(fetch):
            for webhook in page.webhooks:
                yield webhook
