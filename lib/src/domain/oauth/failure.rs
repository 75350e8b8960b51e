//! A refusal in the words of the OAuth RFCs: an error code (RFC 6749 §4.1.2.1 and §5.2,
//! RFC 7591 §3.2.2, RFC 8707 §2, RFC 7009) and a sentence saying what to change.

/// The `error` codes this authorization server answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OAuthCode {
    InvalidRequest,
    InvalidClient,
    InvalidGrant,
    UnauthorizedClient,
    UnsupportedGrantType,
    UnsupportedResponseType,
    InvalidScope,
    InvalidTarget,
    AccessDenied,
    InvalidRedirectUri,
    InvalidClientMetadata,
    TemporarilyUnavailable,
}

impl OAuthCode {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::InvalidRequest => "invalid_request",
            Self::InvalidClient => "invalid_client",
            Self::InvalidGrant => "invalid_grant",
            Self::UnauthorizedClient => "unauthorized_client",
            Self::UnsupportedGrantType => "unsupported_grant_type",
            Self::UnsupportedResponseType => "unsupported_response_type",
            Self::InvalidScope => "invalid_scope",
            Self::InvalidTarget => "invalid_target",
            Self::AccessDenied => "access_denied",
            Self::InvalidRedirectUri => "invalid_redirect_uri",
            Self::InvalidClientMetadata => "invalid_client_metadata",
            Self::TemporarilyUnavailable => "temporarily_unavailable",
        }
    }
}

/// One refusal: its code and its `error_description`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{description}")]
pub struct OAuthFailure {
    pub code: OAuthCode,
    pub description: String,
    /// Seconds to wait before trying again (registration rate limit).
    pub retry_after: Option<u64>,
}

impl OAuthFailure {
    pub fn new(code: OAuthCode, description: impl Into<String>) -> Self {
        Self {
            code,
            description: description.into(),
            retry_after: None,
        }
    }

    pub fn invalid_request(description: impl Into<String>) -> Self {
        Self::new(OAuthCode::InvalidRequest, description)
    }

    pub fn invalid_grant(description: impl Into<String>) -> Self {
        Self::new(OAuthCode::InvalidGrant, description)
    }

    pub fn invalid_client(description: impl Into<String>) -> Self {
        Self::new(OAuthCode::InvalidClient, description)
    }
}
