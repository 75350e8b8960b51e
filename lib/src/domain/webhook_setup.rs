//! Who set a webhook endpoint up: the credential that made it, or last pointed it at a URL,
//! at events or at links, or switched it on (a person signed in to the app, an API key, or an
//! app a person connected over OAuth). An endpoint sends every click and sale to a URL its
//! maker picked, so it lasts no longer than that credential: revoking the key or the app
//! switches the endpoint off, and the endpoint says why.

use serde::{Deserialize, Serialize};

use crate::domain::ids::ObjectId;

/// The kind of credential that set an endpoint up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum SetUpKind {
    /// A person signed in to the app (a session: signing out revokes nothing).
    Member,
    ApiKey,
    /// An app connected over OAuth: one grant.
    App,
}

impl SetUpKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Member => "member",
            Self::ApiKey => "apiKey",
            Self::App => "app",
        }
    }
}

/// A credential, as revocation names it: its kind and its id (an API key's short id, the
/// first 16 hex characters of its SHA-256; a grant's id).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CredentialRef {
    pub kind: SetUpKind,
    pub id: String,
}

impl CredentialRef {
    pub fn api_key(short_id: impl Into<String>) -> Self {
        Self {
            kind: SetUpKind::ApiKey,
            id: short_id.into(),
        }
    }

    pub fn app(grant: &ObjectId) -> Self {
        Self {
            kind: SetUpKind::App,
            id: grant.to_string(),
        }
    }

    /// Whether revoking this credential can switch endpoints off (a person's session cannot).
    pub fn revocable(&self) -> bool {
        self.kind != SetUpKind::Member
    }
}

/// The credential an endpoint was set up by, as stored with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetUpBy {
    pub kind: SetUpKind,
    /// A person's user id, an API key's short id, or a grant's id.
    pub id: String,
    /// What the app shows: the person's e-mail, the key's first characters, the app's name.
    pub name: String,
    /// The person behind the credential.
    pub user_id: ObjectId,
}

const AGAIN: &str = "Switch it on again if its events should still be sent.";

impl SetUpBy {
    pub fn credential(&self) -> CredentialRef {
        CredentialRef {
            kind: self.kind,
            id: self.id.clone(),
        }
    }

    /// The credential as the app names it: the person's e-mail, "the API key slk_1a2b3c4d…",
    /// "the app Claude".
    pub fn described(&self) -> String {
        match self.kind {
            SetUpKind::Member => self.name.clone(),
            SetUpKind::ApiKey => format!("the API key {}", self.name),
            SetUpKind::App => format!("the app {}", self.name),
        }
    }

    /// The sentence an endpoint switched off with its credential carries (`disabledReason`).
    pub fn revoked_reason(&self) -> String {
        match self.kind {
            SetUpKind::App => format!(
                "Switched off because the app {}, which set it up, lost its access. {AGAIN}",
                self.name
            ),
            SetUpKind::ApiKey => format!(
                "Switched off because the API key {}, which set it up, was replaced or deleted. {AGAIN}",
                self.name
            ),
            SetUpKind::Member => format!(
                "Switched off because {}, who set it up, can no longer act for this workspace. {AGAIN}",
                self.name
            ),
        }
    }
}

/// How an API key is named to people: its first characters and an ellipsis.
pub fn key_display_name(prefix: Option<&str>) -> String {
    format!("{}…", prefix.unwrap_or("slk_"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by(kind: SetUpKind, name: &str) -> SetUpBy {
        SetUpBy {
            kind,
            id: "0123456789abcdef".into(),
            name: name.into(),
            user_id: ObjectId::parse("65f0a1b2c3d4e5f601234567").unwrap(),
        }
    }

    #[test]
    fn a_revoked_app_or_key_is_named_in_the_reason() {
        assert_eq!(
            by(SetUpKind::App, "Claude").revoked_reason(),
            "Switched off because the app Claude, which set it up, lost its access. \
             Switch it on again if its events should still be sent."
        );
        assert!(
            by(SetUpKind::ApiKey, &key_display_name(Some("slk_1a2b3c4d")))
                .revoked_reason()
                .starts_with("Switched off because the API key slk_1a2b3c4d…, which set it up, was replaced")
        );
    }

    #[test]
    fn a_session_is_not_a_credential_revocation_can_name() {
        assert!(!by(SetUpKind::Member, "a@example.com").credential().revocable());
        assert!(CredentialRef::api_key("0123456789abcdef").revocable());
    }
}
