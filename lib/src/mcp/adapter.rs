//! In front of rmcp: a request is admitted (see `admission`), handed to rmcp with what was
//! admitted, and rmcp's answer gets what the contract adds: the status of an HTTP-level error
//! a tool raised (`-31403`, `-31404`, …) and its challenge, the rate-limit headers (both from
//! the request's meter, not from rmcp's bytes), JSON for a refusal rmcp words in plain text,
//! and the method named in a "method not found".

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use lambda_http::http::{HeaderMap, HeaderValue, StatusCode, header};
use lambda_http::{Body, Request, Response};
use serde_json::{Value, json};

use super::channel::Admitted;
use super::{Endpoint, errors};
use crate::domain::Scope;
use crate::http::{add_rate_headers, body_of};
use crate::service::guards::RateStatus;

impl Endpoint {
    /// Answers one HTTP request.
    pub async fn handle(&self, req: Request) -> Response<Body> {
        match self.admit(&req).await {
            Ok(admitted) => self.serve(req, admitted).await,
            Err(refusal) => refusal.into_response(),
        }
    }

    /// The `WWW-Authenticate` of a 403 for a tool outside an access token's scopes (RFC 6750
    /// §3.1): the scopes to ask for (those granted plus the one needed, so stepping up loses
    /// nothing), and where the metadata is.
    fn scope_challenge(&self, metadata: &str, admitted: &Admitted, needed: Scope) -> String {
        let scopes = admitted.caller.scopes().with(needed);
        format!("Bearer error=\"insufficient_scope\", scope=\"{scopes}\", resource_metadata=\"{metadata}\"")
    }

    /// Hands an admitted request to rmcp (with what was admitted in its extensions) and gives
    /// its answer the status an HTTP-level error asks for, as the server metered it.
    async fn serve(&self, req: Request, admitted: Admitted) -> Response<Body> {
        let metadata = self.resource_metadata(&req);
        let (mut parts, body) = req.into_parts();
        parts.extensions.insert(admitted.clone());
        parts
            .headers
            .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        parts.headers.insert(
            header::ACCEPT,
            HeaderValue::from_static("application/json, text/event-stream"),
        );
        let bytes = Bytes::copy_from_slice(body.as_ref());
        let response = self
            .rmcp
            .handle(lambda_http::http::Request::from_parts(parts, Full::new(bytes)))
            .await;
        let (mut parts, body) = response.into_parts();
        let mut bytes = match body.collect().await {
            Ok(collected) => collected.to_bytes(),
            Err(never) => match never {},
        };
        // rmcp answers 415 when the message is JSON but not one it can read (an empty method,
        // params that are not an object, a known method with malformed params). The body was
        // sent, and is read, as JSON: the request is invalid, not of an unsupported type.
        if parts.status == StatusCode::UNSUPPORTED_MEDIA_TYPE {
            parts.status = StatusCode::BAD_REQUEST;
        }
        let is_json = parts
            .headers
            .get(header::CONTENT_TYPE)
            .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
        let reading = admitted.meter.read();
        if is_json {
            if let Some(status) = reading.status {
                parts.status = status;
                if let Some(scope) = reading.missing_scope
                    && let Ok(value) = HeaderValue::from_str(&self.scope_challenge(&metadata, &admitted, scope))
                {
                    parts.headers.insert(header::WWW_AUTHENTICATE, value);
                }
            }
            // The one answer read back: rmcp's "method not found" names the method bare. A tool
            // call's answer (the one that can be large) is the server's own, and never that.
            if let Some(method) = admitted.method.as_deref().filter(|m| *m != "tools/call")
                && let Some(named) = name_the_missing_method(&bytes, method)
            {
                bytes = named;
            }
        } else if parts.status.is_client_error() || parts.status.is_server_error() {
            // Every answer is JSON: a refusal rmcp words in plain text becomes a JSON-RPC error.
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let code = rmcp::model::ErrorCode::INVALID_REQUEST.0;
            bytes = Bytes::from(errors::message(&admitted.id, code, &text, None).to_string());
            parts
                .headers
                .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        }
        if let Some(rate) = &reading.rate {
            rate_headers(&mut parts.headers, parts.status, rate);
        }
        let body = body_of(&bytes);
        Response::from_parts(parts, body)
    }
}

/// The rate-limit headers of an answer, and `Retry-After` on a 429.
pub(super) fn rate_headers(headers: &mut HeaderMap, status: StatusCode, rate: &RateStatus) {
    add_rate_headers(headers, rate);
    if status == StatusCode::TOO_MANY_REQUESTS {
        headers.insert(header::RETRY_AFTER, HeaderValue::from(rate.reset_after));
    }
}

/// A "method not found" error says which method, in a sentence. Only an answer that holds the
/// error's code at all is parsed (rmcp writes it as a bare number), so other answers are
/// scanned, never decoded.
fn name_the_missing_method(body: &[u8], method: &str) -> Option<Bytes> {
    let code = rmcp::model::ErrorCode::METHOD_NOT_FOUND.0.to_string();
    if !body.windows(code.len()).any(|w| w == code.as_bytes()) {
        return None;
    }
    let mut message: Value = serde_json::from_slice(body).ok()?;
    let error = message.get_mut("error")?;
    if error.get("code")?.as_i64()? != i64::from(rmcp::model::ErrorCode::METHOD_NOT_FOUND.0) {
        return None;
    }
    error["message"] = json!(format!("Method not found: {method}."));
    Some(Bytes::from(message.to_string()))
}
