//! The contract's authentication table, for every endpoint, in its order of checks.

use lib::admin::NewWorkspace;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

/// Every JSON endpoint of the HTTP API, with a body that is valid apart from auth.
fn endpoints(workspace_id: &str) -> Vec<(Method, &'static str, Value)> {
    let link = "65a1b2c3d4e5f60718293a4b";
    vec![
        (
            Method::POST,
            "/apiv1/link/create",
            json!({ "workspaceId": workspace_id, "name": "n", "url": "https://e.com" }),
        ),
        (
            Method::PUT,
            "/apiv1/link/update",
            json!({ "workspaceId": workspace_id, "linkId": link, "name": "n" }),
        ),
        (
            Method::DELETE,
            "/apiv1/link/delete",
            json!({ "workspaceId": workspace_id, "linkId": link }),
        ),
        (
            Method::POST,
            "/apiv1/links/bulk-create",
            json!({ "workspaceId": workspace_id, "links": [{ "name": "n", "url": "https://e.com" }] }),
        ),
    ]
}

async fn assert_every_endpoint(
    app: &TestApp,
    key: Option<&str>,
    workspace_id: &str,
    status: StatusCode,
    expected: Value,
) {
    for (method, path, body) in endpoints(workspace_id) {
        let (got_status, got) = app.request(method.clone(), path, key, Some(body.to_string())).await;
        assert_eq!((got_status, &got), (status, &expected), "{method} {path}");
    }
}

#[tokio::test]
async fn a_missing_api_key_is_401() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let expected = json!({ "error": "API key is required. Pass it in the X-Api-Key header." });
    assert_every_endpoint(&app, None, &ws.id, StatusCode::UNAUTHORIZED, expected).await;
}

#[tokio::test]
async fn an_empty_api_key_counts_as_missing() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let expected = json!({ "error": "API key is required. Pass it in the X-Api-Key header." });
    assert_every_endpoint(&app, Some(""), &ws.id, StatusCode::UNAUTHORIZED, expected).await;
}

#[tokio::test]
async fn an_unknown_api_key_is_401() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let expected = json!({ "error": "Invalid API key." });
    assert_every_endpoint(
        &app,
        Some("slk_not-a-real-key"),
        &ws.id,
        StatusCode::UNAUTHORIZED,
        expected,
    )
    .await;
}

#[tokio::test]
async fn an_mcp_only_key_has_no_http_api_access() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let key = app
        .key_for(&ws.owner, false, Some(vec![lib::domain::Scope::LinksRead]))
        .await;
    let expected = json!({ "error": "This API key has no HTTP API access." });
    assert_every_endpoint(&app, Some(&key), &ws.id, StatusCode::FORBIDDEN, expected).await;
}

#[tokio::test]
async fn the_key_is_checked_before_the_body_is_parsed() {
    let app = spawn_app().await;
    let (status, body) = app
        .request(
            Method::POST,
            "/apiv1/link/create",
            Some("wrong"),
            Some("{not json".into()),
        )
        .await;
    assert_eq!(
        (status, body),
        (StatusCode::UNAUTHORIZED, json!({ "error": "Invalid API key." }))
    );
}

#[tokio::test]
async fn malformed_json_is_400() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    for (method, path, _) in endpoints(&ws.id) {
        let (status, body) = app
            .request(method, path, Some(&ws.key), Some("{\"workspaceId\": ".into()))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .starts_with("Request body is not valid JSON"),
            "{path}: {body}"
        );
    }
}

#[tokio::test]
async fn a_body_over_one_mebibyte_is_400() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let body = json!({ "workspaceId": ws.id, "name": "n", "description": "x".repeat(1024 * 1024) });
    let (status, body) = app.call(Method::POST, "/apiv1/link/create", &ws.key, body).await;
    assert_eq!(
        (status, body),
        (
            StatusCode::BAD_REQUEST,
            json!({ "error": "Request body must be at most 1 MiB." })
        )
    );
}

#[tokio::test]
async fn a_missing_workspace_id_is_400() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    for (method, path, mut body) in endpoints(&ws.id) {
        body.as_object_mut().unwrap().remove("workspaceId");
        let (status, got) = app.call(method, path, &ws.key, body).await;
        assert_eq!(
            (status, got),
            (
                StatusCode::BAD_REQUEST,
                json!({ "error": "workspaceId is required.", "field": "workspaceId" })
            ),
            "{path}"
        );
    }
}

#[tokio::test]
async fn an_empty_workspace_id_counts_as_missing() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let expected = json!({ "error": "workspaceId is required.", "field": "workspaceId" });
    assert_every_endpoint(&app, Some(&ws.key), "", StatusCode::BAD_REQUEST, expected).await;
}

#[tokio::test]
async fn a_malformed_workspace_id_is_400() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let expected = json!({ "error": "Invalid workspaceId format.", "field": "workspaceId" });
    assert_every_endpoint(
        &app,
        Some(&ws.key),
        "not-an-object-id",
        StatusCode::BAD_REQUEST,
        expected,
    )
    .await;
}

#[tokio::test]
async fn an_unknown_workspace_is_404() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let expected = json!({ "error": "Workspace not found." });
    assert_every_endpoint(
        &app,
        Some(&ws.key),
        "000000000000000000000000",
        StatusCode::NOT_FOUND,
        expected,
    )
    .await;
}

#[tokio::test]
async fn a_key_of_a_non_member_is_403() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let outsider = app.workspace().await;
    let expected = json!({ "error": "You do not have access to this workspace." });
    assert_every_endpoint(&app, Some(&outsider.key), &ws.id, StatusCode::FORBIDDEN, expected).await;
}

#[tokio::test]
async fn an_expired_license_is_403_with_the_flag() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let past = app.clock_now() - chrono::Duration::days(1);
    lib::admin::set_license(&app.service, &ws.id, Some(past)).await.unwrap();
    let expected = json!({ "error": "The workspace license has expired.", "licenseExpired": true });
    assert_every_endpoint(&app, Some(&ws.key), &ws.id, StatusCode::FORBIDDEN, expected).await;
}

#[tokio::test]
async fn a_license_expiring_in_the_future_still_works() {
    let app = spawn_app().await;
    let future = app.clock_now() + chrono::Duration::days(30);
    let ws = app
        .workspace_with(NewWorkspace {
            license_expires: Some(future),
            ..Default::default()
        })
        .await;
    let (status, body) = app.create(&ws, crate::helpers::simple_link("ok")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn a_plain_member_may_create_links() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let key = app.member(&ws, "member").await;
    let member_ws = crate::helpers::TestWorkspace { key, ..ws.clone() };
    let (status, body) = app.create(&member_ws, crate::helpers::simple_link("by member")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn rotating_a_key_rejects_the_old_key_on_the_very_next_request() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let new_key = app.key_for(&ws.owner, true, None).await;
    let (status, body) = app.create(&ws, crate::helpers::simple_link("old key")).await;
    assert_eq!(
        (status, body),
        (StatusCode::UNAUTHORIZED, json!({ "error": "Invalid API key." }))
    );
    let renewed = crate::helpers::TestWorkspace { key: new_key, ..ws };
    let (status, _) = app.create(&renewed, crate::helpers::simple_link("new key")).await;
    assert_eq!(status, StatusCode::OK);
}
