//! What a fetched list may block: a line naming a top-level domain, a public suffix or the
//! service's own domain blocks nothing (the fetch and `safety list` say what was skipped), and
//! a version that would newly block more than 1 % of the destinations links point to waits for
//! the operator's force.

use chrono::Duration;
use lib::domain::ListRefusal;
use lib::service::safety::{BlocklistUrl, ListFetchError, ListFetched};
use lib::testing::documents::DocumentServer;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_with};

const LIST: &str = "/hosts.txt";

fn pointing_to(slug: &str, url: &str) -> Value {
    json!({ "name": slug, "slug": slug, "rules": [{ "targetUrl": url, "isDefault": true }] })
}

async fn app_reading_the_stored_list() -> TestApp {
    spawn_with(
        |_| {},
        |service| service.with_stored_blocklist(Duration::hours(1)),
        dev_server::Settings::default(),
    )
    .await
}

async fn fetch(app: &TestApp, server: &DocumentServer, body: &str, force: bool) -> Result<ListFetched, ListFetchError> {
    server.serve(LIST, body);
    let url = BlocklistUrl::parse(&server.url(LIST)).expect("an https URL");
    app.service.fetch_blocklist(&server.fetcher(), &url, force).await
}

#[tokio::test]
async fn a_fetched_line_naming_a_top_level_domain_or_public_suffix_blocks_nothing_and_is_reported() {
    let server = DocumentServer::start().await;
    let app = app_reading_the_stored_list().await;
    let ws = app.workspace().await;
    let body = "0.0.0.0 com\ngithub.io\n0.0.0.0 sl.test\nevil.example\n";
    let fetched = fetch(&app, &server, body, false).await.expect("stored");
    app.create_ok(&ws, pointing_to("shop", "https://shop.com/")).await;
    app.create_ok(&ws, pointing_to("pages", "https://someone.github.io/"))
        .await;
    let (status, _) = app.create(&ws, pointing_to("evil", "https://evil.example/")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let ListFetched::Stored { entries, skipped, .. } = fetched else {
        panic!("{fetched:?}")
    };
    assert_eq!(entries, 1);
    assert_eq!(skipped.one_label.examples, ["0.0.0.0 com"]);
    assert_eq!(skipped.public_suffix.examples, ["github.io"]);
    assert_eq!(skipped.own_domain.examples, ["0.0.0.0 sl.test"]);
    let listed = app.service.loaded_blocklist().await.expect("listed");
    assert_eq!(
        listed.stored.expect("a stored list").skipped,
        skipped,
        "safety list says so too"
    );
}

#[tokio::test]
async fn a_version_newly_blocking_more_than_one_in_a_hundred_destinations_waits_for_force() {
    let server = DocumentServer::start().await;
    let app = app_reading_the_stored_list().await;
    let ws = app.workspace().await;
    app.create_ok(&ws, pointing_to("shop", "https://shop.example/")).await;
    app.create_ok(&ws, pointing_to("doc", "https://files.cdn.example/doc.pdf"))
        .await;
    fetch(&app, &server, "evil.example\n", false).await.expect("stored");
    let refused = fetch(&app, &server, "evil.example\ncdn.example\n", false).await;
    let Err(ListFetchError::Refused { source, .. }) = &refused else {
        panic!("{refused:?}")
    };
    assert_eq!(
        *source,
        ListRefusal::BlocksTooMuch {
            newly: 1,
            destinations: 2
        }
    );
    assert!(
        refused
            .unwrap_err()
            .to_string()
            .contains("1 of the 2 destinations links point to (50.0 %)")
    );
    assert_eq!(
        app.get("doc", &[]).await.status,
        StatusCode::FOUND,
        "the version before stays"
    );
    fetch(&app, &server, "evil.example\ncdn.example\n", true)
        .await
        .expect("forced");
    app.service.forget_blocklist();
    assert_eq!(
        app.get("doc", &[]).await.status,
        StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS
    );
}
