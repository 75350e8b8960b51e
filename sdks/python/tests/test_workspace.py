"""Analytics after visits, conversions, webhooks, tags and the client's settings."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from smartlinks import (
    CreateLinkRequest,
    CreateTagRequest,
    CreateWebhookRequest,
    LinkAnalytics,
    ReportConversionRequest,
    SmartLinks,
)

from .conftest import env, poll, unique, visit


def test_analytics_count_the_visits_a_link_had(client: SmartLinks) -> None:
    created = client.links.create(CreateLinkRequest(name=unique("Visited"), url="https://example.com/visited"))
    for _ in range(3):
        assert visit(created.slug) == (302, "https://example.com/visited")

    def counted() -> LinkAnalytics | None:
        report = client.links.analytics(created.id)
        return report if report.totals.total >= 3 else None

    report = poll(20, counted)
    assert (report.totals.total, report.totals.period_total, report.triggers.link.value) == (3, 3, 3)
    assert client.links.workspace_analytics().totals.total >= 3


def test_a_conversion_is_reported_once_and_the_same_event_id_again_is_a_duplicate(client: SmartLinks) -> None:
    created = client.links.create(
        CreateLinkRequest(name=unique("Converting"), url="https://example.com/shop", conversion_tracking=True)
    )
    status, location = visit(created.slug)
    assert status == 302 and location is not None
    click_id = parse_qs(urlsplit(location).query)["sl_cid"][0]
    sale = ReportConversionRequest(
        click_id=click_id, event="sale", amount=4200, currency="EUR", event_id=unique("order")
    )
    first = client.conversions.report(sale)
    assert (first.duplicate, first.link_id, first.message) == (False, created.id, "Conversion recorded.")
    again = client.conversions.report(sale)
    assert (again.duplicate, again.id, again.message) == (True, first.id, "Conversion already recorded.")


def test_a_webhook_created_is_listed_with_its_url_and_events(client: SmartLinks) -> None:
    url = env("SDK_TEST_WEBHOOK_URL")
    created = client.webhooks.create(CreateWebhookRequest(url=url, events=["link.created"]))
    try:
        listed = {hook.id: hook for hook in client.webhooks.list()}
        assert (listed[created.id].url, listed[created.id].events) == (url, ["link.created"])
    finally:
        client.webhooks.delete(created.id)


def test_a_tag_created_is_listed_and_deleted(client: SmartLinks) -> None:
    name = unique("tag")
    created = client.tags.create(CreateTagRequest(name=name))
    assert name in [tag.name for tag in client.tags.list()]
    client.tags.delete(created.id)
    assert name not in [tag.name for tag in client.tags.list()]


def test_the_default_domain_is_listed_first(client: SmartLinks) -> None:
    first = next(iter(client.domains.list()))
    assert (first.hostname, first.is_default) == ("sl.localhost", True)


def test_a_client_without_a_key_names_the_variable_to_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SMARTLINKS_API_KEY")
    with pytest.raises(ValueError, match="SMARTLINKS_API_KEY"):
        SmartLinks()
