//! A webhook endpoint sends every click and sale to a URL its maker picks, so making one or
//! pointing it elsewhere over MCP needs `analytics:read` beside `links:write` (issue 64,
//! finding 4): a grant or key that may only change links is refused.

use lib::domain::Scope;
use lib::testing::receiver::WebhookReceiver;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_reaching};
use crate::mcp_support::tool_names;

/// An app whose webhook fetcher reaches `receiver`.
async fn reaching() -> (WebhookReceiver, TestApp) {
    let receiver = WebhookReceiver::start().await;
    let app = spawn_reaching(receiver.fetcher()).await;
    (receiver, app)
}

fn endpoint(receiver: &WebhookReceiver) -> Value {
    json!({ "url": receiver.url("/in"), "events": ["link.clicked", "conversion.created"] })
}

/// The workspace's endpoints as the HTTP API lists them, read with a key of `email`.
async fn listed(app: &TestApp, email: &str, workspace: &str) -> Vec<Value> {
    let key = app.key_of(email).await;
    let path = format!("/apiv1/webhooks?workspaceId={workspace}");
    let (status, body) = app.request(Method::GET, &path, Some(&key), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["webhooks"].as_array().expect("webhooks").clone()
}

#[tokio::test]
async fn a_grant_with_only_links_write_is_refused_create_webhook_naming_analytics_read() {
    let (receiver, app) = reaching().await;
    let (_, person, tokens) = app.connected(&["links:read", "links:write"]).await;
    let answer = app
        .tool_bearer(&tokens.access, "create_webhook", endpoint(&receiver))
        .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN, "{}", answer.body);
    assert_eq!(
        answer.error(),
        (-31403, "This access token lacks the analytics:read scope.")
    );
    let challenge = answer.headers["www-authenticate"].to_str().unwrap();
    assert!(
        challenge.contains("insufficient_scope") && challenge.contains("analytics:read"),
        "{challenge}"
    );
    assert!(listed(&app, &person.email, &person.workspace).await.is_empty());
}

#[tokio::test]
async fn a_grant_with_only_links_write_may_not_point_an_endpoint_elsewhere() {
    let (receiver, app) = reaching().await;
    let (_, person, tokens) = app.connected(&["links:read", "links:write"]).await;
    let key = app.key_of(&person.email).await;
    let mut body = endpoint(&receiver);
    body["workspaceId"] = json!(person.workspace);
    let (status, created) = app.call(Method::POST, "/apiv1/webhook/create", &key, body).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let change = json!({ "webhookId": created["id"], "url": receiver.url("/elsewhere") });
    let answer = app.tool_bearer(&tokens.access, "update_webhook", change).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN, "{}", answer.body);
    assert_eq!(
        answer.error(),
        (-31403, "This access token lacks the analytics:read scope.")
    );
}

#[tokio::test]
async fn a_links_write_grant_is_not_shown_the_tools_that_send_events_out() {
    let (_, app) = reaching().await;
    let (_, _, tokens) = app.connected(&["links:read", "links:write"]).await;
    let names = tool_names(&app.mcp_bearer(&tokens.access, "tools/list", json!({})).await);
    assert!(names.contains(&"list_webhooks".to_string()), "{names:?}");
    assert!(!names.contains(&"create_webhook".to_string()), "{names:?}");
    assert!(!names.contains(&"update_webhook".to_string()), "{names:?}");
}

#[tokio::test]
async fn an_api_key_with_links_write_but_not_analytics_read_is_refused_create_webhook() {
    let (receiver, app) = reaching().await;
    let ws = app.mcp_workspace_with(&[Scope::LinksRead, Scope::LinksWrite]).await;
    let answer = app.tool_in(&ws, "create_webhook", endpoint(&receiver)).await;
    assert_eq!(answer.error(), (-32602, "This API key lacks the analytics:read scope."));
}

#[tokio::test]
async fn a_grant_with_analytics_read_creates_an_endpoint_recorded_as_set_up_by_the_app() {
    let (receiver, app) = reaching().await;
    let (_, person, tokens) = app.connected(&["links:read", "links:write", "analytics:read"]).await;
    let answer = app
        .tool_bearer(&tokens.access, "create_webhook", endpoint(&receiver))
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert!(answer.structured()["secret"].as_str().unwrap().starts_with("whsec_"));
    let endpoints = listed(&app, &person.email, &person.workspace).await;
    assert_eq!(endpoints.len(), 1);
    assert_eq!(endpoints[0]["setUpBy"]["kind"], "app", "{}", endpoints[0]);
    assert_eq!(endpoints[0]["setUpBy"]["name"], "Test client");
}
