//! Speaking MCP to the dev server in tests: raw POSTs, the handshake era, the 2026-07-28
//! era, and tool calls.

use lib::domain::Scope;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestWorkspace};

pub const PATH: &str = "/apiv1/mcp";
pub const MODERN: &str = "2026-07-28";

pub use crate::helpers::Answer;

impl Answer {
    /// The structured result of a successful tool call (checking the text copy matches).
    pub fn structured(&self) -> &Value {
        assert_eq!(self.status, StatusCode::OK, "{}", self.body);
        let result = &self.body["result"];
        assert!(
            result.get("error").is_none() && self.body.get("error").is_none(),
            "{}",
            self.body
        );
        assert_eq!(result["isError"], false, "{}", self.body);
        let text: Value = serde_json::from_str(result["content"][0]["text"].as_str().expect("text item")).unwrap();
        assert_eq!(&text, &result["structuredContent"]);
        &result["structuredContent"]
    }

    /// The JSON-RPC error (code, message).
    pub fn error(&self) -> (i64, &str) {
        let error = &self.body["error"];
        (
            error["code"]
                .as_i64()
                .unwrap_or_else(|| panic!("an error: {}", self.body)),
            error["message"].as_str().unwrap_or_default(),
        )
    }
}

impl TestApp {
    /// POSTs (or sends `method`) to the MCP endpoint with exactly these headers and body.
    pub async fn mcp_raw(&self, method: Method, headers: &[(&str, &str)], body: Option<String>) -> Answer {
        let mut request = self.http.request(method, format!("{}{PATH}", self.address));
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        if let Some(body) = body {
            request = request.body(body);
        }
        Answer::of(request.send().await.expect("request")).await
    }

    /// A handshake-era request (no `_meta`), with the usual client headers.
    pub async fn mcp(&self, key: &str, method: &str, params: Value) -> Answer {
        self.mcp_with(key, &[], method, params).await
    }

    pub async fn mcp_with(&self, key: &str, extra: &[(&str, &str)], method: &str, params: Value) -> Answer {
        let mut headers = vec![
            ("content-type", "application/json"),
            ("accept", "application/json, text/event-stream"),
            ("x-api-key", key),
        ];
        headers.extend_from_slice(extra);
        let body = json!({ "jsonrpc": "2.0", "id": 1, "method": method, "params": params });
        self.mcp_raw(Method::POST, &headers, Some(body.to_string())).await
    }

    /// A 2026-07-28 request: version and capabilities in `_meta`, mirrored headers.
    pub async fn mcp_modern(&self, key: &str, method: &str, params: Value) -> Answer {
        self.mcp_modern_with(key, json!({}), method, params).await
    }

    /// A 2026-07-28 request declaring these client capabilities.
    pub async fn mcp_modern_with(&self, key: &str, capabilities: Value, method: &str, mut params: Value) -> Answer {
        params["_meta"] = json!({
            "io.modelcontextprotocol/protocolVersion": MODERN,
            "io.modelcontextprotocol/clientCapabilities": capabilities,
            "io.modelcontextprotocol/clientInfo": { "name": "tests", "version": "1" }
        });
        // Mcp-Name mirrors a tool call's name, and a task request's taskId.
        let name = params["name"]
            .as_str()
            .or(params["taskId"].as_str())
            .map(str::to_string);
        let mut headers = vec![
            ("content-type", "application/json"),
            ("accept", "application/json, text/event-stream"),
            ("x-api-key", key),
            ("mcp-protocol-version", MODERN),
            ("mcp-method", method),
        ];
        if let Some(name) = &name {
            headers.push(("mcp-name", name));
        }
        let body = json!({ "jsonrpc": "2.0", "id": "m-1", "method": method, "params": params });
        self.mcp_raw(Method::POST, &headers, Some(body.to_string())).await
    }

    /// `tools/call` in the handshake era.
    pub async fn tool(&self, key: &str, name: &str, arguments: Value) -> Answer {
        self.mcp(key, "tools/call", json!({ "name": name, "arguments": arguments }))
            .await
    }

    /// `tools/call` with `workspaceId` added to the arguments.
    pub async fn tool_in(&self, ws: &McpWorkspace, name: &str, mut arguments: Value) -> Answer {
        arguments["workspaceId"] = json!(ws.id);
        self.tool(&ws.mcp_key, name, arguments).await
    }

    /// A workspace whose owner's one key has HTTP API access and the given MCP scopes.
    pub async fn mcp_workspace_with(&self, scopes: &[Scope]) -> McpWorkspace {
        let ws = self.workspace().await;
        let key = self.key_for(&ws.owner, true, Some(scopes.to_vec())).await;
        McpWorkspace {
            id: ws.id.clone(),
            mcp_key: key.clone(),
            http: TestWorkspace { key, ..ws },
        }
    }

    /// A workspace whose owner's key has HTTP API access and every MCP scope.
    pub async fn mcp_workspace(&self) -> McpWorkspace {
        self.mcp_workspace_with(&Scope::ALL).await
    }
}

/// A workspace and its owner's key, usable on both doors.
#[derive(Debug, Clone)]
pub struct McpWorkspace {
    pub id: String,
    pub mcp_key: String,
    /// The same workspace and key for the HTTP helpers.
    pub http: TestWorkspace,
}

/// A create body with one default rule, valid on both doors.
pub fn link(name: &str) -> Value {
    json!({ "name": name, "rules": [{ "targetUrl": "https://example.com/", "isDefault": true }] })
}

/// The tool names a `tools/list` answer shows.
pub fn tool_names(answer: &Answer) -> Vec<String> {
    answer.body["result"]["tools"]
        .as_array()
        .unwrap_or_else(|| panic!("tools: {}", answer.body))
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect()
}
