//! Under open sign-up a young workspace creates a bounded number of links an hour, whichever
//! way it creates them (one, in bulk, over MCP), and hears `429` with a sentence past it.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{TestApp, spawn_app_with};
use crate::mcp_support::link;
use lib::clock::Clock;

const REFUSED: &str = "A workspace in its first 7 days creates at most 3 links an hour; try again in";

/// An app with open sign-up whose young workspaces create at most 3 links an hour.
async fn open_app(open_signup: bool) -> TestApp {
    spawn_app_with(|config| {
        config.open_signup = open_signup;
        config.new_tenants = lib::domain::NewTenantLimits {
            days: 7,
            links_per_hour: 3,
        };
    })
    .await
}

fn body(slug: &str) -> serde_json::Value {
    json!({ "name": slug, "slug": slug, "rules": [{ "targetUrl": "https://shop.example/", "isDefault": true }] })
}

#[tokio::test]
async fn a_young_workspace_past_its_hourly_links_is_refused_with_429_and_a_sentence() {
    let app = open_app(true).await;
    let ws = app.workspace().await;
    for slug in ["a", "b", "c"] {
        app.create_ok(&ws, body(slug)).await;
    }
    let (status, refused) = app.create(&ws, body("d")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let error = refused["error"].as_str().unwrap();
    assert!(error.starts_with(REFUSED), "{error}");
}

#[tokio::test]
async fn the_next_hour_a_young_workspace_creates_links_again() {
    let app = open_app(true).await;
    let ws = app.workspace().await;
    for slug in ["a", "b", "c"] {
        app.create_ok(&ws, body(slug)).await;
    }
    app.clock.set(app.clock.now() + chrono::Duration::hours(1));
    app.create_ok(&ws, body("d")).await;
}

#[tokio::test]
async fn a_workspace_past_its_first_days_is_not_throttled() {
    let app = open_app(true).await;
    let ws = app.workspace().await;
    app.clock.set(app.clock.now() + chrono::Duration::days(7));
    for slug in ["a", "b", "c", "d", "e"] {
        app.create_ok(&ws, body(slug)).await;
    }
}

#[tokio::test]
async fn without_open_sign_up_no_workspace_is_throttled() {
    let app = open_app(false).await;
    let ws = app.workspace().await;
    for slug in ["a", "b", "c", "d", "e"] {
        app.create_ok(&ws, body(slug)).await;
    }
}

#[tokio::test]
async fn a_bulk_call_takes_every_item_from_the_hour_or_none() {
    let app = open_app(true).await;
    let ws = app.workspace().await;
    let (status, refused) = app.bulk(&ws, json!([body("a"), body("b"), body("c"), body("d")])).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{refused}");
    let (status, made) = app.bulk(&ws, json!([body("a"), body("b")])).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    app.create_ok(&ws, body("c")).await;
    let (status, _) = app.create(&ws, body("d")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn links_created_over_mcp_count_toward_the_same_hour() {
    let app = open_app(true).await;
    let ws = app.mcp_workspace().await;
    for name in ["a", "b", "c"] {
        app.tool_in(&ws, "create_link", link(name)).await.structured();
    }
    let answer = app.tool_in(&ws, "create_link", link("d")).await;
    let (code, message) = answer.error();
    assert_eq!(code, -31429);
    assert!(message.starts_with(REFUSED), "{message}");
    let (status, _) = app.create(&ws.http, body("e")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn an_import_past_the_hour_creates_nothing_and_says_why_for_each_row() {
    let app = open_app(true).await;
    let ws = app.workspace().await;
    let file = "url,slug\n\
                https://shop.example/1,one\n\
                https://shop.example/2,two\n\
                https://shop.example/3,three\n\
                https://shop.example/4,four\n";
    let (status, body) = app.import(&ws, "csv", file, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["import"]["created"], 0, "{body}");
    for row in body["rows"].as_array().unwrap() {
        assert_eq!(row["status"], "skipped", "{row}");
        assert!(row["reason"].as_str().unwrap().starts_with(REFUSED), "{row}");
    }
    assert!(app.all_link_ids(&ws).await.is_empty());
}
