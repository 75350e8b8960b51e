//! API keys and workspace access, in the contract's order of checks.

use crate::clock::Entropy;
use crate::domain::ids::ObjectId;
use crate::domain::oauth::ScopeSet;
use crate::domain::{ApiKeyRecord, Role, Scope, Workspace};
use crate::service::{Service, ServiceError};

/// The SHA-256 (hex) under which a key is stored; the key itself never is.
pub fn hash_api_key(key: &str) -> String {
    crate::domain::oauth::stored_hash(key)
}

/// A credential's short id for its rate-limit counters: the first 16 hex characters of a
/// SHA-256 in hex.
pub fn short_id(sha256_hex: &str) -> String {
    sha256_hex[..16].to_string()
}

/// A fresh API key: `slk_` and 48 hex characters (192 random bits).
pub fn generate_api_key(entropy: &dyn Entropy) -> String {
    let mut bytes = Vec::with_capacity(24);
    for _ in 0..3 {
        bytes.extend_from_slice(&entropy.next_u64().to_be_bytes());
    }
    format!("slk_{}", hex::encode(bytes))
}

/// The API key a request presented.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PresentedKey<'a> {
    /// No header, or an empty one.
    Missing,
    Text(&'a str),
    /// A header whose bytes are not visible ASCII: no key could match it.
    Unreadable,
}

impl<'a> PresentedKey<'a> {
    pub fn from_header(value: Option<&'a lambda_http::http::HeaderValue>) -> Self {
        match value.map(|v| v.to_str()) {
            None => Self::Missing,
            Some(Ok(text)) if text.trim().is_empty() => Self::Missing,
            Some(Ok(text)) => Self::Text(text.trim()),
            Some(Err(_)) => Self::Unreadable,
        }
    }
}

impl<'a> From<Option<&'a str>> for PresentedKey<'a> {
    fn from(value: Option<&'a str>) -> Self {
        match value.map(str::trim) {
            None | Some("") => Self::Missing,
            Some(text) => Self::Text(text),
        }
    }
}

/// Whose credential made the request, and what it grants.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user_id: ObjectId,
    pub credential: Credential,
    /// The credential's short id, what its rate-limit counters are named after: the first 16
    /// hex characters of an API key's SHA-256, or of `grant#<grant id>` for an access token
    /// (every token of one grant shares its limits). A new key starts with fresh counters.
    pub key_id: String,
}

/// What authenticated a request: an API key, or an OAuth access token of a grant.
#[derive(Debug, Clone)]
pub enum Credential {
    Key(ApiKeyRecord),
    Grant(Box<GrantAccess>),
}

/// What an OAuth access token admits: its grant's scopes in its grant's workspace, already
/// checked (the token, the grant, the membership and the licence) when the request came in.
#[derive(Debug, Clone)]
pub struct GrantAccess {
    pub grant_id: ObjectId,
    /// The app's name as people are shown it.
    pub app_name: String,
    pub scopes: ScopeSet,
    pub workspace: Workspace,
    pub role: Role,
}

impl Caller {
    pub fn has_scope(&self, scope: Scope) -> bool {
        match &self.credential {
            Credential::Key(key) => key.mcp_scopes.contains(&scope),
            Credential::Grant(grant) => grant.scopes.contains(scope),
        }
    }

    /// `Ok` when the credential carries `scope`; else the failure naming it (for a key a
    /// tool the key cannot use; for an access token a 403 the client can step up from).
    pub fn require_scope(&self, scope: Scope) -> Result<(), ServiceError> {
        match &self.credential {
            _ if self.has_scope(scope) => Ok(()),
            Credential::Key(_) => Err(ServiceError::MissingScope(scope.as_str())),
            Credential::Grant(_) => Err(ServiceError::InsufficientScope(scope.as_str())),
        }
    }

    /// The workspace an access token is bound to (an API key is bound to none).
    pub fn bound_workspace(&self) -> Option<&ObjectId> {
        match &self.credential {
            Credential::Key(_) => None,
            Credential::Grant(grant) => Some(&grant.workspace.id),
        }
    }

    /// The scopes the credential grants.
    pub fn scopes(&self) -> ScopeSet {
        match &self.credential {
            Credential::Key(key) => ScopeSet::from(key.mcp_scopes.clone()),
            Credential::Grant(grant) => grant.scopes.clone(),
        }
    }
}

/// A user admitted to a workspace: through an API key (the HTTP API, MCP) or a session (the
/// pages). Operations see only who and where, never which door.
#[derive(Debug, Clone)]
pub struct Access {
    pub user_id: ObjectId,
    pub workspace: Workspace,
    pub role: Role,
    /// The credential acting: what a webhook endpoint it sets up records.
    pub by: Actor,
}

/// The credential behind an [`Access`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    /// A person signed in to the app, or work the service runs for them.
    Person,
    /// An API key: its short id and its first characters.
    Key { short_id: String, prefix: Option<String> },
    /// An OAuth access token of this grant, of the app so named.
    App { grant: ObjectId, name: String },
}

impl Access {
    /// Whether the caller runs the workspace (owner or manager): its team, tags and domains,
    /// and its analytics across all links.
    pub fn manages(&self) -> bool {
        matches!(self.role, Role::Owner | Role::Manager)
    }

    pub fn can_read_workspace_analytics(&self) -> bool {
        self.manages()
    }
}

impl Service {
    /// Checks the key header: present (an empty value counts as missing), then known.
    /// Returns the key's record and its short id.
    async fn api_key_record(&self, api_key: PresentedKey<'_>) -> Result<(ApiKeyRecord, String), ServiceError> {
        let key = match api_key {
            PresentedKey::Missing => return Err(ServiceError::MissingApiKey),
            PresentedKey::Unreadable => return Err(ServiceError::InvalidApiKey),
            PresentedKey::Text(key) => key,
        };
        let hash = hash_api_key(key);
        let record = self
            .store
            .get_api_key(&hash)
            .await?
            .ok_or(ServiceError::InvalidApiKey)?;
        Ok((record, short_id(&hash)))
    }

    fn key_caller((record, key_id): (ApiKeyRecord, String)) -> Caller {
        Caller {
            user_id: record.user_id.clone(),
            key_id,
            credential: Credential::Key(record),
        }
    }

    /// Checks the key header: present (an empty value counts as missing), then known.
    pub async fn authenticate(&self, api_key: PresentedKey<'_>) -> Result<Caller, ServiceError> {
        Ok(Self::key_caller(self.api_key_record(api_key).await?))
    }

    /// [`Service::authenticate`] for the HTTP API: the key must carry HTTP API access.
    pub async fn authenticate_http(&self, api_key: PresentedKey<'_>) -> Result<Caller, ServiceError> {
        let key = self.api_key_record(api_key).await?;
        if !key.0.http_api {
            return Err(ServiceError::NoHttpAccess);
        }
        Ok(Self::key_caller(key))
    }

    /// [`Service::authenticate`] for the MCP endpoint: the key must have MCP enabled with at
    /// least one scope (MCP permissions are separate from HTTP API access).
    pub async fn authenticate_mcp(&self, api_key: PresentedKey<'_>) -> Result<Caller, ServiceError> {
        let key = self.api_key_record(api_key).await?;
        if !key.0.mcp_enabled || key.0.mcp_scopes.is_empty() {
            return Err(ServiceError::NoMcpAccess);
        }
        Ok(Self::key_caller(key))
    }

    /// Admits a caller to a workspace (its id read by the door, `wire::parse_id`): existing,
    /// caller a member, licence valid — in that order.
    /// An access token reaches only its grant's workspace, checked when the token came in.
    pub async fn open_workspace(&self, caller: Caller, id: &ObjectId) -> Result<Access, ServiceError> {
        let grant = match &caller.credential {
            Credential::Grant(grant) => grant,
            Credential::Key(key) => {
                let mut access = self.open_workspace_as(caller.user_id.clone(), id).await?;
                access.by = Actor::Key {
                    short_id: caller.key_id.clone(),
                    prefix: key.prefix.clone(),
                };
                return Ok(access);
            }
        };
        if grant.workspace.id != *id {
            return Err(ServiceError::NoWorkspaceAccess);
        }
        if grant.workspace.license_expired(self.clock.now()) {
            return Err(ServiceError::LicenseExpired);
        }
        crate::service::switch::refuse_suspended(&grant.workspace)?;
        Ok(Access {
            user_id: caller.user_id.clone(),
            workspace: grant.workspace.clone(),
            role: grant.role,
            by: Actor::App {
                grant: grant.grant_id.clone(),
                name: grant.app_name.clone(),
            },
        })
    }

    /// [`Service::open_workspace`] for a user known otherwise (a signed-in person on the
    /// pages): the same checks in the same order.
    pub async fn open_workspace_as(&self, user_id: ObjectId, id: &ObjectId) -> Result<Access, ServiceError> {
        let view = self.store.workspace_for_user(id, &user_id).await?;
        let workspace = view.workspace.ok_or(ServiceError::WorkspaceNotFound)?;
        let role = match view.membership {
            Some(m) => m.role,
            None if workspace.owner_id == user_id => Role::Owner,
            None => return Err(ServiceError::NoWorkspaceAccess),
        };
        if workspace.license_expired(self.clock.now()) {
            return Err(ServiceError::LicenseExpired);
        }
        crate::service::switch::refuse_suspended(&workspace)?;
        Ok(Access {
            user_id,
            workspace,
            role,
            by: Actor::Person,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::SeededEntropy;

    #[test]
    fn api_keys_are_stored_as_sha256_hex() {
        assert_eq!(
            hash_api_key("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn generated_keys_are_distinct_and_prefixed() {
        let entropy = SeededEntropy::new(9);
        let a = generate_api_key(&entropy);
        let b = generate_api_key(&entropy);
        assert!(a.starts_with("slk_") && a.len() == 52);
        assert_ne!(a, b);
    }
}
