//! The OAuth authorization server's items: registered clients, pending authorization requests,
//! codes, grants and tokens (see docs/data-model.md). Every write that must not race is a
//! condition or a transaction: a request is answered once, a code is exchanged once, a refresh
//! token is rotated once, and a registration counts against its address's hourly limit.

use aws_sdk_dynamodb::types::AttributeValue;
use chrono::{DateTime, Utc};

use crate::domain::ids::ObjectId;
use crate::domain::oauth::{
    AccessToken, AuthorizationCode, Grant, PendingAuthorization, RefreshToken, RegisteredClient,
    USED_REGISTRATION_LIFETIME,
};
use crate::domain::{Membership, User, Workspace};
use crate::store::{
    Store, StoreError, WorkspaceView, decode, encode, epoch, item_key, key_map, keys, query_all, s, tx, update_applied,
    with_ttl,
};

/// The outcome of answering a pending request with a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeIssue {
    Issued,
    /// The request was answered already (or expired, or is another user's).
    RequestGone,
    /// The registered client was deleted meanwhile.
    ClientGone,
}

/// The outcome of exchanging a code for tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeExchange {
    Exchanged,
    /// The code was used meanwhile (a replay, or a concurrent exchange).
    AlreadyUsed,
    ClientGone,
}

/// The outcome of rotating a refresh token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rotation {
    Rotated,
    /// The grant's current refresh token is another one (or the grant is gone): the token
    /// presented was rotated already.
    Stale,
    ClientGone,
}

/// A grant with its user and their standing in its workspace, read together.
#[derive(Debug, Clone)]
pub struct GrantView {
    pub grant: Option<Grant>,
    pub user: Option<User>,
    pub workspace: WorkspaceView,
}

/// A new token to store: its hash, record and expiry.
pub struct NewToken<'a, T> {
    pub hash: &'a str,
    pub record: &'a T,
    pub expires_at: DateTime<Utc>,
}

impl Store {
    /// Stores a new registration; it expires at `ttl` unless used.
    pub async fn put_oauth_client(
        &self,
        id_hash: &str,
        client: &RegisteredClient,
        ttl: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let item = encode(client, &keys::oauth_client(id_hash), None)?;
        self.put_new(with_ttl(item, ttl)).await
    }

    /// A registered client and when it expires (consistent read).
    pub async fn get_oauth_client(&self, id_hash: &str) -> Result<Option<(RegisteredClient, i64)>, StoreError> {
        let Some(item) = self.get(&keys::oauth_client(id_hash), true).await? else {
            return Ok(None);
        };
        let ttl = match item.get(keys::TTL) {
            Some(AttributeValue::N(n)) => n.parse().unwrap_or(i64::MAX),
            _ => i64::MAX,
        };
        Ok(Some((decode(item)?, ttl)))
    }

    pub async fn put_pending_authorization(
        &self,
        id_hash: &str,
        pending: &PendingAuthorization,
        ttl: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let item = encode(pending, &keys::oauth_request(id_hash), None)?;
        self.put_new(with_ttl(item, ttl)).await
    }

    pub async fn get_pending_authorization(&self, id_hash: &str) -> Result<Option<PendingAuthorization>, StoreError> {
        self.get_as(&keys::oauth_request(id_hash), true).await
    }

    /// Spends a pending request of `user` without a code (denied); `false` when it was
    /// answered already.
    pub async fn delete_pending_authorization(&self, id_hash: &str, user: &ObjectId) -> Result<bool, StoreError> {
        let result = self
            .client
            .delete_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::oauth_request(id_hash))))
            .condition_expression("userId = :user")
            .expression_attribute_values(":user", s(user.as_str()))
            .send()
            .await;
        crate::store::delete_applied(result)
    }

    /// The `Update` that keeps a used registration alive (and fails when it is gone).
    fn touch_client(
        &self,
        id_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<aws_sdk_dynamodb::types::TransactWriteItem, StoreError> {
        tx::update(
            &self.table,
            &keys::oauth_client(id_hash),
            "SET #ttl = :ttl",
            Some("attribute_exists(PK)"),
            &[("#ttl", keys::TTL)],
            &[(":ttl", epoch(now + USED_REGISTRATION_LIFETIME))],
        )
    }

    /// Answers a pending request of `code.user_id` with a code, in one transaction: the
    /// request is spent (so a consent is answered once), the code stored, and a registered
    /// client's registration kept alive.
    pub async fn issue_authorization_code(
        &self,
        request_hash: &str,
        code: NewToken<'_, AuthorizationCode>,
        ttl: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<CodeIssue, StoreError> {
        let mut items = vec![
            tx::delete(
                &self.table,
                &keys::oauth_request(request_hash),
                Some("userId = :user"),
                &[(":user", s(code.record.terms.user_id.as_str()))],
            )?,
            tx::put(
                &self.table,
                with_ttl(encode(code.record, &keys::oauth_code(code.hash), None)?, ttl),
                Some("attribute_not_exists(PK)"),
            )?,
        ];
        if code.record.terms.client.registered {
            items.push(self.touch_client(&code.record.terms.client.id_hash, now)?);
        }
        Ok(match self.transact(items).await? {
            Ok(()) => CodeIssue::Issued,
            Err(c) if c.failed(0) => CodeIssue::RequestGone,
            Err(c) if c.failed(2) => CodeIssue::ClientGone,
            Err(_) => return Err(StoreError::Contention("issue an authorization code")),
        })
    }

    pub async fn get_authorization_code(&self, code_hash: &str) -> Result<Option<AuthorizationCode>, StoreError> {
        self.get_as(&keys::oauth_code(code_hash), true).await
    }

    /// Exchanges a code, in one transaction: the code is marked used (only if it was not), the
    /// grant and its tokens are stored, and a registered client's registration kept alive.
    pub async fn exchange_authorization_code(
        &self,
        code_hash: &str,
        grant: &Grant,
        access: NewToken<'_, AccessToken>,
        refresh: Option<NewToken<'_, RefreshToken>>,
        now: DateTime<Utc>,
    ) -> Result<CodeExchange, StoreError> {
        let mut items = vec![
            tx::update(
                &self.table,
                &keys::oauth_code(code_hash),
                "SET usedAt = :now",
                Some("attribute_exists(PK) AND attribute_not_exists(usedAt)"),
                &[],
                &[(":now", s(now.to_rfc3339_opts(chrono::SecondsFormat::Micros, true)))],
            )?,
            self.put_grant_item(grant)?,
            self.put_token_item(&keys::oauth_access_token(access.hash), access.record, access.expires_at)?,
        ];
        if let Some(refresh) = &refresh {
            items.push(self.put_token_item(
                &keys::oauth_refresh_token(refresh.hash),
                refresh.record,
                refresh.expires_at,
            )?);
        }
        let touch_index = items.len();
        if grant.terms.client.registered {
            items.push(self.touch_client(&grant.terms.client.id_hash, now)?);
        }
        Ok(match self.transact(items).await? {
            Ok(()) => CodeExchange::Exchanged,
            Err(c) if c.failed(0) || c.failed(1) => CodeExchange::AlreadyUsed,
            Err(c) if c.failed(touch_index) => CodeExchange::ClientGone,
            Err(_) => return Err(StoreError::Contention("exchange an authorization code")),
        })
    }

    fn put_grant_item(&self, grant: &Grant) -> Result<aws_sdk_dynamodb::types::TransactWriteItem, StoreError> {
        let item = encode(
            grant,
            &keys::oauth_grant(&grant.id),
            Some(&keys::oauth_grant_by_user(&grant.terms.user_id, &grant.id)),
        )?;
        tx::put(
            &self.table,
            with_ttl(item, grant.expires_at),
            Some("attribute_not_exists(PK)"),
        )
    }

    fn put_token_item<T: serde::Serialize>(
        &self,
        key: &keys::Key,
        record: &T,
        expires_at: DateTime<Utc>,
    ) -> Result<aws_sdk_dynamodb::types::TransactWriteItem, StoreError> {
        tx::put(
            &self.table,
            with_ttl(encode(record, key, None)?, expires_at),
            Some("attribute_not_exists(PK)"),
        )
    }

    pub async fn get_access_token(&self, token_hash: &str) -> Result<Option<AccessToken>, StoreError> {
        self.get_as(&keys::oauth_access_token(token_hash), true).await
    }

    pub async fn get_refresh_token(&self, token_hash: &str) -> Result<Option<RefreshToken>, StoreError> {
        self.get_as(&keys::oauth_refresh_token(token_hash), true).await
    }

    pub async fn get_grant(&self, id: &ObjectId) -> Result<Option<Grant>, StoreError> {
        self.get_as(&keys::oauth_grant(id), true).await
    }

    /// A grant, its user, its workspace and the user's membership there, in one consistent
    /// `BatchGetItem` (what a bearer token's check needs).
    pub async fn grant_with_workspace(
        &self,
        grant: &ObjectId,
        workspace: &ObjectId,
        user: &ObjectId,
    ) -> Result<GrantView, StoreError> {
        let grant_key = keys::oauth_grant(grant);
        let ws_key = keys::workspace(workspace);
        let member_key = keys::membership(workspace, user);
        let user_key = keys::user(user);
        let mut view = GrantView {
            grant: None,
            user: None,
            workspace: WorkspaceView {
                workspace: None,
                membership: None,
            },
        };
        for item in self
            .batch_get(&[grant_key.clone(), ws_key.clone(), user_key.clone(), member_key], true)
            .await?
        {
            match item_key(&item) {
                Some(k) if k == grant_key => view.grant = Some(decode(item)?),
                Some(k) if k == user_key => view.user = Some(decode(item)?),
                Some(k) if k == ws_key => view.workspace.workspace = Some(decode::<Workspace>(item)?),
                _ => view.workspace.membership = Some(decode::<Membership>(item)?),
            }
        }
        Ok(view)
    }

    /// Replaces a grant's refresh token, in one transaction: the grant moves to the new token
    /// only if `old_hash` is still its current one, the new refresh and access tokens are
    /// stored, and a registered client's registration kept alive.
    pub async fn rotate_refresh_token(
        &self,
        grant: &Grant,
        old_hash: &str,
        refresh: NewToken<'_, RefreshToken>,
        access: NewToken<'_, AccessToken>,
        now: DateTime<Utc>,
    ) -> Result<Rotation, StoreError> {
        let mut items = vec![
            tx::update(
                &self.table,
                &keys::oauth_grant(&grant.id),
                "SET refreshHash = :new, lastUsedAt = :now, expiresAt = :expires, #ttl = :ttl",
                Some("refreshHash = :old"),
                &[("#ttl", keys::TTL)],
                &[
                    (":new", s(refresh.hash)),
                    (":old", s(old_hash)),
                    (":now", s(now.to_rfc3339_opts(chrono::SecondsFormat::Micros, true))),
                    (
                        ":expires",
                        s(refresh.expires_at.to_rfc3339_opts(chrono::SecondsFormat::Micros, true)),
                    ),
                    (":ttl", epoch(refresh.expires_at)),
                ],
            )?,
            self.put_token_item(
                &keys::oauth_refresh_token(refresh.hash),
                refresh.record,
                refresh.expires_at,
            )?,
            self.put_token_item(&keys::oauth_access_token(access.hash), access.record, access.expires_at)?,
        ];
        if grant.terms.client.registered {
            items.push(self.touch_client(&grant.terms.client.id_hash, now)?);
        }
        Ok(match self.transact(items).await? {
            Ok(()) => Rotation::Rotated,
            Err(c) if c.failed(0) => Rotation::Stale,
            Err(c) if c.failed(3) => Rotation::ClientGone,
            Err(_) => return Err(StoreError::Contention("rotate a refresh token")),
        })
    }

    /// Deletes a grant (all its tokens stop working at once: each is checked against it);
    /// with `owner`, only if it is that user's. `false` when there was no such grant.
    pub async fn delete_grant(&self, id: &ObjectId, owner: Option<&ObjectId>) -> Result<bool, StoreError> {
        let mut request = self
            .client
            .delete_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::oauth_grant(id))));
        request = match owner {
            Some(user) => request
                .condition_expression("userId = :user")
                .expression_attribute_values(":user", s(user.as_str())),
            None => request.condition_expression("attribute_exists(PK)"),
        };
        crate::store::delete_applied(request.send().await)
    }

    pub async fn delete_access_token(&self, token_hash: &str) -> Result<(), StoreError> {
        self.client
            .delete_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::oauth_access_token(token_hash))))
            .send()
            .await
            .map_err(|e| StoreError::request("DeleteItem", e))?;
        Ok(())
    }

    /// Records that a grant was used at `now`; `false` when it is gone.
    pub async fn touch_grant(&self, id: &ObjectId, now: DateTime<Utc>) -> Result<bool, StoreError> {
        let request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::oauth_grant(id))))
            .update_expression("SET lastUsedAt = :now")
            .condition_expression("attribute_exists(PK)")
            .expression_attribute_values(":now", s(now.to_rfc3339_opts(chrono::SecondsFormat::Micros, true)));
        update_applied(request.send().await)
    }

    /// Every grant of a user, oldest first (a paginated `Query` of GSI1).
    pub async fn user_grants(&self, user: &ObjectId) -> Result<Vec<Grant>, StoreError> {
        let query = self.user_index_query(user, keys::USER_GRANTS_SORT_PREFIX);
        query_all(query).await?.into_iter().map(decode).collect()
    }

    /// The workspaces among `ids` that exist (one `BatchGetItem`).
    pub async fn workspaces(&self, ids: &[ObjectId]) -> Result<Vec<Workspace>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let wanted: Vec<keys::Key> = ids.iter().map(keys::workspace).collect();
        self.batch_get(&wanted, false).await?.into_iter().map(decode).collect()
    }
}
