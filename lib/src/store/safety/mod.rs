//! The operator's safety items: the destinations blocked by hand (`linkctl safety block`),
//! one partition read whole (bounded) when a process refreshes its blocklist; and the stored
//! list file (`list.rs`); every link's destinations, for weighing a new list (`destinations.rs`).

mod destinations;
mod list;

pub use destinations::{LINKS_PAGE, LinksPage};

use aws_sdk_dynamodb::types::TransactWriteItem;

use crate::domain::{AuditEntry, BlockedDestination};
use crate::store::{Store, StoreError, decode, encode, keys, query_up_to, s, tx};

/// The most operator entries a process reads (lists beyond that belong in `BLOCKLIST_FILE`).
pub const MAX_BLOCKED_DESTINATIONS: usize = 10_000;

impl Store {
    /// Blocks a destination, with `audit` as its audit item (both or neither); `false` when its
    /// entry is blocked already (the first reason stays, no audit item).
    pub async fn put_blocked_destination(
        &self,
        blocked: &BlockedDestination,
        audit: &AuditEntry,
    ) -> Result<bool, StoreError> {
        let item = encode(blocked, &keys::blocked_destination(&blocked.entry), None)?;
        let put = tx::put(&self.table, item, Some("attribute_not_exists(PK)"))?;
        self.with_audit(put, audit, "block a destination").await
    }

    /// Unblocks a destination, with `audit` as its audit item (both or neither); `false` when
    /// it was not blocked (no audit item).
    pub async fn delete_blocked_destination(&self, entry: &str, audit: &AuditEntry) -> Result<bool, StoreError> {
        let key = keys::blocked_destination(entry);
        let delete = tx::delete(&self.table, &key, Some("attribute_exists(PK)"), &[])?;
        self.with_audit(delete, audit, "unblock a destination").await
    }

    /// Sends `change` with the audit item: `false` when the change's condition failed.
    async fn with_audit(
        &self,
        change: TransactWriteItem,
        audit: &AuditEntry,
        what: &'static str,
    ) -> Result<bool, StoreError> {
        match self.transact(vec![change, self.audit_put(audit)?]).await? {
            Ok(()) => Ok(true),
            Err(c) if c.only_failed(0) => Ok(false),
            Err(_) => Err(StoreError::Contention(what)),
        }
    }

    /// Every blocked destination, in entry order, at most [`MAX_BLOCKED_DESTINATIONS`].
    pub async fn blocked_destinations(&self) -> Result<Vec<BlockedDestination>, StoreError> {
        let query = self
            .client
            .query()
            .table_name(&self.table)
            .key_condition_expression("#pk = :pk")
            .expression_attribute_names("#pk", keys::PK)
            .expression_attribute_values(":pk", s(keys::BLOCKED_DESTINATIONS_PARTITION));
        query_up_to(query, MAX_BLOCKED_DESTINATIONS)
            .await?
            .into_iter()
            .map(decode)
            .collect()
    }
}
