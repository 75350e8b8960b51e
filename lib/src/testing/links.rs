//! Links built from create bodies, the way the service would build them, for tests and
//! benchmarks that need a link without DynamoDB.

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::SeededEntropy;
use crate::domain::ids::ObjectId;
use crate::domain::{Hostname, Link, LinkDraft, Slug};
use crate::store::StoredLink;
use crate::wire::{Door, LinkInput, ParseContext};

/// The moment fixtures are made at unless a test says otherwise.
pub const FIXTURE_TIME: &str = "2026-11-22T12:00:00Z";

/// A link on `sl.test/spring` from an HTTP create body (`name`, `rules` or `url`, any other
/// create field), made at [`FIXTURE_TIME`] with ids from a fixed seed.
pub fn link_from_json(body: Value) -> Link {
    link_from_json_at(body, FIXTURE_TIME.parse().expect("fixture time"))
}

/// [`link_from_json`] made at `now`.
pub fn link_from_json_at(body: Value, now: DateTime<Utc>) -> Link {
    let input: LinkInput = crate::wire::from_json(body).unwrap_or_else(|e| panic!("fixture body: {}", e.message));
    let entropy = SeededEntropy::new(5);
    let mut new_id = || ObjectId::generate(now, &entropy);
    let draft = LinkDraft::parse(
        &input,
        &mut ParseContext {
            now,
            door: Door::Http,
            new_id: &mut new_id,
        },
    )
    .unwrap_or_else(|e| panic!("fixture link: {}", e.message));
    Link {
        id: new_id(),
        workspace_id: new_id(),
        domain: draft
            .domain
            .unwrap_or_else(|| Hostname::parse("domain", "sl.test").expect("host")),
        slug: draft.slug.unwrap_or_else(|| Slug::parse("spring").expect("slug")),
        settings: draft.settings,
        created_at: now,
        updated_at: now,
    }
}

/// [`link_from_json`] as stored: version 1, with `limited_clicks` counted against its limit.
pub fn stored_link(body: Value, limited_clicks: u64) -> StoredLink {
    StoredLink {
        link: link_from_json(body),
        version: 1,
        limited_clicks,
        disabled_reason: None,
        suspended_reason: None,
    }
}

/// A create body read as the HTTP door reads it, with the service's clock and entropy: what
/// tests and benchmarks hand `Service::create_link`.
pub fn http_draft(service: &crate::service::Service, body: Value) -> LinkDraft {
    let input: LinkInput = crate::wire::from_json(body).unwrap_or_else(|e| panic!("fixture body: {}", e.message));
    crate::http::drafter(service)
        .draft(&input)
        .unwrap_or_else(|e| panic!("fixture link: {}", e.message))
}

/// Creates the `i`-th of many plain links (`Link {i}`, one destination) through the service,
/// as the HTTP door would: the filler of benchmarks' workspaces.
pub async fn create_plain_link(
    service: &crate::service::Service,
    access: &crate::service::accounts::Access,
    i: usize,
) -> crate::wire::CreatedLink {
    let body = serde_json::json!({ "name": format!("Link {i}"), "url": "https://example.com/x" });
    service
        .create_link(access, http_draft(service, body))
        .await
        .unwrap_or_else(|e| panic!("plain link {i}: {e}"))
}
