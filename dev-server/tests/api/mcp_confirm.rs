//! The confirmation before destroying: a client that can ask the person (2026-07-28 with
//! elicitation) is asked through an input-required result and its answer decides; any other
//! client deletes only with `confirm: true`.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};
use crate::mcp_support::{Answer, MODERN, McpWorkspace, link};

const CANNOT_ASK: &str = "Deleting cannot be undone and this client cannot ask the person to confirm, so ask \
    them and, if they agree, call again with confirm: true.";

impl TestApp {
    /// `tools/call` of the 2026-07-28 revision from a client declaring `capabilities`, with
    /// `extra` params (`inputResponses`, `requestState`) beside the name and arguments.
    async fn modern_call(
        &self,
        ws: &McpWorkspace,
        capabilities: Value,
        name: &str,
        mut arguments: Value,
        extra: Value,
    ) -> Answer {
        arguments["workspaceId"] = json!(ws.id);
        let mut params = json!({ "name": name, "arguments": arguments, "_meta": {
            "io.modelcontextprotocol/protocolVersion": MODERN,
            "io.modelcontextprotocol/clientCapabilities": capabilities,
            "io.modelcontextprotocol/clientInfo": { "name": "tests", "version": "1" }
        } });
        for (k, v) in extra.as_object().into_iter().flatten() {
            params[k] = v.clone();
        }
        let body = json!({ "jsonrpc": "2.0", "id": "c-1", "method": "tools/call", "params": params });
        let headers = [
            ("content-type", "application/json"),
            ("accept", "application/json, text/event-stream"),
            ("x-api-key", ws.mcp_key.as_str()),
            ("mcp-protocol-version", MODERN),
            ("mcp-method", "tools/call"),
            ("mcp-name", name),
        ];
        self.mcp_raw(Method::POST, &headers, Some(body.to_string())).await
    }

    /// A call from a client that asks the person (form elicitation).
    async fn asking(&self, ws: &McpWorkspace, name: &str, arguments: Value, extra: Value) -> Answer {
        self.modern_call(ws, json!({ "elicitation": { "form": {} } }), name, arguments, extra)
            .await
    }
}

/// The one sentence of a result that did nothing (`isError`, no structured content).
fn sentence(answer: &Answer) -> &str {
    let result = &answer.body["result"];
    assert_eq!(result["isError"], true, "{}", answer.body);
    assert!(result.get("structuredContent").is_none(), "{}", answer.body);
    result["content"][0]["text"].as_str().unwrap()
}

/// The question of an input-required result, and its request state.
fn question(answer: &Answer) -> (&Value, String) {
    let result = &answer.body["result"];
    assert_eq!(result["resultType"], "input_required", "{}", answer.body);
    let request = &result["inputRequests"]["confirm"];
    assert_eq!(request["method"], "elicitation/create", "{}", answer.body);
    (request, result["requestState"].as_str().unwrap().to_string())
}

fn answered(action: &str, state: &str) -> Value {
    json!({ "inputResponses": { "confirm": { "action": action } }, "requestState": state })
}

#[tokio::test]
async fn a_client_that_cannot_ask_deletes_nothing_without_confirm() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app.create_ok(&ws.http, link("Kept")).await;
    let answer = app.tool_in(&ws, "delete_link", json!({ "linkId": id })).await;
    assert_eq!(sentence(&answer), CANNOT_ASK);
    assert!(app.stored(&id).await.is_some());
}

#[tokio::test]
async fn a_client_that_cannot_ask_deletes_with_confirm_true() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app.create_ok(&ws.http, link("Gone")).await;
    let answer = app
        .tool_in(&ws, "delete_link", json!({ "linkId": id, "confirm": true }))
        .await;
    assert_eq!(answer.structured()["message"], "Link \"Gone\" deleted.");
    assert!(app.stored(&id).await.is_none());
}

#[tokio::test]
async fn a_2026_client_without_elicitation_cannot_be_asked() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app.create_ok(&ws.http, link("Kept")).await;
    let answer = app
        .modern_call(&ws, json!({}), "delete_link", json!({ "linkId": id }), json!({}))
        .await;
    assert_eq!(sentence(&answer), CANNOT_ASK);
    assert!(app.stored(&id).await.is_some());
}

#[tokio::test]
async fn a_client_that_can_ask_is_asked_even_with_confirm_true() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app.create_ok(&ws.http, link("Asked")).await;
    let answer = app
        .asking(&ws, "delete_link", json!({ "linkId": id, "confirm": true }), json!({}))
        .await;
    let (request, _) = question(&answer);
    assert_eq!(request["params"]["mode"], "form");
    assert_eq!(
        request["params"]["message"],
        format!("Delete for good: delete a link (linkId {id})? This cannot be undone.")
    );
    assert!(app.stored(&id).await.is_some());
}

#[tokio::test]
async fn accepting_runs_the_deletion() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app.create_ok(&ws.http, link("Accepted")).await;
    let args = json!({ "linkId": id });
    let (_, state) = question(&app.asking(&ws, "delete_link", args.clone(), json!({})).await);
    let answer = app.asking(&ws, "delete_link", args, answered("accept", &state)).await;
    assert_eq!(answer.structured()["message"], "Link \"Accepted\" deleted.");
    assert!(app.stored(&id).await.is_none());
}

#[tokio::test]
async fn declining_or_cancelling_changes_nothing_and_says_so() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app.create_ok(&ws.http, link("Kept")).await;
    let args = json!({ "linkId": id });
    for (action, said) in [
        ("decline", "Nothing was deleted: the person declined."),
        (
            "cancel",
            "Nothing was deleted: the person dismissed the confirmation without answering.",
        ),
    ] {
        let (_, state) = question(&app.asking(&ws, "delete_link", args.clone(), json!({})).await);
        let answer = app
            .asking(&ws, "delete_link", args.clone(), answered(action, &state))
            .await;
        assert_eq!(sentence(&answer), said);
    }
    assert!(app.stored(&id).await.is_some());
}

#[tokio::test]
async fn a_forged_state_or_one_for_another_call_asks_again() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let kept = app.create_ok(&ws.http, link("Kept")).await;
    let other = app.create_ok(&ws.http, link("Other")).await;
    let (_, state) = question(
        &app.asking(&ws, "delete_link", json!({ "linkId": other }), json!({}))
            .await,
    );
    let forged = format!("A{}", &state[1..]);
    for state in [state.as_str(), forged.as_str(), "anything"] {
        let answer = app
            .asking(&ws, "delete_link", json!({ "linkId": kept }), answered("accept", state))
            .await;
        question(&answer);
    }
    assert!(app.stored(&kept).await.is_some());
    assert!(app.stored(&other).await.is_some());
}

#[tokio::test]
async fn every_deleting_tool_asks_first() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let tag = lib::admin::create_tag(&app.service, &ws.id, "spring").await.unwrap().id;
    let calls = [
        ("delete_tag", json!({ "tagId": tag })),
        (
            "delete_utm_template",
            json!({ "templateId": "64656d6f00000000000000ff" }),
        ),
        ("delete_webhook", json!({ "webhookId": "64656d6f00000000000000ff" })),
    ];
    for (tool, args) in calls {
        question(&app.asking(&ws, tool, args.clone(), json!({})).await);
        assert_eq!(sentence(&app.tool_in(&ws, tool, args).await), CANNOT_ASK, "{tool}");
    }
    let listed = app.tool_in(&ws, "list_tags", json!({})).await;
    assert_eq!(listed.structured()["tags"][0]["name"], "spring");
}

#[tokio::test]
async fn confirm_must_be_a_boolean() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app.create_ok(&ws.http, link("Kept")).await;
    let answer = app
        .tool_in(&ws, "delete_link", json!({ "linkId": id, "confirm": "yes" }))
        .await;
    assert_eq!(answer.error(), (-32602, "confirm must be true or false."));
}

#[tokio::test]
async fn only_the_deleting_tools_take_confirm() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let listed = app.mcp(&ws.mcp_key, "tools/list", json!({})).await;
    for tool in listed.body["result"]["tools"].as_array().unwrap() {
        let takes = tool["inputSchema"]["properties"].get("confirm").is_some();
        let deletes = tool["name"].as_str().unwrap().starts_with("delete_");
        assert_eq!(takes, deletes, "{}", tool["name"]);
    }
}
