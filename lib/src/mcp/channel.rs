//! What passes between the adapter and the server around rmcp, which carries neither: what the
//! adapter admitted (in the HTTP request's extensions, which rmcp hands to the handler), and the
//! meter the server writes back about the answer (so the adapter never reads rmcp's bytes for
//! it).

use std::sync::{Arc, Mutex};

use lambda_http::http::StatusCode;
use rmcp::ErrorData;
use serde_json::Value;

use super::errors::status_of_code;
use crate::domain::Scope;
use crate::service::{ServiceError, accounts::Caller, guards::RateStatus};

/// What the adapter learnt about a request before rmcp saw it.
#[derive(Debug, Clone)]
pub struct Admitted {
    pub caller: Caller,
    /// The service's public origin for this request (where its icons are served).
    pub origin: String,
    /// The id the logs know the request by.
    pub request_id: String,
    /// The JSON-RPC id and method of the message.
    pub id: Value,
    pub method: Option<String>,
    /// Where the server leaves what the answer's status and headers need.
    pub meter: Meter,
}

/// What the answer's status and headers need from inside rmcp, shared between the adapter
/// (which charges every message but a tool call, and writes the headers) and the server
/// (which charges a tool call once its workspace is known, and refuses calls).
#[derive(Debug, Clone, Default)]
pub struct Meter(Arc<Mutex<Reading>>);

/// What a meter holds.
#[derive(Debug, Clone, Default)]
pub struct Reading {
    /// The request's rate-limit status, once it was charged.
    pub rate: Option<RateStatus>,
    /// The HTTP status of an HTTP-level error a tool call was refused with (401, 403, 404,
    /// 429); rmcp answers such an error 200.
    pub status: Option<StatusCode>,
    /// The scope an access token lacks for the tool it called (named in the 403's
    /// `WWW-Authenticate`, so the client can step up).
    pub missing_scope: Option<Scope>,
}

impl Meter {
    /// Records the rate-limit status a charge left.
    pub fn charged(&self, rate: Option<RateStatus>) {
        self.0.lock().expect("meter lock").rate = rate;
    }

    /// Records a tool call's refusal (`err`, answered as `rpc`): the status it asks for, and
    /// the scope it names.
    pub fn refused(&self, err: &ServiceError, rpc: &ErrorData) {
        let mut reading = self.0.lock().expect("meter lock");
        reading.status = status_of_code(i64::from(rpc.code.0)).and_then(|s| StatusCode::from_u16(s).ok());
        reading.missing_scope = match err {
            ServiceError::InsufficientScope(scope) => Scope::parse(scope),
            _ => None,
        };
    }

    pub fn read(&self) -> Reading {
        self.0.lock().expect("meter lock").clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcp::errors::to_rpc;

    fn refused(err: ServiceError) -> Reading {
        let meter = Meter::default();
        meter.refused(&err, &to_rpc(&err, "r1"));
        meter.read()
    }

    #[test]
    fn a_refusal_at_the_http_level_leaves_its_status_and_the_missing_scope() {
        let reading = refused(ServiceError::InsufficientScope("links:write"));
        assert_eq!(reading.status, Some(StatusCode::FORBIDDEN));
        assert_eq!(reading.missing_scope, Some(Scope::LinksWrite));
        assert_eq!(
            refused(ServiceError::WorkspaceNotFound).status,
            Some(StatusCode::NOT_FOUND)
        );
    }

    #[test]
    fn a_refusal_about_the_content_leaves_the_answer_200() {
        let reading = refused(ServiceError::SlugTaken);
        assert_eq!((reading.status, reading.missing_scope), (None, None));
    }
}
