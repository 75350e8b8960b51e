//! A sign-up's account with its first workspace, and a sign-up that replaces an account whose
//! address was never confirmed.

use aws_sdk_dynamodb::types::TransactWriteItem;

use crate::domain::{User, Workspace};
use crate::store::{Store, StoreError, keys, n, s, tx};

/// The most workspaces of a pending account a replacing sign-up deletes (a sign-up makes one;
/// a transaction takes at most 100 actions).
const MAX_PENDING_WORKSPACES: usize = 20;

/// The outcome of a sign-up that replaces a pending account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replacement {
    Replaced,
    /// The pending account was confirmed, replaced or given an API key meanwhile.
    Changed,
}

impl Store {
    /// A sign-up: the user, its e-mail claim, its first workspace and the owner's membership in
    /// one transaction; `false` when the e-mail has an account.
    pub async fn create_user_with_workspace(&self, user: &User, workspace: &Workspace) -> Result<bool, StoreError> {
        let mut items = self.new_user(user)?.to_vec();
        items.extend(self.workspace_with_owner(workspace)?);
        match self.transact(items).await? {
            Ok(()) => Ok(true),
            Err(c) if c.failed(1) => Ok(false),
            Err(_) => Err(StoreError::Contention("sign up")),
        }
    }

    /// A sign-up for an address whose account is still `pending` (never confirmed), in one
    /// transaction: the new user and its first workspace are made, the e-mail's claim moves to
    /// it, and the pending user is deleted (its confirm links die with it) with its API key, its
    /// memberships and the empty workspaces it owns. Each step is conditioned on what was
    /// read, so a confirmation or another sign-up meanwhile makes it [`Replacement::Changed`].
    pub async fn replace_pending_account(
        &self,
        pending: &User,
        user: &User,
        workspace: &Workspace,
    ) -> Result<Replacement, StoreError> {
        let [new_user, _] = self.new_user(user)?;
        let (key_condition, key_values) = match &pending.api_key_hash {
            Some(hash) => ("apiKeyHash = :key", vec![(":key", s(hash.clone()))]),
            None => ("attribute_not_exists(apiKeyHash)", Vec::new()),
        };
        let mut items = vec![
            tx::update(
                &self.table,
                &keys::email(pending.email.as_str()),
                "SET userId = :new",
                Some("userId = :pending"),
                &[],
                &[(":new", s(user.id.as_str())), (":pending", s(pending.id.as_str()))],
            )?,
            tx::delete(
                &self.table,
                &keys::user(&pending.id),
                Some(&format!("attribute_exists(emailUnverified) AND {key_condition}")),
                &key_values,
            )?,
            new_user,
        ];
        items.extend(self.workspace_with_owner(workspace)?);
        if let Some(hash) = &pending.api_key_hash {
            items.push(tx::delete(&self.table, &keys::api_key(hash), None, &[])?);
        }
        items.extend(self.pending_workspaces(pending).await?);
        Ok(match self.transact(items).await? {
            Ok(()) => Replacement::Replaced,
            Err(c) if c.failed(0) || c.failed(1) => Replacement::Changed,
            Err(_) => return Err(StoreError::Contention("replace a pending sign-up")),
        })
    }

    /// The deletes of a pending user's memberships, and of the workspaces it owns while they
    /// hold no link (a workspace with links stays, unreachable: its only member is gone).
    async fn pending_workspaces(&self, pending: &User) -> Result<Vec<TransactWriteItem>, StoreError> {
        let mut items = Vec::new();
        for (ws, _) in self
            .user_workspaces(&pending.id)
            .await?
            .iter()
            .take(MAX_PENDING_WORKSPACES)
        {
            items.push(tx::delete(
                &self.table,
                &keys::membership(&ws.id, &pending.id),
                None,
                &[],
            )?);
            if ws.owner_id == pending.id && ws.link_count == 0 {
                items.push(tx::delete(
                    &self.table,
                    &keys::workspace(&ws.id),
                    Some("ownerId = :pending AND linkCount = :none"),
                    &[(":pending", s(pending.id.as_str())), (":none", n(0))],
                )?);
            }
        }
        Ok(items)
    }
}
