//! The OAuth 2.1 authorization server's domain: redirect URIs, PKCE, scopes, client metadata,
//! the records it stores, how long each lives, and its failures in the RFCs' words.

mod client;
mod failure;
mod pkce;
mod records;
mod redirect;

pub use client::{ClientAuthMethod, ClientMetadata, MAX_CLIENT_NAME_CHARS, MAX_REDIRECT_URIS, ScopeSet, client_name};
pub use failure::{OAuthCode, OAuthFailure};
pub use pkce::CodeChallenge;
pub use records::{
    AccessToken, AuthorizationCode, ClientSummary, Grant, GrantTerms, PendingAuthorization, RefreshToken,
    RegisteredClient,
};
pub use redirect::{RedirectKind, RedirectUri};

use chrono::Duration;
use sha2::{Digest, Sha256};

use crate::clock::Entropy;

/// How long a person has to answer the consent page.
pub const REQUEST_LIFETIME: Duration = Duration::minutes(10);
/// How long an authorization code may be exchanged.
pub const CODE_LIFETIME: Duration = Duration::seconds(60);
/// How long a code is remembered after it is issued, so a late replay still revokes its grant.
pub const CODE_MEMORY: Duration = Duration::hours(1);
/// How long an access token works.
pub const ACCESS_LIFETIME: Duration = Duration::hours(1);
/// How long a refresh token works; each use replaces it with a new one of the same lifetime.
pub const REFRESH_LIFETIME: Duration = Duration::days(30);
/// A registration nobody has used within this long is forgotten.
pub const UNUSED_REGISTRATION_LIFETIME: Duration = Duration::hours(24);
/// A used registration lives this long after its last use (longer than any of its grants).
pub const USED_REGISTRATION_LIFETIME: Duration = Duration::days(31);
/// `lastUsedAt` of a grant is written at most this often.
pub const LAST_USED_RESOLUTION: Duration = Duration::minutes(5);

/// The prefixes of what this server hands out: they tell the kinds apart (and from API keys,
/// `slk_`) in logs and secret scanners; the rest is 256 random bits.
pub const CLIENT_ID_PREFIX: &str = "slc_";
pub const CLIENT_SECRET_PREFIX: &str = "slcs_";
pub const CODE_PREFIX: &str = "slac_";
pub const ACCESS_TOKEN_PREFIX: &str = "slat_";
pub const REFRESH_TOKEN_PREFIX: &str = "slrt_";

/// A fresh opaque secret: `prefix` and 256 random bits (base64url).
pub fn opaque_secret(prefix: &str, entropy: &dyn Entropy) -> String {
    format!("{prefix}{}", crate::domain::random_token(entropy))
}

/// The SHA-256 (hex) a token, code, client id or secret is stored under; never the value.
pub fn stored_hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}
