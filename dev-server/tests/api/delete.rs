//! DELETE /link/delete.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{assert_rejected, link_with_slug, oid, simple_link, spawn_app};

#[tokio::test]
async fn delete_removes_the_link_frees_its_slug_and_its_quota() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("doomed", "doomed")).await;
    let (status, got) = app.delete(&ws, &id).await;
    assert_eq!(
        (status, got),
        (StatusCode::OK, json!({ "message": "Link \"doomed\" deleted." }))
    );
    assert!(app.stored(&id).await.is_none());
    let count = app.service.workspace(&oid(&ws.id)).await.unwrap().unwrap().link_count;
    assert_eq!(count, 0);
    app.create_ok(&ws, link_with_slug("reborn", "doomed")).await;
}

#[tokio::test]
async fn delete_twice_is_404_the_second_time() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, simple_link("once")).await;
    app.delete(&ws, &id).await;
    let (status, got) = app.delete(&ws, &id).await;
    assert_eq!(
        (status, got),
        (StatusCode::NOT_FOUND, json!({ "error": "Link not found." }))
    );
}

#[tokio::test]
async fn delete_rejects_a_malformed_link_id() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, got) = app.delete(&ws, "nope").await;
    assert_rejected(
        (status, got),
        StatusCode::BAD_REQUEST,
        "Invalid linkId format.",
        "linkId",
    );
}

#[tokio::test]
async fn a_key_of_another_workspace_cannot_delete_a_link() {
    let app = spawn_app().await;
    let owner = app.workspace().await;
    let intruder = app.workspace().await;
    let id = app.create_ok(&owner, simple_link("keep")).await;
    let (status, got) = app.delete(&intruder, &id).await;
    assert_eq!(
        (status, got),
        (
            StatusCode::FORBIDDEN,
            json!({ "error": "You do not have permission to delete this link." })
        )
    );
    assert!(app.stored(&id).await.is_some());
}

#[tokio::test]
async fn delete_rejects_unknown_fields() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, simple_link("keep")).await;
    let body = json!({ "workspaceId": ws.id, "linkId": id, "force": true });
    let (status, got) = app
        .call(reqwest::Method::DELETE, "/apiv1/link/delete", &ws.key, body)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(got["field"], "force");
    assert!(app.stored(&id).await.is_some());
}
