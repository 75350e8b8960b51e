//! UTM templates on the HTTP API and the MCP tool: made and deleted by the owner and managers,
//! listed by every member, names unique whatever the case, and the functions' IAM actions.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestWorkspace, assert_rejected, spawn_app};
use crate::permissions::assert_allowed;

async fn list(app: &TestApp, ws: &TestWorkspace, key: &str) -> (StatusCode, Value) {
    let path = format!("/apiv1/utm-templates?workspaceId={}", ws.id);
    app.request(Method::GET, &path, Some(key), None).await
}

async fn create(app: &TestApp, ws: &TestWorkspace, key: &str, mut body: Value) -> (StatusCode, Value) {
    body["workspaceId"] = json!(ws.id);
    app.call(Method::POST, "/apiv1/utm-template/create", key, body).await
}

async fn delete(app: &TestApp, ws: &TestWorkspace, key: &str, template: &Value) -> (StatusCode, Value) {
    let body = json!({ "workspaceId": ws.id, "templateId": template });
    app.call(Method::DELETE, "/apiv1/utm-template/delete", key, body).await
}

/// A refusal that names no field.
fn refused(answer: (StatusCode, Value), status: StatusCode, message: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    assert_eq!(answer.1["error"], message);
}

fn newsletter() -> Value {
    json!({ "name": "Newsletter", "source": "newsletter", "medium": "email" })
}

#[tokio::test]
async fn an_owner_creates_a_template_and_every_member_sees_it_listed() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, created) = create(&app, &ws, &ws.key, newsletter()).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    assert_eq!(created["message"], "UTM template \"Newsletter\" created.");
    let member = app.member(&ws, "member").await;
    let (status, listed) = list(&app, &ws, &member).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        listed,
        json!({ "templates": [{ "id": created["id"], "name": "Newsletter", "source": "newsletter",
                "medium": "email", "campaign": null, "term": null, "content": null }] })
    );
}

#[tokio::test]
async fn templates_are_listed_by_name_and_a_name_is_taken_whatever_its_case() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    create(&app, &ws, &ws.key, json!({ "name": "zines", "campaign": "z" })).await;
    create(&app, &ws, &ws.key, newsletter()).await;
    let taken = create(&app, &ws, &ws.key, json!({ "name": "NEWSLETTER", "source": "x" })).await;
    refused(
        taken,
        StatusCode::CONFLICT,
        "This workspace already has a UTM template named \"NEWSLETTER\".",
    );
    let (_, listed) = list(&app, &ws, &ws.key).await;
    let names: Vec<&str> = listed["templates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Newsletter", "zines"]);
}

#[tokio::test]
async fn a_template_needs_a_name_and_one_field_each_within_its_length() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    assert_rejected(
        create(&app, &ws, &ws.key, json!({ "name": "Empty" })).await,
        StatusCode::BAD_REQUEST,
        "A UTM template needs at least one of source, medium, campaign, term or content.",
        "source",
    );
    assert_rejected(
        create(&app, &ws, &ws.key, json!({ "source": "x" })).await,
        StatusCode::BAD_REQUEST,
        "Name is required.",
        "name",
    );
    assert_rejected(
        create(
            &app,
            &ws,
            &ws.key,
            json!({ "name": "Long", "content": "c".repeat(256) }),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "content must be at most 255 characters (got 256).",
        "content",
    );
}

#[tokio::test]
async fn only_owners_and_managers_make_and_delete_templates() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let member = app.member(&ws, "member").await;
    refused(
        create(&app, &ws, &member, newsletter()).await,
        StatusCode::FORBIDDEN,
        "Only the workspace's owner and managers can create or delete UTM templates.",
    );
    let manager = app.member(&ws, "manager").await;
    let (status, created) = create(&app, &ws, &manager, newsletter()).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let (status, _) = delete(&app, &ws, &member, &created["id"]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn deleting_a_template_frees_its_name_and_a_second_delete_is_404() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (_, created) = create(&app, &ws, &ws.key, newsletter()).await;
    let (status, deleted) = delete(&app, &ws, &ws.key, &created["id"]).await;
    assert_eq!(
        (status, deleted),
        (
            StatusCode::OK,
            json!({ "message": "UTM template \"Newsletter\" deleted." })
        )
    );
    refused(
        delete(&app, &ws, &ws.key, &created["id"]).await,
        StatusCode::NOT_FOUND,
        "UTM template not found.",
    );
    let (status, _) = create(&app, &ws, &ws.key, newsletter()).await;
    assert_eq!(status, StatusCode::OK, "the name is free again");
    refused(
        delete(&app, &ws, &ws.key, &json!("nope")).await,
        StatusCode::BAD_REQUEST,
        "Invalid templateId format.",
    );
}

#[tokio::test]
async fn another_workspaces_template_is_not_found() {
    let app = spawn_app().await;
    let mine = app.workspace().await;
    let theirs = app.workspace().await;
    let (_, created) = create(&app, &theirs, &theirs.key, newsletter()).await;
    let (status, _) = delete(&app, &mine, &mine.key, &created["id"]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, listed) = list(&app, &mine, &mine.key).await;
    assert_eq!(listed["templates"], json!([]));
}

#[tokio::test]
async fn the_mcp_tool_lists_the_same_templates() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    create(&app, &ws.http, &ws.http.key, newsletter()).await;
    let listed = app.tool_in(&ws, "list_utm_templates", json!({})).await;
    let (_, http) = list(&app, &ws.http, &ws.http.key).await;
    assert_eq!(listed.structured(), &http);
}

#[tokio::test]
async fn the_template_functions_need_only_the_actions_their_policies_allow() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.requests.reset();
    list(&app, &ws, &ws.key).await;
    assert_allowed(&app, "list-utm-templates");
    let (_, created) = create(&app, &ws, &ws.key, newsletter()).await;
    assert_allowed(&app, "create-utm-template");
    delete(&app, &ws, &ws.key, &created["id"]).await;
    assert_allowed(&app, "delete-utm-template");
}
