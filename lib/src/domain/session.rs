//! Signed-in sessions of the pages: a random token in a cookie, only its hash stored.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::Email;
use crate::clock::Entropy;
use crate::domain::ids::ObjectId;

/// A session ends after this long without a request.
pub const IDLE_LIFETIME: Duration = Duration::hours(12);
/// A session ends this long after sign-in, however busy.
pub const ABSOLUTE_LIFETIME: Duration = Duration::days(7);
/// How stale `lastSeenAt` may get before a request writes it again (so a busy user does not
/// cost a write per page, and the idle limit is accurate to this).
pub const TOUCH_AFTER: Duration = Duration::minutes(5);

/// 256 random bits, as the cookie carries them (43 base64url characters). Never stored: the
/// table holds only its SHA-256.
#[derive(Clone, PartialEq, Eq)]
pub struct SessionToken(String);

impl std::fmt::Debug for SessionToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SessionToken(..)")
    }
}

impl SessionToken {
    pub fn generate(entropy: &dyn Entropy) -> Self {
        Self(random_token(entropy))
    }

    /// A token as a cookie sent it; `None` for anything that cannot be one of ours.
    pub fn parse(raw: &str) -> Option<Self> {
        (raw.len() == 43 && raw.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
            .then(|| Self(raw.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The SHA-256 (hex) the session is stored under.
    pub fn hash(&self) -> String {
        hex::encode(Sha256::digest(self.0.as_bytes()))
    }
}

/// 256 random bits as 43 base64url characters (no padding).
pub fn random_token(entropy: &dyn Entropy) -> String {
    use base64::Engine;
    let mut bytes = [0u8; 32];
    for chunk in bytes.chunks_mut(8) {
        chunk.copy_from_slice(&entropy.next_u64().to_le_bytes());
    }
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// A signed-in session as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Session {
    pub user_id: ObjectId,
    /// Who signed in (shown on every page, so a page needs no read of the user).
    pub email: Email,
    /// The token every form of this session carries (checked on each state-changing request).
    pub csrf_token: String,
    /// The one-time token of the "generate API key" form: a resubmitted form (reload, back
    /// button) finds it spent and makes no second key.
    pub key_form_token: String,
    pub created_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
}

impl Session {
    pub fn new(user_id: ObjectId, email: Email, now: DateTime<Utc>, entropy: &dyn Entropy) -> Self {
        Self {
            user_id,
            email,
            csrf_token: random_token(entropy),
            key_form_token: random_token(entropy),
            created_at: now,
            last_seen_at: now,
        }
    }

    /// When it ends if no request comes: the earlier of the idle and the absolute limit.
    pub fn expires_at(&self) -> DateTime<Utc> {
        (self.last_seen_at + IDLE_LIFETIME).min(self.created_at + ABSOLUTE_LIFETIME)
    }

    pub fn is_live(&self, now: DateTime<Utc>) -> bool {
        now < self.expires_at()
    }

    /// Whether a request at `now` should record itself (see [`TOUCH_AFTER`]).
    pub fn needs_touch(&self, now: DateTime<Utc>) -> bool {
        now - self.last_seen_at >= TOUCH_AFTER
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::SeededEntropy;

    fn user() -> ObjectId {
        ObjectId::parse(&"a".repeat(24)).unwrap()
    }

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    #[test]
    fn tokens_are_256_bits_of_base64url_and_parse_back() {
        let token = SessionToken::generate(&SeededEntropy::new(3));
        assert_eq!(token.as_str().len(), 43);
        assert_eq!(SessionToken::parse(token.as_str()), Some(token));
    }

    #[test]
    fn anything_else_in_the_cookie_is_no_token() {
        assert_eq!(SessionToken::parse("short"), None);
        assert_eq!(SessionToken::parse(&format!("{}=", "a".repeat(42))), None);
    }

    #[test]
    fn a_session_ends_after_twelve_idle_hours() {
        let session = Session::new(
            user(),
            Email::parse("a@example.com").unwrap(),
            at("2026-11-24T00:00:00Z"),
            &SeededEntropy::new(1),
        );
        assert!(session.is_live(at("2026-11-24T11:59:59Z")));
        assert!(!session.is_live(at("2026-11-24T12:00:00Z")));
    }

    #[test]
    fn a_busy_session_still_ends_seven_days_after_sign_in() {
        let mut session = Session::new(
            user(),
            Email::parse("a@example.com").unwrap(),
            at("2026-11-24T00:00:00Z"),
            &SeededEntropy::new(1),
        );
        session.last_seen_at = at("2026-11-30T23:00:00Z");
        assert_eq!(session.expires_at(), at("2026-12-01T00:00:00Z"));
    }
}
