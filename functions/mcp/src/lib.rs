//! `POST /apiv1/mcp` (and `POST /mcp` on the function's URL): the MCP endpoint. JSON-RPC
//! 2.0 over stateless streamable HTTP, answering both protocol eras (the `initialize`
//! handshake revisions and the stateless 2026-07-28 revision) with plain JSON, never SSE.
//! The tools call the same service code as the HTTP API.

pub mod errors;
pub mod rpc;
pub mod schema;
pub mod tools;

use std::sync::LazyLock;

use lambda_http::http::{Method, StatusCode};
use lambda_http::{Body, Error, Request, Response};
use lib::http;
use lib::service::{Caller, Service};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};

use errors::{RpcError, code};
use rpc::{Call, Era, Inbound, Reply};

/// How long clients may cache `server/discover` and `tools/list` answers.
const DISCOVER_TTL_MS: u64 = 3_600_000;
const TOOLS_TTL_MS: u64 = 60_000;

pub const INSTRUCTIONS: &str = "Smart links: short links whose destination is chosen per visitor by ordered routing \
rules or a weighted A/B split, with click analytics. Every tool works inside one workspace. Select it with the \
workspaceId argument of a tool call (or once for every call with the X-Workspace-Id header, or ?workspaceId= on \
the endpoint URL). When none is selected, a tool does nothing and answers with your workspaces (id, name, role) \
and the message \"Call again with workspaceId set to one of these.\": pick one and call again. Rule times are \
UTC. While an A/B test is enabled every visitor goes to a variant by weight and the rules are not consulted. \
Link ids come from create_link and list_links; rule ids (the keys of rule analytics) from get_link.";

/// What the endpoint needs besides the service.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    /// Browser origins allowed to call (`MCP_ALLOWED_ORIGINS`, comma-separated); the
    /// endpoint's own origin always is.
    pub allowed_origins: Vec<String>,
    /// The public origin of the API (`MCP_PUBLIC_BASE_URL`); taken from the request's
    /// `Host` when unset.
    pub public_base_url: Option<String>,
}

impl Settings {
    pub fn from_env() -> Self {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Self {
        Self {
            allowed_origins: lookup("MCP_ALLOWED_ORIGINS")
                .unwrap_or_default()
                .split(',')
                .map(|o| o.trim().trim_end_matches('/').to_ascii_lowercase())
                .filter(|o| !o.is_empty())
                .collect(),
            public_base_url: lookup("MCP_PUBLIC_BASE_URL")
                .map(|b| b.trim().trim_end_matches('/').to_string())
                .filter(|b| !b.is_empty()),
        }
    }
}

/// The endpoint: the service and its settings, built once per process.
#[derive(Debug, Clone)]
pub struct Endpoint {
    pub service: Service,
    pub settings: Settings,
}

/// The paths the endpoint answers on: `/apiv1/mcp` behind the HTTP API, `/mcp` on the
/// function's own URL (which passes every path through).
pub const PATHS: [&str; 2] = ["/apiv1/mcp", "/mcp"];

pub async fn handler(endpoint: &Endpoint, req: Request) -> Result<Response<Body>, Error> {
    let path = req.uri().path();
    if !PATHS.contains(&path.trim_end_matches('/')) {
        return Ok(Reply::no_such_path(path).into_response());
    }
    Ok(endpoint.handle(&req).await.into_response())
}

/// The server's name and version, as `initialize` and `server/discover` report them.
pub fn server_info() -> Value {
    json!({ "name": "smartlinks", "title": "Smart links", "version": env!("CARGO_PKG_VERSION") })
}

static SERVER_INFO_META: LazyLock<Value> = LazyLock::new(|| json!({ rpc::META_SERVER_INFO: server_info() }));

#[derive(Debug, Serialize)]
struct TextContent<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    text: &'a str,
}

/// A tool's successful result: the structured JSON, and the same JSON as one text item.
/// Encoded straight from the once-encoded result, with the modern era's fields when due.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolResult<'a> {
    content: [TextContent<'a>; 1],
    structured_content: &'a RawValue,
    is_error: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    result_type: Option<&'static str>,
    #[serde(rename = "_meta", skip_serializing_if = "Option::is_none")]
    meta: Option<&'static Value>,
}

impl<'a> ToolResult<'a> {
    pub fn new(structured: &'a RawValue, era: Era) -> Self {
        let modern = era == Era::Modern;
        Self {
            content: [TextContent {
                kind: "text",
                text: structured.get(),
            }],
            structured_content: structured,
            is_error: false,
            result_type: modern.then_some("complete"),
            meta: modern.then(|| &*SERVER_INFO_META),
        }
    }
}

/// What a method answers: a plain result, or a tool's encoded structured result.
#[derive(Debug)]
pub enum Answer {
    Plain(Value),
    Tool(Box<RawValue>),
}

/// Completes a result for its era: modern results carry `resultType` and the server's
/// identity in `_meta`.
pub fn finish(era: Era, mut result: Value) -> Value {
    if era == Era::Modern
        && let Some(map) = result.as_object_mut()
    {
        map.entry("resultType").or_insert_with(|| json!("complete"));
        map.insert("_meta".into(), SERVER_INFO_META.clone());
    }
    result
}

fn header<'a>(req: &'a Request, name: &str) -> Option<&'a str> {
    http::header_str(req, name).map(str::trim).filter(|v| !v.is_empty())
}

impl Endpoint {
    pub fn new(service: Service, settings: Settings) -> Self {
        Self { service, settings }
    }

    /// Where this API is reached from outside: `MCP_PUBLIC_BASE_URL`, else the request's
    /// (forwarded) scheme and host.
    pub fn public_base(&self, req: &Request) -> String {
        if let Some(base) = &self.settings.public_base_url {
            return base.clone();
        }
        let host = header(req, "x-forwarded-host")
            .or_else(|| header(req, "host"))
            .unwrap_or("localhost");
        let local = ["localhost", "127.0.0.1", "[::1]"]
            .iter()
            .any(|l| host == *l || host.starts_with(&format!("{l}:")));
        let scheme = header(req, "x-forwarded-proto").unwrap_or(if local { "http" } else { "https" });
        format!("{scheme}://{host}")
    }

    fn origin_allowed(&self, origin: &str, base: &str) -> bool {
        let origin = origin.trim_end_matches('/').to_ascii_lowercase();
        origin == base.to_ascii_lowercase() || self.settings.allowed_origins.contains(&origin)
    }

    /// Answers one HTTP request. Order: `Origin`, HTTP method, the JSON-RPC message and its
    /// era's headers, the API key, then the method.
    pub async fn handle(&self, req: &Request) -> Reply {
        let base = self.public_base(req);
        let metadata = format!("{base}/.well-known/oauth-protected-resource/mcp");
        if let Some(origin) = header(req, "origin")
            && !self.origin_allowed(origin, &base)
        {
            let error = RpcError::new(
                StatusCode::FORBIDDEN,
                code::http(403),
                format!("Origin {origin} is not allowed to call this endpoint."),
            );
            return Reply::error(Value::Null, &error, &metadata);
        }
        if req.method() != Method::POST {
            return Reply::method_not_allowed();
        }
        let inbound = match rpc::read(req.headers(), req.body().as_ref()) {
            Ok(inbound) => inbound,
            Err(refusal) => return Reply::error(refusal.id, &refusal.error, &metadata),
        };
        let request_id = http::request_id(req);
        let caller = match self.service.authenticate_mcp(http::api_key(req)).await {
            Ok(caller) => caller,
            Err(err) => {
                let id = match &inbound {
                    Inbound::Request(call) => call.id.clone(),
                    Inbound::NoReply => Value::Null,
                };
                return Reply::error(id, &RpcError::from_service(&err, &request_id), &metadata);
            }
        };
        let Inbound::Request(call) = inbound else {
            return Reply::accepted();
        };
        match self.dispatch(req, caller, &call, &request_id).await {
            Ok(Answer::Plain(result)) => Reply::result(&call.id, &finish(call.era, result)),
            Ok(Answer::Tool(structured)) => Reply::result(&call.id, &ToolResult::new(&structured, call.era)),
            Err(error) => Reply::error(call.id, &error, &metadata),
        }
    }

    async fn dispatch(&self, req: &Request, caller: Caller, call: &Call, request_id: &str) -> Result<Answer, RpcError> {
        let plain = match (call.era, call.method.as_str()) {
            (Era::Handshake, "initialize") => initialize(&call.params),
            (Era::Handshake, "ping") => json!({}),
            (Era::Modern, "server/discover") => json!({
                "supportedVersions": rpc::SUPPORTED_VERSIONS,
                "capabilities": { "tools": { "listChanged": false } },
                "serverInfo": server_info(),
                "instructions": INSTRUCTIONS,
                "ttlMs": DISCOVER_TTL_MS,
                "cacheScope": "public",
            }),
            (era, "tools/list") => {
                let tools: Vec<&Value> = tools::TOOLS
                    .iter()
                    .filter(|t| caller.has_scope(t.scope))
                    .map(|t| &t.definition)
                    .collect();
                let mut result = json!({ "tools": tools });
                if era == Era::Modern {
                    result["ttlMs"] = json!(TOOLS_TTL_MS);
                    result["cacheScope"] = json!("private");
                }
                result
            }
            (_, "tools/call") => {
                return self
                    .call_tool(req, caller, &call.params)
                    .await
                    .map(Answer::Tool)
                    .map_err(|e| RpcError::from_service(&e, request_id));
            }
            (Era::Modern, method) => return Err(RpcError::method_not_found(method, StatusCode::NOT_FOUND)),
            (Era::Handshake, method) => return Err(RpcError::method_not_found(method, StatusCode::OK)),
        };
        Ok(Answer::Plain(plain))
    }

    /// `tools/call`: the tool (one this key's scopes allow), its arguments, the workspace,
    /// then the operation.
    async fn call_tool(
        &self,
        req: &Request,
        caller: Caller,
        params: &Map<String, Value>,
    ) -> Result<Box<RawValue>, lib::service::ServiceError> {
        use lib::service::ServiceError;
        let name = params
            .get("name")
            .and_then(Value::as_str)
            .ok_or_else(|| ServiceError::BadRequest("params.name (the tool to call) is required.".into()))?;
        let tool = tools::find(name).ok_or_else(|| {
            ServiceError::BadRequest(format!(
                "Unknown tool: {name}. Call tools/list for the tools this API key may use."
            ))
        })?;
        caller.require_scope(tool.scope)?;
        let mut args = match params.get("arguments") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(args)) => args.clone(),
            Some(_) => return Err(ServiceError::BadRequest("params.arguments must be an object.".into())),
        };
        let workspace = match args.remove("workspaceId") {
            Some(Value::String(id)) if !id.trim().is_empty() => Some(id),
            Some(Value::Null | Value::String(_)) | None => None,
            Some(other) => Some(other.to_string()),
        }
        .or_else(|| header(req, "x-workspace-id").map(str::to_string))
        .or_else(|| http::query(req, "workspaceId").filter(|w| !w.trim().is_empty()));
        let parsed = tools::parse(tool, args)?;
        match workspace {
            None => Ok(tools::encode(&json!({
                "workspaces": self.service.workspaces_of(&caller).await?,
                "message": "Call again with workspaceId set to one of these.",
            }))),
            Some(id) => {
                let access = self.service.open_workspace(caller, Some(&id)).await?;
                tools::run(&self.service, &access, parsed).await
            }
        }
    }
}

/// The `initialize` answer: the requested version when spoken here, else the newest
/// handshake version.
fn initialize(params: &Map<String, Value>) -> Value {
    let requested = params.get("protocolVersion").and_then(Value::as_str);
    let version = requested
        .filter(|v| rpc::HANDSHAKE_VERSIONS.contains(v))
        .unwrap_or(rpc::HANDSHAKE_VERSIONS[0]);
    json!({
        "protocolVersion": version,
        "capabilities": { "tools": { "listChanged": false } },
        "serverInfo": server_info(),
        "instructions": INSTRUCTIONS,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initialize_echoes_a_supported_version() {
        for v in rpc::HANDSHAKE_VERSIONS {
            assert_eq!(
                initialize(&json!({ "protocolVersion": v }).as_object().unwrap().clone())["protocolVersion"],
                v
            );
        }
    }

    #[test]
    fn initialize_answers_the_newest_handshake_version_for_an_unknown_one() {
        for v in ["2026-07-28", "1999-01-01"] {
            let params = json!({ "protocolVersion": v }).as_object().unwrap().clone();
            assert_eq!(initialize(&params)["protocolVersion"], "2025-11-25");
        }
    }

    #[test]
    fn modern_results_carry_result_type_and_server_info() {
        let done = finish(Era::Modern, json!({ "tools": [] }));
        assert_eq!(done["resultType"], "complete");
        assert_eq!(done["_meta"][rpc::META_SERVER_INFO]["name"], "smartlinks");
        assert_eq!(finish(Era::Handshake, json!({})), json!({}));
    }

    #[test]
    fn a_tool_result_carries_the_same_json_structured_and_as_text() {
        let structured = tools::encode(&json!({ "id": "x", "n": 1 }));
        let handshake = serde_json::to_value(ToolResult::new(&structured, Era::Handshake)).unwrap();
        assert_eq!(
            handshake,
            json!({ "content": [{ "type": "text", "text": "{\"id\":\"x\",\"n\":1}" }],
                    "structuredContent": { "id": "x", "n": 1 }, "isError": false })
        );
        let modern = serde_json::to_value(ToolResult::new(&structured, Era::Modern)).unwrap();
        assert_eq!(modern["resultType"], "complete");
        assert_eq!(modern["_meta"][rpc::META_SERVER_INFO]["name"], "smartlinks");
    }

    #[test]
    fn settings_read_allowed_origins_and_the_public_base() {
        let s = Settings::from_lookup(|n| match n {
            "MCP_ALLOWED_ORIGINS" => Some(" https://App.example.com/ , ,http://localhost:6274".into()),
            "MCP_PUBLIC_BASE_URL" => Some("https://api.example.com/".into()),
            _ => None,
        });
        assert_eq!(s.allowed_origins, ["https://app.example.com", "http://localhost:6274"]);
        assert_eq!(s.public_base_url.as_deref(), Some("https://api.example.com"));
    }
}
