//! What a person does to their own account: names, password resets, e-mail verification, and
//! the sessions a reset ends.

use chrono::{DateTime, Utc};

use crate::domain::ids::ObjectId;
use crate::domain::{AccountLink, PasswordHash, PersonName, User};
use crate::store::{Store, StoreError, encode, key_map, keys, query_up_to, s, tx, update_applied, with_ttl};

/// What using an account link changes on its user.
#[derive(Debug, Clone, Copy)]
pub enum LinkUse<'a> {
    /// A reset: the new password.
    Reset(&'a PasswordHash),
    /// The first confirmation of the address.
    Confirm,
}

/// The outcome of using an account link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkOutcome {
    Used,
    /// The link was used meanwhile, or expired.
    Dead,
    /// The user is gone, confirmed already (for a confirmation), or its API key changed
    /// meanwhile: read it again.
    UserChanged,
}

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

    /// Uses an account link and makes its change to the user, in one transaction: the link is
    /// spent, the change made, the moment recorded as the user's `credentialsSince` (OAuth grants
    /// approved before it stop working) and the user's API key, as `user` holds it, deleted.
    pub async fn use_account_link(
        &self,
        link: &AccountLink,
        user: &User,
        change: LinkUse<'_>,
        now: DateTime<Utc>,
    ) -> Result<LinkOutcome, StoreError> {
        let mut sets = vec!["credentialsSince = :now"];
        let mut removals = Vec::new();
        let mut values = vec![(":now", s(now.to_rfc3339_opts(chrono::SecondsFormat::Micros, true)))];
        let condition = match change {
            LinkUse::Reset(hash) => {
                sets.push("passwordHash = :hash");
                values.push((":hash", s(String::from(hash.clone()))));
                "attribute_exists(PK)"
            }
            LinkUse::Confirm => {
                removals.push("emailUnverified");
                "attribute_exists(emailUnverified)"
            }
        };
        let mut items = vec![self.spend_link(link, now)?];
        let key_condition = match &user.api_key_hash {
            Some(old) => {
                removals.push("apiKeyHash");
                values.push((":key", s(old.clone())));
                items.push(tx::delete(&self.table, &keys::api_key(old), None, &[])?);
                "apiKeyHash = :key"
            }
            None => "attribute_not_exists(apiKeyHash)",
        };
        let mut expression = format!("SET {}", sets.join(", "));
        if !removals.is_empty() {
            expression.push_str(&format!(" REMOVE {}", removals.join(", ")));
        }
        items.insert(
            1,
            tx::update(
                &self.table,
                &keys::user(&link.user_id),
                &expression,
                Some(&format!("{condition} AND {key_condition}")),
                &[],
                &values,
            )?,
        );
        Ok(match self.transact(items).await? {
            Ok(()) => LinkOutcome::Used,
            Err(c) if c.failed(0) => LinkOutcome::Dead,
            Err(c) if c.failed(1) => LinkOutcome::UserChanged,
            Err(_) => return Err(StoreError::Contention("use an account link")),
        })
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
