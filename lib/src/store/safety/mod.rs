//! The operator's safety items: the destinations blocked by hand (`linkctl safety block`),
//! one partition read whole (bounded) when a process refreshes its blocklist; and the stored
//! list file (`list.rs`).

mod list;

use crate::domain::BlockedDestination;
use crate::store::{Store, StoreError, decode, delete_applied, encode, key_map, keys, put_applied, query_up_to, s};

/// The most operator entries a process reads (lists beyond that belong in `BLOCKLIST_FILE`).
pub const MAX_BLOCKED_DESTINATIONS: usize = 10_000;

impl Store {
    /// Blocks a destination; `false` when its entry is blocked already (the first reason stays).
    pub async fn put_blocked_destination(&self, blocked: &BlockedDestination) -> Result<bool, StoreError> {
        let item = encode(blocked, &keys::blocked_destination(&blocked.entry), None)?;
        let result = self
            .client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(item))
            .condition_expression("attribute_not_exists(PK)")
            .send()
            .await;
        put_applied(result)
    }

    /// Unblocks a destination; `false` when it was not blocked.
    pub async fn delete_blocked_destination(&self, entry: &str) -> Result<bool, StoreError> {
        let result = self
            .client
            .delete_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::blocked_destination(entry))))
            .condition_expression("attribute_exists(PK)")
            .send()
            .await;
        delete_applied(result)
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
