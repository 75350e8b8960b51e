//! The HTTP door's shared adapter code: reading requests as API Gateway delivers them,
//! and turning service outcomes into responses. Expected failures become their contract
//! status and body here, and only here.

use std::future::Future;

use lambda_http::http::{HeaderValue, StatusCode, header};
use lambda_http::request::RequestContext;
use lambda_http::{Body, Request, RequestExt, Response};
use serde_json::{Map, Value, json};

use crate::service::{PresentedKey, ServiceError};

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
    match req.request_context_ref() {
        Some(RequestContext::ApiGatewayV2(ctx)) => ctx.http.source_ip.clone(),
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

/// Removes `field` from a body and returns it as text (a non-string value is returned as
/// its JSON text, so that it fails format checks instead of passing as absent).
pub fn take_string(body: &mut Map<String, Value>, field: &str) -> Option<String> {
    match body.remove(field)? {
        Value::Null => None,
        Value::String(s) => Some(s),
        other => Some(other.to_string()),
    }
}

/// A JSON response.
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

pub fn json_response(status: StatusCode, value: &Value) -> Response<Body> {
    let mut response = Response::new(Body::Text(value.to_string()));
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

/// 200 with a service result as the JSON body.
pub fn ok(value: &impl serde::Serialize) -> Response<Body> {
    let mut response = Response::new(Body::Text(
        serde_json::to_string(value).expect("service results encode as JSON"),
    ));
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

/// The status an expected failure is answered with.
pub fn status_of(err: &ServiceError) -> StatusCode {
    use ServiceError::*;
    match err {
        MissingApiKey | InvalidApiKey => StatusCode::UNAUTHORIZED,
        NoHttpAccess
        | NoMcpAccess
        | MissingScope(_)
        | NoWorkspaceAccess
        | LicenseExpired
        | QuotaExceeded { .. }
        | NoLinkPermission(_) => StatusCode::FORBIDDEN,
        WorkspaceNotFound | LinkNotFound | LinkNotInWorkspace => StatusCode::NOT_FOUND,
        NotOwnerOrManager => StatusCode::FORBIDDEN,
        InvalidAnalyticsLinkId => StatusCode::BAD_REQUEST,
        SlugTaken | LinkChangedConcurrently | Contention => StatusCode::CONFLICT,
        NoSuchEndpoint { .. } => StatusCode::NOT_FOUND,
        MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
        BadRequest(_) | WorkspaceIdRequired | InvalidWorkspaceId | Invalid(_) | DomainNotAvailable | LinkIdRequired
        | InvalidLinkId | BulkEmpty | BulkTooLarge => StatusCode::BAD_REQUEST,
        IncorrectSignIn | NotSignedIn => StatusCode::UNAUTHORIZED,
        SignInLocked { .. } => StatusCode::TOO_MANY_REQUESTS,
        FormExpired => StatusCode::FORBIDDEN,
        KeyFormSpent => StatusCode::CONFLICT,
        UserNotFound => StatusCode::NOT_FOUND,
        InvalidAccessToken => StatusCode::UNAUTHORIZED,
        InsufficientScope(_) => StatusCode::FORBIDDEN,
        OAuth(failure) => crate::oauth::errors::status_of(failure),
        Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// The JSON body of an error: `error`, `field` when one input is at fault, and the
/// contract's flags.
pub fn error_body(err: &ServiceError, request_id: &str) -> Value {
    let mut body = Map::new();
    match err {
        ServiceError::Internal(_) => {
            body.insert("error".into(), json!("Internal server error."));
            body.insert("requestId".into(), json!(request_id));
        }
        _ => {
            body.insert("error".into(), json!(err.to_string()));
        }
    }
    if let Some(field) = err.field() {
        body.insert("field".into(), json!(field));
    }
    match err {
        ServiceError::LicenseExpired => {
            body.insert("licenseExpired".into(), json!(true));
        }
        ServiceError::InsufficientScope(scope) => {
            body.insert("scope".into(), json!(scope));
        }
        ServiceError::QuotaExceeded {
            resource,
            limit,
            current,
        } => {
            body.insert("licenseLimitReached".into(), json!(true));
            body.insert("resource".into(), json!(resource.as_str()));
            body.insert("limit".into(), json!(limit));
            body.insert("current".into(), json!(current));
        }
        _ => {}
    }
    Value::Object(body)
}

/// The response for a failure; internal ones are logged with their whole source chain.
pub fn error_response(err: &ServiceError, request_id: &str) -> Response<Body> {
    if let ServiceError::Internal(source) = err {
        tracing::error!(request_id, error = %error_chain(source), "request failed");
    }
    let mut response = json_response(status_of(err), &error_body(err, request_id));
    if let ServiceError::MethodNotAllowed { allowed, .. } = err
        && let Ok(value) = HeaderValue::from_str(&allowed.join(", "))
    {
        response.headers_mut().insert(header::ALLOW, value);
    }
    response
}

/// `a: b: c` for an error and its sources.
pub fn error_chain(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// Runs a handler body, answering its failure as the contract says. Never returns `Err`:
/// infrastructure failures become an opaque 500 carrying the request id. `HEAD` gets the
/// answer `GET` would get, without its body.
pub async fn respond<F>(req: &Request, work: F) -> Result<Response<Body>, lambda_http::Error>
where
    F: Future<Output = Result<Response<Body>, ServiceError>>,
{
    let mut response = match work.await {
        Ok(response) => response,
        Err(err) => error_response(&err, &request_id(req)),
    };
    if req.method() == lambda_http::http::Method::HEAD {
        *response.body_mut() = Body::Empty;
    }
    Ok(response)
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

/// The common start of every JSON-body endpoint, in the contract's order: key present and
/// valid (with HTTP API access), body parsed, then workspace admitted. Returns the access
/// and the rest of the body (without `workspaceId`).
pub async fn open_json(
    service: &crate::service::Service,
    req: &Request,
) -> Result<(crate::service::Access, Map<String, Value>), ServiceError> {
    let caller = service.authenticate_http(api_key(req)).await?;
    let mut body = json_object(req)?;
    let workspace = take_string(&mut body, "workspaceId");
    let access = service.open_workspace(caller, workspace.as_deref()).await?;
    Ok((access, body))
}

/// The common start of every GET endpoint, in the contract's order: key present and valid
/// (with HTTP API access), then the workspace named by the `workspaceId` query parameter.
pub async fn open_query(
    service: &crate::service::Service,
    req: &Request,
) -> Result<crate::service::Access, ServiceError> {
    let caller = service.authenticate_http(api_key(req)).await?;
    service
        .open_workspace(caller, query(req, "workspaceId").as_deref())
        .await
}

/// Refuses a body that still has fields after an endpoint took the ones it knows.
pub fn reject_unknown(body: &Map<String, Value>) -> Result<(), ServiceError> {
    match body.keys().next() {
        Some(field) => Err(crate::domain::Invalid::unknown_field(field.clone()).into()),
        None => Ok(()),
    }
}
