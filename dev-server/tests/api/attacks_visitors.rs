//! Issue 50's findings about what is kept of the people who click: each test is named as the
//! attack it stops, and each failed before its fix.

use reqwest::{Method, StatusCode};
use sha2::{Digest, Sha256};

use crate::helpers::{link_with_slug, spawn_app};

const AGENT: &str =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

/// Finding 8: the visitor hash was an unsalted SHA-256 of address and agent, and the owner could
/// export it: with the agent in hand, the 2^32 IPv4 addresses give a visitor's address back in
/// minutes (before: the export answered 200 with a `visitor` column, and the stored hash was
/// that plain SHA-256). It is now keyed with the deployment's secret and never exported.
#[tokio::test]
async fn a_visitors_address_cannot_be_brute_forced_from_an_export_or_a_stored_hash() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Shop", "shop")).await;
    app.get(
        "shop",
        &[("cloudfront-viewer-address", "203.0.113.7:4000"), ("user-agent", AGENT)],
    )
    .await;

    let path = format!("/apiv1/clicks/export?workspaceId={}&visitorHash=true", ws.id);
    let (status, body) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["error"],
        "Visitor hashes are not exported: they would let a reader follow one person from visit to visit."
    );

    let mut plain = Sha256::new();
    plain.update(b"203.0.113.7\0");
    plain.update(AGENT.as_bytes());
    let unsalted = hex::encode(&plain.finalize()[..16]);
    let stored = &app.clicks(&id).await[0].visitor;
    assert_eq!(stored.len(), 32);
    assert_ne!(stored, &unsalted, "the hash anyone could recompute from an address");
}
