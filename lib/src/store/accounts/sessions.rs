//! Signed-in sessions.

use crate::domain::Session;
use crate::store::{Store, StoreError, encode, epoch, key_map, keys, s, update_applied, with_ttl};

impl Store {
    /// Stores a new session; its TTL is when it would end without another request.
    pub async fn put_session(&self, token_hash: &str, session: &Session) -> Result<(), StoreError> {
        let by_user = keys::session_by_user(&session.user_id, token_hash);
        let item = encode(session, &keys::session(token_hash), Some(&by_user))?;
        self.put_new(with_ttl(item, session.expires_at())).await
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

    /// Ends sessions by their token hashes (a password reset, "sign out everywhere else"),
    /// a few at a time.
    pub async fn delete_sessions(&self, token_hashes: &[String]) -> Result<(), StoreError> {
        for chunk in token_hashes.chunks(8) {
            futures::future::try_join_all(chunk.iter().map(|hash| self.delete_session(hash))).await?;
        }
        Ok(())
    }
}
