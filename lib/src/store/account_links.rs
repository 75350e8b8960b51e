//! What a person does to their own account: names, password resets, e-mail verification, and
//! the sessions a reset ends.

use chrono::{DateTime, Utc};

use super::{Store, StoreError, encode, key_map, keys, query_up_to, s, tx, update_applied, with_ttl};
use crate::domain::{AccountLink, PasswordHash, PersonName};
use crate::ids::ObjectId;

/// The most sessions of one user a reset (or "sign out everywhere else") ends in one request;
/// sessions last at most seven days and each needs a sign-in, so a person has far fewer.
pub const MAX_SESSIONS_ENDED: usize = 1_000;

impl Store {
    /// Stores a reset or verification link; it disappears by itself once expired.
    pub async fn put_account_link(&self, link: &AccountLink) -> Result<(), StoreError> {
        let item = encode(link, &keys::account_link(&link.id), None)?;
        self.put_new(with_ttl(item, link.expires_at)).await
    }

    pub async fn account_link(&self, id: &ObjectId) -> Result<Option<AccountLink>, StoreError> {
        self.get_as(&keys::account_link(id), true).await
    }

    /// The link's use: deleted only while it holds this secret and has not expired.
    fn spend_link(
        &self,
        link: &AccountLink,
        now: DateTime<Utc>,
    ) -> Result<aws_sdk_dynamodb::types::TransactWriteItem, StoreError> {
        tx::delete(
            &self.table,
            &keys::account_link(&link.id),
            Some("secretHash = :hash AND expiresAt > :now"),
            &[
                (":hash", s(link.secret_hash.clone())),
                (":now", s(now.to_rfc3339_opts(chrono::SecondsFormat::Micros, true))),
            ],
        )
    }

    /// Uses a reset link and sets the user's password together; `false` when the link was used
    /// meanwhile, expired, or the user is gone.
    pub async fn reset_password(
        &self,
        link: &AccountLink,
        hash: &PasswordHash,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let items = vec![
            self.spend_link(link, now)?,
            tx::update(
                &self.table,
                &keys::user(&link.user_id),
                "SET passwordHash = :hash",
                Some("attribute_exists(PK)"),
                &[],
                &[(":hash", s(String::from(hash.clone())))],
            )?,
        ];
        Ok(self.transact(items).await?.is_ok())
    }

    /// Uses a verification link and marks the user's address verified together.
    pub async fn verify_email(&self, link: &AccountLink, now: DateTime<Utc>) -> Result<bool, StoreError> {
        let items = vec![
            self.spend_link(link, now)?,
            tx::update(
                &self.table,
                &keys::user(&link.user_id),
                "REMOVE emailUnverified",
                Some("attribute_exists(PK)"),
                &[],
                &[],
            )?,
        ];
        Ok(self.transact(items).await?.is_ok())
    }

    /// Sets what a user calls themselves; `false` when the user is gone.
    pub async fn set_user_name(&self, user: &ObjectId, name: &PersonName) -> Result<bool, StoreError> {
        let request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::user(user))))
            .update_expression("SET #name = :name")
            .condition_expression("attribute_exists(PK)")
            .expression_attribute_names("#name", "name")
            .expression_attribute_values(":name", s(name.as_str()));
        update_applied(request.send().await)
    }

    /// The token hashes of a user's sessions (at most [`MAX_SESSIONS_ENDED`]).
    pub async fn user_session_hashes(&self, user: &ObjectId) -> Result<Vec<String>, StoreError> {
        let query = self
            .user_index_query(user, keys::USER_SESSIONS_SORT_PREFIX)
            .projection_expression("#sk")
            .expression_attribute_names("#sk", keys::GSI1SK);
        let items = query_up_to(query, MAX_SESSIONS_ENDED).await?;
        Ok(items
            .iter()
            .filter_map(|item| item.get(keys::GSI1SK)?.as_s().ok())
            .filter_map(|sk| sk.strip_prefix(keys::USER_SESSIONS_SORT_PREFIX))
            .map(str::to_string)
            .collect())
    }
}
