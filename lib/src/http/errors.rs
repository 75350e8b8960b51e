//! The one place the HTTP door turns a failure into the contract's status and body.

use lambda_http::http::{HeaderValue, StatusCode, header};
use lambda_http::{Body, Response};
use serde::Serialize;
use serde_json::Value;

use super::json_response;
use crate::service::ServiceError;

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
        | WorkspaceSuspended(_)
        | QuotaExceeded { .. }
        | NoLinkPermission(_) => StatusCode::FORBIDDEN,
        WorkspaceNotFound | LinkNotFound | LinkNotInWorkspace | ClickNotFound => StatusCode::NOT_FOUND,
        NotOwnerOrManager | OnlyOwnerSetsLocation | OnlyOwnerOrManagerSetsHealthChecks => StatusCode::FORBIDDEN,
        SlugTaken | LinkChangedConcurrently | Contention | IdempotencyInProgress => StatusCode::CONFLICT,
        LinkHeldByOperator { .. } => StatusCode::CONFLICT,
        IdempotencyKeyReused => StatusCode::UNPROCESSABLE_ENTITY,
        RateLimited(_) | NewWorkspaceLinksThrottled { .. } => StatusCode::TOO_MANY_REQUESTS,
        NoSuchEndpoint { .. } => StatusCode::NOT_FOUND,
        MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
        BadRequest(_)
        | BadId(_)
        | Invalid(_)
        | DomainNotAvailable
        | BulkEmpty
        | BulkTooLarge
        | BulkTaskTooLarge
        | InvalidIdempotencyKey
        | ConversionTrackingOff
        | OutsideAttributionWindow { .. } => StatusCode::BAD_REQUEST,
        QrUnavailable(_) => StatusCode::UNPROCESSABLE_ENTITY,
        IncorrectSignIn | NotSignedIn => StatusCode::UNAUTHORIZED,
        SignInLocked { .. } | TooManyFromAddress { .. } => StatusCode::TOO_MANY_REQUESTS,
        FormExpired => StatusCode::FORBIDDEN,
        KeyFormSpent => StatusCode::CONFLICT,
        UserNotFound => StatusCode::NOT_FOUND,
        InvalidAccessToken => StatusCode::UNAUTHORIZED,
        InsufficientScope(_) => StatusCode::FORBIDDEN,
        OAuth(failure) => oauth_status(failure),
        Team(_) | InvitationForSomeoneElse | EmailNotVerified => StatusCode::FORBIDDEN,
        MemberNotFound | InvitationNotFound | SignUpClosed => StatusCode::NOT_FOUND,
        InvitationDead(crate::domain::InvitationDead::Unknown) => StatusCode::NOT_FOUND,
        InvitationDead(_) | AccountLinkDead => StatusCode::GONE,
        AlreadyMember(_) | InvitationPending(_) | TooManyInvitations(_) | TeamChanged => StatusCode::CONFLICT,
        TooManyMails { .. } => StatusCode::TOO_MANY_REQUESTS,
        WrongCurrentPassword | VisitorHashNotExported => StatusCode::BAD_REQUEST,
        TagsClosed | DomainsClosed | UtmTemplatesClosed | WebhooksClosed | ImportsClosed => StatusCode::FORBIDDEN,
        TagNotFound | DomainNotFound(_) | UtmTemplateNotFound | WebhookNotFound | ImportNotFound | TaskNotFound => {
            StatusCode::NOT_FOUND
        }
        ImportBlocked(_)
        | TagNameTaken(_)
        | UtmTemplateNameTaken(_)
        | DomainHeldElsewhere(_)
        | DomainAlreadyAdded(_)
        | DomainInUse { .. } => StatusCode::CONFLICT,
        Internal(_) | MailFailed(_) | QueueFailed(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// The status an OAuth failure is answered with at the JSON endpoints.
pub fn oauth_status(failure: &crate::domain::oauth::OAuthFailure) -> StatusCode {
    match failure.code {
        crate::domain::oauth::OAuthCode::InvalidClient => StatusCode::UNAUTHORIZED,
        crate::domain::oauth::OAuthCode::TemporarilyUnavailable => StatusCode::TOO_MANY_REQUESTS,
        _ => StatusCode::BAD_REQUEST,
    }
}

/// Which plan quota a `licenseLimitReached` answer is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum QuotaName {
    Links,
    Rules,
}

/// Every error of the HTTP API (and the `data` of the MCP door's errors): a sentence, the
/// input at fault when one is, and the contract's flags.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// What went wrong, and what to change, in a sentence.
    pub error: String,
    /// The input at fault: a body path such as `rules[1].city`, a query parameter, or the
    /// `Idempotency-Key` header.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// Only on 500: the id the logs know the request by.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// `true` when the workspace's licence has expired (403).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub license_expired: Option<bool>,
    /// `true` when a plan quota would be exceeded (403), with `resource`, `limit` and `current`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub license_limit_reached: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource: Option<QuotaName>,
    /// The plan's limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
    /// Links the workspace has, or rules the request asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current: Option<u64>,
    /// The scope an access token lacks (MCP over OAuth, 403).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
}

impl ErrorBody {
    /// The body a failure is answered with (a fault shows only `request_id`).
    pub fn of(err: &ServiceError, request_id: &str) -> Self {
        let mut body = Self {
            error: err.to_string(),
            field: err.field().map(str::to_string),
            request_id: None,
            license_expired: None,
            license_limit_reached: None,
            resource: None,
            limit: None,
            current: None,
            scope: None,
        };
        match err {
            ServiceError::Internal(_) | ServiceError::MailFailed(_) | ServiceError::QueueFailed(_) => {
                body.error = "Internal server error.".into();
                body.request_id = Some(request_id.to_string());
            }
            ServiceError::LicenseExpired => body.license_expired = Some(true),
            ServiceError::InsufficientScope(scope) => body.scope = Some((*scope).to_string()),
            ServiceError::QuotaExceeded {
                resource,
                limit,
                current,
            } => {
                body.license_limit_reached = Some(true);
                body.resource = Some(match resource {
                    crate::service::QuotaResource::Links => QuotaName::Links,
                    crate::service::QuotaResource::Rules => QuotaName::Rules,
                });
                body.limit = Some(*limit);
                body.current = Some(*current);
            }
            _ => {}
        }
        body
    }
}

/// The JSON body of an error.
pub fn error_body(err: &ServiceError, request_id: &str) -> Value {
    serde_json::to_value(ErrorBody::of(err, request_id)).expect("an error body encodes as JSON")
}

/// The response for a failure; internal ones are logged with their whole source chain.
pub fn error_response(err: &ServiceError, request_id: &str) -> Response<Body> {
    if matches!(
        err,
        ServiceError::Internal(_) | ServiceError::MailFailed(_) | ServiceError::QueueFailed(_)
    ) {
        tracing::error!(request_id, error = %crate::telemetry::error_chain(err), "request failed");
    }
    let mut response = json_response(status_of(err), &error_body(err, request_id));
    let headers = response.headers_mut();
    match err {
        ServiceError::MethodNotAllowed { allowed, .. } => {
            if let Ok(value) = HeaderValue::from_str(&allowed.join(", ")) {
                headers.insert(header::ALLOW, value);
            }
        }
        ServiceError::RateLimited(limited) => {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(limited.retry_after));
        }
        ServiceError::TooManyFromAddress { retry_after }
        | ServiceError::NewWorkspaceLinksThrottled { retry_after, .. } => {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(*retry_after));
        }
        _ => {}
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_quota_failure_carries_its_flag_resource_limit_and_current() {
        let err = ServiceError::QuotaExceeded {
            resource: crate::service::QuotaResource::Rules,
            limit: 20,
            current: 21,
        };
        assert_eq!(
            error_body(&err, "r"),
            json!({ "error": "The workspace plan allows at most 20 rules per link.", "licenseLimitReached": true,
                    "resource": "rules", "limit": 20, "current": 21 })
        );
    }

    #[test]
    fn a_fault_shows_only_the_request_id() {
        let err = ServiceError::Internal(crate::service::StoreError::Contention("x"));
        assert_eq!(
            error_body(&err, "req-1"),
            json!({ "error": "Internal server error.", "requestId": "req-1" })
        );
    }
}
