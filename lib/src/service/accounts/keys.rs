//! A user's API key (one at a time: a new one invalidates the old at once) and passwords,
//! for the integrations page and `linkctl` alike.

use crate::domain::ids::ObjectId;
use crate::domain::{
    ApiKeyRecord, CredentialRef, Invalid, NewPassword, PasswordHash, Role, Scope, User, Workspace, random_token,
};
use crate::service::{
    Service, ServiceError, accounts::SessionUser, accounts::generate_api_key, accounts::hash_api_key,
    accounts::short_id,
};
use crate::store::KeyRotation;

/// How many characters of a key are kept to tell keys apart (`slk_` and 8 hex digits).
const PREFIX_CHARS: usize = 12;

/// What a new key grants: HTTP API access, MCP scopes, or both; never nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyGrants {
    pub http_api: bool,
    /// `None`: MCP not enabled. `Some(empty)` is MCP enabled with no scope, which the MCP
    /// endpoint refuses (403); `linkctl` may make such a key, the page may not.
    pub mcp_scopes: Option<Vec<Scope>>,
}

impl KeyGrants {
    /// The grants a person chose on the integrations page: at least one box.
    pub fn chosen(http_api: bool, scopes: Vec<Scope>) -> Result<Self, Invalid> {
        if !http_api && scopes.is_empty() {
            return Err(Invalid::new(
                "grants",
                "Choose HTTP API access or at least one MCP scope for the key.",
            ));
        }
        Ok(Self {
            http_api,
            mcp_scopes: (!scopes.is_empty()).then_some(scopes),
        })
    }
}

/// A key just made: shown once, never again.
#[derive(Debug, Clone)]
pub struct IssuedKey {
    pub key: String,
    pub record: ApiKeyRecord,
}

/// What the integrations page shows: the user's workspaces and their current key (never the
/// key itself).
#[derive(Debug, Clone)]
pub struct Integrations {
    pub workspaces: Vec<(Workspace, Role)>,
    pub current_key: Option<ApiKeyRecord>,
}

impl Service {
    /// Makes a new key for a user; the previous key stops working in the same transaction.
    pub async fn issue_api_key(&self, user_id: &ObjectId, grants: &KeyGrants) -> Result<IssuedKey, ServiceError> {
        for _ in 0..5 {
            let user = self.store.get_user(user_id).await?.ok_or(ServiceError::UserNotFound)?;
            let key = generate_api_key(self.entropy.as_ref());
            let record = ApiKeyRecord {
                user_id: user.id.clone(),
                http_api: grants.http_api,
                mcp_enabled: grants.mcp_scopes.is_some(),
                mcp_scopes: grants.mcp_scopes.clone().unwrap_or_default(),
                prefix: Some(key.chars().take(PREFIX_CHARS).collect()),
                created_at: self.clock.now(),
            };
            if self.store.rotate_api_key(&user, &hash_api_key(&key), &record).await? == KeyRotation::Rotated {
                if let Some(old) = &user.api_key_hash {
                    self.disable_webhooks_of(&CredentialRef::api_key(short_id(old))).await?;
                }
                return Ok(IssuedKey { key, record });
            }
        }
        Err(ServiceError::Contention)
    }

    /// The integrations page's key form: spends the form's one-time token (a resubmitted form
    /// makes no second key), then issues the key.
    pub async fn issue_api_key_from_form(
        &self,
        signed_in: &SessionUser,
        form_token: &str,
        grants: &KeyGrants,
    ) -> Result<IssuedKey, ServiceError> {
        let next = random_token(self.entropy.as_ref());
        if !self
            .store
            .spend_key_form_token(&signed_in.token.hash(), form_token, &next)
            .await?
        {
            return Err(ServiceError::KeyFormSpent);
        }
        self.issue_api_key(&signed_in.session.user_id, grants).await
    }

    /// The user's workspaces (with their role) and current key.
    pub async fn integrations(&self, user_id: &ObjectId) -> Result<Integrations, ServiceError> {
        let user = self.store.get_user(user_id).await?.ok_or(ServiceError::UserNotFound)?;
        let workspaces = self.store.user_workspaces(user_id).await?;
        let current_key = match &user.api_key_hash {
            Some(hash) => self.store.get_api_key(hash).await?,
            None => None,
        };
        Ok(Integrations {
            workspaces,
            current_key,
        })
    }

    /// Sets a user's password (argon2id).
    pub async fn set_password(&self, user: &User, password: &NewPassword) -> Result<(), ServiceError> {
        let hash = PasswordHash::new(password, self.entropy.as_ref());
        if !self.store.set_password_hash(&user.id, &hash).await? {
            return Err(ServiceError::UserNotFound);
        }
        Ok(())
    }
}
