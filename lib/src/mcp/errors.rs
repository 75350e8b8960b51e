//! Every failure the MCP door answers, mapped in one place: service failures become JSON-RPC
//! errors here, and the HTTP-level ones carry `-31000 − status` so the adapter in front of
//! rmcp can give them their HTTP status.

use rmcp::ErrorData;
use rmcp::model::ErrorCode;
use serde_json::{Value, json};

use crate::service::ServiceError;

/// The JSON-RPC code of a rejection that is HTTP-level (`-31000 − status`: application codes
/// outside the ranges JSON-RPC and MCP reserve): 401 → -31401, 403 → -31403, 404 → -31404,
/// 429 → -31429.
pub const fn http_level(status: u16) -> i32 {
    -31000 - status as i32
}

/// The HTTP status an error code stands for, when it is HTTP-level.
pub fn status_of_code(code: i64) -> Option<u16> {
    [401u16, 403, 404, 429]
        .into_iter()
        .find(|status| i64::from(http_level(*status)) == code)
}

/// A service failure as the MCP door answers it. Authentication, workspace admission and rate
/// limits are HTTP-level (401/403/404/429, with a JSON-RPC error body); validation and business failures
/// are `-32602` carrying the HTTP API's sentence (and its error body as `data`); a fault is
/// `-32603` with only the request id (the cause is logged under it).
pub fn to_rpc(err: &ServiceError, request_id: &str) -> ErrorData {
    use ServiceError::*;
    let body = crate::http::error_body(err, request_id);
    let with_status = |status: u16| ErrorData::new(ErrorCode(http_level(status)), err.to_string(), Some(body.clone()));
    match err {
        MissingApiKey | InvalidApiKey | InvalidAccessToken => with_status(401),
        NoMcpAccess
        | NoHttpAccess
        | NoWorkspaceAccess
        | LicenseExpired
        | WorkspaceSuspended(_)
        | InsufficientScope(_) => with_status(403),
        WorkspaceNotFound => with_status(404),
        RateLimited(_) | TooManyFromAddress { .. } | NewWorkspaceLinksThrottled { .. } => with_status(429),
        Internal(source) => {
            tracing::error!(request_id, error = %crate::telemetry::error_chain(source), "MCP request failed");
            ErrorData::new(
                ErrorCode::INTERNAL_ERROR,
                "Internal error.",
                Some(json!({ "requestId": request_id })),
            )
        }
        // Everything else is about the request's content: validation, business rules, links
        // or scopes the caller cannot use.
        _ => ErrorData::new(ErrorCode::INVALID_PARAMS, err.to_string(), Some(body)),
    }
}

/// A JSON-RPC error message as the adapter sends it for a request refused before rmcp sees
/// it (rmcp's own errors have the same shape).
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct RpcErrorMessage {
    pub jsonrpc: rmcp::model::JsonRpcVersion2_0,
    /// The request's id; `null` when it could not be read (and for a notification).
    pub id: Option<rmcp::model::RequestId>,
    pub error: ErrorData,
}

/// A JSON-RPC error message (the body of an answer refused before rmcp sees the request).
pub fn message(id: &Value, code: i32, text: &str, data: Option<Value>) -> Value {
    let message = RpcErrorMessage {
        jsonrpc: rmcp::model::JsonRpcVersion2_0,
        id: serde_json::from_value(id.clone()).ok(),
        error: ErrorData::new(ErrorCode(code), text.to_string(), data),
    };
    serde_json::to_value(message).expect("an error message encodes as JSON")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn http_level_codes_carry_their_status() {
        assert_eq!(http_level(401), -31401);
        assert_eq!(status_of_code(-31404), Some(404));
        assert_eq!(status_of_code(-32602), None);
    }

    #[test]
    fn a_business_failure_is_invalid_params_with_the_http_sentence_and_body() {
        let e = to_rpc(&ServiceError::SlugTaken, "r1");
        assert_eq!(e.code, ErrorCode::INVALID_PARAMS);
        assert_eq!(e.message, "This slug is already taken.");
        assert_eq!(
            e.data,
            Some(json!({ "error": "This slug is already taken.", "field": "slug" }))
        );
    }

    #[test]
    fn a_licence_failure_is_http_level_403_and_shows_the_flag() {
        let e = to_rpc(&ServiceError::LicenseExpired, "r1");
        assert_eq!(e.code, ErrorCode(-31403));
        assert_eq!(e.data.unwrap()["licenseExpired"], true);
    }
}
