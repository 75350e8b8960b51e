//! MCP resources: the selected workspace's links listed with cursors, a link and its
//! analytics read as the tools answer them, the templates, the analytics app, and scopes.

use lib::domain::Scope;
use serde_json::{Value, json};

use crate::helpers::spawn_app;
use crate::mcp_support::{Answer, McpWorkspace, PATH, link};

const APP: &str = "ui://smartlinks/analytics.html";

fn link_uri(ws: &McpWorkspace, id: &Value) -> String {
    format!("smartlinks://workspaces/{}/links/{}", ws.id, id.as_str().unwrap())
}

/// The one content item of a `resources/read` answer.
fn contents(answer: &Answer) -> &Value {
    let contents = answer.body["result"]["contents"]
        .as_array()
        .unwrap_or_else(|| panic!("contents: {}", answer.body));
    assert_eq!(contents.len(), 1);
    &contents[0]
}

fn uris(answer: &Answer) -> Vec<String> {
    answer.body["result"]["resources"]
        .as_array()
        .unwrap_or_else(|| panic!("resources: {}", answer.body))
        .iter()
        .map(|r| r["uri"].as_str().unwrap().to_string())
        .collect()
}

async fn created(app: &crate::helpers::TestApp, ws: &McpWorkspace, name: &str) -> Value {
    app.tool_in(ws, "create_link", link(name)).await.structured()["id"].clone()
}

#[tokio::test]
async fn listing_walks_the_selected_workspaces_links_by_cursor() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let items: Vec<Value> = (0..51).map(|i| link(&format!("Link {i}"))).collect();
    app.tool_in(&ws, "bulk_create_links", json!({ "links": items }))
        .await
        .structured();
    let header = [("x-workspace-id", ws.id.as_str())];
    let first = app.mcp_with(&ws.mcp_key, &header, "resources/list", json!({})).await;
    let first_uris = uris(&first);
    assert_eq!(first_uris[0], APP);
    assert_eq!(first_uris.len(), 1 + 50);
    assert_eq!(first.body["result"]["resources"][1]["mimeType"], "application/json");
    let cursor = first.body["result"]["nextCursor"]
        .as_str()
        .expect("a cursor")
        .to_string();
    let second = app
        .mcp_with(&ws.mcp_key, &header, "resources/list", json!({ "cursor": cursor }))
        .await;
    let second_uris = uris(&second);
    assert_eq!(second_uris.len(), 1);
    assert!(!first_uris.contains(&second_uris[0]));
    assert!(second.body["result"].get("nextCursor").is_none(), "{}", second.body);
}

#[tokio::test]
async fn listing_with_no_workspace_selected_shows_only_the_app() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    created(&app, &ws, "Spring").await;
    let answer = app.mcp(&ws.mcp_key, "resources/list", json!({})).await;
    assert_eq!(uris(&answer), [APP]);
}

#[tokio::test]
async fn listing_takes_the_workspace_from_the_url() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = created(&app, &ws, "Spring").await;
    let body = json!({ "jsonrpc": "2.0", "id": 1, "method": "resources/list", "params": {} });
    let request = app
        .http
        .post(format!("{}{PATH}?workspaceId={}", app.address, ws.id))
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("x-api-key", &ws.mcp_key)
        .body(body.to_string());
    let answer = Answer::of(request.send().await.unwrap()).await;
    assert_eq!(uris(&answer), [APP.to_string(), link_uri(&ws, &id)]);
    assert_eq!(answer.body["result"]["resources"][1]["name"], "Spring");
}

#[tokio::test]
async fn reading_a_link_answers_what_get_link_answers() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = created(&app, &ws, "Spring").await;
    let uri = link_uri(&ws, &id);
    let read = app.mcp(&ws.mcp_key, "resources/read", json!({ "uri": uri })).await;
    let item = contents(&read);
    assert_eq!(item["uri"], uri.as_str());
    assert_eq!(item["mimeType"], "application/json");
    let record: Value = serde_json::from_str(item["text"].as_str().unwrap()).unwrap();
    let tool = app.tool_in(&ws, "get_link", json!({ "linkId": id })).await;
    assert_eq!(&record, tool.structured());
}

#[tokio::test]
async fn reading_analytics_answers_what_get_link_analytics_answers_over_the_range() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = created(&app, &ws, "Spring").await;
    let uri = format!("{}/analytics?from=2026-01-01&to=2026-01-31", link_uri(&ws, &id));
    let read = app.mcp(&ws.mcp_key, "resources/read", json!({ "uri": uri })).await;
    let analytics: Value = serde_json::from_str(contents(&read)["text"].as_str().unwrap()).unwrap();
    let tool = app
        .tool_in(
            &ws,
            "get_link_analytics",
            json!({ "linkId": id, "from": "2026-01-01", "to": "2026-01-31" }),
        )
        .await;
    assert_eq!(&analytics, tool.structured());
}

#[tokio::test]
async fn a_bad_read_answers_the_tools_error() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = created(&app, &ws, "Spring").await;
    let uri = format!("{}/analytics?from=2026-13-01", link_uri(&ws, &id));
    let read = app.mcp(&ws.mcp_key, "resources/read", json!({ "uri": uri })).await;
    let tool = app
        .tool_in(&ws, "get_link_analytics", json!({ "linkId": id, "from": "2026-13-01" }))
        .await;
    assert_eq!(read.error(), tool.error());
    assert_eq!(read.error().0, -32602);
}

#[tokio::test]
async fn an_unknown_uri_is_resource_not_found() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let read = app
        .mcp(&ws.mcp_key, "resources/read", json!({ "uri": "smartlinks://nothing" }))
        .await;
    assert_eq!(read.error().0, -32002);
}

#[tokio::test]
async fn the_templates_name_a_link_and_its_analytics() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.mcp(&ws.mcp_key, "resources/templates/list", json!({})).await;
    let templates: Vec<&str> = answer.body["result"]["resourceTemplates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["uriTemplate"].as_str().unwrap())
        .collect();
    assert_eq!(
        templates,
        [
            "smartlinks://workspaces/{workspaceId}/links/{linkId}",
            "smartlinks://workspaces/{workspaceId}/links/{linkId}/analytics{?from,to}"
        ]
    );
}

#[tokio::test]
async fn the_app_reads_as_an_mcp_app_with_no_remote_domains() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let read = app.mcp(&ws.mcp_key, "resources/read", json!({ "uri": APP })).await;
    let item = contents(&read);
    assert_eq!(item["mimeType"], "text/html;profile=mcp-app");
    assert!(item["text"].as_str().unwrap().contains("<html"));
    assert_eq!(
        item["_meta"]["ui"]["csp"],
        json!({ "connectDomains": [], "resourceDomains": [] })
    );
}

#[tokio::test]
async fn a_key_without_analytics_read_cannot_read_analytics_nor_the_app() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace_with(&[Scope::LinksRead, Scope::LinksWrite]).await;
    let id = created(&app, &ws, "Spring").await;
    let header = [("x-workspace-id", ws.id.as_str())];
    let listed = app.mcp_with(&ws.mcp_key, &header, "resources/list", json!({})).await;
    assert_eq!(uris(&listed), [link_uri(&ws, &id)]);
    let analytics = format!("{}/analytics", link_uri(&ws, &id));
    let refused = app
        .mcp(&ws.mcp_key, "resources/read", json!({ "uri": analytics }))
        .await;
    let tool = app.tool_in(&ws, "get_link_analytics", json!({ "linkId": id })).await;
    assert_eq!(refused.error(), tool.error());
    let app_read = app.mcp(&ws.mcp_key, "resources/read", json!({ "uri": APP })).await;
    assert_eq!(app_read.error(), tool.error());
}

#[tokio::test]
async fn a_key_without_links_read_cannot_read_a_link() {
    let app = spawn_app().await;
    let full = app.mcp_workspace().await;
    let id = created(&app, &full, "Spring").await;
    let key = app
        .key_for(&full.http.owner, true, Some(vec![Scope::AnalyticsRead]))
        .await;
    let refused = app
        .mcp(&key, "resources/read", json!({ "uri": link_uri(&full, &id) }))
        .await;
    let tool = app
        .tool(&key, "get_link", json!({ "linkId": id, "workspaceId": full.id }))
        .await;
    assert_eq!(refused.error(), tool.error());
}
