//! An endpoint records the credential that set it up; revoking that credential (an app on the
//! connected-apps page, its refresh token, a replaced API key) switches the endpoint off and
//! the API and the app say why (issue 64, finding 4).

use lib::testing::receiver::WebhookReceiver;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_reaching};
use crate::oauth_support::{Person, Tokens};
use crate::pages_support::{Browser, PASSWORD};

const APP_REVOKED: &str = "Switched off because the app Test client, which set it up, lost its access. \
    Switch it on again if its events should still be sent.";

/// An app whose webhook fetcher reaches `receiver`.
async fn reaching() -> (WebhookReceiver, TestApp) {
    let receiver = WebhookReceiver::start().await;
    let app = spawn_reaching(receiver.fetcher()).await;
    (receiver, app)
}

fn endpoint(receiver: &WebhookReceiver) -> Value {
    json!({ "url": receiver.url("/in"), "events": ["link.created", "link.clicked"] })
}

/// A person who connected an app that may make endpoints, and the endpoint it made.
async fn made_by_an_app(app: &TestApp, receiver: &WebhookReceiver) -> (Person, Tokens, crate::oauth_support::Client) {
    let (client, person, tokens) = app.connected(&["links:read", "links:write", "analytics:read"]).await;
    let made = app
        .tool_bearer(&tokens.access, "create_webhook", endpoint(receiver))
        .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    (person, tokens, client)
}

/// The workspace's only endpoint as `GET /apiv1/webhooks` lists it.
async fn the_endpoint(app: &TestApp, key: &str, workspace: &str) -> Value {
    let path = format!("/apiv1/webhooks?workspaceId={workspace}");
    let (status, body) = app.request(Method::GET, &path, Some(key), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["webhooks"][0].clone()
}

/// Revokes every app `person` connected, on the connected-apps page.
async fn revoke_on_the_page(browser: &mut Browser<'_>) {
    let page = browser.get("/account/connected-apps").await;
    let grant = page.field("grant").expect("a revoke form");
    let revoked = browser
        .post(
            "/account/connected-apps/revoke",
            &[("csrf", &page.field("csrf").unwrap()), ("grant", &grant)],
        )
        .await;
    assert_eq!(revoked.status, StatusCode::SEE_OTHER, "{}", revoked.html);
}

#[tokio::test]
async fn revoking_the_app_switches_off_the_endpoint_it_made_and_says_why() {
    let (receiver, app) = reaching().await;
    let (person, _, _) = made_by_an_app(&app, &receiver).await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&person.email, PASSWORD).await;
    revoke_on_the_page(&mut browser).await;
    let key = app.key_of(&person.email).await;
    let listed = the_endpoint(&app, &key, &person.workspace).await;
    assert_eq!(listed["enabled"], false, "{listed}");
    assert_eq!(listed["disabledReason"], APP_REVOKED);
    let page = browser.get(&format!("/app/w/{}/webhooks", person.workspace)).await;
    assert!(page.html.contains(APP_REVOKED), "{}", page.html);
}

#[tokio::test]
async fn revoking_the_apps_refresh_token_switches_off_its_endpoints() {
    let (receiver, app) = reaching().await;
    let (person, tokens, client) = made_by_an_app(&app, &receiver).await;
    let refresh = tokens.refresh.clone().expect("a refresh token");
    let revoked = app
        .token_request("/oauth/revoke", &[("token", &refresh), ("client_id", &client.id)], None)
        .await;
    assert_eq!(revoked.status, StatusCode::OK);
    let key = app.key_of(&person.email).await;
    let listed = the_endpoint(&app, &key, &person.workspace).await;
    assert_eq!(listed["enabled"], false, "{listed}");
    assert_eq!(listed["disabledReason"], APP_REVOKED);
}

#[tokio::test]
async fn replacing_the_api_key_that_made_an_endpoint_switches_it_off() {
    let (receiver, app) = reaching().await;
    let ws = app.workspace().await;
    let mut body = endpoint(&receiver);
    body["workspaceId"] = json!(ws.id);
    let (status, made) = app.call(Method::POST, "/apiv1/webhook/create", &ws.key, body).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let new_key = app.key_for(&ws.owner, true, None).await;
    let listed = the_endpoint(&app, &new_key, &ws.id).await;
    assert_eq!(listed["enabled"], false, "{listed}");
    assert_eq!(
        listed["disabledReason"],
        format!(
            "Switched off because the API key {}…, which set it up, was replaced or deleted. \
             Switch it on again if its events should still be sent.",
            &ws.key[..12]
        )
    );
}

#[tokio::test]
async fn an_endpoint_whose_key_was_replaced_gets_no_more_events() {
    let (receiver, app) = reaching().await;
    let ws = app.workspace().await;
    let mut body = endpoint(&receiver);
    body["workspaceId"] = json!(ws.id);
    let (status, made) = app.call(Method::POST, "/apiv1/webhook/create", &ws.key, body).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let new_key = app.key_for(&ws.owner, true, None).await;
    let ws = crate::helpers::TestWorkspace { key: new_key, ..ws };
    app.create_ok(&ws, crate::mcp_support::link("After the key")).await;
    for _ in 0..10 {
        app.functions.webhook_producer.drain().await.expect("producer");
        app.functions
            .webhook_worker
            .run_once(std::time::Duration::from_millis(200))
            .await
            .expect("worker");
    }
    assert!(
        receiver.received("/in").is_empty(),
        "nothing is sent on a revoked key's authority"
    );
}

#[tokio::test]
async fn an_endpoint_a_person_made_in_the_app_stays_on_when_an_unrelated_app_is_revoked() {
    let (receiver, app) = reaching().await;
    let person = app.oauth_person().await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&person.email, PASSWORD).await;
    let path = format!("/app/w/{}/webhooks", person.workspace);
    let form = browser.get(&path).await;
    let made = browser
        .submit(
            &path,
            &form,
            &[("url", &receiver.url("/in")), ("events", "link.clicked")],
        )
        .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.html);
    app.connected_as(&person, &["links:read"]).await;
    revoke_on_the_page(&mut browser).await;
    let key = app.key_of(&person.email).await;
    let listed = the_endpoint(&app, &key, &person.workspace).await;
    assert_eq!(listed["enabled"], true, "{listed}");
    assert_eq!(listed["setUpBy"]["kind"], "member", "{listed}");
    assert_eq!(listed["setUpBy"]["name"], person.email.as_str());
    assert!(listed.get("disabledReason").is_none());
}
