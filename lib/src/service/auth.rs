//! API keys and workspace access, in the contract's order of checks.

use sha2::{Digest, Sha256};

use super::{Service, ServiceError};
use crate::clock::Entropy;
use crate::domain::{ApiKeyRecord, Role, Scope, Workspace};
use crate::ids::ObjectId;

/// The SHA-256 (hex) under which a key is stored; the key itself never is.
pub fn hash_api_key(key: &str) -> String {
    hex::encode(Sha256::digest(key.as_bytes()))
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

/// Whose key made the request, and what it grants.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user_id: ObjectId,
    pub key: ApiKeyRecord,
}

impl Caller {
    pub fn has_scope(&self, scope: Scope) -> bool {
        self.key.mcp_scopes.contains(&scope)
    }

    /// `Ok` when the key carries `scope`, else the MCP failure naming it.
    pub fn require_scope(&self, scope: Scope) -> Result<(), ServiceError> {
        if self.has_scope(scope) {
            Ok(())
        } else {
            Err(ServiceError::MissingScope(scope.as_str()))
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
}

impl Access {
    pub fn can_read_workspace_analytics(&self) -> bool {
        matches!(self.role, Role::Owner | Role::Manager)
    }
}

impl Service {
    /// Checks the key header: present (an empty value counts as missing), then known.
    pub async fn authenticate(&self, api_key: PresentedKey<'_>) -> Result<Caller, ServiceError> {
        let key = match api_key {
            PresentedKey::Missing => return Err(ServiceError::MissingApiKey),
            PresentedKey::Unreadable => return Err(ServiceError::InvalidApiKey),
            PresentedKey::Text(key) => key,
        };
        let record = self
            .store
            .get_api_key(&hash_api_key(key))
            .await?
            .ok_or(ServiceError::InvalidApiKey)?;
        Ok(Caller {
            user_id: record.user_id.clone(),
            key: record,
        })
    }

    /// [`Service::authenticate`] for the HTTP API: the key must carry HTTP API access.
    pub async fn authenticate_http(&self, api_key: PresentedKey<'_>) -> Result<Caller, ServiceError> {
        let caller = self.authenticate(api_key).await?;
        if !caller.key.http_api {
            return Err(ServiceError::NoHttpAccess);
        }
        Ok(caller)
    }

    /// [`Service::authenticate`] for the MCP endpoint: the key must have MCP enabled with at
    /// least one scope (MCP permissions are separate from HTTP API access).
    pub async fn authenticate_mcp(&self, api_key: PresentedKey<'_>) -> Result<Caller, ServiceError> {
        let caller = self.authenticate(api_key).await?;
        if !caller.key.mcp_enabled || caller.key.mcp_scopes.is_empty() {
            return Err(ServiceError::NoMcpAccess);
        }
        Ok(caller)
    }

    /// Admits a caller to a workspace: id present, well-formed, existing, caller a member,
    /// licence valid — in that order.
    pub async fn open_workspace(&self, caller: Caller, workspace_id: Option<&str>) -> Result<Access, ServiceError> {
        self.open_workspace_as(caller.user_id, workspace_id).await
    }

    /// [`Service::open_workspace`] for a user known otherwise (a signed-in person on the
    /// pages): the same checks in the same order.
    pub async fn open_workspace_as(
        &self,
        user_id: ObjectId,
        workspace_id: Option<&str>,
    ) -> Result<Access, ServiceError> {
        let raw = workspace_id
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .ok_or(ServiceError::WorkspaceIdRequired)?;
        let id = ObjectId::parse(raw).map_err(|_| ServiceError::InvalidWorkspaceId)?;
        let view = self.store.workspace_for_user(&id, &user_id).await?;
        let workspace = view.workspace.ok_or(ServiceError::WorkspaceNotFound)?;
        let role = match view.membership {
            Some(m) => m.role,
            None if workspace.owner_id == user_id => Role::Owner,
            None => return Err(ServiceError::NoWorkspaceAccess),
        };
        if workspace.license_expired(self.clock.now()) {
            return Err(ServiceError::LicenseExpired);
        }
        Ok(Access {
            user_id,
            workspace,
            role,
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
