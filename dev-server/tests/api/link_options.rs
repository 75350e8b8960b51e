//! The link options a marketer moves for: a fallback destination for a link that no longer
//! serves, and UTM parameters added to every destination, on both doors.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::bot_analytics::SLACKBOT;
use crate::helpers::{TestApp, TestWorkspace, assert_rejected, spawn_app};

const GOOGLEBOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/// The link's record as `GET /links/{id}` answers it.
async fn record(app: &TestApp, ws: &TestWorkspace, id: &str) -> Value {
    let path = format!("/apiv1/links/{id}?workspaceId={}", ws.id);
    let (status, record) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    record
}

async fn link_with(app: &TestApp, ws: &TestWorkspace, slug: &str, options: Value) -> String {
    let mut body = json!({ "name": slug, "slug": slug, "url": "https://shop.example/spring?ref=sl" });
    for (field, value) in options.as_object().expect("options") {
        body[field] = value.clone();
    }
    app.create_ok(ws, body).await
}

#[tokio::test]
async fn a_switched_off_link_sends_every_visitor_to_its_fallback_uncounted() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = link_with(
        &app,
        &ws,
        "off",
        json!({ "active": false, "fallbackUrl": "https://shop.example/ended" }),
    )
    .await;
    for agent in ["Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0", GOOGLEBOT, SLACKBOT] {
        let visit = app.get("off", &[("user-agent", agent)]).await;
        assert_eq!(visit.status, StatusCode::FOUND, "{agent}");
        assert_eq!(visit.location(), Some("https://shop.example/ended"), "{agent}");
        assert_eq!(visit.headers["cache-control"], "private, no-store");
    }
    let head = app.visit(Method::HEAD, "off", &[]).await;
    assert_eq!(head.location(), Some("https://shop.example/ended"));
    app.settled().await;
    assert!(app.clicks(&id).await.is_empty(), "a fallback is never a click");
}

#[tokio::test]
async fn a_spent_click_limit_sends_the_next_visitor_to_the_fallback() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = link_with(
        &app,
        &ws,
        "once",
        json!({ "clicksLimit": 1, "fallbackUrl": "https://shop.example/sold-out" }),
    )
    .await;
    assert_eq!(
        app.get("once", &[]).await.location(),
        Some("https://shop.example/spring?ref=sl")
    );
    let late = app.get("once", &[]).await;
    assert_eq!(late.status, StatusCode::FOUND);
    assert_eq!(late.location(), Some("https://shop.example/sold-out"));
    app.settled().await;
    assert_eq!(app.clicks(&id).await.len(), 1);
    assert_eq!(
        app.stored(&id).await.unwrap().limited_clicks,
        1,
        "the fallback takes nothing"
    );
}

#[tokio::test]
async fn removing_the_fallback_brings_the_gone_page_back() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = link_with(
        &app,
        &ws,
        "gone",
        json!({ "active": false, "fallbackUrl": "https://shop.example/ended" }),
    )
    .await;
    let (status, answer) = app.update(&ws, &id, json!({ "fallbackUrl": null })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(record(&app, &ws, &id).await["fallbackUrl"], Value::Null);
    assert_eq!(app.get("gone", &[]).await.status, StatusCode::GONE);
}

#[tokio::test]
async fn a_fallback_follows_the_rules_of_a_target() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let body = json!({ "name": "x", "url": "https://e.com", "fallbackUrl": "javascript:alert(1)" });
    assert_rejected(
        app.create(&ws, body).await,
        StatusCode::BAD_REQUEST,
        "fallbackUrl must not use the javascript: scheme.",
        "fallbackUrl",
    );
    let body = json!({ "name": "x", "url": "https://e.com", "fallbackUrl": "/relative" });
    assert_rejected(
        app.create(&ws, body).await,
        StatusCode::BAD_REQUEST,
        "fallbackUrl must be an absolute URL such as https://example.com/page or myapp://path.",
        "fallbackUrl",
    );
}

#[tokio::test]
async fn utm_parameters_reach_every_destination_behind_the_targets_and_the_visitors_own() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = link_with(
        &app,
        &ws,
        "utm",
        json!({ "utm": { "source": "newsletter", "medium": "email", "campaign": "spring sale" } }),
    )
    .await;
    assert_eq!(
        app.get("utm", &[]).await.location(),
        Some("https://shop.example/spring?ref=sl&utm_source=newsletter&utm_medium=email&utm_campaign=spring+sale")
    );
    assert_eq!(
        app.get("utm?utm_source=friend&qr=1", &[]).await.location(),
        Some("https://shop.example/spring?ref=sl&utm_source=friend&utm_medium=email&utm_campaign=spring+sale")
    );
    assert_eq!(
        record(&app, &ws, &id).await["utm"],
        json!({ "source": "newsletter", "medium": "email", "campaign": "spring sale" })
    );
}

#[tokio::test]
async fn the_fallback_carries_the_links_utm_too() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    link_with(
        &app,
        &ws,
        "late",
        json!({ "active": false, "fallbackUrl": "https://shop.example/ended", "utm": { "campaign": "spring" } }),
    )
    .await;
    assert_eq!(
        app.get("late?from=poster", &[]).await.location(),
        Some("https://shop.example/ended?from=poster&utm_campaign=spring")
    );
}

#[tokio::test]
async fn a_utm_value_holds_at_most_255_characters_and_unknown_fields_are_named() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let body = json!({ "name": "x", "url": "https://e.com", "utm": { "term": "t".repeat(256) } });
    assert_rejected(
        app.create(&ws, body).await,
        StatusCode::BAD_REQUEST,
        "utm.term must be at most 255 characters (got 256).",
        "utm.term",
    );
    let body = json!({ "name": "x", "url": "https://e.com", "utm": { "sorce": "typo" } });
    let (status, answer) = app.create(&ws, body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["error"].as_str().unwrap().contains("sorce"), "{answer}");
}

#[tokio::test]
async fn an_update_replaces_the_utm_as_a_whole_and_null_removes_it() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = link_with(&app, &ws, "swap", json!({ "utm": { "source": "a", "medium": "b" } })).await;
    app.update(&ws, &id, json!({ "utm": { "campaign": "c" } })).await;
    assert_eq!(record(&app, &ws, &id).await["utm"], json!({ "campaign": "c" }));
    app.update(&ws, &id, json!({ "utm": null })).await;
    assert_eq!(record(&app, &ws, &id).await["utm"], Value::Null);
    assert_eq!(
        app.get("swap", &[]).await.location(),
        Some("https://shop.example/spring?ref=sl")
    );
}

#[tokio::test]
async fn the_mcp_tools_take_and_return_the_same_options() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let created = app
        .tool_in(
            &ws,
            "create_link",
            json!({ "name": "Both doors", "slug": "both", "rules": [{ "targetUrl": "https://e.com/", "isDefault": true }],
                    "utm": { "source": "agent" }, "fallbackUrl": "https://e.com/over" }),
        )
        .await;
    let id = created.structured()["id"].clone();
    let got = app.tool_in(&ws, "get_link", json!({ "linkId": id })).await;
    assert_eq!(got.structured()["utm"], json!({ "source": "agent" }));
    assert_eq!(got.structured()["fallbackUrl"], "https://e.com/over");
    app.tool_in(&ws, "update_link", json!({ "linkId": id, "fallbackUrl": null }))
        .await;
    let got = app.tool_in(&ws, "get_link", json!({ "linkId": id })).await;
    assert_eq!(got.structured()["fallbackUrl"], Value::Null);
    let bad = app
        .tool_in(
            &ws,
            "update_link",
            json!({ "linkId": id, "fallbackUrl": "data:text/html,x" }),
        )
        .await;
    assert_eq!(bad.error(), (-32602, "fallbackUrl must not use the data: scheme."));
}

#[tokio::test]
async fn bulk_items_take_the_options() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, answer) = app
        .bulk(
            &ws,
            json!([{ "name": "one", "slug": "b1", "url": "https://e.com/1", "utm": { "medium": "print" } },
                   { "name": "two", "slug": "b2", "url": "https://e.com/2", "fallbackUrl": "ftp:" }]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        app.get("b1", &[]).await.location(),
        Some("https://e.com/1?utm_medium=print")
    );
    assert_eq!(
        answer["failed"][0]["error"],
        "fallbackUrl must be an absolute URL such as https://example.com/page or myapp://path.",
        "{answer}"
    );
}
