//! Signed-in sessions and the sign-in guards (failure counters and locks).

use aws_sdk_dynamodb::types::AttributeValue;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Store, StoreError, decode, encode, item_key, key_map, keys, n, put_applied, query_all, s, update_applied};
use crate::domain::Session;

/// A sign-in subject's lock state (`SIGNIN#<subject>` / `GUARD`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SignInGuard {
    /// How many times the subject was locked since the guard was last reset.
    #[serde(default)]
    pub lockouts: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locked_until: Option<DateTime<Utc>>,
    /// How many times a successful sign-in reset the count: failures are counted per
    /// generation, so those before the last success no longer count.
    #[serde(default)]
    pub generation: u32,
}

fn epoch(at: DateTime<Utc>) -> AttributeValue {
    n(at.timestamp())
}

impl Store {
    /// Stores a new session; its TTL is when it would end without another request.
    pub async fn put_session(&self, token_hash: &str, session: &Session) -> Result<(), StoreError> {
        let mut item = encode(session, &keys::session(token_hash), None)?;
        item.insert(keys::TTL.into(), epoch(session.expires_at()));
        self.client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(item))
            .condition_expression("attribute_not_exists(PK)")
            .send()
            .await
            .map_err(|e| StoreError::request("PutItem", e))?;
        Ok(())
    }

    /// The session stored under a token hash (consistent read: a sign-out takes effect at once).
    pub async fn get_session(&self, token_hash: &str) -> Result<Option<Session>, StoreError> {
        self.get_as(&keys::session(token_hash), true).await
    }

    /// Records that a session was used at `session.last_seen_at` (and moves its TTL); `false`
    /// when it is gone (signed out meanwhile).
    pub async fn touch_session(&self, token_hash: &str, session: &Session) -> Result<bool, StoreError> {
        let request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::session(token_hash))))
            .update_expression("SET lastSeenAt = :seen, #ttl = :ttl")
            .condition_expression("attribute_exists(PK)")
            .expression_attribute_names("#ttl", keys::TTL)
            .expression_attribute_values(
                ":seen",
                s(session
                    .last_seen_at
                    .to_rfc3339_opts(chrono::SecondsFormat::Micros, true)),
            )
            .expression_attribute_values(":ttl", epoch(session.expires_at()));
        update_applied(request.send().await)
    }

    /// Replaces a session's one-time key-form token; `false` when `spent` is not its current
    /// token (the form was used already) or the session is gone.
    pub async fn spend_key_form_token(&self, token_hash: &str, spent: &str, next: &str) -> Result<bool, StoreError> {
        let request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::session(token_hash))))
            .update_expression("SET keyFormToken = :next")
            .condition_expression("keyFormToken = :spent")
            .expression_attribute_values(":spent", s(spent))
            .expression_attribute_values(":next", s(next));
        update_applied(request.send().await)
    }

    pub async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        self.client
            .delete_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::session(token_hash))))
            .send()
            .await
            .map_err(|e| StoreError::request("DeleteItem", e))?;
        Ok(())
    }

    /// The guards of sign-in subjects, in one `BatchGetItem`; a subject never seen has the
    /// default (unlocked) guard.
    pub async fn sign_in_guards(&self, subjects: &[&str]) -> Result<Vec<SignInGuard>, StoreError> {
        let wanted: Vec<keys::Key> = subjects.iter().map(|s| keys::sign_in_guard(s)).collect();
        let mut guards = vec![SignInGuard::default(); subjects.len()];
        for item in self.batch_get(&wanted, true).await? {
            let key = item_key(&item);
            if let Some(index) = wanted.iter().position(|k| Some(k) == key.as_ref()) {
                guards[index] = decode(item)?;
            }
        }
        Ok(guards)
    }

    /// Counts one failed sign-in of a subject (in its guard's `generation`) in the minute of
    /// `at`; the counter expires an hour later.
    pub async fn record_sign_in_failure(
        &self,
        subject: &str,
        generation: u32,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let minute = at.timestamp().div_euclid(60);
        self.client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::sign_in_failures(subject, minute, generation))))
            .update_expression("ADD failures :one SET #ttl = :ttl")
            .expression_attribute_names("#ttl", keys::TTL)
            .expression_attribute_values(":one", n(1))
            .expression_attribute_values(":ttl", n((minute + 60) * 60))
            .send()
            .await
            .map_err(|e| StoreError::request("UpdateItem", e))?;
        Ok(())
    }

    /// Failed sign-ins of a subject in `generation`, from the minute of `from` to the minute
    /// of `to`, both included (one paginated `Query` over at most a window's minutes).
    pub async fn sign_in_failures_between(
        &self,
        subject: &str,
        generation: u32,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<u64, StoreError> {
        let query = self
            .client
            .query()
            .table_name(&self.table)
            .key_condition_expression("PK = :pk AND SK BETWEEN :from AND :to")
            .expression_attribute_values(":pk", s(keys::sign_in_partition(subject)))
            .expression_attribute_values(":from", s(keys::sign_in_minute(from.timestamp().div_euclid(60))))
            .expression_attribute_values(
                ":to",
                s(format!("{}#~", keys::sign_in_minute(to.timestamp().div_euclid(60)))),
            );
        let mut total = 0;
        for item in query_all(query).await? {
            let in_generation = item_key(&item).and_then(|k| keys::sign_in_generation(&k.sk)) == Some(generation);
            if let (true, Some(AttributeValue::N(count))) = (in_generation, item.get("failures")) {
                total += count.parse::<u64>().unwrap_or(0);
            }
        }
        Ok(total)
    }

    /// Writes a subject's guard if it still has `previous_lockouts` (a concurrent lock wins
    /// otherwise); it expires `keep_until`.
    pub async fn put_sign_in_guard(
        &self,
        subject: &str,
        guard: &SignInGuard,
        previous_lockouts: u32,
        keep_until: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let mut item = encode(guard, &keys::sign_in_guard(subject), None)?;
        item.insert(keys::TTL.into(), epoch(keep_until));
        let request = self
            .client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(item))
            .condition_expression("attribute_not_exists(PK) OR lockouts = :previous")
            .expression_attribute_values(":previous", n(previous_lockouts));
        put_applied(request.send().await)
    }
}
