//! What this service checks before rmcp sees a request, in order: the path, `Origin`, the
//! HTTP method, the body (size, JSON, one message), what the client accepts, the protocol
//! version header, and the credential (with the contract's statuses and challenges). Each
//! refusal is a JSON-RPC error body with the status the contract gives it.

use lambda_http::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use lambda_http::{Body, Request, Response};
use serde_json::{Value, json};

use super::adapter::rate_headers;
use super::channel::{Admitted, Meter};
use super::errors::{self, http_level, status_of_code};
use super::server::SUPPORTED_VERSIONS;
use super::{Endpoint, MAX_BODY_BYTES, PATHS};
use crate::http::{api_key, declared_length, request_id};
use crate::origin::MCP_PATH;
use crate::service::{ServiceError, accounts::PresentedKey, guards::RateClass, guards::RateStatus, guards::metered};

/// A refusal before rmcp: status, JSON body and extra headers.
pub(super) struct Refusal {
    status: StatusCode,
    body: Value,
    headers: Vec<(header::HeaderName, String)>,
    /// The rate-limit status, when the key was charged before the refusal.
    rate: Option<RateStatus>,
}

impl Refusal {
    fn rpc(status: StatusCode, id: &Value, code: i32, message: &str) -> Self {
        Self {
            status,
            body: errors::message(id, code, message, None),
            headers: Vec::new(),
            rate: None,
        }
    }

    pub(super) fn into_response(self) -> Response<Body> {
        let mut response = Response::new(Body::Text(self.body.to_string()));
        *response.status_mut() = self.status;
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        for (name, value) in self.headers {
            if let Ok(value) = HeaderValue::from_str(&value) {
                headers.insert(name, value);
            }
        }
        if let Some(rate) = &self.rate {
            rate_headers(headers, self.status, rate);
        }
        response
    }
}

fn header_text<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|v| !v.is_empty())
}

/// Whether an `Origin` is a loopback name (any port): the only browser origins a dev server
/// that knows no public origin admits. A page elsewhere, even one whose name resolves to
/// 127.0.0.1 (DNS rebinding), cannot have such an origin.
fn is_loopback_origin(origin: &str) -> bool {
    let Ok(url) = url::Url::parse(origin) else {
        return false;
    };
    matches!(url.scheme(), "http" | "https")
        && matches!(url.host_str(), Some("localhost") | Some("127.0.0.1") | Some("[::1]"))
}

/// The credential a request presents: `X-Api-Key`, or `Authorization: Bearer` (an OAuth access
/// token; an API key sent that way, `slk_…`, counts as the key).
enum Presented<'a> {
    Key(PresentedKey<'a>),
    Bearer(&'a str),
}

fn presented(req: &Request) -> Presented<'_> {
    if req.headers().contains_key("x-api-key") {
        return Presented::Key(api_key(req));
    }
    let bearer = header_text(req.headers(), "authorization").and_then(|value| {
        let (scheme, token) = value.split_once(' ')?;
        scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
    });
    match bearer {
        Some(token) if token.starts_with("slk_") => Presented::Key(PresentedKey::Text(token)),
        Some(token) if !token.is_empty() => Presented::Bearer(token),
        _ => Presented::Key(PresentedKey::Missing),
    }
}

impl Endpoint {
    /// Where the OAuth metadata of this endpoint as a protected resource is (RFC 9728).
    pub(super) fn resource_metadata(&self, req: &Request) -> String {
        format!(
            "{}/.well-known/oauth-protected-resource{MCP_PATH}",
            self.settings.public_base.origin(req)
        )
    }

    fn origin_allowed(&self, req: &Request, origin: &str) -> bool {
        let origin = origin.trim_end_matches('/').to_ascii_lowercase();
        if self.settings.allowed_origins.contains(&origin) {
            return true;
        }
        match self.settings.public_base.known(req) {
            Some(own) => origin == own.to_ascii_lowercase(),
            None => is_loopback_origin(&origin),
        }
    }

    /// Everything checked before rmcp runs.
    pub(super) async fn admit(&self, req: &Request) -> Result<Admitted, Refusal> {
        let path = req.uri().path();
        if !PATHS.contains(&path.trim_end_matches('/')) {
            return Err(Refusal {
                status: StatusCode::NOT_FOUND,
                body: json!({ "error": format!("No such endpoint: {path}. The MCP endpoint is POST /mcp (or /apiv1/mcp).") }),
                headers: Vec::new(),
                rate: None,
            });
        }
        let null = Value::Null;
        if let Some(origin) = header_text(req.headers(), "origin")
            && !self.origin_allowed(req, origin)
        {
            let text = format!("Origin {origin} is not allowed to call this endpoint.");
            return Err(Refusal::rpc(StatusCode::FORBIDDEN, &null, http_level(403), &text));
        }
        if req.method() != Method::POST {
            let mut refusal = Refusal::rpc(
                StatusCode::METHOD_NOT_ALLOWED,
                &null,
                rmcp::model::ErrorCode::INVALID_REQUEST.0,
                "Method not allowed: send JSON-RPC messages with POST.",
            );
            refusal.headers.push((header::ALLOW, "POST".into()));
            return Err(refusal);
        }
        let envelope = read_message(req)?;
        let id = envelope.id.clone();
        if !accepts_json(req.headers()) {
            return Err(Refusal::rpc(
                StatusCode::NOT_ACCEPTABLE,
                &id,
                rmcp::model::ErrorCode::INVALID_REQUEST.0,
                "Not acceptable: this endpoint answers application/json; send Accept: application/json, text/event-stream.",
            ));
        }
        check_version_header(req.headers(), &id)?;
        let request_id = request_id(req);
        let refuse = |err: ServiceError, rate: Option<RateStatus>| {
            let rpc = errors::to_rpc(&err, &request_id);
            let status = status_of_code(i64::from(rpc.code.0)).unwrap_or(500);
            let mut refusal = Refusal {
                status: StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
                body: errors::message(&id, rpc.code.0, &rpc.message, rpc.data),
                headers: Vec::new(),
                rate,
            };
            if let ServiceError::TooManyFromAddress { retry_after } = &err {
                refusal.headers.push((header::RETRY_AFTER, retry_after.to_string()));
            }
            if status == 401 {
                let invalid_token = matches!(err, ServiceError::InvalidAccessToken).then(|| err.to_string());
                refusal
                    .headers
                    .push((header::WWW_AUTHENTICATE, self.challenge(req, invalid_token.as_deref())));
            }
            refusal
        };
        // A source whose credentials keep being refused is answered before anything is read.
        let address = crate::http::client_address(req);
        self.refused
            .check(&address, self.service.clock.now())
            .map_err(|err| refuse(err, None))?;
        let authenticated = match presented(req) {
            Presented::Key(key) => self.service.authenticate_mcp(key).await,
            Presented::Bearer(token) => {
                let resource = self.settings.public_base.mcp_resource(req);
                self.service.authenticate_bearer(token, &resource).await
            }
        };
        let caller = match authenticated {
            Ok(caller) => caller,
            Err(err @ (ServiceError::InvalidApiKey | ServiceError::InvalidAccessToken)) => {
                let answer = self.service.refuse_credential(&self.refused, &address, err).await;
                return Err(refuse(answer, None));
            }
            Err(err) => return Err(refuse(err, None)),
        };
        let meter = Meter::default();
        // A tool call is charged by the server once its workspace is known; any other message
        // here.
        if envelope.method.as_deref() != Some("tools/call") {
            let charged = self.service.charge(&caller, None, RateClass::Standard).await;
            meter.charged(metered(&charged));
            if let Err(err) = charged {
                return Err(refuse(err, meter.read().rate));
            }
        }
        Ok(Admitted {
            caller,
            origin: self.settings.public_base.origin(req),
            request_id,
            id: envelope.id,
            method: envelope.method,
            meter,
        })
    }

    /// The `WWW-Authenticate` of a 401 (RFC 6750 §3, RFC 9728 §5.1): where the resource's
    /// metadata is, and `error="invalid_token"` when a bearer token was sent and refused.
    fn challenge(&self, req: &Request, invalid_token: Option<&str>) -> String {
        let metadata = self.resource_metadata(req);
        match invalid_token {
            Some(why) => {
                format!("Bearer error=\"invalid_token\", error_description=\"{why}\", resource_metadata=\"{metadata}\"")
            }
            None => format!("Bearer resource_metadata=\"{metadata}\""),
        }
    }
}

/// Whether the client takes a JSON answer (no `Accept` counts as yes).
fn accepts_json(headers: &HeaderMap) -> bool {
    let values: Vec<&str> = headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    values.is_empty()
        || values.iter().flat_map(|v| v.split(',')).any(|range| {
            let essence = range.split(';').next().unwrap_or_default().trim();
            ["application/json", "application/*", "*/*"]
                .iter()
                .any(|ok| essence.eq_ignore_ascii_case(ok))
        })
}

/// What the adapter reads of a message: its id (`null` for a notification) and method.
struct Envelope {
    id: Value,
    method: Option<String>,
}

/// Reads the body as one JSON-RPC message: at most 1 MiB (as declared or sent), valid JSON,
/// an object (batches are refused), with a string or integer id.
fn read_message(req: &Request) -> Result<Envelope, Refusal> {
    let null = Value::Null;
    let invalid = |id: &Value, text: &str| {
        Refusal::rpc(
            StatusCode::BAD_REQUEST,
            id,
            rmcp::model::ErrorCode::INVALID_REQUEST.0,
            text,
        )
    };
    let body: &[u8] = req.body().as_ref();
    let declared = declared_length(req.headers()).unwrap_or(0);
    if body.len() > MAX_BODY_BYTES || declared > MAX_BODY_BYTES as u64 {
        let mut refusal = invalid(&null, "The request body must be at most 1 MiB.");
        refusal.status = StatusCode::PAYLOAD_TOO_LARGE;
        return Err(refusal);
    }
    let message: Value = serde_json::from_slice(body).map_err(|e| {
        Refusal::rpc(
            StatusCode::BAD_REQUEST,
            &null,
            rmcp::model::ErrorCode::PARSE_ERROR.0,
            &format!("Parse error: the body is not valid JSON ({e})."),
        )
    })?;
    let message = match message {
        Value::Object(map) => map,
        Value::Array(_) => {
            return Err(invalid(
                &null,
                "Batch requests are not supported: send one JSON-RPC message per POST.",
            ));
        }
        _ => return Err(invalid(&null, "The body must be a JSON-RPC message object.")),
    };
    let id = match message.get("id") {
        None => Value::Null,
        Some(id @ Value::String(_)) => id.clone(),
        Some(id @ Value::Number(n)) if n.is_i64() || n.is_u64() => id.clone(),
        Some(_) => return Err(invalid(&null, "id must be a string or an integer.")),
    };
    if message.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(invalid(&id, "jsonrpc must be \"2.0\"."));
    }
    let method = message.get("method").and_then(Value::as_str).map(str::to_string);
    Ok(Envelope { id, method })
}

/// An `MCP-Protocol-Version` header naming a revision not spoken here: 400 with the
/// supported ones (as rmcp words it for a request's `_meta`).
fn check_version_header(headers: &HeaderMap, id: &Value) -> Result<(), Refusal> {
    let Some(requested) = header_text(headers, "mcp-protocol-version") else {
        return Ok(());
    };
    if SUPPORTED_VERSIONS.iter().any(|v| v.as_str() == requested) {
        return Ok(());
    }
    let requested: rmcp::model::ProtocolVersion = serde_json::from_value(json!(requested)).unwrap_or_default();
    let error = rmcp::ErrorData::unsupported_protocol_version(requested, &SUPPORTED_VERSIONS);
    Err(Refusal {
        status: StatusCode::BAD_REQUEST,
        body: errors::message(id, error.code.0, &error.message, error.data),
        headers: Vec::new(),
        rate: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_origins_pass_when_no_public_origin_is_known() {
        assert!(is_loopback_origin("http://localhost:6274"));
        assert!(is_loopback_origin("http://127.0.0.1:3000"));
        assert!(!is_loopback_origin("http://evil.example.com"));
        assert!(!is_loopback_origin("http://localhost.evil.example.com"));
    }

    #[test]
    fn a_client_without_accept_or_with_json_takes_json() {
        let mut headers = HeaderMap::new();
        assert!(accepts_json(&headers));
        headers.insert(
            header::ACCEPT,
            HeaderValue::from_static("text/event-stream, application/json;q=0.9"),
        );
        assert!(accepts_json(&headers));
        headers.insert(header::ACCEPT, HeaderValue::from_static("text/html"));
        assert!(!accepts_json(&headers));
    }
}
