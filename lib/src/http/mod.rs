//! The doors' shared toolkit, below every door: reading requests as API Gateway delivers them
//! (headers, query, body, the client's address, the API key), the responses every door writes,
//! turning the service's failures into the contract's statuses and bodies (`errors`, the one
//! place that does) and the transport every function runs on. The HTTP API door is
//! [`crate::api`]; no door imports another.

pub mod assets;
mod errors;
mod transport;
pub mod upload;

pub use errors::{ErrorBody, error_body, error_response, oauth_status, status_of};
pub use transport::{STRICT_TRANSPORT_SECURITY, run, transport_security};

use lambda_http::http::{HeaderName, HeaderValue, StatusCode, header};
use lambda_http::request::RequestContext;
use lambda_http::{Body, Request, RequestExt, Response};
use serde_json::{Map, Value};

use crate::service::{ServiceError, accounts::PresentedKey};

/// Bodies larger than this are refused with 400.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// The `X-Api-Key` header as sent.
pub fn api_key(req: &Request) -> PresentedKey<'_> {
    PresentedKey::from_header(req.headers().get("x-api-key"))
}

/// A header's value as text.
pub fn header_str<'a>(req: &'a Request, name: &str) -> Option<&'a str> {
    req.headers().get(name).and_then(|v| v.to_str().ok())
}

/// The id API Gateway gave the request (also written to the logs).
pub fn request_id(req: &Request) -> String {
    match req.request_context_ref() {
        Some(RequestContext::ApiGatewayV2(ctx)) => ctx.request_id.clone(),
        _ => None,
    }
    .or_else(|| req.lambda_context_ref().map(|c| c.request_id.clone()))
    .filter(|id| !id.is_empty())
    .unwrap_or_else(|| "unknown".to_string())
}

/// The client's address as API Gateway saw it (`sourceIp`).
pub fn source_ip(req: &Request) -> Option<String> {
    source_ip_ref(req).map(str::to_string)
}

/// The client's address as every per-address limit counts it (an IPv6 address by its /64).
pub fn client_address(req: &Request) -> crate::domain::ClientAddress {
    crate::domain::ClientAddress::from_source(source_ip_ref(req))
}

fn source_ip_ref(req: &Request) -> Option<&str> {
    match req.request_context_ref() {
        Some(RequestContext::ApiGatewayV2(ctx)) => ctx.http.source_ip.as_deref(),
        _ => None,
    }
}

/// A query string parameter.
pub fn query(req: &Request, name: &str) -> Option<String> {
    req.query_string_parameters_ref()
        .and_then(|q| q.first(name))
        .map(str::to_string)
}

/// A path parameter (as API Gateway extracted it from the route).
pub fn path_param(req: &Request, name: &str) -> Option<String> {
    req.path_parameters_ref()
        .and_then(|p| p.first(name))
        .map(str::to_string)
}

/// The length a request declares in `Content-Length`, if any.
pub fn declared_length(headers: &lambda_http::http::HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok())
}

/// Whether a request's body is over [`MAX_BODY_BYTES`], by what it declares or what arrived
/// (so an oversized request is refused at once, without waiting for its body).
pub fn body_too_large(req: &Request) -> bool {
    let declared = declared_length(req.headers()).unwrap_or(0);
    declared.max(req.body().len() as u64) > MAX_BODY_BYTES as u64
}

/// The body as a JSON object: at most 1 MiB, valid JSON, an object.
pub fn json_object(req: &Request) -> Result<Map<String, Value>, ServiceError> {
    let bytes: &[u8] = req.body().as_ref();
    if body_too_large(req) {
        return Err(ServiceError::BadRequest("Request body must be at most 1 MiB.".into()));
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ServiceError::BadRequest("Request body must be a JSON object.".into()));
    }
    match serde_json::from_slice::<Value>(bytes) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(ServiceError::BadRequest("Request body must be a JSON object.".into())),
        Err(e) => Err(ServiceError::BadRequest(format!(
            "Request body is not valid JSON: {e}."
        ))),
    }
}

/// Removes `field` from a body and returns it as text ([`crate::wire::scalar_text`]).
pub fn take_string(body: &mut Map<String, Value>, field: &str) -> Option<String> {
    body.remove(field).and_then(crate::wire::scalar_text)
}

/// A Lambda body from raw bytes: text when they are UTF-8 (what API Gateway expects of JSON
/// and HTML), binary otherwise, nothing when empty.
pub fn body_of(bytes: &[u8]) -> Body {
    if bytes.is_empty() {
        return Body::Empty;
    }
    match String::from_utf8(bytes.to_vec()) {
        Ok(text) => Body::Text(text),
        Err(e) => Body::Binary(e.into_bytes()),
    }
}

/// A JSON response.
pub fn json_response(status: StatusCode, value: &Value) -> Response<Body> {
    let mut response = Response::new(Body::Text(value.to_string()));
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

/// How the HTTP door reads link requests (percent weights, `clicksLimit: 0` refused), with the
/// service's clock and entropy; the app's editor reads its form the same way.
pub fn drafter(service: &crate::service::Service) -> crate::wire::Drafter<'_> {
    crate::wire::Drafter::new(
        crate::wire::Door::Http,
        service.clock.as_ref(),
        service.entropy.as_ref(),
    )
}

/// What the HTTP API answers when no route matches: 405 with the allowed methods for a known
/// path, else 404.
pub fn unrouted(req: &Request) -> ServiceError {
    let method = req.method().as_str().to_string();
    let path = req.uri().path().to_string();
    let allowed = crate::manifest::allowed_methods(crate::manifest::Api::Service, &path);
    if allowed.is_empty() {
        ServiceError::NoSuchEndpoint { method, path }
    } else {
        ServiceError::MethodNotAllowed { method, path, allowed }
    }
}

/// Refuses a body that still has fields after an endpoint took the ones it knows.
pub fn reject_unknown(body: &Map<String, Value>) -> Result<(), ServiceError> {
    match body.keys().next() {
        Some(field) => Err(crate::domain::Invalid::unknown_field(field.clone()).into()),
        None => Ok(()),
    }
}

/// `RateLimit-Policy` and `RateLimit` (IETF httpapi ratelimit-headers) for a counted request.
pub fn add_rate_headers(headers: &mut lambda_http::http::HeaderMap, status: &crate::service::guards::RateStatus) {
    let fields = [
        ("ratelimit-policy", status.policy_header()),
        ("ratelimit", status.limit_header()),
    ];
    for (name, value) in fields {
        if let Some(value) = value.and_then(|v| HeaderValue::from_str(&v).ok()) {
            headers.insert(HeaderName::from_static(name), value);
        }
    }
}
