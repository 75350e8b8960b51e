//! Every failure the MCP door answers, and how: HTTP status, JSON-RPC code, message and
//! data. Service failures are mapped here and only here.

use lambda_http::http::StatusCode;
use lib::service::ServiceError;
use serde_json::{Value, json};

/// JSON-RPC 2.0 and MCP error codes.
pub mod code {
    pub const PARSE_ERROR: i64 = -32700;
    pub const INVALID_REQUEST: i64 = -32600;
    pub const METHOD_NOT_FOUND: i64 = -32601;
    pub const INVALID_PARAMS: i64 = -32602;
    pub const INTERNAL_ERROR: i64 = -32603;
    /// MCP 2026-07-28: HTTP headers disagree with the body, or a required one is missing.
    pub const HEADER_MISMATCH: i64 = -32020;
    /// MCP 2026-07-28: the requested protocol version is not served here.
    pub const UNSUPPORTED_PROTOCOL_VERSION: i64 = -32022;
    /// Rejections before any method runs carry `-31000 - <HTTP status>` (application range,
    /// outside the codes JSON-RPC and MCP reserve): 401 → -31401, 403 → -31403, 404 → -31404.
    pub const fn http(status: u16) -> i64 {
        -31000 - status as i64
    }
}

/// An answer that is not a result: the HTTP status it travels with and the JSON-RPC error.
#[derive(Debug, Clone, PartialEq)]
pub struct RpcError {
    pub status: StatusCode,
    pub code: i64,
    pub message: String,
    pub data: Option<Value>,
    /// A 401 names where OAuth clients find the protected-resource metadata.
    pub challenge: bool,
}

impl RpcError {
    pub fn new(status: StatusCode, code: i64, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            data: None,
            challenge: false,
        }
    }

    pub fn with_data(mut self, data: Value) -> Self {
        self.data = Some(data);
        self
    }

    pub fn parse(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code::PARSE_ERROR, message)
    }

    pub fn invalid_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code::INVALID_REQUEST, message)
    }

    /// Bad arguments (200: the request itself was well-formed).
    pub fn invalid_params(message: impl Into<String>) -> Self {
        Self::new(StatusCode::OK, code::INVALID_PARAMS, message)
    }

    pub fn header_mismatch(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code::HEADER_MISMATCH, message)
    }

    pub fn unsupported_version(requested: &str, supported: &[&str]) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            code::UNSUPPORTED_PROTOCOL_VERSION,
            format!(
                "Unsupported protocol version {requested:?}; this server speaks {}.",
                supported.join(", ")
            ),
        )
        .with_data(json!({ "supported": supported, "requested": requested }))
    }

    pub fn method_not_found(method: &str, status: StatusCode) -> Self {
        Self::new(status, code::METHOD_NOT_FOUND, format!("Method not found: {method}."))
    }

    /// A service failure as the MCP door answers it. Authentication and workspace admission
    /// are HTTP-level (401/403/404, with a JSON-RPC error body); validation and business
    /// failures are `-32602` carrying the HTTP API's sentence (and its body as `data`); a
    /// fault is `-32603` with only the request id.
    pub fn from_service(err: &ServiceError, request_id: &str) -> Self {
        use ServiceError::*;
        let http_body = lib::http::error_body(err, request_id);
        let http_level = |status: StatusCode| {
            Self::new(status, code::http(status.as_u16()), err.to_string()).with_data(http_body.clone())
        };
        match err {
            MissingApiKey | InvalidApiKey => Self {
                challenge: true,
                ..http_level(StatusCode::UNAUTHORIZED)
            },
            NoMcpAccess | NoHttpAccess | NoWorkspaceAccess | LicenseExpired => http_level(StatusCode::FORBIDDEN),
            WorkspaceNotFound => http_level(StatusCode::NOT_FOUND),
            Internal(source) => {
                tracing::error!(request_id, error = %lib::http::error_chain(source), "MCP request failed");
                Self::new(StatusCode::OK, code::INTERNAL_ERROR, "Internal error.")
                    .with_data(json!({ "requestId": request_id }))
            }
            // Everything else is about the request's content: validation, business rules,
            // links or scopes the caller cannot use.
            _ => Self::invalid_params(err.to_string()).with_data(http_body),
        }
    }

    /// The JSON-RPC error object.
    pub fn to_json(&self) -> Value {
        let mut error = json!({ "code": self.code, "message": self.message });
        if let Some(data) = &self.data {
            error["data"] = data.clone();
        }
        error
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lib::domain::Invalid;

    #[test]
    fn a_missing_key_is_a_401_with_a_challenge() {
        let e = RpcError::from_service(&ServiceError::MissingApiKey, "r");
        assert_eq!(
            (e.status, e.code, e.challenge),
            (StatusCode::UNAUTHORIZED, -31401, true)
        );
        assert_eq!(e.message, "API key is required. Pass it in the X-Api-Key header.");
    }

    #[test]
    fn a_key_without_mcp_scopes_is_a_403() {
        let e = RpcError::from_service(&ServiceError::NoMcpAccess, "r");
        assert_eq!((e.status, e.code), (StatusCode::FORBIDDEN, -31403));
    }

    #[test]
    fn an_unknown_workspace_is_a_404() {
        let e = RpcError::from_service(&ServiceError::WorkspaceNotFound, "r");
        assert_eq!((e.status, e.code), (StatusCode::NOT_FOUND, -31404));
    }

    #[test]
    fn a_validation_failure_is_invalid_params_with_the_http_sentence_and_field() {
        let invalid = Invalid::new("expirationDate", "expirationDate must be in the future.");
        let e = RpcError::from_service(&ServiceError::Invalid(invalid), "r");
        assert_eq!((e.status, e.code), (StatusCode::OK, -32602));
        assert_eq!(e.message, "expirationDate must be in the future.");
        assert_eq!(
            e.data,
            Some(json!({ "error": "expirationDate must be in the future.", "field": "expirationDate" }))
        );
    }

    #[test]
    fn a_taken_slug_is_invalid_params() {
        let e = RpcError::from_service(&ServiceError::SlugTaken, "r");
        assert_eq!((e.code, e.message.as_str()), (-32602, "This slug is already taken."));
    }

    #[test]
    fn a_fault_is_an_internal_error_without_internals() {
        let e = RpcError::from_service(
            &ServiceError::Internal(lib::store::StoreError::Contention("secret table detail")),
            "req-1",
        );
        assert_eq!((e.status, e.code), (StatusCode::OK, -32603));
        assert_eq!(
            e.to_json(),
            json!({ "code": -32603, "message": "Internal error.", "data": { "requestId": "req-1" } })
        );
    }
}
