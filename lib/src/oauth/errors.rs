//! Every failure the OAuth endpoints answer, in one place: an RFC error code becomes its
//! status (RFC 6749 §5.2: `invalid_client` 401, the rest 400; the registration rate limit 429)
//! and the body `{ "error": code, "error_description": sentence }`. A fault is a 500 whose
//! body says only `server_error` and the request id it is logged under.

use lambda_http::http::{HeaderValue, StatusCode, header};
use lambda_http::{Body, Response};
use serde_json::json;

use crate::domain::oauth::{OAuthCode, OAuthFailure};
use crate::http::oauth_status as status_of;
use crate::service::ServiceError;

/// A JSON answer of the OAuth endpoints: never cached (RFC 6749 §5.1), readable from browser
/// clients (no cookies are involved).
pub fn json(status: StatusCode, value: &serde_json::Value) -> Response<Body> {
    let mut response = crate::http::json_response(status, value);
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::PRAGMA, HeaderValue::from_static("no-cache"));
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    response
}

/// The answer to a failed OAuth request. `basic` says whether the client tried
/// `Authorization: Basic` (then a 401 challenges it, RFC 6749 §5.2).
pub fn error_response(err: &ServiceError, request_id: &str, basic: bool) -> Response<Body> {
    let failure = match err {
        ServiceError::OAuth(failure) => failure.clone(),
        ServiceError::Internal(source) => {
            tracing::error!(request_id, error = %crate::telemetry::error_chain(source), "OAuth request failed");
            let body =
                json!({ "error": "server_error", "error_description": "Internal error.", "requestId": request_id });
            return json(StatusCode::INTERNAL_SERVER_ERROR, &body);
        }
        ServiceError::Contention => OAuthFailure::new(OAuthCode::TemporarilyUnavailable, err.to_string()),
        other => OAuthFailure::invalid_request(other.to_string()),
    };
    let status = status_of(&failure);
    let mut response = json(
        status,
        &json!({ "error": failure.code.as_str(), "error_description": failure.description }),
    );
    let headers = response.headers_mut();
    if status == StatusCode::UNAUTHORIZED && basic {
        headers.insert(
            header::WWW_AUTHENTICATE,
            HeaderValue::from_static("Basic realm=\"smartlinks\""),
        );
    }
    if let Some(wait) = failure.retry_after {
        headers.insert(header::RETRY_AFTER, HeaderValue::from(wait));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(response: &Response<Body>) -> serde_json::Value {
        match response.body() {
            Body::Text(text) => serde_json::from_str(text).unwrap(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_rfc_failure_is_its_code_and_sentence_never_cached() {
        let err = ServiceError::OAuth(OAuthFailure::invalid_grant("The code is gone."));
        let response = error_response(&err, "r1", false);
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        assert_eq!(
            body(&response),
            json!({ "error": "invalid_grant", "error_description": "The code is gone." })
        );
        assert_eq!(response.headers()["cache-control"], "no-store");
    }

    #[test]
    fn invalid_client_is_401_and_challenges_basic_only_when_it_was_tried() {
        let err = ServiceError::OAuth(OAuthFailure::invalid_client("Wrong secret."));
        assert_eq!(
            error_response(&err, "r", true).headers()["www-authenticate"],
            "Basic realm=\"smartlinks\""
        );
        let response = error_response(&err, "r", false);
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        assert!(!response.headers().contains_key("www-authenticate"));
    }
}
