//! Per-source throttles: one counter item per source and fixed window, counted by a
//! conditional `UpdateItem` that refuses at the limit (nothing is read first, and concurrent
//! requests can never push a count past its limit).

use chrono::{DateTime, Utc};

use crate::store::keys::{self, Throttle};
use crate::store::{Store, StoreError, key_map, n, update_applied};

impl Store {
    /// Counts one event of `source` in the window of `throttle` that holds `at`, unless that
    /// window already holds `limit` events: `Ok(false)` then, and nothing is counted.
    pub async fn count_in_window(
        &self,
        throttle: Throttle,
        source: &str,
        at: DateTime<Utc>,
        limit: u32,
    ) -> Result<bool, StoreError> {
        self.count_many_in_window(throttle, source, at, 1, limit).await
    }

    /// Counts `count` events of `source` at once in the window of `throttle` that holds `at`,
    /// unless the window would then hold more than `limit`: `Ok(false)` then, and nothing is
    /// counted.
    pub async fn count_many_in_window(
        &self,
        throttle: Throttle,
        source: &str,
        at: DateTime<Utc>,
        count: u32,
        limit: u32,
    ) -> Result<bool, StoreError> {
        let Some(room) = limit.checked_sub(count) else {
            return Ok(false);
        };
        let seconds = throttle.seconds();
        let window = at.timestamp().div_euclid(seconds);
        let request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::throttle_window(throttle, source, window))))
            .update_expression("ADD #count :count SET #ttl = :ttl")
            .condition_expression("attribute_not_exists(#count) OR #count <= :room")
            .expression_attribute_names("#count", "count")
            .expression_attribute_names("#ttl", keys::TTL)
            .expression_attribute_values(":count", n(count))
            .expression_attribute_values(":room", n(room))
            .expression_attribute_values(":ttl", n((window + 2) * seconds));
        update_applied(request.send().await)
    }
}
