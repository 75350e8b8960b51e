//! Links mailed to people that work once: invitations to a workspace, password resets and
//! e-mail verifications. A token is the stored item's id (24 hex characters) and 256 random
//! bits (43 base64url characters): the id finds the item, and the item keeps only the SHA-256
//! of the secret, compared in constant time. A token shows nothing of its owner.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::{Email, Role, random_token};
use crate::clock::Entropy;
use crate::domain::ids::ObjectId;

/// How long an invitation link works.
pub const INVITATION_LIFETIME: Duration = Duration::days(7);
/// How long a password-reset link works.
pub const RESET_LIFETIME: Duration = Duration::hours(1);
/// How long an e-mail verification link works.
pub const VERIFICATION_LIFETIME: Duration = Duration::days(3);

const ID_CHARS: usize = 24;
const SECRET_CHARS: usize = 43;

/// A one-time token as a link carries it.
#[derive(Clone, PartialEq, Eq)]
pub struct OneTimeToken {
    id: ObjectId,
    secret: String,
}

impl std::fmt::Debug for OneTimeToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OneTimeToken({}, ..)", self.id)
    }
}

impl OneTimeToken {
    /// A new token for the item `id`.
    pub fn generate(id: ObjectId, entropy: &dyn Entropy) -> Self {
        Self {
            id,
            secret: random_token(entropy),
        }
    }

    /// A token as a link carried it; `None` for anything that cannot be one.
    pub fn parse(raw: &str) -> Option<Self> {
        if raw.len() != ID_CHARS + SECRET_CHARS || !raw.is_ascii() {
            return None;
        }
        let (id, secret) = raw.split_at(ID_CHARS);
        let id = ObjectId::parse(id).ok()?;
        secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            .then(|| Self {
                id,
                secret: secret.to_string(),
            })
    }

    pub fn id(&self) -> &ObjectId {
        &self.id
    }

    /// The SHA-256 (hex) of the secret, what the item keeps.
    pub fn secret_hash(&self) -> String {
        hex::encode(Sha256::digest(self.secret.as_bytes()))
    }

    /// Whether this token's secret is the one `stored` is the hash of (constant time).
    pub fn matches(&self, stored: &str) -> bool {
        self.secret_hash().as_bytes().ct_eq(stored.as_bytes()).into()
    }

    /// The token as a link carries it.
    pub fn expose(&self) -> String {
        format!("{}{}", self.id, self.secret)
    }
}

/// Where an invitation is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InvitationState {
    Pending,
    Accepted,
    Revoked,
}

/// An invitation to join a workspace with a role.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Invitation {
    pub id: ObjectId,
    pub workspace_id: ObjectId,
    pub email: Email,
    pub role: Role,
    pub invited_by: ObjectId,
    pub secret_hash: String,
    pub state: InvitationState,
    pub created_at: DateTime<Utc>,
    /// When it was last sent (made, or sent again).
    pub sent_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// Why an invitation link does not let anyone join.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvitationDead {
    /// No such invitation, or not this secret (one answer: a guess learns nothing).
    Unknown,
    Expired,
    Revoked,
    Used,
}

impl Invitation {
    /// Whether `token` opens this invitation at `now`.
    pub fn opened_by(&self, token: &OneTimeToken, now: DateTime<Utc>) -> Result<(), InvitationDead> {
        if !token.matches(&self.secret_hash) {
            return Err(InvitationDead::Unknown);
        }
        match self.state {
            InvitationState::Accepted => Err(InvitationDead::Used),
            InvitationState::Revoked => Err(InvitationDead::Revoked),
            InvitationState::Pending if now >= self.expires_at => Err(InvitationDead::Expired),
            InvitationState::Pending => Ok(()),
        }
    }

    /// Whether it still waits for its person at `now` (listed in the settings).
    pub fn is_pending(&self, now: DateTime<Utc>) -> bool {
        self.state == InvitationState::Pending && now < self.expires_at
    }
}

/// What a one-time account link does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AccountLinkKind {
    /// Sets a new password.
    Reset,
    /// Confirms the e-mail address of a new account.
    Verify,
}

/// A password-reset or verification link, as stored (under its id).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountLink {
    pub id: ObjectId,
    pub kind: AccountLinkKind,
    pub user_id: ObjectId,
    pub secret_hash: String,
    pub expires_at: DateTime<Utc>,
}

impl AccountLink {
    /// Whether `token` opens this link for `kind` at `now`.
    pub fn opened_by(&self, token: &OneTimeToken, kind: AccountLinkKind, now: DateTime<Utc>) -> bool {
        token.matches(&self.secret_hash) && self.kind == kind && now < self.expires_at
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::SeededEntropy;

    fn id() -> ObjectId {
        ObjectId::parse("0123456789abcdef01234567").unwrap()
    }

    #[test]
    fn a_token_is_its_id_and_43_secret_characters_and_parses_back() {
        let token = OneTimeToken::generate(id(), &SeededEntropy::new(7));
        let text = token.expose();
        assert_eq!(text.len(), 67);
        assert!(text.starts_with("0123456789abcdef01234567"));
        assert_eq!(OneTimeToken::parse(&text), Some(token));
    }

    #[test]
    fn anything_else_is_no_token() {
        assert_eq!(OneTimeToken::parse("short"), None);
        assert_eq!(OneTimeToken::parse(&format!("{}{}", id(), "!".repeat(43))), None);
        assert_eq!(OneTimeToken::parse(&"z".repeat(67)), None);
    }

    #[test]
    fn a_token_matches_only_its_own_secrets_hash() {
        let token = OneTimeToken::generate(id(), &SeededEntropy::new(1));
        let other = OneTimeToken::generate(id(), &SeededEntropy::new(2));
        assert!(token.matches(&token.secret_hash()));
        assert!(!token.matches(&other.secret_hash()));
    }

    fn invitation(state: InvitationState, token: &OneTimeToken) -> Invitation {
        let at: DateTime<Utc> = "2026-11-20T00:00:00Z".parse().unwrap();
        Invitation {
            id: id(),
            workspace_id: id(),
            email: Email::parse("a@example.com").unwrap(),
            role: Role::Member,
            invited_by: id(),
            secret_hash: token.secret_hash(),
            state,
            created_at: at,
            sent_at: at,
            expires_at: at + INVITATION_LIFETIME,
        }
    }

    #[test]
    fn an_invitation_says_why_its_link_is_dead() {
        let token = OneTimeToken::generate(id(), &SeededEntropy::new(1));
        let before: DateTime<Utc> = "2026-11-26T23:59:59Z".parse().unwrap();
        let after: DateTime<Utc> = "2026-11-27T00:00:00Z".parse().unwrap();
        let pending = invitation(InvitationState::Pending, &token);
        assert_eq!(pending.opened_by(&token, before), Ok(()));
        assert_eq!(pending.opened_by(&token, after), Err(InvitationDead::Expired));
        let used = invitation(InvitationState::Accepted, &token);
        assert_eq!(used.opened_by(&token, before), Err(InvitationDead::Used));
        let revoked = invitation(InvitationState::Revoked, &token);
        assert_eq!(revoked.opened_by(&token, before), Err(InvitationDead::Revoked));
        let guess = OneTimeToken::generate(id(), &SeededEntropy::new(9));
        assert_eq!(revoked.opened_by(&guess, before), Err(InvitationDead::Unknown));
    }
}
