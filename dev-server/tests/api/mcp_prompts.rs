//! MCP prompts, completions and icons: the prompts listed and got with their arguments,
//! arguments completed from the workspace, and an icon for the server and every tool.

use lib::domain::Scope;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};
use crate::mcp_support::{Answer, McpWorkspace, link};

fn prompt_text(answer: &Answer) -> &str {
    answer.body["result"]["messages"][0]["content"]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("a message: {}", answer.body))
}

/// `prompts/get` of the prompt `name` with `arguments`.
async fn get_prompt(app: &TestApp, ws: &McpWorkspace, name: &str, arguments: Value) -> Answer {
    app.mcp(
        &ws.mcp_key,
        "prompts/get",
        json!({ "name": name, "arguments": arguments }),
    )
    .await
}

/// The values of a `completion/complete` answer.
fn completed(answer: &Answer) -> &Value {
    let values = &answer.body["result"]["completion"]["values"];
    assert!(values.is_array(), "{}", answer.body);
    values
}

#[tokio::test]
async fn the_prompts_are_listed_with_their_arguments() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace_with(&[Scope::LinksRead]).await;
    let answer = app.mcp(&ws.mcp_key, "prompts/list", json!({})).await;
    let prompts = answer.body["result"]["prompts"].as_array().unwrap();
    let names: Vec<&str> = prompts.iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["campaign_link", "review_ab_test", "weekly_report"]);
    assert_eq!(
        prompts[1]["arguments"][0],
        json!({ "name": "linkId", "required": true,
        "description": "The link's id (completed from the workspace's links by name)." })
    );
}

#[tokio::test]
async fn getting_a_prompt_fills_in_its_arguments_and_names_the_tools() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = get_prompt(
        &app,
        &ws,
        "review_ab_test",
        json!({ "linkId": "aaaaaaaaaaaaaaaaaaaaaaaa" }),
    )
    .await;
    let text = prompt_text(&answer);
    assert!(text.contains("links/aaaaaaaaaaaaaaaaaaaaaaaa/analytics"), "{text}");
    assert!(text.contains("get_link_analytics"), "{text}");
    assert_eq!(answer.body["result"]["messages"][0]["role"], "user");
}

#[tokio::test]
async fn a_prompt_without_its_required_argument_is_invalid_params() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = get_prompt(
        &app,
        &ws,
        "campaign_link",
        json!({ "destination": "https://example.com/" }),
    )
    .await;
    assert_eq!(answer.error(), (-32602, "The campaign_link prompt needs campaign."));
}

#[tokio::test]
async fn a_link_id_completes_from_the_workspaces_links_by_name() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let spring = app.tool_in(&ws, "create_link", link("Spring sale")).await.structured()["id"].clone();
    app.tool_in(&ws, "create_link", link("Autumn")).await.structured();
    let answer = app
        .mcp_with(
            &ws.mcp_key,
            &[("x-workspace-id", ws.id.as_str())],
            "completion/complete",
            json!({
            "ref": { "type": "ref/prompt", "name": "review_ab_test" },
            "argument": { "name": "linkId", "value": "spr" } }),
        )
        .await;
    assert_eq!(completed(&answer), &json!([spring]));
}

#[tokio::test]
async fn a_utm_field_completes_from_the_workspaces_templates() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    for (name, source) in [("News", "newsletter"), ("Ads", "adwords")] {
        let body = json!({ "workspaceId": ws.id, "name": name, "source": source, "campaign": "spring" });
        let (status, _) = app
            .call(Method::POST, "/apiv1/utm-template/create", &ws.http.key, body)
            .await;
        assert_eq!(status, StatusCode::OK);
    }
    let answer = app
        .mcp(
            &ws.mcp_key,
            "completion/complete",
            json!({
            "ref": { "type": "ref/prompt", "name": "campaign_link" },
            "argument": { "name": "source", "value": "ne" },
            "context": { "arguments": { "workspaceId": ws.id } } }),
        )
        .await;
    assert_eq!(completed(&answer), &json!(["newsletter"]));
}

#[tokio::test]
async fn the_server_and_every_tool_show_an_icon_that_is_served() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let init = app
        .mcp(
            &ws.mcp_key,
            "initialize",
            json!({ "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": { "name": "tests", "version": "1" } }),
        )
        .await;
    let mut icons: Vec<Value> = vec![init.body["result"]["serverInfo"]["icons"][0].clone()];
    let tools = app.mcp(&ws.mcp_key, "tools/list", json!({})).await;
    for tool in tools.body["result"]["tools"].as_array().unwrap() {
        assert_eq!(tool["icons"].as_array().map(Vec::len), Some(1), "{}", tool["name"]);
        icons.push(tool["icons"][0].clone());
    }
    for icon in icons {
        assert_eq!(icon["mimeType"], "image/svg+xml");
        let src = icon["src"].as_str().unwrap_or_else(|| panic!("an icon: {icon}"));
        let at = src
            .find("/account/assets/mcp-")
            .unwrap_or_else(|| panic!("{src} is one of our assets"));
        assert!(src.starts_with("http"), "{src} is absolute");
        let path = &src[at..];
        let (status, _) = app.request(Method::GET, path, None, None).await;
        assert_eq!(status, StatusCode::OK, "{src}");
    }
}
