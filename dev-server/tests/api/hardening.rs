//! What an attacker or a careless client tried from outside, each a sentence: click limits
//! against every agent, contention, control characters in targets, and answers outside the
//! documented shape.

use std::time::Duration;

use reqwest::header::HeaderValue;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{DESKTOP_CHROME, TestApp, TestWorkspace, spawn_app};

const BOTS: [&str; 5] = [
    "curl/8.5.0",
    "",
    "python-requests/2.32.3",
    "Wget/1.21.4",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
];

impl TestApp {
    async fn limited(&self, ws: &TestWorkspace, slug: &str, limit: u64) -> String {
        self.create_ok(
            ws,
            json!({ "name": slug, "slug": slug, "url": "https://example.com/offer", "clicksLimit": limit }),
        )
        .await
    }

    async fn record(&self, ws: &TestWorkspace, id: &str) -> Value {
        let path = format!("/apiv1/links/{id}?workspaceId={}", ws.id);
        let (status, body) = self.request(Method::GET, &path, Some(&ws.key), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    }
}

#[tokio::test]
async fn a_click_limit_caps_deliveries_to_bots_and_scripts_too() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.limited(&ws, "offer", 1).await;
    let first = app.get("offer", &[("user-agent", "curl/8.5.0")]).await;
    assert_eq!(first.status, StatusCode::FOUND);
    for _ in 0..2 {
        assert_eq!(
            app.get("offer", &[("user-agent", "curl/8.5.0")]).await.status,
            StatusCode::GONE
        );
    }
}

#[tokio::test]
async fn every_kind_of_bot_consumes_the_limit_and_none_is_counted_as_a_click() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.limited(&ws, "five", 5).await;
    for bot in BOTS {
        let visit = app.get("five", &[("user-agent", bot)]).await;
        assert_eq!(visit.status, StatusCode::FOUND, "{bot:?}");
        assert_eq!(visit.location(), Some("https://example.com/offer"));
    }
    assert_eq!(app.get("five", &[]).await.status, StatusCode::GONE);
    app.aggregate().await;
    let record = app.record(&ws, &id).await;
    assert_eq!(
        (record["clicks"].clone(), record["limitUsed"].clone()),
        (json!(0), json!(5))
    );
    assert!(
        app.clicks(&id).await.iter().all(|c| c.bot),
        "bot visits are recorded as such"
    );
}

#[tokio::test]
async fn the_link_record_shows_human_clicks_and_the_limit_used() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.limited(&ws, "mixed", 10).await;
    app.get("mixed", &[]).await;
    app.get("mixed", &[("user-agent", "curl/8.5.0")]).await;
    app.aggregate().await;
    let record = app.record(&ws, &id).await;
    assert_eq!(
        (record["clicks"].clone(), record["limitUsed"].clone()),
        (json!(1), json!(2))
    );
}

#[tokio::test]
async fn head_of_a_limited_link_answers_the_status_without_the_destination() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.limited(&ws, "peek", 1).await;
    let head = app.visit(Method::HEAD, "peek", &[]).await;
    assert_eq!(head.status, StatusCode::OK);
    assert_eq!(head.location(), None);
    assert_eq!(
        app.stored(&id).await.unwrap().limited_clicks,
        0,
        "HEAD consumed nothing"
    );
    assert_eq!(app.get("peek", &[]).await.status, StatusCode::FOUND);
    assert_eq!(app.visit(Method::HEAD, "peek", &[]).await.status, StatusCode::GONE);
}

#[tokio::test]
async fn a_preview_of_a_limited_link_gets_the_page_without_the_destination() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.limited(&ws, "shared", 1).await;
    let preview = app
        .get(
            "shared",
            &[(
                "user-agent",
                "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
            )],
        )
        .await;
    assert_eq!(preview.status, StatusCode::OK);
    assert!(!preview.body.contains("example.com/offer"), "{}", preview.body);
    assert!(!preview.body.contains("refresh"), "{}", preview.body);
    assert_eq!(app.stored(&id).await.unwrap().limited_clicks, 0);
}

#[tokio::test]
async fn a_limit_of_20_under_100_concurrent_mixed_visits_serves_exactly_20() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.limited(&ws, "twenty", 20).await;
    let visits = (0..100).map(|i| {
        let app = &app;
        let agent = if i % 2 == 0 {
            DESKTOP_CHROME
        } else {
            BOTS[i % BOTS.len()]
        };
        async move { app.get("twenty", &[("user-agent", agent)]).await.status }
    });
    let statuses = futures::future::join_all(visits).await;
    let served = statuses.iter().filter(|s| **s == StatusCode::FOUND).count();
    assert_eq!(served, 20, "{statuses:?}");
    assert_eq!(app.stored(&id).await.unwrap().limited_clicks, 20);
}

#[tokio::test]
async fn thirty_concurrent_updates_of_one_link_answer_neither_5xx_nor_404() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(&ws, json!({ "name": "busy", "url": "https://example.com/" }))
        .await;
    let updates = (0..30).map(|i| {
        let (app, ws, id) = (&app, &ws, &id);
        let body = match i % 3 {
            0 => json!({ "name": format!("name {i}") }),
            1 => json!({ "description": format!("description {i}") }),
            _ => json!({ "ogTitle": format!("title {i}") }),
        };
        async move { app.update(ws, id, body).await }
    });
    let answers = futures::future::join_all(updates).await;
    for (status, body) in &answers {
        assert!(
            *status == StatusCode::OK
                || (*status == StatusCode::CONFLICT
                    && body["error"] == "The link was changed by another request at the same time; retry."),
            "{status} {body}"
        );
    }
    assert!(app.stored(&id).await.is_some());
}

#[tokio::test]
async fn twenty_concurrent_slug_moves_of_one_link_answer_neither_5xx_nor_404() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(
            &ws,
            json!({ "name": "moving", "slug": "start", "url": "https://example.com/" }),
        )
        .await;
    let moves = (0..20).map(|i| {
        let (app, ws, id) = (&app, &ws, &id);
        async move { app.update(ws, id, json!({ "slug": format!("spot-{i}") })).await }
    });
    let answers = futures::future::join_all(moves).await;
    for (status, body) in &answers {
        assert!(
            *status == StatusCode::OK || *status == StatusCode::CONFLICT,
            "{status} {body}"
        );
    }
    let stored = app.stored(&id).await.expect("the link still exists");
    assert!(stored.link.slug.as_str().starts_with("spot-"));
    let visit = app.get(stored.link.slug.as_str(), &[]).await;
    assert_eq!(visit.status, StatusCode::FOUND, "the final slug redirects");
}

#[tokio::test]
async fn a_control_character_in_a_target_is_refused_naming_the_field() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    for target in [
        "https://example.com/\r\nX-A: 1",
        "https://example.com/\n",
        "https://example.com/\u{0}",
        "https://example.com/\u{7f}",
    ] {
        let body = json!({ "name": "ctl", "rules": [{ "targetUrl": target, "isDefault": true }] });
        let (status, answer) = app.create(&ws, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{target:?}");
        assert_eq!(answer["field"], "rules[0].targetUrl", "{answer}");
    }
}

#[tokio::test]
async fn a_non_ascii_host_is_stored_and_redirected_in_its_ascii_form() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(
            &ws,
            json!({ "name": "idn", "slug": "idn", "url": "https://аррӏе.com/ü?q=é" }),
        )
        .await;
    let record = app.record(&ws, &id).await;
    let stored = "https://xn--80ak6aa92e.com/%C3%BC?q=%C3%A9";
    assert_eq!(record["rules"][0]["targetUrl"], stored);
    assert_eq!(app.get("idn", &[]).await.location(), Some(stored));
}

#[tokio::test]
async fn deep_links_with_app_schemes_still_redirect() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.create_ok(
        &ws,
        json!({ "name": "app", "slug": "deep", "url": "myapp://open/item/4?ref=x" }),
    )
    .await;
    assert_eq!(app.get("deep", &[]).await.location(), Some("myapp://open/item/4?ref=x"));
}

#[tokio::test]
async fn a_wrong_method_on_a_known_path_is_405_with_allow() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let response = app
        .http
        .patch(format!("{}/apiv1/link/create", app.address))
        .header("x-api-key", &ws.key)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(response.headers()["allow"], "POST");
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body,
        json!({ "error": "/apiv1/link/create does not answer PATCH; use POST." })
    );
}

#[tokio::test]
async fn an_unknown_path_under_apiv1_is_a_404_naming_it() {
    let app = spawn_app().await;
    for path in ["/apiv1/nope", "/apiv1/LINKS", "/apiv1"] {
        let (status, body) = app.request(Method::GET, path, None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(body, json!({ "error": format!("No such endpoint: GET {path}.") }));
    }
}

#[tokio::test]
async fn head_works_wherever_get_does() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let response = app
        .http
        .head(format!("{}/apiv1/links?workspaceId={}", app.address, ws.id))
        .header("x-api-key", &ws.key)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/json");
    assert!(response.bytes().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_body_declared_over_1_mib_is_refused_at_once_without_waiting_for_it() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let address = app.address.trim_start_matches("http://").to_string();
    let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
    let request = format!(
        "POST /apiv1/link/create HTTP/1.1\r\nHost: {address}\r\nX-Api-Key: {}\r\n\
         Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n",
        ws.key
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = vec![0u8; 4096];
    let read = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut answer))
        .await
        .expect("answered without waiting for the body")
        .unwrap();
    let text = String::from_utf8_lossy(&answer[..read]);
    assert!(text.starts_with("HTTP/1.1 400"), "{text}");
    assert!(
        text.contains(r#"{"error":"Request body must be at most 1 MiB."}"#),
        "{text}"
    );
}

#[tokio::test]
async fn a_ten_mebibyte_body_is_a_400_not_a_reset_connection() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let body = format!(
        "{{\"workspaceId\":\"{}\",\"name\":\"{}\"}}",
        ws.id,
        "x".repeat(10 * 1024 * 1024)
    );
    let (status, answer) = app
        .request(Method::POST, "/apiv1/link/create", Some(&ws.key), Some(body))
        .await;
    assert_eq!(
        (status, answer),
        (
            StatusCode::BAD_REQUEST,
            json!({ "error": "Request body must be at most 1 MiB." })
        )
    );
}

#[tokio::test]
async fn a_non_ascii_api_key_is_an_invalid_key() {
    let app = spawn_app().await;
    let response = app
        .http
        .get(format!(
            "{}/apiv1/links?workspaceId=64656d6f0000000000000001",
            app.address
        ))
        .header("x-api-key", HeaderValue::from_bytes("slk_ключ".as_bytes()).unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "Invalid API key.");
}

#[tokio::test]
async fn a_range_too_long_names_the_parameter_that_was_sent() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(&ws, json!({ "name": "r", "url": "https://example.com/" }))
        .await;
    let path = format!("/apiv1/links/{id}/analytics?workspaceId={}&to=9999-12-31", ws.id);
    let (status, body) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    assert_eq!((status, body["field"].clone()), (StatusCode::BAD_REQUEST, json!("to")));
}

#[tokio::test]
async fn twenty_concurrent_mcp_updates_of_one_link_are_never_an_internal_error() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app
        .create_ok(&ws.http, json!({ "name": "busy", "url": "https://example.com/" }))
        .await;
    let calls = (0..20).map(|i| {
        let (app, ws, id) = (&app, &ws, &id);
        async move {
            app.tool_in(ws, "update_link", json!({ "linkId": id, "name": format!("n{i}") }))
                .await
        }
    });
    for answer in futures::future::join_all(calls).await {
        if answer.body.get("error").is_some() {
            assert_eq!(
                answer.error(),
                (
                    -32602,
                    "The link was changed by another request at the same time; retry."
                )
            );
        } else {
            answer.structured();
        }
    }
}
