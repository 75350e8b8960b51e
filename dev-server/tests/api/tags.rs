//! Tags on the HTTP API and the MCP tools: made, listed with their link counts, renamed,
//! recoloured and deleted (off their links too), by the roles the team table allows.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestWorkspace, simple_link, spawn_app};
use lib::domain::Scope;

async fn list(app: &TestApp, ws: &TestWorkspace, key: &str) -> (StatusCode, Value) {
    app.request(
        Method::GET,
        &format!("/apiv1/tags?workspaceId={}", ws.id),
        Some(key),
        None,
    )
    .await
}

async fn create(app: &TestApp, ws: &TestWorkspace, key: &str, mut body: Value) -> (StatusCode, Value) {
    body["workspaceId"] = json!(ws.id);
    app.call(Method::POST, "/apiv1/tag/create", key, body).await
}

async fn update(app: &TestApp, ws: &TestWorkspace, mut body: Value) -> (StatusCode, Value) {
    body["workspaceId"] = json!(ws.id);
    app.call(Method::PUT, "/apiv1/tag/update", &ws.key, body).await
}

async fn delete(app: &TestApp, ws: &TestWorkspace, key: &str, tag: &str) -> (StatusCode, Value) {
    let body = json!({ "workspaceId": ws.id, "tagId": tag });
    app.call(Method::DELETE, "/apiv1/tag/delete", key, body).await
}

async fn tag(app: &TestApp, ws: &TestWorkspace, name: &str) -> String {
    let (status, body) = create(app, ws, &ws.key, json!({ "name": name })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["id"].as_str().unwrap().to_string()
}

async fn tagged_link(app: &TestApp, ws: &TestWorkspace, name: &str, tags: &[&str]) -> String {
    let mut body = simple_link(name);
    body["tagIds"] = json!(tags);
    app.create_ok(ws, body).await
}

async fn link_tags(app: &TestApp, ws: &TestWorkspace, id: &str) -> Value {
    let path = format!("/apiv1/links/{id}?workspaceId={}", ws.id);
    let (_, record) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    json!({ "tagIds": record["tagIds"], "names": record["tags"].as_array().unwrap().iter().map(|t| t["name"].clone()).collect::<Vec<_>>() })
}

#[tokio::test]
async fn an_owner_creates_a_tag_and_sees_it_listed_with_its_colour_and_no_links() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, body) = create(&app, &ws, &ws.key, json!({ "name": " Spring ", "color": "#2F855A" })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["message"], "Tag \"Spring\" created.");
    let id = body["id"].as_str().unwrap();
    assert_eq!(
        list(&app, &ws, &ws.key).await,
        (
            StatusCode::OK,
            json!({ "tags": [{ "id": id, "name": "Spring", "color": "#2f855a", "linkCount": 0 }] })
        )
    );
}

#[tokio::test]
async fn tags_are_listed_by_name_with_how_many_links_carry_each() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (b, a) = (tag(&app, &ws, "beta").await, tag(&app, &ws, "Alpha").await);
    tagged_link(&app, &ws, "one", &[&a, &b]).await;
    tagged_link(&app, &ws, "two", &[&a]).await;
    let (_, body) = list(&app, &ws, &ws.key).await;
    let seen: Vec<(Value, Value)> = body["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].clone(), t["linkCount"].clone()))
        .collect();
    assert_eq!(seen, [(json!("Alpha"), json!(2)), (json!("beta"), json!(1))]);
}

#[tokio::test]
async fn a_second_tag_with_the_same_name_in_another_case_is_refused() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    tag(&app, &ws, "Spring").await;
    assert_eq!(
        create(&app, &ws, &ws.key, json!({ "name": "SPRING" })).await,
        (
            StatusCode::CONFLICT,
            json!({ "error": "This workspace already has a tag named \"SPRING\"." })
        )
    );
}

#[tokio::test]
async fn the_same_name_is_free_in_another_workspace() {
    let app = spawn_app().await;
    let (mine, theirs) = (app.workspace().await, app.workspace().await);
    tag(&app, &mine, "Spring").await;
    tag(&app, &theirs, "Spring").await;
}

#[tokio::test]
async fn a_tag_without_a_name_or_with_a_wrong_colour_is_refused() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, body) = create(&app, &ws, &ws.key, json!({})).await;
    assert_eq!(
        (status, &body["error"], &body["field"]),
        (StatusCode::BAD_REQUEST, &json!("Name is required."), &json!("name"))
    );
    let (status, body) = create(&app, &ws, &ws.key, json!({ "name": "x", "color": "green" })).await;
    assert_eq!((status, &body["field"]), (StatusCode::BAD_REQUEST, &json!("color")));
    let (status, body) = create(&app, &ws, &ws.key, json!({ "name": "x".repeat(51) })).await;
    assert_eq!(
        (status, &body["error"]),
        (
            StatusCode::BAD_REQUEST,
            &json!("name must be at most 50 characters (got 51).")
        )
    );
}

#[tokio::test]
async fn a_member_lists_tags_but_cannot_make_change_or_delete_them() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = tag(&app, &ws, "Spring").await;
    let member = app.member(&ws, "member").await;
    assert_eq!(list(&app, &ws, &member).await.0, StatusCode::OK);
    let refused = json!({ "error": "Only the workspace's owner and managers can create, change or delete tags." });
    assert_eq!(
        create(&app, &ws, &member, json!({ "name": "x" })).await,
        (StatusCode::FORBIDDEN, refused.clone())
    );
    assert_eq!(delete(&app, &ws, &member, &id).await, (StatusCode::FORBIDDEN, refused));
}

#[tokio::test]
async fn a_manager_makes_and_deletes_tags() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let manager = app.member(&ws, "manager").await;
    let (status, body) = create(&app, &ws, &manager, json!({ "name": "Ops" })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        delete(&app, &ws, &manager, body["id"].as_str().unwrap()).await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn tags_need_a_key_and_a_workspace_of_the_caller() {
    let app = spawn_app().await;
    let (ws, other) = (app.workspace().await, app.workspace().await);
    let path = format!("/apiv1/tags?workspaceId={}", ws.id);
    assert_eq!(
        app.request(Method::GET, &path, None, None).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(list(&app, &ws, &other.key).await.0, StatusCode::FORBIDDEN);
    assert_eq!(
        create(&app, &ws, &other.key, json!({ "name": "x" })).await.0,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn renaming_and_recolouring_a_tag_changes_only_what_is_given() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (_, body) = create(&app, &ws, &ws.key, json!({ "name": "Spring", "color": "#abc" })).await;
    let id = body["id"].as_str().unwrap();
    assert_eq!(
        update(&app, &ws, json!({ "tagId": id, "name": "Summer" })).await,
        (StatusCode::OK, json!({ "message": "Tag \"Summer\" updated." }))
    );
    assert_eq!(list(&app, &ws, &ws.key).await.1["tags"][0]["color"], "#abc");
    update(&app, &ws, json!({ "tagId": id, "color": null })).await;
    let (_, body) = list(&app, &ws, &ws.key).await;
    assert_eq!(
        (&body["tags"][0]["name"], &body["tags"][0]["color"]),
        (&json!("Summer"), &Value::Null)
    );
}

#[tokio::test]
async fn a_renamed_tag_frees_its_old_name_and_cannot_take_anothers() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let spring = tag(&app, &ws, "Spring").await;
    tag(&app, &ws, "Autumn").await;
    assert_eq!(
        update(&app, &ws, json!({ "tagId": spring, "name": "autumn" })).await,
        (
            StatusCode::CONFLICT,
            json!({ "error": "This workspace already has a tag named \"autumn\"." })
        )
    );
    assert_eq!(
        update(&app, &ws, json!({ "tagId": spring, "name": "Summer" })).await.0,
        StatusCode::OK
    );
    tag(&app, &ws, "spring").await;
}

#[tokio::test]
async fn a_tag_can_be_renamed_to_its_own_name_in_another_case() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = tag(&app, &ws, "spring").await;
    assert_eq!(
        update(&app, &ws, json!({ "tagId": id, "name": "Spring" })).await.0,
        StatusCode::OK
    );
    assert_eq!(list(&app, &ws, &ws.key).await.1["tags"][0]["name"], "Spring");
}

#[tokio::test]
async fn an_update_naming_no_tag_a_malformed_one_or_another_workspaces_is_refused() {
    let app = spawn_app().await;
    let (ws, other) = (app.workspace().await, app.workspace().await);
    let theirs = tag(&app, &other, "Theirs").await;
    assert_eq!(
        update(&app, &ws, json!({ "name": "x" })).await,
        (StatusCode::BAD_REQUEST, json!({ "error": "tagId is required." }))
    );
    assert_eq!(
        update(&app, &ws, json!({ "tagId": "nope", "name": "x" })).await,
        (StatusCode::BAD_REQUEST, json!({ "error": "Invalid tagId format." }))
    );
    assert_eq!(
        update(&app, &ws, json!({ "tagId": theirs, "name": "x" })).await,
        (StatusCode::NOT_FOUND, json!({ "error": "Tag not found." }))
    );
    assert_eq!(
        update(&app, &ws, json!({ "tagId": theirs })).await.0,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn deleting_a_tag_takes_it_off_its_links_and_leaves_their_other_tags() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (spring, sale) = (tag(&app, &ws, "Spring").await, tag(&app, &ws, "Sale").await);
    let both = tagged_link(&app, &ws, "both", &[&sale, &spring]).await;
    let only = tagged_link(&app, &ws, "only", &[&spring]).await;
    let none = tagged_link(&app, &ws, "none", &[&sale]).await;
    assert_eq!(
        delete(&app, &ws, &ws.key, &spring).await,
        (
            StatusCode::OK,
            json!({ "message": "Tag \"Spring\" deleted and taken off 2 links.", "linksUntagged": 2 })
        )
    );
    assert_eq!(
        link_tags(&app, &ws, &both).await,
        json!({ "tagIds": [sale], "names": ["Sale"] })
    );
    assert_eq!(link_tags(&app, &ws, &only).await, json!({ "tagIds": [], "names": [] }));
    assert_eq!(
        link_tags(&app, &ws, &none).await,
        json!({ "tagIds": [sale], "names": ["Sale"] })
    );
    let (_, body) = list(&app, &ws, &ws.key).await;
    assert_eq!(body["tags"].as_array().unwrap().len(), 1);
    assert_eq!(
        delete(&app, &ws, &ws.key, &spring).await,
        (StatusCode::NOT_FOUND, json!({ "error": "Tag not found." }))
    );
}

#[tokio::test]
async fn deleting_a_tag_moves_its_links_on_so_an_edit_read_before_it_is_refused_as_concurrent() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let spring = tag(&app, &ws, "Spring").await;
    let id = tagged_link(&app, &ws, "one", &[&spring]).await;
    let before = app.stored(&id).await.unwrap();
    delete(&app, &ws, &ws.key, &spring).await;
    let after = app.stored(&id).await.unwrap();
    assert_eq!(after.version, before.version + 1);
    let stale = lib::domain::Link {
        settings: lib::domain::LinkSettings {
            tag_ids: before.link.settings.tag_ids.clone(),
            ..before.link.settings.clone()
        },
        ..before.link.clone()
    };
    let outcome = app.store().update_link(&before, &stale).await.unwrap();
    assert_eq!(outcome, lib::store::UpdateOutcome::Conflict);
}

#[tokio::test]
async fn a_deleted_tags_name_can_be_used_again() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = tag(&app, &ws, "Spring").await;
    delete(&app, &ws, &ws.key, &id).await;
    tag(&app, &ws, "spring").await;
}

#[tokio::test]
async fn the_mcp_tools_list_and_create_tags_with_their_scopes() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let created = app
        .tool_in(&ws, "create_tag", json!({ "name": "Spring", "color": "#abc" }))
        .await;
    let id = created.structured()["id"].as_str().unwrap().to_string();
    let listed = app.tool_in(&ws, "list_tags", json!({})).await;
    assert_eq!(
        listed.structured(),
        &json!({ "tags": [{ "id": id, "name": "Spring", "color": "#abc", "linkCount": 0 }] })
    );
    let again = app.tool_in(&ws, "create_tag", json!({ "name": "spring" })).await;
    assert_eq!(
        again.body["result"]["isError"].as_bool().or(Some(again.error().0 != 0)),
        Some(true)
    );
    let reader = app.mcp_workspace_with(&[Scope::LinksRead]).await;
    assert_eq!(
        app.tool_in(&reader, "list_tags", json!({})).await.structured(),
        &json!({ "tags": [] })
    );
    let refused = app.tool_in(&reader, "create_tag", json!({ "name": "x" })).await;
    assert!(refused.body.to_string().contains("links:write"), "{}", refused.body);
}
