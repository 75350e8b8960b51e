//! The webhook endpoints over HTTP: `GET /apiv1/webhooks`, `POST /apiv1/webhook/create`,
//! `PUT /apiv1/webhook/update` and `DELETE /apiv1/webhook/delete`.

use lambda_http::http::{Method, StatusCode};
use lib::testing::documents::DocumentServer;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestWorkspace, assert_rejected, spawn_reaching};
use crate::permissions::assert_allowed;

/// A receiver, an app reaching it, and a workspace.
async fn reaching() -> (DocumentServer, TestApp, TestWorkspace) {
    let receiver = DocumentServer::start().await;
    let app = spawn_reaching(receiver.fetcher()).await;
    let ws = app.workspace().await;
    (receiver, app, ws)
}

/// A receiver, an app reaching it, a workspace, and an endpoint there wanting link.created.
async fn one_endpoint() -> (DocumentServer, TestApp, TestWorkspace, Value) {
    let (receiver, app, ws) = reaching().await;
    let (_, created) = create(
        &app,
        &ws,
        json!({ "url": receiver.url("/in"), "events": ["link.created"] }),
    )
    .await;
    (receiver, app, ws, created)
}

async fn list(app: &TestApp, ws: &TestWorkspace, key: &str) -> (StatusCode, Value) {
    let path = format!("/apiv1/webhooks?workspaceId={}", ws.id);
    app.request(Method::GET, &path, Some(key), None).await
}

async fn send(app: &TestApp, ws: &TestWorkspace, key: &str, method: Method, mut body: Value) -> (StatusCode, Value) {
    body["workspaceId"] = json!(ws.id);
    let path = match method {
        Method::POST => "/apiv1/webhook/create",
        Method::PUT => "/apiv1/webhook/update",
        _ => "/apiv1/webhook/delete",
    };
    app.call(method, path, key, body).await
}

async fn create(app: &TestApp, ws: &TestWorkspace, body: Value) -> (StatusCode, Value) {
    send(app, ws, &ws.key, Method::POST, body).await
}

#[tokio::test]
async fn an_owner_creates_an_endpoint_and_its_secret_is_never_listed() {
    let (receiver, app, ws) = reaching().await;
    let body = json!({ "url": receiver.url("/in"), "events": ["link.created", "link.clicked"], "batch": true });
    let (status, created) = create(&app, &ws, body).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    assert_eq!(
        created["message"],
        "Webhook created. Keep its secret now: it is not shown again."
    );
    let secret = created["secret"].as_str().unwrap();
    assert!(secret.starts_with("whsec_"), "{secret}");
    let (status, listed) = list(&app, &ws, &ws.key).await;
    assert_eq!(status, StatusCode::OK);
    let listed_at = listed["webhooks"][0]["createdAt"].clone();
    let key_id = listed["webhooks"][0]["setUpBy"]["id"].clone();
    assert_eq!(
        listed,
        json!({ "webhooks": [{ "id": created["id"], "url": receiver.url("/in"),
                "events": ["link.created", "link.clicked"], "linkIds": [], "enabled": true, "batch": true,
                "createdAt": listed_at,
                "setUpBy": { "kind": "apiKey", "id": key_id, "name": format!("{}…", &ws.key[..12]) } }] })
    );
    assert!(!listed.to_string().contains(secret));
}

#[tokio::test]
async fn a_member_is_refused_every_webhook_endpoint() {
    let (receiver, app, ws) = reaching().await;
    let member = app.member(&ws, "member").await;
    let closed = "Only the workspace's owner and managers can see and change webhooks.";
    let (status, body) = list(&app, &ws, &member).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::FORBIDDEN, Some(closed)));
    let wanted = json!({ "url": receiver.url("/in"), "events": ["link.created"] });
    let (status, body) = send(&app, &ws, &member, Method::POST, wanted).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::FORBIDDEN, Some(closed)));
    let manager = app.member(&ws, "manager").await;
    let (status, _) = list(&app, &ws, &manager).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn an_unknown_event_or_a_url_that_is_not_https_is_refused_naming_the_field() {
    let (receiver, app, ws) = reaching().await;
    let (status, body) = create(
        &app,
        &ws,
        json!({ "url": receiver.url("/in"), "events": ["link.opened"] }),
    )
    .await;
    assert_eq!(
        (status, body["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("events[0]")),
        "{body}"
    );
    assert_rejected(
        create(
            &app,
            &ws,
            json!({ "url": "http://hooks.example.com/in", "events": ["link.created"] }),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "url must be an https URL such as https://hooks.example.com/links.",
        "url",
    );
}

#[tokio::test]
async fn a_url_on_a_private_address_is_refused_naming_the_field() {
    let app = crate::helpers::spawn_app().await;
    let ws = app.workspace().await;
    assert_rejected(
        create(
            &app,
            &ws,
            json!({ "url": "https://10.0.0.7/in", "events": ["link.created"] }),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "url cannot be called: its host is not at a public address (private, loopback, link-local and similar \
         addresses are never fetched).",
        "url",
    );
    assert_rejected(
        create(
            &app,
            &ws,
            json!({ "url": "https://hooks.example.com:8443/in", "events": ["link.created"] }),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "url cannot be called: it names port 8443; only the standard https port (443) is called.",
        "url",
    );
}

#[tokio::test]
async fn an_update_changes_the_fields_given_and_a_rotation_answers_with_a_new_secret() {
    let (_receiver, app, ws, created) = one_endpoint().await;
    let change = json!({ "webhookId": created["id"], "events": ["link.deleted"], "enabled": false });
    let (status, updated) = send(&app, &ws, &ws.key, Method::PUT, change).await;
    assert_eq!(status, StatusCode::OK, "{updated}");
    assert_eq!(updated["message"], "Webhook updated.");
    assert_eq!(
        (&updated["webhook"]["events"], &updated["webhook"]["enabled"]),
        (&json!(["link.deleted"]), &json!(false))
    );
    assert!(updated.get("secret").is_none(), "{updated}");
    let rotate = json!({ "webhookId": created["id"], "rotateSecret": true });
    let (_, rotated) = send(&app, &ws, &ws.key, Method::PUT, rotate).await;
    assert_eq!(
        rotated["message"],
        "Webhook updated with a new secret. The old one keeps signing beside it for 24 hours."
    );
    assert!(rotated["secret"].as_str().unwrap().starts_with("whsec_"));
    assert_ne!(rotated["secret"], created["secret"]);
}

#[tokio::test]
async fn a_deleted_endpoint_is_gone_and_a_second_delete_is_not_found() {
    let (_receiver, app, ws, created) = one_endpoint().await;
    let target = json!({ "webhookId": created["id"] });
    let (status, deleted) = send(&app, &ws, &ws.key, Method::DELETE, target.clone()).await;
    assert_eq!(
        (status, deleted),
        (StatusCode::OK, json!({ "message": "Webhook deleted." }))
    );
    let (status, again) = send(&app, &ws, &ws.key, Method::DELETE, target).await;
    assert_eq!(
        (status, again),
        (StatusCode::NOT_FOUND, json!({ "error": "Webhook not found." }))
    );
    let (_, listed) = list(&app, &ws, &ws.key).await;
    assert_eq!(listed, json!({ "webhooks": [] }));
}

#[tokio::test]
async fn a_missing_or_malformed_webhook_id_is_refused() {
    let app = crate::helpers::spawn_app().await;
    let ws = app.workspace().await;
    let (status, missing) = send(&app, &ws, &ws.key, Method::DELETE, json!({})).await;
    assert_eq!(
        (status, missing["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("webhookId is required."))
    );
    let (status, malformed) = send(&app, &ws, &ws.key, Method::PUT, json!({ "webhookId": "nope" })).await;
    assert_eq!(
        (status, malformed["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Invalid webhookId format."))
    );
}

#[tokio::test]
async fn the_webhook_functions_need_only_the_actions_their_policies_allow() {
    let (receiver, app, ws) = reaching().await;
    app.requests.reset();
    list(&app, &ws, &ws.key).await;
    assert_allowed(&app, "list-webhooks");
    let (_, created) = create(
        &app,
        &ws,
        json!({ "url": receiver.url("/in"), "events": ["link.created"] }),
    )
    .await;
    assert_allowed(&app, "create-webhook");
    let change = json!({ "webhookId": created["id"], "rotateSecret": true });
    send(&app, &ws, &ws.key, Method::PUT, change).await;
    assert_allowed(&app, "update-webhook");
    send(
        &app,
        &ws,
        &ws.key,
        Method::DELETE,
        json!({ "webhookId": created["id"] }),
    )
    .await;
    assert_allowed(&app, "delete-webhook");
}
