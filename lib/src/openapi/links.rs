//! The HTTP API's link and analytics operations.

use serde_json::json;
use utoipa::openapi::link::{Link, LinkBuilder};

use super::answers::{Success, body_failures, gate, refused_create, retry_failures};
use super::components::{Schemas, link_id_path, query_parameters, workspace_id_property, workspace_query};
use super::operation::Op;
use crate::analytics::report::{LinkAnalytics, WorkspaceAnalytics};
use crate::domain::{HeldAction, Hold, Invalid};
use crate::manifest;
use crate::mcp::args::{LinkAnalyticsArgs, ListArgs, QrArgs, RangeArgs};
use crate::qr::QrRequest;
use crate::service::{LinkAction, QuotaResource, ServiceError, links::ListQuery};
use crate::wire::{BulkInput, DayRange, LinkIdInput, LinkInput, LinkPatchInput, schema};
use crate::wire::{BulkOutcome, CreatedLink, DeletedLink, LinkPage, LinkRecord, UpdatedLink};

/// The ids the examples use (the demo workspace of `scripts/serve`).
pub const EXAMPLE_WORKSPACE: &str = "64656d6f0000000000000001";
pub const EXAMPLE_LINK: &str = "6b02e6d4069c6b5b72ddaf49";

/// The failures of a write: the gate, the body, the operation's own, the `Idempotency-Key`.
pub(super) fn write_failures(own: Vec<ServiceError>) -> Vec<ServiceError> {
    let mut all = gate();
    all.extend(body_failures());
    all.extend(own);
    all.extend(retry_failures());
    all
}

/// The failures of a read: the gate and the operation's own.
pub(super) fn read_failures(own: Vec<ServiceError>) -> Vec<ServiceError> {
    let mut all = gate();
    all.extend(own);
    all
}

fn quota(resource: QuotaResource) -> ServiceError {
    let (limit, current) = match resource {
        QuotaResource::Links => (1000, 1000),
        QuotaResource::Rules => (20, 21),
    };
    ServiceError::QuotaExceeded {
        resource,
        limit,
        current,
    }
}

/// `409` for what only the operator may undo, on a link they disabled.
fn held(action: HeldAction) -> ServiceError {
    ServiceError::LinkHeldByOperator {
        hold: Hold::Disabled,
        action,
        reason: "the operator's reason.".into(),
    }
}

fn bad_date() -> ServiceError {
    DayRange::parse(Some("2026-1-5"), None)
        .expect_err("a malformed day")
        .into()
}

fn bad_limit() -> ServiceError {
    ListQuery::parse(None, Some("500"), None, &[])
        .expect_err("a limit over 100")
        .into()
}

fn bad_cursor() -> ServiceError {
    ListQuery::parse_with_cursor(None, None, None, &[], Some("not-a-cursor"))
        .expect_err("a cursor this API did not give")
        .into()
}

fn bad_qr_request() -> ServiceError {
    ServiceError::Invalid(QrRequest::parse(Some("gif"), None).expect_err("an unknown format"))
}

fn qr_unavailable() -> ServiceError {
    ServiceError::QrUnavailable(Invalid::new(
        "qrSettings.logo",
        "qrSettings.logo could not be fetched: the address is not public.",
    ))
}

/// Where a created link can be read, changed, deleted, measured and visited.
fn links_from_created() -> Vec<(&'static str, Link)> {
    let get = |operation: &str| {
        LinkBuilder::new()
            .operation_id(operation)
            .parameter("id", "$response.body#/id")
            .parameter("workspaceId", "$request.body#/workspaceId")
            .build()
    };
    let body = |operation: &str, description: &str| {
        LinkBuilder::new()
            .operation_id(operation)
            .request_body(Some(
                json!({ "workspaceId": "$request.body#/workspaceId", "linkId": "$response.body#/id" }),
            ))
            .description(description)
            .build()
    };
    vec![
        ("GetLink", get("getLink")),
        ("GetLinkAnalytics", get("getLinkAnalytics")),
        ("UpdateLink", body("updateLink", "Change the link just created.")),
        ("DeleteLink", body("deleteLink", "Delete the link just created.")),
        (
            "VisitLink",
            LinkBuilder::new()
                .operation_id("visitShortLink")
                .parameter("slug", "$response.body#/slug")
                .description("Visit the link on its short domain (the answer's fullLink).")
                .build(),
        ),
    ]
}

/// Every operation of the link and analytics endpoints, by route.
pub fn operations(schemas: &mut Schemas) -> Vec<(&'static manifest::Function, Op)> {
    let workspace = workspace_id_property();
    let link_id = ("linkId", schema::object_id("The link to change or delete."));
    vec![
        (
            &manifest::CREATE_LINK,
            Op {
                id: "createLink",
                tag: "Links",
                summary: "Create a link",
                description: "Creates a short link: a name and either `rules` (evaluated in order; exactly one is the \
                    default) or a quick-start `url`. The slug is generated when omitted."
                    .into(),
                parameters: Vec::new(),
                body: Some((
                    schemas.request::<LinkInput>("CreateLinkRequest", std::slice::from_ref(&workspace)),
                    json!({ "workspaceId": EXAMPLE_WORKSPACE, "name": "Spring sale", "rules": [
                        { "targetUrl": "https://example.com/de", "isDefault": false, "country": ["DE", "AT"] },
                        { "targetUrl": "https://example.com/", "isDefault": true } ] }),
                )),
                success: Success::Json("The link was created.", Box::new(schemas.output::<CreatedLink>())),
                failures: || {
                    write_failures(vec![
                        refused_create(json!({ "url": "https://example.com/" })),
                        refused_create(json!({ "name": "n", "rules": [
                                    { "targetUrl": "https://example.com/de", "isDefault": false, "city": ["Berlin"] },
                                    { "targetUrl": "https://example.com/", "isDefault": true } ] })),
                        ServiceError::DomainNotAvailable,
                        quota(QuotaResource::Links),
                        quota(QuotaResource::Rules),
                        ServiceError::SlugTaken,
                        ServiceError::Contention,
                    ])
                },
                idempotent: manifest::CREATE_LINK.idempotent,
                links: links_from_created(),
            },
        ),
        (
            &manifest::UPDATE_LINK,
            Op {
                id: "updateLink",
                tag: "Links",
                summary: "Update a link",
                description: "Changes the fields given; `null` clears a nullable one. `rules` replaces every rule. \
                    Moving `slug` or `domain` releases the old short URL once the new one is won."
                    .into(),
                parameters: Vec::new(),
                body: Some((
                    schemas.request::<LinkPatchInput>("UpdateLinkRequest", &[workspace.clone(), link_id.clone()]),
                    json!({ "workspaceId": EXAMPLE_WORKSPACE, "linkId": EXAMPLE_LINK, "name": "Spring sale (extended)",
                            "clicksLimit": null }),
                )),
                success: Success::Json("The link was updated.", Box::new(schemas.output::<UpdatedLink>())),
                failures: || {
                    write_failures(vec![
                        ServiceError::BadId(crate::wire::BadId::Missing(crate::wire::IdField::Link)),
                        ServiceError::BadId(crate::wire::BadId::Malformed(crate::wire::IdField::Link)),
                        ServiceError::DomainNotAvailable,
                        ServiceError::NoLinkPermission(LinkAction::Edit),
                        quota(QuotaResource::Rules),
                        ServiceError::LinkNotFound,
                        ServiceError::SlugTaken,
                        held(HeldAction::SwitchOn),
                        ServiceError::LinkChangedConcurrently,
                        ServiceError::Contention,
                    ])
                },
                idempotent: manifest::UPDATE_LINK.idempotent,
                links: Vec::new(),
            },
        ),
        (
            &manifest::DELETE_LINK,
            Op {
                id: "deleteLink",
                tag: "Links",
                summary: "Delete a link",
                description: "Deletes a link for good: its short URL answers 404 at once and its slug is free again."
                    .into(),
                parameters: Vec::new(),
                body: Some((
                    schemas.request::<LinkIdInput>("DeleteLinkRequest", std::slice::from_ref(&workspace)),
                    json!({ "workspaceId": EXAMPLE_WORKSPACE, "linkId": EXAMPLE_LINK }),
                )),
                success: Success::Json("The link was deleted.", Box::new(schemas.output::<DeletedLink>())),
                failures: || {
                    write_failures(vec![
                        ServiceError::BadId(crate::wire::BadId::Missing(crate::wire::IdField::Link)),
                        ServiceError::BadId(crate::wire::BadId::Malformed(crate::wire::IdField::Link)),
                        ServiceError::NoLinkPermission(LinkAction::Delete),
                        ServiceError::LinkNotFound,
                        held(HeldAction::Delete),
                        ServiceError::LinkChangedConcurrently,
                        ServiceError::Contention,
                    ])
                },
                idempotent: manifest::DELETE_LINK.idempotent,
                links: Vec::new(),
            },
        ),
        (
            &manifest::BULK_CREATE_LINKS,
            Op {
                id: "bulkCreateLinks",
                tag: "Links",
                summary: "Create up to 100 links",
                description: "Each item is created or fails on its own (the answer is 200 either way, listing both); \
                    the whole call is refused only when `links` is empty or over 100 items, or when the plan cannot \
                    take every valid item. Counts against the key's bulk limit as well."
                    .into(),
                parameters: Vec::new(),
                body: Some((
                    schemas.request::<BulkInput>("BulkCreateRequest", std::slice::from_ref(&workspace)),
                    json!({ "workspaceId": EXAMPLE_WORKSPACE, "links": [
                        { "name": "Docs", "url": "https://example.com/docs" },
                        { "name": "Blog", "url": "https://example.com/blog", "tagIds": [] } ] }),
                )),
                success: Success::Json(
                    "Every item was handled; see `created` and `failed`.",
                    Box::new(schemas.output::<BulkOutcome>()),
                ),
                failures: || {
                    write_failures(vec![
                        ServiceError::BulkEmpty,
                        ServiceError::BulkTooLarge,
                        quota(QuotaResource::Links),
                        ServiceError::Contention,
                    ])
                },
                idempotent: manifest::BULK_CREATE_LINKS.idempotent,
                links: Vec::new(),
            },
        ),
        (
            &manifest::LIST_LINKS,
            Op {
                id: "listLinks",
                tag: "Links",
                summary: "List links",
                description: "One page of the workspace's links, newest first, each as its full record. `tagIds` may \
                    also be given comma-separated. Page by number with `page`, or send an answer's `nextCursor` back \
                    as `cursor` (with the same `search`, `tagIds` and `limit`): a cursor reaches a deep page at the \
                    cost of the first. One request examines at most 5,000 of the workspace's links: a page may hold \
                    fewer than `limit` links while `hasMore` is true, and `nextCursor` goes on from there."
                    .into(),
                parameters: std::iter::once(workspace_query())
                    .chain(query_parameters::<ListArgs>(&[]))
                    .collect(),
                body: None,
                success: Success::Json("A page of links.", Box::new(schemas.output::<LinkPage>())),
                failures: || read_failures(vec![bad_limit(), bad_cursor()]),
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::GET_LINK,
            Op {
                id: "getLink",
                tag: "Links",
                summary: "Get a link",
                description: "The link's full record. A link of another workspace is reported as not found.".into(),
                parameters: vec![link_id_path(), workspace_query()],
                body: None,
                success: Success::Json("The link.", Box::new(schemas.output::<LinkRecord>())),
                failures: || {
                    read_failures(vec![
                        ServiceError::BadId(crate::wire::BadId::Malformed(crate::wire::IdField::Link)),
                        ServiceError::LinkNotFound,
                    ])
                },
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::LINK_ANALYTICS,
            Op {
                id: "getLinkAnalytics",
                tag: "Analytics",
                summary: "Analytics of a link",
                description: "Clicks of one link between `from` and `to` (UTC days, both inclusive; at most 3,660 \
                    days): totals, every day of the range, and breakdowns. Counts against the key's analytics limit \
                    as well."
                    .into(),
                parameters: vec![link_id_path(), workspace_query()]
                    .into_iter()
                    .chain(query_parameters::<LinkAnalyticsArgs>(&["linkId"]))
                    .collect(),
                body: None,
                success: Success::Json("The report.", Box::new(schemas.output::<LinkAnalytics>())),
                failures: || {
                    read_failures(vec![
                        ServiceError::BadId(crate::wire::BadId::AnalyticsLink),
                        bad_date(),
                        ServiceError::LinkNotInWorkspace,
                    ])
                },
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::LINK_QR,
            Op {
                id: "getLinkQr",
                tag: "Links",
                summary: "A link's QR code",
                description: "The link's QR code, drawn from its `qrSettings` (colours, margin, error correction, \
                    logo): `format=svg` (the default) answers an SVG document, `format=png` a PNG. The code encodes \
                    the short link with `?qr=1`, so scans are counted apart from clicks."
                    .into(),
                parameters: vec![link_id_path(), workspace_query()]
                    .into_iter()
                    .chain(query_parameters::<QrArgs>(&["linkId"]))
                    .collect(),
                body: None,
                success: Success::Image("The QR code.", &["image/svg+xml", "image/png"]),
                failures: || {
                    read_failures(vec![
                        ServiceError::BadId(crate::wire::BadId::Malformed(crate::wire::IdField::Link)),
                        bad_qr_request(),
                        ServiceError::LinkNotFound,
                        qr_unavailable(),
                    ])
                },
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::WORKSPACE_ANALYTICS,
            Op {
                id: "getWorkspaceAnalytics",
                tag: "Analytics",
                summary: "Analytics of the workspace",
                description: "Clicks across every link of the workspace between `from` and `to`. Owners and managers \
                    only. Counts against the key's analytics limit as well."
                    .into(),
                parameters: std::iter::once(workspace_query())
                    .chain(query_parameters::<RangeArgs>(&[]))
                    .collect(),
                body: None,
                success: Success::Json("The report.", Box::new(schemas.output::<WorkspaceAnalytics>())),
                failures: || read_failures(vec![bad_date(), ServiceError::NotOwnerOrManager]),
                idempotent: false,
                links: Vec::new(),
            },
        ),
    ]
}
