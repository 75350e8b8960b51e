"""Links through the sync client: create, update, get, list, bulk, delete, QR and the errors."""

from __future__ import annotations

import pytest

from smartlinks import (
    AbTestFields,
    CreateLinkRequest,
    LinkInput,
    NotFoundError,
    RuleFields,
    SmartLinks,
    UpdateLinkRequest,
    ValidationError,
    VariantFields,
)

from .conftest import unique


def test_create_makes_a_link_with_routing_rules_and_an_ab_test(client: SmartLinks) -> None:
    name = unique("Rules and A/B")
    created = client.links.create(
        CreateLinkRequest(
            name=name,
            rules=[
                RuleFields(target_url="https://example.com/fr", is_default=False, country=["FR"], name="France"),
                RuleFields(target_url="https://example.com/", is_default=True),
            ],
            ab_test=AbTestFields(
                enabled=True,
                variants=[
                    VariantFields(id="a", name="A", url="https://example.com/a", weight=70),
                    VariantFields(id="b", name="B", url="https://example.com/b", weight=30),
                ],
            ),
        )
    )
    assert created.message == f'Link "{name}" created.'
    assert created.full_link == f"https://sl.localhost/{created.slug}"
    link = client.links.get(created.id)
    assert [(r.target_url, r.is_default) for r in link.rules] == [
        ("https://example.com/fr", False),
        ("https://example.com/", True),
    ]
    assert link.rules[0].country == ["FR"]
    assert link.ab_test.enabled is True
    assert [(v.id, v.name, v.url, v.weight) for v in link.ab_test.variants] == [
        ("a", "A", "https://example.com/a", 70),
        ("b", "B", "https://example.com/b", 30),
    ]


def test_update_changes_the_fields_it_names_and_leaves_the_others(client: SmartLinks) -> None:
    created = client.links.create(CreateLinkRequest(name=unique("Before"), url="https://example.com/kept"))
    renamed = unique("After")
    updated = client.links.update(created.id, UpdateLinkRequest(name=renamed, description="Changed by the SDK test."))
    assert updated.id == created.id
    link = client.links.get(created.id)
    assert (link.name, link.description) == (renamed, "Changed by the SDK test.")
    assert link.rules[0].target_url == "https://example.com/kept"


def test_get_answers_the_full_link_record(client: SmartLinks) -> None:
    name = unique("Record")
    created = client.links.create(CreateLinkRequest(name=name, url="https://example.com/record"))
    link = client.links.get(created.id)
    assert (link.id, link.name, link.slug, link.active, link.clicks) == (created.id, name, created.slug, True, 0)
    assert link.workspace_id


def test_list_goes_through_every_page_and_yields_each_link_once(client: SmartLinks) -> None:
    label = unique("Paged")
    made = {
        client.links.create(CreateLinkRequest(name=f"{label} {i}", url="https://example.com/p")).id for i in range(5)
    }
    seen = [link.id for link in client.links.list(search=label, limit=2)]
    assert sorted(seen) == sorted(made)
    first = client.links.list_page(search=label, limit=2)
    assert (len(first.links), first.has_more) == (2, True)


def test_bulk_create_creates_the_good_items_and_names_why_the_bad_one_failed(client: SmartLinks) -> None:
    label = unique("Bulk")
    outcome = client.links.bulk_create(
        [
            LinkInput(name=f"{label} one", url="https://example.com/one"),
            LinkInput(name=f"{label} bad", url="not a url"),
            LinkInput(name=f"{label} three", url="https://example.com/three"),
        ]
    )
    assert outcome.message == "2 links created, 1 failed."
    assert [link.name for link in outcome.created] == [f"{label} one", f"{label} three"]
    assert [failure.error for failure in outcome.failed] == [
        "url must be an absolute URL such as https://example.com/page or myapp://path."
    ]


def test_a_link_that_does_not_exist_raises_not_found_with_the_contracts_sentence(client: SmartLinks) -> None:
    with pytest.raises(NotFoundError) as raised:
        client.links.get("0123456789abcdef01234567")
    error = raised.value
    assert (error.status, error.code, error.error, str(error), error.field) == (
        404,
        "not_found",
        "Link not found.",
        "Link not found.",
        None,
    )


def test_a_city_without_a_country_raises_validation_error_with_its_sentence_and_field(client: SmartLinks) -> None:
    rules = [
        RuleFields(target_url="https://example.com/paris", is_default=False, city=["Paris"]),
        RuleFields(target_url="https://example.com/", is_default=True),
    ]
    with pytest.raises(ValidationError) as raised:
        client.links.create(CreateLinkRequest(name=unique("Bad rule"), rules=rules))
    assert (raised.value.status, raised.value.error, raised.value.field) == (
        400,
        "rules[0].city requires country on the same rule.",
        "rules[0].city",
    )


def test_delete_removes_the_link_and_getting_it_then_raises_not_found(client: SmartLinks) -> None:
    created = client.links.create(CreateLinkRequest(name=unique("Doomed"), url="https://example.com/gone"))
    client.links.delete(created.id)
    with pytest.raises(NotFoundError):
        client.links.get(created.id)


def test_qr_draws_the_code_as_png_bytes_or_an_svg_document(client: SmartLinks) -> None:
    created = client.links.create(CreateLinkRequest(name=unique("QR"), url="https://example.com/qr"))
    assert client.links.qr(created.id, format="png", size=256).startswith(b"\x89PNG\r\n\x1a\n")
    assert b"<svg" in client.links.qr(created.id)
