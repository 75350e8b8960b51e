//! The token endpoint's grants (RFC 6749 §4.1.3 and §6, with PKCE and RFC 8707) and token
//! revocation (RFC 7009). A code is exchanged once: presenting it again revokes the grant it
//! created. A refresh token is used once: each use rotates it, and presenting a rotated one
//! revokes the whole grant.

use chrono::{DateTime, Utc};

use super::same_resource;
use crate::domain::ids::ObjectId;
use crate::domain::oauth::{
    ACCESS_LIFETIME, ACCESS_TOKEN_PREFIX, AccessToken, Grant, OAuthCode, OAuthFailure, REFRESH_LIFETIME,
    REFRESH_TOKEN_PREFIX, RefreshToken, ScopeSet, opaque_secret, stored_hash,
};
use crate::domain::{CredentialRef, Role};
use crate::service::{Service, ServiceError};
use crate::store::{CodeExchange, NewToken, Rotation};

/// What a successful token request answers.
#[derive(Debug, Clone)]
pub struct IssuedTokens {
    pub access_token: String,
    pub expires_in: i64,
    pub refresh_token: Option<String>,
    pub scopes: ScopeSet,
}

/// The parameters of an `authorization_code` grant.
#[derive(Debug, Clone, Copy, Default)]
pub struct CodeRequest<'a> {
    pub code: Option<&'a str>,
    pub redirect_uri: Option<&'a str>,
    pub code_verifier: Option<&'a str>,
    pub resource: Option<&'a str>,
}

/// The parameters of a `refresh_token` grant.
#[derive(Debug, Clone, Copy, Default)]
pub struct RefreshRequest<'a> {
    pub refresh_token: Option<&'a str>,
    pub scope: Option<&'a str>,
    pub resource: Option<&'a str>,
}

fn required<'a>(value: Option<&'a str>, name: &str) -> Result<&'a str, OAuthFailure> {
    value
        .filter(|v| !v.is_empty())
        .ok_or_else(|| OAuthFailure::invalid_request(format!("{name} is required.")))
}

fn check_resource(given: Option<&str>, granted: &str) -> Result<(), OAuthFailure> {
    match given {
        Some(given) if !same_resource(given, granted) => Err(OAuthFailure::new(
            OAuthCode::InvalidTarget,
            format!("resource {given:?} is not the resource this grant is for ({granted})."),
        )),
        _ => Ok(()),
    }
}

/// A new access token for a grant, to store and to hand out.
struct Minted {
    token: String,
    hash: String,
    record: AccessToken,
}

impl Service {
    fn mint_access(&self, grant: &Grant, scopes: &ScopeSet, now: DateTime<Utc>) -> Minted {
        let token = opaque_secret(ACCESS_TOKEN_PREFIX, self.entropy.as_ref());
        Minted {
            hash: stored_hash(&token),
            token,
            record: AccessToken {
                grant_id: grant.id.clone(),
                user_id: grant.terms.user_id.clone(),
                workspace_id: grant.terms.workspace_id.clone(),
                client_id_hash: grant.terms.client.id_hash.clone(),
                scopes: scopes.clone(),
                resource: grant.terms.resource.clone(),
                expires_at: now + ACCESS_LIFETIME,
            },
        }
    }

    /// The grant's user must still be a member of its workspace, whose licence must hold, and
    /// must not have reset their password (or first confirmed their address) since the grant
    /// was approved at `approved_at`.
    async fn check_standing(
        &self,
        user: &ObjectId,
        workspace: &ObjectId,
        approved_at: DateTime<Utc>,
    ) -> Result<Role, ServiceError> {
        let (view, account) = tokio::try_join!(
            self.store.workspace_for_user(workspace, user),
            self.store.get_user(user)
        )?;
        let gone = |why: &str| ServiceError::from(OAuthFailure::invalid_grant(why.to_string()));
        if !account.is_some_and(|account| account.trusts_credential_from(approved_at)) {
            return Err(gone(
                "This grant was approved before the account's password was reset. Authorize again.",
            ));
        }
        let ws = view
            .workspace
            .ok_or_else(|| gone("The workspace of this grant no longer exists."))?;
        let role = match view.membership {
            Some(m) => m.role,
            None if ws.owner_id == *user => Role::Owner,
            None => {
                return Err(gone(
                    "The user who approved this grant is no longer a member of its workspace.",
                ));
            }
        };
        if ws.license_expired(self.clock.now()) {
            return Err(gone("The licence of this grant's workspace has expired."));
        }
        if ws.suspended_reason.is_some() {
            return Err(gone("This grant's workspace was suspended by the operator."));
        }
        Ok(role)
    }

    /// Revokes a grant (every token of it) and switches off the webhook endpoints it set up.
    async fn revoke_grant(&self, grant: &ObjectId) -> Result<(), ServiceError> {
        self.store.delete_grant(grant, None).await?;
        self.disable_webhooks_of(&CredentialRef::app(grant)).await?;
        Ok(())
    }

    /// Revokes a grant because one of its codes or refresh tokens was presented again.
    async fn revoke_replayed(&self, grant: &ObjectId, what: &str) -> ServiceError {
        match self.revoke_grant(grant).await {
            Ok(()) => OAuthFailure::invalid_grant(format!(
                "This {what} was used already, so the grant it belongs to is revoked. Authorize again."
            ))
            .into(),
            Err(e) => e,
        }
    }

    /// Exchanges an authorization code (PKCE verified) for tokens.
    pub async fn exchange_code(&self, client: &str, request: CodeRequest<'_>) -> Result<IssuedTokens, ServiceError> {
        let code = required(request.code, "code")?;
        let unknown = || OAuthFailure::invalid_grant("The authorization code is unknown or expired.");
        let hash = stored_hash(code);
        let record = self.store.get_authorization_code(&hash).await?.ok_or_else(unknown)?;
        if record.used_at.is_some() {
            return Err(self.revoke_replayed(&record.grant_id, "authorization code").await);
        }
        if record.terms.client.id_hash != client {
            return Err(OAuthFailure::invalid_grant("The authorization code was issued to another client.").into());
        }
        let now = self.clock.now();
        if now >= record.expires_at {
            return Err(unknown().into());
        }
        if let Some(given) = request.redirect_uri
            && given != record.terms.redirect_uri.as_str()
        {
            return Err(
                OAuthFailure::invalid_grant("redirect_uri is not the one the authorization request used.").into(),
            );
        }
        let verifier = required(request.code_verifier, "code_verifier")?;
        if !record.code_challenge.verifies(verifier) {
            return Err(OAuthFailure::invalid_grant("code_verifier does not match the code_challenge.").into());
        }
        check_resource(request.resource, &record.terms.resource)?;
        self.check_standing(&record.terms.user_id, &record.terms.workspace_id, record.created_at)
            .await?;
        let refresh = record
            .terms
            .client
            .refresh_tokens
            .then(|| opaque_secret(REFRESH_TOKEN_PREFIX, self.entropy.as_ref()));
        let refresh_hash = refresh.as_deref().map(stored_hash);
        let expires_at = if refresh.is_some() {
            now + REFRESH_LIFETIME
        } else {
            now + ACCESS_LIFETIME
        };
        let grant = Grant {
            id: record.grant_id.clone(),
            terms: record.terms,
            refresh_hash: refresh_hash.clone(),
            created_at: now,
            last_used_at: now,
            expires_at,
        };
        let access = self.mint_access(&grant, &grant.terms.scopes, now);
        let refresh_record = RefreshToken {
            grant_id: grant.id.clone(),
            client_id_hash: grant.terms.client.id_hash.clone(),
            expires_at,
        };
        let refresh_new = refresh_hash.as_deref().map(|hash| NewToken {
            hash,
            record: &refresh_record,
            expires_at,
        });
        let access_new = NewToken {
            hash: &access.hash,
            record: &access.record,
            expires_at: access.record.expires_at,
        };
        match self
            .store
            .exchange_authorization_code(&hash, &grant, access_new, refresh_new, now)
            .await?
        {
            CodeExchange::Exchanged => Ok(IssuedTokens {
                access_token: access.token,
                expires_in: ACCESS_LIFETIME.num_seconds(),
                refresh_token: refresh,
                scopes: grant.terms.scopes,
            }),
            CodeExchange::AlreadyUsed => Err(self.revoke_replayed(&grant.id, "authorization code").await),
            CodeExchange::ClientGone => Err(OAuthFailure::invalid_client("The client's registration expired.").into()),
        }
    }

    /// Uses a refresh token: a new access token, and a new refresh token replacing it.
    pub async fn refresh_tokens(
        &self,
        client: &str,
        request: RefreshRequest<'_>,
    ) -> Result<IssuedTokens, ServiceError> {
        let token = required(request.refresh_token, "refresh_token")?;
        let unknown = || OAuthFailure::invalid_grant("The refresh token is unknown, expired or revoked.");
        let hash = stored_hash(token);
        let now = self.clock.now();
        let record = self
            .store
            .get_refresh_token(&hash)
            .await?
            .filter(|r| now < r.expires_at)
            .ok_or_else(unknown)?;
        if record.client_id_hash != client {
            return Err(OAuthFailure::invalid_grant("The refresh token was issued to another client.").into());
        }
        let grant = self.store.get_grant(&record.grant_id).await?.ok_or_else(unknown)?;
        if grant.refresh_hash.as_deref() != Some(hash.as_str()) {
            return Err(self.revoke_replayed(&grant.id, "refresh token").await);
        }
        check_resource(request.resource, &grant.terms.resource)?;
        let scopes = match request.scope {
            None => grant.terms.scopes.clone(),
            Some(raw) => {
                let asked = ScopeSet::parse(Some(raw))?;
                if !asked.is_subset_of(&grant.terms.scopes) {
                    return Err(OAuthFailure::new(
                        OAuthCode::InvalidScope,
                        format!("scope may only narrow what was granted ({}).", grant.terms.scopes),
                    )
                    .into());
                }
                asked
            }
        };
        self.check_standing(&grant.terms.user_id, &grant.terms.workspace_id, grant.created_at)
            .await?;
        let refresh = opaque_secret(REFRESH_TOKEN_PREFIX, self.entropy.as_ref());
        let refresh_hash = stored_hash(&refresh);
        let refresh_record = RefreshToken {
            grant_id: grant.id.clone(),
            client_id_hash: grant.terms.client.id_hash.clone(),
            expires_at: now + REFRESH_LIFETIME,
        };
        let access = self.mint_access(&grant, &scopes, now);
        let rotation = self
            .store
            .rotate_refresh_token(
                &grant,
                &hash,
                NewToken {
                    hash: &refresh_hash,
                    record: &refresh_record,
                    expires_at: refresh_record.expires_at,
                },
                NewToken {
                    hash: &access.hash,
                    record: &access.record,
                    expires_at: access.record.expires_at,
                },
                now,
            )
            .await?;
        match rotation {
            Rotation::Rotated => Ok(IssuedTokens {
                access_token: access.token,
                expires_in: ACCESS_LIFETIME.num_seconds(),
                refresh_token: Some(refresh),
                scopes,
            }),
            Rotation::Stale => Err(self.revoke_replayed(&grant.id, "refresh token").await),
            Rotation::ClientGone => Err(OAuthFailure::invalid_client("The client's registration expired.").into()),
        }
    }

    /// Revokes a token of this client (RFC 7009): a refresh token revokes its whole grant, an
    /// access token only itself. Unknown tokens (or another client's) change nothing and are
    /// not reported, as the RFC asks.
    pub async fn revoke_token(&self, client: &str, token: Option<&str>) -> Result<(), ServiceError> {
        let token = required(token, "token")?;
        let hash = stored_hash(token);
        if let Some(refresh) = self.store.get_refresh_token(&hash).await?
            && refresh.client_id_hash == client
        {
            self.revoke_grant(&refresh.grant_id).await?;
            return Ok(());
        }
        if let Some(access) = self.store.get_access_token(&hash).await?
            && access.client_id_hash == client
        {
            self.store.delete_access_token(&hash).await?;
        }
        Ok(())
    }
}
