//! JSON-RPC 2.0 over stateless streamable HTTP, for both protocol eras: reading one POST
//! into a message (and refusing what the transport rules refuse), and writing replies.

use base64::Engine;
use lambda_http::http::{HeaderMap, HeaderValue, StatusCode, header};
use lambda_http::{Body, Response};
use serde_json::{Map, Value, json};

use crate::errors::{RpcError, code};

/// The stateless revision: version in every request's `_meta`, no `initialize`.
pub const MODERN_VERSION: &str = "2026-07-28";
/// Revisions reached through the `initialize` handshake, newest first.
pub const HANDSHAKE_VERSIONS: [&str; 4] = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];
/// Every revision this server speaks, newest first.
pub const SUPPORTED_VERSIONS: [&str; 5] = [MODERN_VERSION, "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

pub const META: &str = "_meta";
pub const META_PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
pub const META_CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
pub const META_SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";
pub const PROTOCOL_VERSION_HEADER: &str = "mcp-protocol-version";
pub const METHOD_HEADER: &str = "mcp-method";
pub const NAME_HEADER: &str = "mcp-name";

/// Bodies larger than this are refused (a bulk call of 100 rich links fits easily).
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// Which protocol era a request speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Era {
    /// `initialize` handshake revisions (2024-11-05 to 2025-11-25).
    Handshake,
    /// 2026-07-28: per-request `_meta`, `server/discover`, `resultType` on every result.
    Modern,
}

/// One JSON-RPC request.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub id: Value,
    pub method: String,
    pub params: Map<String, Value>,
    pub era: Era,
}

/// What a POST carried.
#[derive(Debug, Clone, PartialEq)]
pub enum Inbound {
    Request(Call),
    /// A notification, or a response to a server request (this server sends none).
    NoReply,
}

/// A refusal before any method runs, with the id it answers (`null` when unreadable).
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    pub id: Value,
    pub error: RpcError,
}

fn refuse(id: &Value, error: RpcError) -> Refusal {
    Refusal { id: id.clone(), error }
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim)
}

/// Reads one POST body: a single JSON-RPC message (no batches), in one era, with the
/// headers that era requires.
pub fn read(headers: &HeaderMap, body: &[u8]) -> Result<Inbound, Refusal> {
    let null = Value::Null;
    let declared = lib::http::declared_length(headers).unwrap_or(0);
    if body.len() > MAX_BODY_BYTES || declared > MAX_BODY_BYTES as u64 {
        let mut error = RpcError::invalid_request("The request body must be at most 1 MiB.");
        error.status = StatusCode::PAYLOAD_TOO_LARGE;
        return Err(refuse(&null, error));
    }
    let message: Value = serde_json::from_slice(body).map_err(|e| {
        refuse(
            &null,
            RpcError::parse(format!("Parse error: the body is not valid JSON ({e}).")),
        )
    })?;
    let mut message = match message {
        Value::Object(map) => map,
        Value::Array(_) => {
            return Err(refuse(
                &null,
                RpcError::invalid_request("Batch requests are not supported: send one JSON-RPC message per POST."),
            ));
        }
        _ => {
            return Err(refuse(
                &null,
                RpcError::invalid_request("The body must be a JSON-RPC message object."),
            ));
        }
    };
    let id = match message.remove("id") {
        None => None,
        Some(id @ (Value::String(_) | Value::Number(_))) if id.is_string() || id.is_i64() || id.is_u64() => Some(id),
        Some(_) => {
            return Err(refuse(
                &null,
                RpcError::invalid_request("id must be a string or an integer."),
            ));
        }
    };
    let echo = id.clone().unwrap_or(Value::Null);
    if message.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(refuse(&echo, RpcError::invalid_request("jsonrpc must be \"2.0\".")));
    }
    let method = match message.remove("method") {
        Some(Value::String(method)) => method,
        None if id.is_some() && (message.contains_key("result") || message.contains_key("error")) => {
            return Ok(Inbound::NoReply);
        }
        _ => return Err(refuse(&echo, RpcError::invalid_request("method must be a string."))),
    };
    let params = match message.remove("params") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(params)) => params,
        Some(_) => return Err(refuse(&echo, RpcError::invalid_request("params must be an object."))),
    };
    let Some(id) = id else {
        return Ok(Inbound::NoReply);
    };
    let era = era_of(headers, &method, &params).map_err(|e| refuse(&id, e))?;
    Ok(Inbound::Request(Call {
        id,
        method,
        params,
        era,
    }))
}

/// Picks the era and enforces what it requires of the request.
fn era_of(headers: &HeaderMap, method: &str, params: &Map<String, Value>) -> Result<Era, RpcError> {
    let version_header = header(headers, PROTOCOL_VERSION_HEADER);
    let meta = params.get(META).and_then(Value::as_object);
    let meta_version = meta.and_then(|m| m.get(META_PROTOCOL_VERSION));
    let modern = meta_version.is_some() || method == "server/discover" || version_header == Some(MODERN_VERSION);
    if !modern {
        return match version_header {
            Some(v) if !HANDSHAKE_VERSIONS.contains(&v) => Err(RpcError::unsupported_version(v, &SUPPORTED_VERSIONS)),
            _ => Ok(Era::Handshake),
        };
    }
    let Some(meta_version) = meta_version else {
        return Err(malformed(format!(
            "params._meta[\"{META_PROTOCOL_VERSION}\"] is required on every {MODERN_VERSION} request."
        )));
    };
    let Some(meta_version) = meta_version.as_str().filter(|v| *v == MODERN_VERSION) else {
        let requested = meta_version
            .as_str()
            .map_or_else(|| meta_version.to_string(), str::to_string);
        return Err(RpcError::unsupported_version(&requested, &SUPPORTED_VERSIONS));
    };
    if !meta
        .and_then(|m| m.get(META_CLIENT_CAPABILITIES))
        .is_some_and(Value::is_object)
    {
        return Err(malformed(format!(
            "params._meta[\"{META_CLIENT_CAPABILITIES}\"] (an object) is required on every {MODERN_VERSION} request."
        )));
    }
    match version_header {
        Some(v) if v == meta_version => {}
        Some(v) => {
            return Err(RpcError::header_mismatch(format!(
                "Header mismatch: MCP-Protocol-Version {v:?} does not match the body's {meta_version:?}."
            )));
        }
        None => {
            return Err(RpcError::header_mismatch(
                "Header mismatch: MCP-Protocol-Version header is missing.",
            ));
        }
    }
    match header(headers, METHOD_HEADER) {
        Some(m) if m == method => {}
        Some(m) => {
            return Err(RpcError::header_mismatch(format!(
                "Header mismatch: Mcp-Method {m:?} does not match the body's {method:?}."
            )));
        }
        None => {
            return Err(RpcError::header_mismatch(
                "Header mismatch: Mcp-Method header is missing.",
            ));
        }
    }
    if method == "tools/call"
        && let Some(name) = params.get("name").and_then(Value::as_str)
    {
        match header(headers, NAME_HEADER).map(decode_header_value) {
            Some(Some(h)) if h == name => {}
            Some(_) => {
                return Err(RpcError::header_mismatch(format!(
                    "Header mismatch: Mcp-Name does not match the body's tool name {name:?}."
                )));
            }
            None => {
                return Err(RpcError::header_mismatch(
                    "Header mismatch: Mcp-Name header is missing.",
                ));
            }
        }
    }
    Ok(Era::Modern)
}

fn malformed(message: String) -> RpcError {
    RpcError::new(StatusCode::BAD_REQUEST, code::INVALID_PARAMS, message)
}

/// A header value as sent: plain, or `=?base64?…?=` for values that are not plain ASCII.
fn decode_header_value(raw: &str) -> Option<String> {
    match raw.strip_prefix("=?base64?").and_then(|r| r.strip_suffix("?=")) {
        Some(encoded) => base64::engine::general_purpose::STANDARD
            .decode(encoded)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok()),
        None => Some(raw.to_string()),
    }
}

/// An HTTP answer of the endpoint; the body is JSON text.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub status: StatusCode,
    pub body: Option<String>,
    pub headers: Vec<(header::HeaderName, String)>,
}

#[derive(serde::Serialize)]
struct Success<'a, T> {
    jsonrpc: &'static str,
    id: &'a Value,
    result: &'a T,
}

impl Reply {
    /// 200 with a result, encoded straight from `result` (no intermediate JSON tree).
    pub fn result<T: serde::Serialize>(id: &Value, result: &T) -> Self {
        let body = serde_json::to_string(&Success {
            jsonrpc: "2.0",
            id,
            result,
        })
        .expect("results encode as JSON");
        Self {
            status: StatusCode::OK,
            body: Some(body),
            headers: Vec::new(),
        }
    }

    /// An error reply; a 401 carries `WWW-Authenticate` naming the resource metadata.
    pub fn error(id: Value, error: &RpcError, resource_metadata: &str) -> Self {
        let mut headers = Vec::new();
        if error.challenge {
            headers.push((
                header::WWW_AUTHENTICATE,
                format!("Bearer resource_metadata=\"{resource_metadata}\""),
            ));
        }
        Self {
            status: error.status,
            body: Some(json!({ "jsonrpc": "2.0", "id": id, "error": error.to_json() }).to_string()),
            headers,
        }
    }

    /// 202 with no body: a notification (or response) was accepted.
    pub fn accepted() -> Self {
        Self {
            status: StatusCode::ACCEPTED,
            body: None,
            headers: Vec::new(),
        }
    }

    /// 405 for anything but POST: this server opens no GET stream and has no session to
    /// DELETE.
    pub fn method_not_allowed() -> Self {
        Self {
            status: StatusCode::METHOD_NOT_ALLOWED,
            body: Some(
                json!({
                    "jsonrpc": "2.0", "id": null,
                    "error": { "code": code::INVALID_REQUEST, "message": "Method not allowed: send JSON-RPC messages with POST." }
                })
                .to_string(),
            ),
            headers: vec![(header::ALLOW, "POST".to_string())],
        }
    }

    /// 404 for a path the endpoint does not answer on (its function URL passes every path).
    pub fn no_such_path(path: &str) -> Self {
        Self {
            status: StatusCode::NOT_FOUND,
            body: Some(
                json!({ "error": format!("No such endpoint: {path}. The MCP endpoint is POST /mcp (or /apiv1/mcp).") })
                    .to_string(),
            ),
            headers: Vec::new(),
        }
    }

    pub fn into_response(self) -> Response<Body> {
        let has_body = self.body.is_some();
        let body = match self.body {
            Some(text) => Body::Text(text),
            None => Body::Empty,
        };
        let mut response = Response::new(body);
        *response.status_mut() = self.status;
        if has_body {
            response
                .headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        }
        for (name, value) in self.headers {
            if let Ok(value) = HeaderValue::from_str(&value) {
                response.headers_mut().insert(name, value);
            }
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (k, v) in pairs {
            map.insert(*k, HeaderValue::from_str(v).unwrap());
        }
        map
    }

    fn modern_headers(method: &str) -> HeaderMap {
        headers(&[(PROTOCOL_VERSION_HEADER, MODERN_VERSION), (METHOD_HEADER, method)])
    }

    fn modern_body(method: &str, extra: Value) -> Vec<u8> {
        let mut params = json!({ "_meta": { META_PROTOCOL_VERSION: MODERN_VERSION, META_CLIENT_CAPABILITIES: {} } });
        if let (Some(p), Value::Object(extra)) = (params.as_object_mut(), extra) {
            p.extend(extra);
        }
        json!({ "jsonrpc": "2.0", "id": 1, "method": method, "params": params })
            .to_string()
            .into_bytes()
    }

    fn refused(result: Result<Inbound, Refusal>) -> RpcError {
        result.expect_err("refused").error
    }

    #[test]
    fn a_request_without_meta_speaks_the_handshake_era() {
        let body = br#"{"jsonrpc":"2.0","id":"a","method":"tools/list"}"#;
        let Inbound::Request(call) = read(&HeaderMap::new(), body).unwrap() else {
            panic!("a request")
        };
        assert_eq!((call.era, call.id), (Era::Handshake, json!("a")));
    }

    #[test]
    fn a_request_with_meta_and_matching_headers_speaks_the_modern_era() {
        let Inbound::Request(call) =
            read(&modern_headers("tools/list"), &modern_body("tools/list", json!({}))).unwrap()
        else {
            panic!("a request")
        };
        assert_eq!(call.era, Era::Modern);
    }

    #[test]
    fn a_modern_request_without_the_version_header_is_a_header_mismatch() {
        let e = refused(read(
            &headers(&[(METHOD_HEADER, "tools/list")]),
            &modern_body("tools/list", json!({})),
        ));
        assert_eq!((e.status, e.code), (StatusCode::BAD_REQUEST, code::HEADER_MISMATCH));
    }

    #[test]
    fn a_modern_request_whose_method_header_disagrees_is_a_header_mismatch() {
        let e = refused(read(
            &modern_headers("tools/call"),
            &modern_body("tools/list", json!({})),
        ));
        assert_eq!(e.code, code::HEADER_MISMATCH);
    }

    #[test]
    fn a_modern_tool_call_needs_the_tool_name_header_which_may_be_base64() {
        let body = modern_body("tools/call", json!({ "name": "get_link" }));
        assert_eq!(
            refused(read(&modern_headers("tools/call"), &body)).code,
            code::HEADER_MISMATCH
        );
        let mut h = modern_headers("tools/call");
        h.insert(NAME_HEADER, HeaderValue::from_static("=?base64?Z2V0X2xpbms=?="));
        assert!(read(&h, &body).is_ok());
    }

    #[test]
    fn a_modern_request_without_client_capabilities_is_invalid_params_400() {
        let body = json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/list",
                           "params": { "_meta": { META_PROTOCOL_VERSION: MODERN_VERSION } } });
        let e = refused(read(&modern_headers("tools/list"), body.to_string().as_bytes()));
        assert_eq!((e.status, e.code), (StatusCode::BAD_REQUEST, code::INVALID_PARAMS));
    }

    #[test]
    fn an_unknown_meta_version_lists_the_supported_ones() {
        let body = json!({ "jsonrpc": "2.0", "id": 1, "method": "server/discover",
                           "params": { "_meta": { META_PROTOCOL_VERSION: "2099-01-01", META_CLIENT_CAPABILITIES: {} } } });
        let e = refused(read(&HeaderMap::new(), body.to_string().as_bytes()));
        assert_eq!(
            (e.status, e.code),
            (StatusCode::BAD_REQUEST, code::UNSUPPORTED_PROTOCOL_VERSION)
        );
        assert_eq!(e.data.unwrap()["supported"], json!(SUPPORTED_VERSIONS));
    }

    #[test]
    fn an_unsupported_version_header_is_refused_with_400() {
        let e = refused(read(
            &headers(&[(PROTOCOL_VERSION_HEADER, "2024-01-01")]),
            br#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
        ));
        assert_eq!(
            (e.status, e.code),
            (StatusCode::BAD_REQUEST, code::UNSUPPORTED_PROTOCOL_VERSION)
        );
    }

    #[test]
    fn a_notification_needs_no_reply() {
        let body = br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
        assert_eq!(read(&HeaderMap::new(), body).unwrap(), Inbound::NoReply);
    }

    #[test]
    fn a_null_id_is_an_invalid_request() {
        let e = refused(read(
            &HeaderMap::new(),
            br#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#,
        ));
        assert_eq!((e.status, e.code), (StatusCode::BAD_REQUEST, code::INVALID_REQUEST));
    }

    #[test]
    fn a_missing_jsonrpc_version_is_an_invalid_request_echoing_the_id() {
        let refusal = read(&HeaderMap::new(), br#"{"id":7,"method":"ping"}"#).unwrap_err();
        assert_eq!((refusal.id, refusal.error.code), (json!(7), code::INVALID_REQUEST));
    }

    #[test]
    fn the_401_reply_challenges_with_the_resource_metadata() {
        let error = RpcError::from_service(&lib::service::ServiceError::MissingApiKey, "r");
        let reply = Reply::error(
            json!(1),
            &error,
            "https://x.test/.well-known/oauth-protected-resource/mcp",
        );
        assert_eq!(
            reply.headers,
            vec![(
                header::WWW_AUTHENTICATE,
                "Bearer resource_metadata=\"https://x.test/.well-known/oauth-protected-resource/mcp\"".to_string()
            )]
        );
    }
}
